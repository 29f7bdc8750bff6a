// The batch check reads the homes it shows in one narrow batch when no record is held and the
// overlay leaves them alone: what it shows must be what the home's record shows, and a home the
// overlay touches (or that `detail` needs in full) comes as its record, review applied.
import test from 'ava';
import { checkHomes } from '../../serve/shape/check.ts';
import { checkHomesOf, homeRecord } from '../../serve/records/home-record.ts';
import { Overlay } from '../../serve/records/overlay.ts';
import { BaseUrlFiller } from '../../serve/records/base-url.ts';
import { candidate } from '../../serve/shape/candidate.ts';
import { openSnapshot } from '../../serve/records/snapshot.ts';
import { examples } from '../helpers/examples.ts';
import { seedSnapshotFile } from '../helpers/snapshot.ts';

test('a stored check home shows what its record shows; touched or detailed homes come as records', async (t) => {
  const ex = await examples();
  const licenses = ex.all<{ license_number: string }>('SELECT license_number FROM facilities ORDER BY license_number LIMIT 40').map((row) => row.license_number);
  const [reviewed, detailed] = ex.all<{ license_number: string }>("SELECT license_number FROM facilities WHERE dementia = 'true' ORDER BY license_number LIMIT 2").map((row) => row.license_number) as [string, string];
  const asked = [...licenses, reviewed, detailed, '000000000'];
  const filler = new BaseUrlFiller('https://care.example/a"b');
  const overlay = new Overlay([{ license_number: reviewed, clearance: 'dementia' }], [], Overlay.empty().handoffMode, null);

  // A fresh snapshot object: no record is held for it yet.
  const snapshot = openSnapshot(await seedSnapshotFile(), { pages: 'skip' });
  t.teardown(() => snapshot.retire());
  // Some homes matched, some only offered, some both: each stored home is read for what it shows.
  const matched = new Set([...licenses.slice(0, 25), reviewed, detailed]);
  const offered = new Set([...licenses.slice(15), reviewed, '000000000']);
  const shown = checkHomesOf({ snapshot, overlay, filler }, asked, { recordsFor: new Set([detailed]), matched, candidates: offered });
  t.deepEqual([...shown.keys()].sort(), [...new Set(asked)].filter((license) => license !== '000000000').sort(), 'every home on the roster, once');

  let stored = 0;
  let onlyOffered = 0;
  for (const [license, home] of shown) {
    const record = homeRecord({ snapshot, overlay, filler }, license)!;
    if ('encoded' in home) {
      t.true(license === reviewed || license === detailed, `${license} comes as a record only when touched or detailed`);
      continue;
    }
    stored += 1;
    if (matched.has(license)) t.deepEqual(home.compact, record.compact, `${license} compact`);
    else (onlyOffered += 1), t.is(home.compact, null, `${license}: only offered, no stored text is parsed`);
    if (offered.has(license)) t.deepEqual(candidate(home), candidate(record), `${license} candidate`);
    else t.is(home.asCandidate, null, `${license}: only matched, no candidate columns are read`);
    t.false(JSON.stringify(home).includes('{base_url}'));
  }
  t.is(onlyOffered, licenses.length - 25);
  t.is(stored, new Set(licenses).size - licenses.filter((license) => license === reviewed || license === detailed).length);
  const review = shown.get(reviewed)!;
  t.is(review.compact!.clearances.dementia, 'not_on_file', 'the review is applied');

  const answer = checkHomes({ snapshot, overlay, filler }, { homes: [reviewed, detailed], detail: true });
  t.is(answer.results[0]!.home!.clearances.dementia, 'not_on_file');
  t.is(answer.results[0]!.home!.record!.clearances.dementia.value, 'not_on_file');
  t.is(answer.results[1]!.home!.record!.license_number, detailed, 'detail carries the full record');
});
