// State documents, live status, hospitals and prices: fetched with retries, incrementally, keeping
// the last good data when an endpoint fails; stable refs; transcription; the price kinds.
import test from 'ava';
import Database from 'better-sqlite3';
import path from 'node:path';
import { htmlToText, findCitations, transcribeReport } from '../../pipeline/documents/transcribe.ts';
import { parseDetail, parseIndex } from '../../pipeline/documents/state-api.ts';
import { DOCUMENT_STORE_FILE } from '../../contract/document-store.ts';
import { TRANSPARENCY_PATHS as PATHS, unknownFacilityDetailJson } from './state-server.ts';
import {
  stateServer,
  detailJson,
  indexJson,
  rosterCsv,
  serveStateFiles,
  tempSnapshotsDir,
  testConfig,
  LISTINGS_HEADER,
  type DocumentFiles,
  type IndexFixtureEntry,
  runAndCrawl,
} from './fixtures.ts';

type Row = Record<string, unknown>;

const REPORT_HTML = `<html><head><title>LIC 809</title><style>td{font:10pt}</style></head><body>
<table><tr><td><b>FACILITY EVALUATION REPORT</b></td></tr>
<tr><td>FACILITY NAME:&nbsp;MAPLE HOUSE</td><td>FACILITY NUMBER: 015600001</td></tr></table>
<p>NARRATIVE</p>
<p>Licensing Program Analyst (LPA) arrived unannounced to conduct an annual inspection. The administrator was present.</p>
<p>DEFICIENCIES</p>
<table>
<tr><td>Type A</td><td>Section Cited 87303(a)</td><td>The facility did not maintain the water heater at a safe temperature.</td></tr>
<tr><td>Type B</td><td>Section Cited 87411(c)(1)</td><td>Staff training records were incomplete.</td></tr>
</table>
<p>Residents&#39; rights were posted &amp; visible.</p>
</body></html>`;

const entries: IndexFixtureEntry[] = [
  { date: '05/22/2025', title: 'Annual Inspection', type: 'Inspection' },
  { control: '23-CR-20240312094512', date: '03/12/2024', title: 'Complaint Investigation', type: 'Complaint' },
];

/** A home's detail, index and report pages (by position in the index, as the state serves them). */
function homeDocuments(license: string, list: IndexFixtureEntry[], detail: Record<string, string | number> = {}): DocumentFiles {
  return {
    detail: detailJson(license, { LASTVISITDATE: list[0]?.date ?? '', VSTDATEALL: list.map((e) => e.date).join(','), NBRINSPTYPA: 1, NBRINSPTYPB: 1, ...detail }),
    index: indexJson(license, list),
    reports: Object.fromEntries(list.map((entry, position) => [position, REPORT_HTML.replace('MAPLE HOUSE', `${entry.title} ${entry.date}`)])),
  };
}

const roster = rosterCsv([
  { number: '15600001', name: 'MAPLE HOUSE', street: '1 A ST' },
  { number: '15600002', name: 'CEDAR HOME', street: '2 B ST' },
  { number: '15600003', name: 'QUIET HOME', street: '3 C ST' },
]);

/** Three homes: a live closure takes a third of the lists, which the removal guard (tested in record-truth.test.ts) would hold back. */
const closingConfig = () => testConfig({ guards: { ...testConfig().guards, maxRemovedShare: 1 } });

function open(file: string) {
  return new Database(file, { readonly: true });
}

test('a report is transcribed to plain text with its Type A and Type B citations and their sections', (t) => {
  const text = htmlToText(REPORT_HTML);
  t.false(/<|&nbsp;|&amp;|td\{/.test(text), 'no markup, entities or styles left');
  t.regex(text, /^FACILITY EVALUATION REPORT/);
  t.regex(text, /LPA\) arrived unannounced to conduct an annual inspection/);
  t.regex(text, /Residents' rights were posted & visible\./);
  t.deepEqual(
    findCitations(text).map(({ type, section }) => ({ type, section })),
    [
      { type: 'A', section: '87303(a)' },
      { type: 'B', section: '87411(c)(1)' },
    ],
  );
  t.regex(findCitations(text)[0]!.finding, /water heater/);
});

/** A report page with the legend, header and totals that name a type without citing anything (the state site's own words). */
const LEGEND_HTML = `<html><body>
<p>Type A citations are issued for the most serious violations. Type B citations are issued for violations that may become a risk.</p>
<p>Type A | Type B</p>
<table><tr><th>Type A</th><th>Type B</th></tr></table>
<table><tr><td>Total Type A Citations: </td><td>2</td></tr><tr><td>Total Type B Citations: </td><td>1</td></tr></table>
<div>What is a Type A Citation?</div>
<div>It is for the most serious type of violations in which there is an immediate risk to the health, safety or personal rights of those in care.</div>
<div>What is a Type B Citation?</div>
<div>A Type B citation is for a violation that, if not corrected, may 
 an immediate risk to the health, safety or personal rights of clients. Examples include faulty medical record keeping and lack of adequate staff training.</div>
<p>DEFICIENCIES</p>
<table>
<tr><td>Type A</td><td>Section Cited 87303(a)</td><td>The facility did not maintain the water heater at a safe temperature.</td></tr>
<tr><td>TYPE B</td><td>87411(c)(1)<br>TITLE 22</td><td>Staff training records were incomplete.</td></tr>
</table>
<p>Type B<br>11/12/2026<br>Section Cited<br>CCR<br>87465(a)(5)<br>One resident did not receive a prescribed medication.</p>
<p>Type A H&amp;S Code 1569.269(a)(1) A resident was not allowed visitors.</p>
</body></html>`;

test('a legend, a table header or a total naming Type A or Type B is no citation; each citation with its section is counted once', (t) => {
  const text = htmlToText(LEGEND_HTML);
  t.deepEqual(
    findCitations(text).map(({ type, section }) => ({ type, section })),
    [
      { type: 'A', section: '87303(a)' },
      { type: 'B', section: '87411(c)(1)' },
      { type: 'B', section: '87465(a)(5)' },
      { type: 'A', section: '1569.269(a)(1)' },
    ],
  );
  t.regex(findCitations(text)[2]!.finding, /prescribed medication/);
  // Each phantom on its own: nothing counted.
  for (const line of ['Type A citations are issued for the most serious violations. Type B citations are issued for violations that may become a risk.', 'Type A | Type B', 'Total Type A Citations: 2', 'What is a Type B Citation?', 'A Type B citation is for a violation that, if not corrected, may']) {
    t.deepEqual(findCitations(line), [], line);
  }
});

test('a report answer that is a PDF or not HTML is a document with no text and no citations, never parsed as a page', (t) => {
  const pdf = '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n(Type A 87303(a) water heater)';
  t.deepEqual(transcribeReport(pdf, 'application/pdf'), { text: null, citations: [] });
  // A PDF is a PDF whatever the answer calls it, and without a Content-Type.
  t.deepEqual(transcribeReport(pdf, 'text/html; charset=utf-8'), { text: null, citations: [] });
  t.deepEqual(transcribeReport(pdf), { text: null, citations: [] });
  // The service's JSON error and plain text are not pages either.
  t.deepEqual(transcribeReport('{"Message":"An error has occurred. Type A 87303(a)"}', 'application/json'), { text: null, citations: [] });
  t.deepEqual(transcribeReport('{"Message":"An error has occurred."}'), { text: null, citations: [] });
  t.deepEqual(transcribeReport('Type A 87303(a) water heater', 'text/plain'), { text: null, citations: [] });
  // An HTML page, named or not, is read.
  for (const contentType of ['text/html; charset=utf-8', 'TEXT/HTML', undefined, null]) {
    const page = transcribeReport(REPORT_HTML, contentType);
    t.regex(page.text ?? '', /^FACILITY EVALUATION REPORT/, String(contentType));
    t.deepEqual(page.citations.map(({ type, section }) => ({ type, section })), [{ type: 'A', section: '87303(a)' }, { type: 'B', section: '87411(c)(1)' }]);
  }
});

test('a detail value written CONFIDENTIAL is not given, never a reason to refuse the detail', (t) => {
  const detail = parseDetail(detailJson('015600001', { NBRINSPTYPA: 'CONFIDENTIAL', NBROTHERTYPA: 0, NBRCMPLTTYPA: 0, LASTVISITDATE: 'CONFIDENTIAL', CLIENTSERVED1: 'CONFIDENTIAL', CLIENTSERVED2: '985 - RCFE / HOSPICE', COMMENTS: 'Confidential' }), '015600001');
  t.like(detail, { status: 'Licensed', lastVisitDate: null, typeA: null, comments: null });
  t.deepEqual(detail.clientServed, ['985 - RCFE / HOSPICE']);
  // A withheld facility number is not a blank one: the answer stands for the license asked.
  t.like(parseDetail(detailJson('015600001', { FACILITYNUMBER: 'CONFIDENTIAL' }), '015600001'), { status: 'Licensed' });
  t.throws(() => parseDetail(detailJson('015600001', { FACILITYNUMBER: '' }), '015600001'), { message: /FACILITYNUMBER is blank but STATUS is/ });
});

test.serial('index and report requests are retried; reports land in the snapshot newest first with stable doc refs', async (t) => {
  const dir = await tempSnapshotsDir();
  // The first attempt at the index and at one report fails; the retries succeed.
  const files = homeDocuments('015600001', entries);
  serveStateFiles({ roster, documents: { '015600001': files } });
  stateServer.route(PATHS.index('015600001'), { status: 503 }, { body: files.index });
  stateServer.route(PATHS.report('015600001', 0), { status: 502 }, { body: files.reports![0]! });
  const first = await runAndCrawl({ snapshotsDir: dir, config: testConfig(), now: new Date('2026-11-20T18:00:00Z') });
  t.deepEqual(stateServer.requests(PATHS.index('015600001')).map((r) => r.status), [503, 200]);
  t.deepEqual(stateServer.requests(PATHS.report('015600001', 0)).map((r) => r.status), [502, 200]);
  // The real addresses: the detail and the index by license, each page by its position in the index.
  t.deepEqual(
    stateServer.requests().filter((r) => r.url.includes('015600001')).map((r) => r.url).sort(),
    ['/FacilityDetail/015600001', '/FacilityReports/015600001', '/FacilityReports/015600001', '/FacilityReports?facNum=015600001&inx=0', '/FacilityReports?facNum=015600001&inx=0', '/FacilityReports?facNum=015600001&inx=1'],
  );
  t.true(first.published);
  t.is(first.report.documents.licenses_with_problems, 0);
  t.is(first.crawl.stats.reports_fetched, 2);

  const db = open(first.snapshotPath!);
  const reports = db.prepare("SELECT ref, position, control_number, date, type, title, url FROM reports WHERE license_number = '015600001' ORDER BY position").all() as Row[];
  t.deepEqual(reports.map((r) => [r.date, r.type, r.control_number, r.url]), [
    ['2025-05-22', 'Inspection', null, null],
    ['2024-03-12', 'Complaint', '23-CR-20240312094512', null],
  ]);
  t.regex(reports[1]!.ref as string, /^doc:015600001-20240312-C-23-CR-20240312094512$/);
  const record = JSON.parse(db.prepare("SELECT record_json FROM facilities WHERE license_number = '015600001'").pluck().get() as string);
  t.deepEqual(record.last_state_visit, { value: '2025-05-22', source_class: 'state', confirmed_on: '2026-11-20', next_due: null, ref: 'roster:last_visit' });
  t.deepEqual(record.license_status_live, { value: 'Licensed', source_class: 'state', confirmed_on: '2026-11-20', next_due: null, ref: 'roster:license_status_live' });
  const stateDocuments = JSON.parse(db.prepare("SELECT state_documents_json FROM facilities WHERE license_number = '015600001'").pluck().get() as string);
  t.deepEqual(stateDocuments.value, { count: 2, since_year: '2024', latest_date: '2025-05-22' });
  const home = JSON.parse(db.prepare("SELECT home_json FROM facilities WHERE license_number = '015600001'").pluck().get() as string);
  t.deepEqual(home.state_record, { documents_on_file: 2, latest_visit_date: '2025-05-22', type_a_citations: 1, type_b_citations: 1, tallies_since_year: '2024' });

  // A home with no documents says so with a zero count, not silence.
  const quiet = JSON.parse(db.prepare("SELECT state_documents_json FROM facilities WHERE license_number = '015600003'").pluck().get() as string);
  t.deepEqual(quiet.value, { count: 0, since_year: null, latest_date: null });

  // The text is stored once, in the document store beside the snapshots.
  const store = new Database(path.join(dir, DOCUMENT_STORE_FILE), { readonly: true });
  const stored = store.prepare('SELECT ref, text, citations FROM documents ORDER BY date DESC').all() as Row[];
  t.deepEqual(stored.map((r) => r.ref), reports.map((r) => r.ref));
  t.regex(stored[0]!.text as string, /annual inspection/);
  t.is(JSON.parse(stored[0]!.citations as string).length, 2);

  // The same listing a day later gives the same refs.
  serveStateFiles({ roster, documents: { '015600001': homeDocuments('015600001', entries) } });
  const second = await runAndCrawl({ snapshotsDir: dir, config: testConfig(), now: new Date('2026-11-21T18:00:00Z') });
  t.deepEqual(open(second.snapshotPath!).prepare("SELECT ref FROM reports WHERE license_number = '015600001' ORDER BY position").pluck().all(), reports.map((r) => r.ref));
});

test.serial('a re-run fetches the index and reports only of homes whose detail changed', async (t) => {
  const dir = await tempSnapshotsDir();
  const documents = {
    '015600001': homeDocuments('015600001', entries),
    '015600002': homeDocuments('015600002', entries.slice(1)),
  };
  serveStateFiles({ roster, documents });
  const first = await runAndCrawl({ snapshotsDir: dir, config: testConfig(), now: new Date('2026-11-20T18:00:00Z') });
  t.like(first.crawl.stats, { details_fetched: 3, indexes_fetched: 3, reports_fetched: 3 });

  // Nothing changed: no index is asked again, only the details (the live status).
  serveStateFiles({ roster, documents });
  const same = await runAndCrawl({ snapshotsDir: dir, config: testConfig(), now: new Date('2026-11-21T06:00:00Z') });
  t.like(same.crawl.stats, { details_fetched: 3, indexes_fetched: 0, indexes_reused: 3, reports_fetched: 0, homes_current: 3, homes_waiting: 0 });
  t.deepEqual(stateServer.requests().filter((r) => r.path.startsWith('/FacilityReports')), [], 'no index, no report page');

  // A new visit at 015600002 only: its list gains a report at position 0, the other moves to 1.
  const newVisit: IndexFixtureEntry = { date: '11/02/2026', title: 'Case Management - Incidents', type: 'Other' };
  serveStateFiles({ roster, documents: { ...documents, '015600002': homeDocuments('015600002', [newVisit, ...entries.slice(1)]) } });
  const second = await runAndCrawl({ snapshotsDir: dir, config: testConfig(), now: new Date('2026-11-21T18:00:00Z') });
  // 015600002 in two passes: its detail and index with the others', then its page from the index just stored (reused).
  t.like(second.crawl.stats, { details_fetched: 3, indexes_fetched: 1, indexes_reused: 3, reports_fetched: 1, reports_already_stored: 1 });
  // The run asks the 8 whole-file sources and nothing of the per-facility record; the crawler 3
  // details, 1 index and 1 report, the new one by its position.
  t.is(second.report.requests_made, 8);
  t.is(second.crawl.requests, 3 + 1 + 1);
  t.deepEqual(stateServer.requests().filter((r) => r.path === '/FacilityReports').map((r) => r.url), ['/FacilityReports?facNum=015600002&inx=0']);
  const db = open(second.snapshotPath!);
  t.is(db.prepare("SELECT last_state_visit FROM facilities WHERE license_number = '015600002'").pluck().get(), '2026-11-02');
  t.is(db.prepare("SELECT COUNT(*) FROM reports WHERE license_number = '015600002'").pluck().get(), 2);
});

test.serial('a failing endpoint keeps the last good data for that home and the run reports it', async (t) => {
  const dir = await tempSnapshotsDir();
  const documents = { '015600001': homeDocuments('015600001', entries) };
  serveStateFiles({ roster, documents });
  await runAndCrawl({ snapshotsDir: dir, config: testConfig(), now: new Date('2026-11-20T18:00:00Z') });

  // Next day the detail endpoint for 015600001 is down (every retry).
  serveStateFiles({ roster });
  stateServer.route(PATHS.detail('015600001'), { status: 500 });
  const second = await runAndCrawl({ snapshotsDir: dir, config: testConfig(), now: new Date('2026-11-21T18:00:00Z') });
  t.true(second.published);
  t.is(stateServer.requests(PATHS.detail('015600001')).length, 3, 'every attempt');
  t.like(second.crawl.stats, { homes_waiting: 1, homes_current: 2 });
  t.is(second.report.documents.licenses_with_problems, 1);
  const db = open(second.snapshotPath!);
  t.deepEqual(db.prepare('SELECT license_number, endpoint, kept_from FROM document_fetch_problems').all(), [
    { license_number: '015600001', endpoint: 'detail', kept_from: '2026-11-20' },
  ]);
  t.regex(db.prepare('SELECT problem FROM document_fetch_problems').pluck().get() as string, /HTTP 500/);
  const record = JSON.parse(db.prepare("SELECT record_json FROM facilities WHERE license_number = '015600001'").pluck().get() as string);
  // The last good values stay, dated by when they were last confirmed.
  t.deepEqual([record.last_state_visit.value, record.last_state_visit.confirmed_on], ['2025-05-22', '2026-11-20']);
  t.is(db.prepare("SELECT COUNT(*) FROM reports WHERE license_number = '015600001'").pluck().get(), 2);
});

test.serial('a detail answer that is not a facility detail (an API error object, another license) keeps the last good data, never zero citations', async (t) => {
  const dir = await tempSnapshotsDir();
  const documents = { '015600001': homeDocuments('015600001', entries), '015600002': homeDocuments('015600002', entries) };
  serveStateFiles({ roster, documents });
  await runAndCrawl({ snapshotsDir: dir, config: testConfig(), now: new Date('2026-11-20T18:00:00Z') });

  // Next day the service answers 200 with its error object for one home and another home's detail for the other.
  serveStateFiles({ roster, documents });
  stateServer.route(PATHS.detail('015600001'), { body: JSON.stringify({ Message: 'An error has occurred.' }) });
  stateServer.route(PATHS.detail('015600002'), { body: detailJson('015600003') });
  // Forced: with three homes, two zeroed would trip the changed-share guard; a state-sized run would not.
  const second = await runAndCrawl({ snapshotsDir: dir, config: testConfig(), now: new Date('2026-11-21T18:00:00Z'), force: true });
  t.true(second.published);
  const db = open(second.snapshotPath!);
  const problems = db.prepare('SELECT license_number, endpoint, kept_from, problem FROM document_fetch_problems ORDER BY license_number').all() as Row[];
  t.deepEqual(problems.map((p) => [p.license_number, p.endpoint, p.kept_from]), [
    ['015600001', 'detail', '2026-11-20'],
    ['015600002', 'detail', '2026-11-20'],
  ]);
  t.regex(problems[0]!.problem as string, /no FacilityDetail object \(keys: Message\)/);
  t.regex(problems[1]!.problem as string, /015600003/);
  for (const license of ['015600001', '015600002']) {
    const row = db.prepare('SELECT record_json, type_a_citations, license_status_live FROM facilities WHERE license_number = ?').get(license) as Row;
    const record = JSON.parse(row.record_json as string);
    t.deepEqual([record.last_state_visit.value, record.last_state_visit.confirmed_on], ['2025-05-22', '2026-11-20'], license);
    t.deepEqual([row.type_a_citations, row.license_status_live], [1, 'Licensed'], license);
  }
});

test.serial('a document index that lists another license keeps the last good list, never another home\'s reports', async (t) => {
  const dir = await tempSnapshotsDir();
  serveStateFiles({ roster, documents: { '015600001': homeDocuments('015600001', entries) } });
  await runAndCrawl({ snapshotsDir: dir, config: testConfig(), now: new Date('2026-11-20T18:00:00Z') });

  // Next day the detail says a visit happened, and the index answered is 015600003's.
  const newer: IndexFixtureEntry[] = [{ date: '11/02/2026', title: 'Annual Inspection', type: 'Inspection' }, ...entries];
  const files = homeDocuments('015600001', newer);
  serveStateFiles({ roster, documents: { '015600001': { ...files, index: indexJson('015600003', newer) } } });
  const second = await runAndCrawl({ snapshotsDir: dir, config: testConfig(), now: new Date('2026-11-21T18:00:00Z'), force: true });
  const db = open(second.snapshotPath!);
  const problem = db.prepare('SELECT endpoint, kept_from, problem FROM document_fetch_problems').get() as Row;
  t.deepEqual([problem.endpoint, problem.kept_from], ['index', '2026-11-20']);
  t.regex(problem.problem as string, /015600003/);
  t.is(db.prepare("SELECT COUNT(*) FROM reports WHERE license_number = '015600001'").pluck().get(), 2);
});

test.serial('a report the state stops listing leaves the list but its text stays in the document store', async (t) => {
  const dir = await tempSnapshotsDir();
  serveStateFiles({ roster, documents: { '015600001': homeDocuments('015600001', entries) } });
  await runAndCrawl({ snapshotsDir: dir, config: testConfig(), now: new Date('2026-11-20T18:00:00Z') });

  const next = homeDocuments('015600001', [entries[0]!], { NBRINSPTYPB: 0 });
  serveStateFiles({ roster, documents: { '015600001': next } });
  const second = await runAndCrawl({ snapshotsDir: dir, config: testConfig(), now: new Date('2026-11-21T18:00:00Z') });
  const db = open(second.snapshotPath!);
  t.deepEqual(db.prepare("SELECT type FROM reports WHERE license_number = '015600001'").pluck().all(), ['Inspection']);
  const store = new Database(path.join(dir, DOCUMENT_STORE_FILE), { readonly: true });
  t.deepEqual(
    store.prepare("SELECT type, last_listed_on FROM documents WHERE license_number = '015600001' ORDER BY date").all(),
    [
      { type: 'Complaint', last_listed_on: '2026-11-20' },
      { type: 'Inspection', last_listed_on: '2026-11-21' },
    ],
  );
});

test.serial('prices: own rates, estimates from comparable homes, county typical rates, and none on closed licenses', async (t) => {
  const dir = await tempSnapshotsDir();
  // Five small homes a few hundred metres apart (ZIP centroid 94612), one closed, one in a county with no rate.
  const homes = rosterCsv([
    { number: '15600001', name: 'CONFIRMED RATE HOME', street: '1 A ST' },
    { number: '15600002', name: 'LISTED RATE HOME', street: '2 A ST' },
    { number: '15600003', name: 'THIRD LISTED HOME', street: '3 A ST' },
    { number: '15600004', name: 'NO LISTING HOME', street: '4 A ST' },
    { number: '15600005', name: 'CLOSED LISTED HOME', street: '5 A ST', status: 'CLOSED', closedDate: '1/5/2026' },
    { number: '15600006', name: 'FAR AWAY HOME', street: '6 A ST', zip: '96101', county: 'MODOC', city: 'ALTURAS' },
  ]);
  const listings = [
    LISTINGS_HEADER,
    '015600001,caringplaces.example,https://caringplaces.example/h/1,"$5,450",Y,2026-10-12,2026-10-01',
    '15600002,seniorlist.example,https://seniorlist.example/h/2,from 4800,N,2026-10-15,',
    '015600003,seniorlist.example,https://seniorlist.example/h/3,6200,N,2026-10-15,2025-11-19',
    '015600005,seniorlist.example,https://seniorlist.example/h/5,5000,N,2026-10-15,',
    '015600004,seniorlist.example,https://seniorlist.example/h/4,call for pricing,N,2026-10-15,',
  ].join('\n');
  serveStateFiles({ roster: homes, listings });
  const result = await runAndCrawl({ snapshotsDir: dir, config: testConfig(), now: new Date('2026-11-20T18:00:00Z') });
  const db = open(result.snapshotPath!);
  const price = (license: string) => JSON.parse(db.prepare('SELECT home_json FROM facilities WHERE license_number = ?').pluck().get(license) as string).price;

  t.like(price('015600001'), { kind: 'home_confirmed', is_this_homes_own_rate: true, monthly_usd: 5450, likely_range_usd: null, listing: { site: 'caringplaces.example', url: 'https://caringplaces.example/h/1', seen_on: '2026-10-12', updated_on: '2026-10-01' } });
  // A rate line names the listing's own date (last updated), never the day it was read, and says
  // when the listing is more than 12 months older than the run (2026-11-20).
  t.is(
    price('015600001').line,
    "$5,450 a month: this home's own starting rate, which the listing on caringplaces.example, last updated 2026-10-01, says the home confirmed. Rates change; confirm with the home.",
  );
  t.like(price('015600002'), { kind: 'home_listed', is_this_homes_own_rate: true, monthly_usd: 4800 });
  t.is(
    price('015600002').line,
    "$4,800 a month: this home's own starting rate as published in the listing on seniorlist.example (it gives no date of its own; we read it on 2026-10-15), not confirmed by the home. Confirm with the home.",
  );
  t.is(
    price('015600003').line,
    "$6,200 a month: this home's own starting rate as published in the listing on seniorlist.example, last updated 2025-11-19, not confirmed by the home. " +
      'That listing is more than 12 months old, so the rate may no longer hold. Confirm with the home.',
  );
  t.like(price('015600003').listing, { seen_on: '2026-10-15', updated_on: '2025-11-19' });

  // The unreadable rate is rejected; the home gets an estimate from the three open listed homes
  // nearby ($4,800, $5,450, $6,200: median and quartiles, rounded to $50); the closed one is no comparable.
  const estimate = price('015600004');
  t.like(estimate, { kind: 'covelight_estimate', is_this_homes_own_rate: false, monthly_usd: 5450, likely_range_usd: { low: 5150, high: 5850 } });
  t.regex(estimate.line, /^Not this home's price: our estimate from 3 comparable homes/);
  t.true(result.report.rejected.rows.some((r) => r.source === 'listings' && /call for pricing/.test(r.reason)));

  t.is(price('015600005'), null, 'a closed license has no price, even with a listing');
  t.is(price('015600006'), null, 'no listing, no comparables, no county rate: no figure on file');

  t.is(db.prepare("SELECT price_kind FROM facilities WHERE license_number = '015600006'").pluck().get(), null);
  // No price ever enters the REST record.
  for (const json of db.prepare('SELECT record_json FROM facilities').pluck().all() as string[]) t.false(/price|monthly|usd/i.test(json));
});

test.serial('a home with no listing and no comparables gets its county typical rate, labelled as not its price', async (t) => {
  const dir = await tempSnapshotsDir();
  serveStateFiles({ roster: rosterCsv([{ number: '15600001', name: 'ONLY HOME' }]) });
  const result = await runAndCrawl({ snapshotsDir: dir, config: testConfig() });
  const home = JSON.parse(open(result.snapshotPath!).prepare('SELECT home_json FROM facilities').pluck().get() as string);
  t.deepEqual(home.price, {
    kind: 'area_typical',
    is_this_homes_own_rate: false,
    monthly_usd: 5200,
    likely_range_usd: { low: 4500, high: 8000 },
    line: "Not this home's price: typical starting rates in ALAMEDA County run $4,500 to $8,000 a month (as of 2026-10-01). Ask the home for its own rates.",
  });
});

test.serial('hospitals: only active general acute care hospitals with coordinates are loaded', async (t) => {
  const dir = await tempSnapshotsDir();
  const hospitals = [
    'FACID,FACNAME,FAC_TYPE_CODE,FAC_FDR,ADDRESS,CITY,ZIP,COUNTY_NAME,LATITUDE,LONGITUDE,LICENSE_STATUS_DESCRIPTION',
    '1,OAKLAND COMMUNITY HOSPITAL,GACH,GENERAL ACUTE CARE HOSPITAL,1 WAY,OAKLAND,94612,ALAMEDA,37.81,-122.27,ACTIVE',
    '2,BAYSIDE SKILLED NURSING,SNF,SKILLED NURSING FACILITY,2 WAY,OAKLAND,94612,ALAMEDA,37.80,-122.26,ACTIVE',
    '3,OLD HOSPITAL,GACH,GENERAL ACUTE CARE HOSPITAL,3 WAY,OAKLAND,94612,ALAMEDA,37.79,-122.25,CLOSED',
    '4,NOWHERE HOSPITAL,GACH,GENERAL ACUTE CARE HOSPITAL,4 WAY,OAKLAND,94612,ALAMEDA,,,ACTIVE',
  ].join('\n');
  serveStateFiles({ roster: rosterCsv([{ number: '15600001', name: 'ONE HOME' }]), hospitals });
  const result = await runAndCrawl({ snapshotsDir: dir, config: testConfig() });
  const db = open(result.snapshotPath!);
  t.deepEqual(db.prepare('SELECT facid, name, name_slug, county_key, latitude, longitude FROM hospitals').all(), [
    { facid: '1', name: 'OAKLAND COMMUNITY HOSPITAL', name_slug: 'oakland-community-hospital', county_key: 'alameda', latitude: 37.81, longitude: -122.27 },
  ]);
  t.deepEqual(
    (db.prepare("SELECT reason FROM rejected_rows WHERE source = 'hospitals' ORDER BY line").pluck().all() as string[]),
    ['license status is CLOSED, not ACTIVE', 'coordinates missing or outside California'],
  );
});

test('a facility detail is read as the state serves it: string values, complaint figures counted once, an unknown license with no status', (t) => {
  const closed = parseDetail(
    detailJson('015600001', {
      STATUS: 'Closed, Licensee Initiated', LASTVISITDATE: '05/22/2025', NBRINSPTYPA: '2', NBRINSPTYPB: '4', NBROTHERTYPA: '1', NBROTHERTYPB: '0',
      NBRCMPLTTYPA: '3', NBRCMPLTTYPB: '5', CLIENTSERVED1: 'Dementia', CLIENTSERVED2: ' ', COMMENTS: 'Hospice waiver on file.',
    }),
    '15600001',
  );
  // TOTTYPEA/B repeat the complaint figures (3, 5): 2 + 1 + 3 and 4 + 0 + 5, never 9 and 14.
  t.like(closed, { status: 'Closed, Licensee Initiated', lastVisitDate: '2025-05-22', typeA: 6, typeB: 9, clientServed: ['Dementia'], comments: 'Hospice waiver on file.' });

  const unknown = parseDetail(unknownFacilityDetailJson(), '015600009');
  t.like(unknown, { status: null, lastVisitDate: null, typeA: null, typeB: null });
  // A blank figure is not zero.
  t.like(parseDetail(detailJson('015600001', { NBROTHERTYPA: '' })), { typeA: null, typeB: 0 });
  t.throws(() => parseDetail(detailJson('015600001', { NBRINSPTYPA: 'two' })), { message: 'facility detail: NBRINSPTYPA is not a whole number ("two")' });
  // The old flat shape is not the service's answer.
  t.throws(() => parseDetail(JSON.stringify({ FACILITYNUMBER: '015600001', STATUS: 'LICENSED' })), { message: /no FacilityDetail object/ });
});

test('a document index gives each report its position, the address its page is asked by; REPORTPAGE is never fetched', (t) => {
  const index = parseIndex(indexJson('015600001', entries), '015600001');
  t.deepEqual(index, {
    count: 2,
    entries: [
      { controlNumber: null, date: '2025-05-22', title: 'Annual Inspection', type: 'Inspection', page: 0 },
      { controlNumber: '23-CR-20240312094512', date: '2024-03-12', title: 'Complaint Investigation', type: 'Complaint', page: 1 },
    ],
  });
  t.regex(JSON.parse(indexJson('015600001', entries)).REPORTARRAY[1].REPORTPAGE, /^http:\/\/.*inx=1$/);
  t.throws(() => parseIndex(indexJson('015600003', entries), '015600001'), { message: 'document index lists facility 015600003, not 015600001' });
});

test.serial('an unknown license stores no live status and no tallies; a closed live status is kept verbatim', async (t) => {
  const dir = await tempSnapshotsDir();
  serveStateFiles({ roster, documents: { '015600001': homeDocuments('015600001', entries, { STATUS: 'Closed, Change of Ownership' }) } });
  stateServer.route(PATHS.detail('015600003'), { body: unknownFacilityDetailJson() });
  const result = await runAndCrawl({ snapshotsDir: dir, config: closingConfig(), now: new Date('2026-11-20T18:00:00Z') });
  const db = open(result.snapshotPath!);
  const row = (license: string) => db.prepare('SELECT license_status_live, live_status_checked_on, type_a_citations, type_b_citations, record_json FROM facilities WHERE license_number = ?').get(license) as Row;
  const unknown = row('015600003');
  t.like(unknown, { license_status_live: null, live_status_checked_on: null, type_a_citations: null, type_b_citations: null });
  t.deepEqual(JSON.parse(unknown.record_json as string).license_status_live, { value: null, source_class: 'state', confirmed_on: null, next_due: null, ref: 'roster:license_status_live' });
  t.is(db.prepare("SELECT COUNT(*) FROM document_fetch_problems WHERE license_number = '015600003'").pluck().get(), 0, 'an unknown license is an answer, not a failure');
  t.like(row('015600001'), { license_status_live: 'Closed, Change of Ownership', live_status_checked_on: '2026-11-20' });
});

test.serial('a live status that turns closed after the roster\'s date closes the home in the snapshot and is in its change log', async (t) => {
  const dir = await tempSnapshotsDir();
  serveStateFiles({ roster, documents: { '015600001': homeDocuments('015600001', entries) } });
  const first = await runAndCrawl({ snapshotsDir: dir, config: closingConfig(), now: new Date('2026-11-20T18:00:00Z') });
  t.is(first.report.licenses.closed, 0);

  serveStateFiles({ roster, documents: { '015600001': homeDocuments('015600001', entries, { STATUS: 'Closed, Licensee Initiated' }) } });
  const second = await runAndCrawl({ snapshotsDir: dir, config: closingConfig(), now: new Date('2026-11-27T18:00:00Z') });
  t.like(second.report.licenses, { listed: 2, closed: 1, closed_by_live_status: 1 });
  const db = open(second.snapshotPath!);
  const row = db.prepare("SELECT license_status, listed, closed, home_json FROM facilities WHERE license_number = '015600001'").get() as Row;
  t.like(row, { license_status: 'LICENSED', listed: 0, closed: 1 });
  const home = JSON.parse(row.home_json as string);
  t.like(home, { license_status: 'Closed, Licensee Initiated', license_closed: true, status_as_of: '2026-11-27' });
  t.is(
    home.clearances.closed_note,
    'The state\'s live record, checked on 2026-11-27, shows this license as "Closed, Licensee Initiated"; the state roster of 2026-11-16 still listed it as LICENSED. ' +
      'Care approvals and waiver values are what the record held while it was open; they are history, not current approvals.',
  );
  t.true(home.medi_cal_alw.license_closed);
  t.deepEqual(db.prepare("SELECT field, old_value, new_value, new_source_date FROM change_log WHERE license_number = '015600001' AND field = 'license_status_live'").all(), [
    { field: 'license_status_live', old_value: '"Licensed"', new_value: '"Closed, Licensee Initiated"', new_source_date: '2026-11-27' },
  ]);
  t.is(db.prepare('SELECT COUNT(*) FROM listed_homes WHERE license_number = ?').pluck().get('015600001'), 0);
});

test.serial('a closed live status checked on or before the roster\'s date does not override it', async (t) => {
  const dir = await tempSnapshotsDir();
  // The roster is dated 11/16/2026; a check on the same day is not fresher.
  serveStateFiles({ roster, documents: { '015600001': homeDocuments('015600001', entries, { STATUS: 'Closed, Non-payment' }) } });
  const result = await runAndCrawl({ snapshotsDir: dir, config: testConfig(), now: new Date('2026-11-16T18:00:00Z') });
  t.like(facilityRow(result.snapshotPath!, '015600001'), { license_status_live: 'Closed, Non-payment', listed: 1, closed: 0 });
});

function facilityRow(file: string, license: string): Row {
  return open(file).prepare('SELECT license_status_live, listed, closed FROM facilities WHERE license_number = ?').get(license) as Row;
}
