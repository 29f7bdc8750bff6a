// The one home record: built once per license, snapshot and overlay version; the overlay applied
// in it; an unchanged re-read of the operator store keeps the overlay (and so every record).
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { OPERATOR_STORE_FILE } from '../../contract/overlay.ts';
import { homeRecord, licensesFailingNeeds, listedViewsOf, storedOrRecord, uncachedHomeRecord } from '../../serve/records/home-record.ts';
import { mcpListedHome } from '../../serve/mcp/record.ts';
import { restDetailJson, restFacilityJson, restListJson } from '../../serve/shape/facility.ts';
import type { Logger } from '../../serve/lib/log.ts';
import { Overlay, OverlayStore } from '../../serve/records/overlay.ts';
import { runOperatorCommand } from '../../serve/operator/cli.ts';
import { BaseUrlFiller } from '../../serve/records/base-url.ts';
import { openSnapshot } from '../../serve/records/snapshot.ts';
import { examples } from '../helpers/examples.ts';
import { seedSnapshotFile, snapshotDir } from '../helpers/snapshot.ts';

test('a record is built once per overlay version and carries the review', async (t) => {
  const ex = await examples();
  const { license_number: license } = ex.one<{ license_number: string }>(
    'a dementia home',
    "SELECT license_number FROM facilities WHERE dementia = 'true' ORDER BY license_number",
  );
  const snapshot = openSnapshot(await seedSnapshotFile(), { pages: 'skip' });
  t.teardown(() => snapshot.retire());
  const filler = new BaseUrlFiller('https://care.example');
  const none = Overlay.empty();
  const held = new Overlay([{ license_number: license, clearance: 'dementia' }], [], none.handoffMode, null);
  const sameAsHeld = new Overlay([{ license_number: license, clearance: 'dementia' }], [], none.handoffMode, 'later');

  const plain = homeRecord({ snapshot, overlay: none, filler }, license)!;
  t.is(homeRecord({ snapshot, overlay: none, filler }, license), plain, 'the same record object while nothing changes');
  t.is(plain.compact.clearances.dementia, 'true');
  t.is(plain.facility.clearances.dementia.value, 'true');
  t.false(JSON.stringify(plain.facility).includes('{base_url}'));

  const reviewed = homeRecord({ snapshot, overlay: held, filler }, license)!;
  t.not(reviewed, plain);
  t.is(reviewed.compact.clearances.dementia, 'not_on_file');
  t.is(reviewed.facility.clearances.dementia.value, 'not_on_file');
  t.is(reviewed.detail.clearances.dementia.value, 'not_on_file');
  t.deepEqual(reviewed.underReview, ['dementia']);
  t.is(held.version, sameAsHeld.version, 'the version names the content, not the read');
  t.is(homeRecord({ snapshot, overlay: sameAsHeld, filler }, license), reviewed, 'an equal overlay reuses the record');
  t.deepEqual([...licensesFailingNeeds(held, ['dementia'])], [license]);
  t.deepEqual([...licensesFailingNeeds(held, ['hospice'])], []);
  t.is(homeRecord({ snapshot, overlay: none, filler }, '000000000'), undefined);
});

test('a first touch for one answer builds the same record and keeps none; a held or reviewed home comes as its kept record', async (t) => {
  const ex = await examples();
  const [first, second] = ex.all<{ license_number: string }>('SELECT license_number FROM facilities ORDER BY license_number LIMIT 2').map((row) => row.license_number);
  const snapshot = openSnapshot(await seedSnapshotFile(), { pages: 'skip' });
  t.teardown(() => snapshot.retire());
  const filler = new BaseUrlFiller('https://care.example');
  const none = { snapshot, overlay: Overlay.empty(), filler };

  const once = uncachedHomeRecord(none, first!)!;
  const again = uncachedHomeRecord(none, first!)!;
  t.not(once, again, 'nothing was kept: each answer builds its own');
  t.deepEqual(once.detail, again.detail);
  t.false('encoded' in storedOrRecord(none, first!)!, 'the home is still a first touch for the narrow read');
  const kept = homeRecord(none, first!)!;
  t.deepEqual(kept.detail, once.detail);
  t.deepEqual(kept.compact, once.compact);
  t.is(uncachedHomeRecord(none, first!), kept, 'a record already held is used');

  const reviewed = { snapshot, overlay: new Overlay([{ license_number: second!, clearance: 'hospice' }], [], Overlay.empty().handoffMode, null), filler };
  const record = uncachedHomeRecord(reviewed, second!)!;
  t.is(record.compact.clearances.hospice, 'not_on_file');
  t.is(uncachedHomeRecord(reviewed, second!), record, 'a home the overlay changes is kept with its overlay version');
  t.is(uncachedHomeRecord(none, '000000000'), undefined);
});

test('an unchanged re-read keeps the overlay object; a change replaces it', async (t) => {
  const dir = await snapshotDir();
  const quiet = () => {};
  const log = { debug: quiet, info: quiet, warn: quiet, error: quiet } as unknown as Logger;
  const store = new OverlayStore({ snapshotsDir: dir, pollMs: 60_000, log });
  const ex = await examples();
  const license = ex.value<string>('SELECT license_number FROM facilities ORDER BY license_number');
  t.is(runOperatorCommand(['review', 'open', license, 'hospice'], { snapshotsDir: dir, out: () => {} }), 0);
  t.true(fs.existsSync(path.join(dir, OPERATOR_STORE_FILE)));
  store.refresh();
  const first = store.current;
  t.deepEqual(first.reviewsOf(license), ['hospice']);
  store.refresh();
  t.is(store.current, first);
  t.is(runOperatorCommand(['review', 'close', license, 'hospice'], { snapshotsDir: dir, out: () => {} }), 0);
  store.refresh();
  t.not(store.current, first);
  t.not(store.current.version, first.version);
});

test('a first touch sends the stored texts from a narrow read, the same bytes the record sends', async (t) => {
  const ex = await examples();
  const licenses = ex.all<{ license_number: string }>('SELECT license_number FROM facilities ORDER BY license_number LIMIT 40').map((row) => row.license_number);
  const filler = new BaseUrlFiller('https://care.example');
  const none = Overlay.empty();
  const fresh = () => {
    const snapshot = openSnapshot(seedFile, { pages: 'skip' });
    t.teardown(() => snapshot.retire());
    return { snapshot, overlay: none, filler };
  };
  const seedFile = await seedSnapshotFile();
  const narrow = fresh();
  const built = fresh();
  for (const license of licenses) {
    const stored = storedOrRecord(narrow, license);
    t.truthy(stored && !('license' in stored), `${license}: an untouched, unheld home is read narrowly`);
    const viaRecord = restFacilityJson(homeRecord(built, license)!, true);
    t.is(restDetailJson(narrow, license), viaRecord, `${license}: identical detail bytes`);
    t.false(viaRecord.includes('{base_url}'));
  }
  // A home the overlay touches is always answered from its record, with the review in it.
  const held = new Overlay([{ license_number: licenses[0]!, clearance: 'dementia' }], [], none.handoffMode, null);
  const touched = storedOrRecord({ ...fresh(), overlay: held }, licenses[0]!);
  t.truthy(touched && 'license' in touched);
  t.is(JSON.parse(restDetailJson({ ...fresh(), overlay: held }, licenses[0]!)!).clearances.dementia.value, 'not_on_file');
  t.is(storedOrRecord(fresh(), '000000000'), undefined);

  // A list page: unheld homes from one narrow batched read, in the order asked, the record's bytes.
  const asked = [...licenses].reverse();
  const viaRecords = asked.map((license) => restFacilityJson(homeRecord(built, license)!, false)).join(',');
  t.is(restListJson(fresh(), [...asked.slice(0, 20), '000000000', ...asked.slice(20)]), viaRecords, 'identical list bytes, unknown license left out');
  const mixed = fresh();
  homeRecord(mixed, asked[3]!);
  t.is(restListJson(mixed, asked), viaRecords, 'a held record and narrow reads together keep the order');
  const reviewedList = JSON.parse(`[${restListJson({ ...fresh(), overlay: held }, licenses.slice(0, 2))}]`);
  t.is(reviewedList[0].clearances.dementia.value, 'not_on_file', 'a home the overlay changes is listed from its record');
});

test('a list view from the narrow batched read shows what the record shows; a reviewed home comes as its record', async (t) => {
  const ex = await examples();
  const licenses = ex.all<{ license_number: string }>('SELECT license_number FROM facilities WHERE listed = 1 ORDER BY license_number LIMIT 30').map((row) => row.license_number);
  const seedFile = await seedSnapshotFile();
  const filler = new BaseUrlFiller('https://care.example/"quoted"');
  const none = Overlay.empty();
  const open = () => {
    const snapshot = openSnapshot(seedFile, { pages: 'skip' });
    t.teardown(() => snapshot.retire());
    return snapshot;
  };
  const narrow = { snapshot: open(), overlay: none, filler };
  const built = { snapshot: open(), overlay: none, filler };
  const views = listedViewsOf(narrow, [...licenses, '000000000']);
  t.is(views.size, licenses.length, 'a license not on the roster is left out');
  for (const license of licenses) {
    const view = views.get(license)!;
    t.false('detail' in view, `${license}: read narrowly, no record built`);
    t.deepEqual(mcpListedHome(narrow, view, 1.25), mcpListedHome(built, homeRecord(built, license)!, 1.25), license);
  }
  const held = new Overlay([{ license_number: licenses[0]!, clearance: 'dementia' }], [], none.handoffMode, null);
  const reviewed = listedViewsOf({ snapshot: open(), overlay: held, filler }, [licenses[0]!]).get(licenses[0]!)!;
  t.true('detail' in reviewed, 'a home the overlay changes comes as its record');
  t.is(reviewed.compact.clearances.dementia, 'not_on_file');
});
