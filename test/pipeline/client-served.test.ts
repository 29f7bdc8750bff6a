// The per-facility detail's client-served codes, through a whole run against the loopback
// stand-in: kept verbatim as the home's service designations, dated by the detail's check; a code
// whose words name an approval sets it true with that date; any other leaves every approval not
// on file; and the approvals file, when it carries the home, decides instead.
import test from 'ava';
import { CLIENT_SERVED_APPROVALS } from '../../pipeline/normalize/client-served.ts';
import { approvalsCsv, detailJson, facilities, indexJson, rosterCsv, runAndCrawl, serveStateFiles, tempSnapshotsDir, testConfig } from './fixtures.ts';

const HOSPICE_CODE = '985 - RCFE / HOSPICE';
const CHILDREN = '960 - CHILDREN / INFANT';
const MAPPED = '015600011'; // detail: a hospice code and an unmapped one
const UNMAPPED = '015600012'; // detail: an unmapped code only
const ON_FILE = '015600013'; // detail: the hospice code; the approvals file carries it too
const NONE = '015600014'; // detail: no codes
const LICENSES = [MAPPED, UNMAPPED, ON_FILE, NONE];
const RUN_DAY = '2026-11-20';

const roster = rosterCsv(LICENSES.map((license, n) => ({ number: license, name: `HOME ${n + 1}`, street: `${n + 1} A ST` })));
const withCodes = (license: string, codes: Record<string, string>) => ({ detail: detailJson(license, codes), index: indexJson(license, []), reports: {} });
const documents = {
  // The state writes a code with blanks between filled fields; blanks are dropped, spacing kept.
  [MAPPED]: withCodes(MAPPED, { CLIENTSERVED1: CHILDREN, CLIENTSERVED2: '', CLIENTSERVED3: HOSPICE_CODE }),
  [UNMAPPED]: withCodes(UNMAPPED, { CLIENTSERVED1: CHILDREN }),
  [ON_FILE]: withCodes(ON_FILE, { CLIENTSERVED1: HOSPICE_CODE }),
  [NONE]: withCodes(NONE, {}),
};

type Fact = { value: unknown; source_class: string; confirmed_on: string | null; ref: string };
type Record_ = { clearances: Record<string, Fact>; service_designations: Fact };

async function run(approvals: string | null) {
  serveStateFiles({ roster, documents, ...(approvals ? { approvals } : {}) });
  const base = testConfig();
  const config = testConfig({ sources: { ...base.sources, approvals: approvals ? base.sources.approvals : null } });
  const result = await runAndCrawl({ snapshotsDir: await tempSnapshotsDir(), config, now: new Date(`${RUN_DAY}T18:00:00Z`) });
  if (!result.published) throw new Error(`not published: ${JSON.stringify(result.report)}`);
  const { rows } = facilities(result.snapshotPath!);
  const byLicense = new Map(rows.map((row) => [row.license_number as string, row]));
  return (license: string) => {
    const row = byLicense.get(license)!;
    return { row, record: JSON.parse(row.record_json as string) as Record_, home: JSON.parse(row.home_json as string) as { clearances: Record<string, unknown> } };
  };
}

test('the table maps only codes whose words name the approval, and names each approval it maps', (t) => {
  for (const [code, approval] of Object.entries(CLIENT_SERVED_APPROVALS)) {
    const words = code.replace(/^\d+\s*-\s*/, '').toLowerCase();
    const named = { dementia: /dementia|alzheimer/, hospice: /hospice/, non_ambulatory: /non-?ambulatory/, bedridden: /bedridden/ }[approval];
    t.regex(words, named, `${code} is mapped to ${approval} but its words do not name it`);
  }
  t.is(CLIENT_SERVED_APPROVALS[CHILDREN], undefined);
});

for (const approvalsRead of [false, true]) {
  const approvals = approvalsRead ? approvalsCsv([[ON_FILE, 'Y', 'N', 'N', 'N', '950 - RCFE / ELDERLY']]) : null;
  const label = approvalsRead ? 'the approvals file does not carry the home' : 'no approvals file is read';

  test.serial(`${label}: the detail's codes are kept verbatim, dated by the detail's check, and a code naming an approval sets it true`, async (t) => {
    const facility = await run(approvals);
    const mapped = facility(MAPPED);
    t.deepEqual(mapped.record.service_designations, { value: [CHILDREN, HOSPICE_CODE], source_class: 'state', confirmed_on: RUN_DAY, next_due: null, ref: 'roster:client_served' });
    t.deepEqual(JSON.parse(mapped.row.service_designations as string), [CHILDREN, HOSPICE_CODE]);
    t.like(mapped.record.clearances.hospice, { value: 'true', source_class: 'state', confirmed_on: RUN_DAY, ref: 'roster:hospice_waiver' });
    t.is(mapped.row.hospice, 'true');
    t.like(mapped.home.clearances, { hospice: 'true', as_of: RUN_DAY });
    // The codes name no other approval: those stay not on file, never false.
    for (const key of ['dementia', 'non_ambulatory', 'bedridden']) {
      t.is(mapped.record.clearances[key]!.value, 'not_on_file', key);
      t.is(mapped.row[key], 'not_on_file', key);
    }

    const unmapped = facility(UNMAPPED);
    t.deepEqual(unmapped.record.service_designations.value, [CHILDREN]);
    t.is(unmapped.record.service_designations.confirmed_on, RUN_DAY);
    for (const key of ['dementia', 'hospice', 'non_ambulatory', 'bedridden']) {
      t.is(unmapped.record.clearances[key]!.value, 'not_on_file', key);
      t.is(unmapped.row[key], 'not_on_file', key);
      t.is(unmapped.home.clearances[key], 'not_on_file', key);
    }

    // No codes in the detail: the designations are not on file (null), not an empty list.
    t.is(facility(NONE).record.service_designations.value, null);
    t.is(facility(NONE).record.clearances.hospice!.value, 'not_on_file');
  });
}

test.serial('the approvals file, when it carries the home, wins over the detail\'s codes', async (t) => {
  const facility = await run(approvalsCsv([[ON_FILE, 'Y', 'N', 'N', 'N', '950 - RCFE / ELDERLY']]));
  const onFile = facility(ON_FILE);
  t.deepEqual(onFile.record.service_designations, { value: ['950 - RCFE / ELDERLY'], source_class: 'state', confirmed_on: '2026-11-09', next_due: null, ref: 'roster:client_served' });
  // The detail's hospice code does not override the file's explicit N.
  t.like(onFile.record.clearances.hospice, { value: 'false', confirmed_on: '2026-11-09' });
  t.is(onFile.row.hospice, 'false');
  t.like(onFile.record.clearances.dementia, { value: 'true', confirmed_on: '2026-11-09' });
  t.is(onFile.home.clearances.as_of, '2026-11-09');
});
