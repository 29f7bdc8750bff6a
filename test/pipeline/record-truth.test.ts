// The record's truth between export and crawl (issue 50; issue 52's per-facility guards), on the
// loopback stand-in of the state's site, through real runs and real crawls: which status is fresher
// is decided per home (a live closure stands through a newer export that changed other homes'
// rows, whatever its Last-Modified); a first reading is never a change; a cut export is held back
// on a first run; the lists' losses are guarded whatever their cause and against the last week;
// a live status in none of the state's shapes is never served.
import test from 'ava';
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { runPipeline, REPO_ROOT } from '../../pipeline/run.ts';
import { crawl } from '../../crawl/crawler.ts';
import pipelineConfig from '../../pipeline.config.ts';
import { applyEnvironment, selectProfile, stateSiteDocuments, type PipelineConfig } from '../../pipeline/config.ts';
import { DocumentStore } from '../../pipeline/documents/store.ts';
import { isStateStatusShape } from '../../contract/facts.ts';
import { startServer } from '../helpers/server.ts';
import { SOURCE_PATHS, STATE_ORIGIN, detailJson, facilities, serveStateFiles, stateServer, tempSnapshotsDir, testConfig, type DocumentFiles } from './fixtures.ts';
import { exportCsv, type ExportHome } from '../crawl/export.ts';

const CLOSED = 'Closed, Licensee Initiated';
const T0 = '2026-11-20T12:00:00.000Z'; // the first export is served
const T1 = '2026-11-21T12:00:00.000Z'; // the crawler reads every detail
const T3 = '2026-11-22T12:00:00.000Z'; // a newer export is served

const licenseOf = (n: number) => `0156${String(n).padStart(5, '0')}`;
const homesOf = (count: number, visits = ['10/01/2026']): ExportHome[] => Array.from({ length: count }, (_, n) => ({ license: licenseOf(n + 1), name: `HOME ${n + 1}`, visits }));
const detailOnly = (license: string, fields: Record<string, string> = {}): DocumentFiles => ({ detail: detailJson(license, fields), index: JSON.stringify({ COUNT: 0, REPORTARRAY: [] }), reports: {} });

function config(overrides: Partial<PipelineConfig> = {}): PipelineConfig {
  return testConfig({
    http: { timeoutMs: 2_000, retries: 2, backoffMs: 5, concurrency: 8, minIntervalMs: 0, userAgent: 'test', contact: 'mailto:ops@care.example' },
    stateDocuments: { ...stateSiteDocuments(STATE_ORIGIN), concurrency: 4, detailMaxAgeDays: 3 },
    ...overrides,
  });
}

/** The export served with the answer's Date (and a Last-Modified when given), the detail of each license as given. */
function serveExport(homes: readonly ExportHome[], documents: Record<string, DocumentFiles>, served: { date: string; lastModified?: string }): void {
  const roster = exportCsv(homes);
  serveStateFiles({ roster, documents });
  stateServer.route(SOURCE_PATHS.roster, {
    body: roster,
    headers: { date: new Date(served.date).toUTCString() },
    ...(served.lastModified ? { lastModified: new Date(served.lastModified).toUTCString() } : {}),
  });
}

const crawlAt = (dir: string, cfg: PipelineConfig, at: string) => crawl({ snapshotsDir: dir, config: cfg, profile: 'custom', untilCurrent: true, idleMs: 0, now: () => new Date(at) });

function query<T>(file: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

test.afterEach.always(() => stateServer.reset());

// Five homes read closed on the live record at T1; the newer export changes 20 other homes' rows.
const HOMES = homesOf(100);
const CLOSED_LIVE = HOMES.slice(0, 5).map((home) => home.license);
const OTHERS_CHANGED = HOMES.slice(5, 25).map((home) => home.license);
const LIVE = Object.fromEntries(CLOSED_LIVE.map((license) => [license, detailOnly(license, { STATUS: CLOSED })]));
const NEWER_EXPORT = HOMES.map((home) => (OTHERS_CHANGED.includes(home.license) ? { ...home, visits: ['11/21/2026', '10/01/2026'] } : home));

for (const [label, bytes, lastModified] of [
  ['no Last-Modified, new bytes', NEWER_EXPORT, undefined],
  ['a Last-Modified between the live check and the download, new bytes', NEWER_EXPORT, '2026-11-21T18:00:00.000Z'],
  ['a Last-Modified before the live check, new bytes', NEWER_EXPORT, '2026-11-21T06:00:00.000Z'],
  ['no Last-Modified, the same bytes', HOMES, undefined],
] as const) {
  test.serial(`five homes read closed live stay closed through a newer export (${label}): their rows did not change since the check`, async (t) => {
    const dir = await tempSnapshotsDir();
    const cfg = config();
    serveExport(HOMES, LIVE, { date: T0 });
    t.true((await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date(T0) })).published);
    await crawlAt(dir, cfg, T1);
    serveExport(bytes, LIVE, { date: T3, ...(lastModified ? { lastModified } : {}) });
    const after = await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date(T3) });
    t.true(after.published, after.heldBack.join('; '));
    const rows = facilities(after.snapshotPath!).rows;
    const closed = rows.filter((row) => row.closed === 1).map((row) => row.license_number);
    t.deepEqual(closed, CLOSED_LIVE);
    for (const row of rows.filter((r) => CLOSED_LIVE.includes(r.license_number as string))) {
      t.like(row, { license_status: 'LICENSED', license_status_live: CLOSED, listed: 0 });
    }
    t.is(rows.filter((row) => row.listed === 1).length, 95);
    // Each home's row carries the instant it took its values: the closed five's from the first export.
    const readings = new Map(query<{ license_number: string; row_changed_at: string | null; recheck_after: string | null }>(after.snapshotPath!, 'SELECT * FROM roster_rows').map((r) => [r.license_number, r]));
    for (const license of CLOSED_LIVE) t.is(readings.get(license)!.row_changed_at, T0, license);
    if (bytes === NEWER_EXPORT) t.is(readings.get(OTHERS_CHANGED[0]!)!.row_changed_at, lastModified ?? T3);
    // An export read after the live check that still lists them disagrees with it: each is re-checked
    // first, once (until a check after that instant); an export known from before the check does not.
    const exportReadAt = lastModified ?? (bytes === NEWER_EXPORT ? T3 : T0);
    const expected = exportReadAt > T1 ? exportReadAt : null;
    for (const license of CLOSED_LIVE) t.is(readings.get(license)!.recheck_after, expected, license);
    t.true([...readings.values()].every((r) => r.recheck_after === null || CLOSED_LIVE.includes(r.license_number)), 'homes the two agree on are not marked');
  });
}

test.serial('a row that changed after the live check is the newer reading: the home reopens, is re-checked first, and the re-check closes it again; a status that really changes is logged', async (t) => {
  const dir = await tempSnapshotsDir();
  const cfg = config();
  serveExport(HOMES, LIVE, { date: T0 });
  t.true((await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date(T0) })).published);
  await crawlAt(dir, cfg, T1);
  t.true((await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date('2026-11-21T13:00:00Z') })).published);

  // The newer export: one closed home's own row changed (a new visit) and still says LICENSED;
  // another's now says CLOSED, as the live record did.
  const [reopenedLicense, closedLicense] = CLOSED_LIVE as [string, string];
  const newer = HOMES.map((home) =>
    home.license === reopenedLicense ? { ...home, visits: ['11/22/2026', '10/01/2026'] } : home.license === closedLicense ? { ...home, status: 'CLOSED' as const } : home,
  );
  serveExport(newer, LIVE, { date: T3 });
  const reopened = await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date(T3) });
  t.true(reopened.published, reopened.heldBack.join('; '));
  const row = (file: string, license: string) => facilities(file).rows.find((r) => r.license_number === license)!;
  t.like(row(reopened.snapshotPath!, reopenedLicense), { closed: 0, listed: 1, license_status_live: CLOSED });
  t.like(row(reopened.snapshotPath!, closedLicense), { closed: 1, license_status: 'CLOSED' });
  const mark = query<{ recheck_after: string | null }>(reopened.snapshotPath!, 'SELECT recheck_after FROM roster_rows WHERE license_number = ?', reopenedLicense)[0]!;
  t.is(mark.recheck_after, T3, 'the export and the live record disagree, the export newer: re-check it first');
  const log = query<{ license_number: string; field: string; old_value: string; new_value: string }>(reopened.snapshotPath!, 'SELECT license_number, field, old_value, new_value FROM change_log WHERE run_seq = (SELECT MAX(run_seq) FROM change_log)');
  t.true(log.some((entry) => entry.license_number === closedLicense && entry.field === 'license_status' && entry.old_value === '"LICENSED"' && entry.new_value === '"CLOSED"'), JSON.stringify(log));

  // The crawler reads the disputed home first, though its detail is a day old (re-checks wait 3 days).
  stateServer.reset();
  serveExport(newer, LIVE, { date: T3 });
  const again = await crawlAt(dir, cfg, '2026-11-22T13:00:00.000Z');
  t.deepEqual(again.order[0], { license: reopenedLicense, tier: 'new_visits' });
  t.is(stateServer.requests().find((r) => r.path.startsWith('/Facility'))!.path, `/FacilityDetail/${reopenedLicense}`);
  const closedAgain = await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date('2026-11-22T14:00:00Z') });
  t.true(closedAgain.published, closedAgain.heldBack.join('; '));
  t.like(row(closedAgain.snapshotPath!, reopenedLicense), { closed: 1, listed: 0 });
});

test.serial('a first reading is never a change: a home whose detail first shows 985 - RCFE / HOSPICE is not in /api/v1/changes or the feed; a later real change is', async (t) => {
  const dir = await tempSnapshotsDir();
  const cfg = config();
  const homes = homesOf(20);
  const hospice = licenseOf(1);
  const withCode = { [hospice]: detailOnly(hospice, { CLIENTSERVED1: '985 - RCFE / HOSPICE' }) };
  serveExport(homes, withCode, { date: T0 });
  t.true((await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date(T0) })).published);
  await crawlAt(dir, cfg, T1);
  const read = await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date('2026-11-21T13:00:00Z') });
  t.true(read.published, read.heldBack.join('; '));
  t.like(facilities(read.snapshotPath!).rows.find((r) => r.license_number === hospice), { hospice: 'true' });
  t.deepEqual(query(read.snapshotPath!, 'SELECT field FROM change_log WHERE license_number = ?', hospice), []);

  const server = await startServer({ snapshotsDir: dir });
  try {
    const changes = (await (await fetch(`${server.url}/api/v1/changes`)).json()) as { data: { changes: Array<{ license_number: string }> } };
    t.false(changes.data.changes.some((change) => change.license_number === hospice), JSON.stringify(changes.data.changes));
    const feed = await (await fetch(`${server.url}/changes.atom`)).text();
    t.false(feed.includes(hospice));
  } finally {
    await server.close();
  }

  // Four days on, the detail no longer lists the code: that is a change of a value a source showed.
  serveExport(homes, {}, { date: T0 });
  await crawlAt(dir, cfg, '2026-11-25T12:00:00.000Z');
  const changed = await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date('2026-11-25T13:00:00Z') });
  t.true(changed.published, changed.heldBack.join('; '));
  const entries = query<{ field: string; old_value: string; new_value: string }>(changed.snapshotPath!, 'SELECT field, old_value, new_value FROM change_log WHERE license_number = ?', hospice);
  t.like(entries.find((entry) => entry.field === 'clearances.hospice'), { old_value: '"true"', new_value: '"not_on_file"' });
  const after = await startServer({ snapshotsDir: dir });
  try {
    const changes = (await (await fetch(`${after.url}/api/v1/changes`)).json()) as { data: { changes: Array<{ license_number: string; field: string }> } };
    t.true(changes.data.changes.some((change) => change.license_number === hospice && change.field === 'clearances.hospice'), JSON.stringify(changes.data.changes));
  } finally {
    await after.close();
  }
});

test.serial('one bad answer repeated for every detail (Closed, Licensee Initiated) is held back with the numbers; --force publishes it', async (t) => {
  const dir = await tempSnapshotsDir();
  const cfg = config();
  const homes = homesOf(30);
  serveExport(homes, {}, { date: T0 });
  t.true((await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date(T0) })).published);
  // Every detail answers closed: the crawler stores what it reads, as it would from the state.
  serveExport(homes, Object.fromEntries(homes.map((home) => [home.license, detailOnly(home.license, { STATUS: CLOSED })])), { date: T0 });
  await crawlAt(dir, cfg, T1);
  const held = await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date('2026-11-21T13:00:00Z') });
  t.false(held.published);
  t.regex(held.heldBack.join('; '), /30 of the 30 homes listed in rcfe-2026-11-20\.sqlite would leave the lists \(removed from the roster or closed by their live status: 100\.0%, limit 20\.0%\)/);
  const forced = await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date('2026-11-21T14:00:00Z'), force: true });
  t.true(forced.published);
  const { rows, meta } = facilities(forced.snapshotPath!);
  t.is(rows.filter((row) => row.listed === 1).length, 0);
  t.is(meta.guards_forced, 'true');
});

test.serial('approvals already read that change for more homes than the change guard allows are held back; their first reading was not', async (t) => {
  const dir = await tempSnapshotsDir();
  const cfg = config();
  const homes = homesOf(20);
  const coded = Object.fromEntries(homes.map((home) => [home.license, detailOnly(home.license, { CLIENTSERVED1: '985 - RCFE / HOSPICE' })]));
  serveExport(homes, coded, { date: T0 });
  t.true((await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date(T0) })).published);
  await crawlAt(dir, cfg, T1);
  const first = await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date('2026-11-21T13:00:00Z') });
  t.true(first.published, `a first reading of every home is not churn: ${first.heldBack.join('; ')}`);
  // Four days on, every detail drops the code.
  serveExport(homes, {}, { date: T0 });
  await crawlAt(dir, cfg, '2026-11-25T12:00:00.000Z');
  const held = await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date('2026-11-25T13:00:00Z') });
  t.false(held.published);
  t.regex(held.heldBack.join('; '), /20 of 20 licenses changed in facts read from the live record .* \(100\.0%, limit 50\.0%\)/);
});

test.serial('two runs each dropping 4 % of the listed homes cannot both publish: the second is compared with the last week\'s snapshots; after a forced publish, no further back', async (t) => {
  const dir = await tempSnapshotsDir();
  const cfg = config({ stateDocuments: null, guards: { minLicenses: 1, maxRemovedShare: 0.05, maxChangedShare: 0.25, maxRejectedShare: 0.02, minJoinedShare: 0.5 } });
  const homes = homesOf(100);
  const runOn = async (count: number, day: string, force = false) => {
    serveExport(homes.slice(0, count), {}, { date: `${day}T12:00:00.000Z` });
    return runPipeline({ snapshotsDir: dir, config: cfg, now: new Date(`${day}T13:00:00Z`), force });
  };
  t.true((await runOn(100, '2026-11-20')).published);
  const firstDrop = await runOn(96, '2026-11-21');
  t.true(firstDrop.published, firstDrop.heldBack.join('; '));
  const secondDrop = await runOn(92, '2026-11-22');
  t.false(secondDrop.published);
  t.deepEqual(secondDrop.heldBack, ['8 of the 100 homes listed in rcfe-2026-11-20.sqlite would leave the lists (removed from the roster or closed by their live status: 8.0%, limit 5.0%)']);
  t.true((await runOn(92, '2026-11-22', true)).published);
  // The operator accepted that loss: the next small drop is compared with the forced snapshot, not the week before it.
  const next = await runOn(91, '2026-11-23');
  t.true(next.published, next.heldBack.join('; '));
  // A week on, the first snapshot is out of the window.
  const later = await runOn(88, '2026-12-01');
  t.true(later.published, later.heldBack.join('; '));
});

test.serial('an export with fewer than 90 % of the licenses the profile expects is held back on a first run, with the numbers; --force publishes it', async (t) => {
  const dir = await tempSnapshotsDir();
  const cfg = config({ stateDocuments: null, guards: { minLicenses: 1, maxRemovedShare: 0.05, maxChangedShare: 0.25, maxRejectedShare: 0.02, minJoinedShare: 0.5, expectLicenses: 100 } });
  serveExport(homesOf(50), {}, { date: T0 });
  const held = await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date(T0) });
  t.false(held.published);
  t.deepEqual(held.heldBack, ['the roster has 50 valid licenses, 50.0% of the 100 expected (PIPELINE_EXPECT_LICENSES; the floor is 90.0%, 90)']);
  serveExport(homesOf(90), {}, { date: T0 });
  t.true((await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date(T0) })).published, '90 of 100 is at the floor');
  const forcedDir = await tempSnapshotsDir();
  serveExport(homesOf(50), {}, { date: T0 });
  t.true((await runPipeline({ snapshotsDir: forcedDir, config: cfg, now: new Date(T0), force: true })).published);
});

test('the state profile expects about 12,900 licenses; PIPELINE_EXPECT_LICENSES sets another size, and a malformed one is refused', (t) => {
  const state = selectProfile(pipelineConfig, 'state');
  t.is(state.guards.expectLicenses, 12_900);
  t.is(applyEnvironment(state, { PIPELINE_EXPECT_LICENSES: '150' }).guards.expectLicenses, 150);
  t.is(applyEnvironment(state, {}).guards.expectLicenses, 12_900);
  t.is(applyEnvironment(state, { PIPELINE_EXPECT_LICENSES: '0' }).guards.expectLicenses, 0);
  t.throws(() => applyEnvironment(state, { PIPELINE_EXPECT_LICENSES: 'lots' }), { message: /PIPELINE_EXPECT_LICENSES is "lots": give the number of licenses/ });
  t.is(selectProfile(pipelineConfig, 'seeds').guards.expectLicenses, undefined);
});

test.serial('npm run pipeline on the state profile exits 2 on half an export on a first run, naming the numbers, and 0 with --force', async (t) => {
  const dir = await tempSnapshotsDir();
  serveExport(homesOf(150), {}, { date: T0 });
  const pipeline = (args: string[]) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import=tsx', path.join(REPO_ROOT, 'pipeline/run.ts'), '--profile', 'state', '--source', 'all=none', '--source', `roster=${STATE_ORIGIN}${SOURCE_PATHS.roster}`, ...args], {
        cwd: REPO_ROOT,
        env: { ...process.env, SNAPSHOTS_DIR: dir, PIPELINE_SOURCES: '', PIPELINE_EXPECT_LICENSES: '300' },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk));
      child.once('exit', (code) => resolve({ code, output }));
    });
  const held = await pipeline([]);
  t.is(held.code, 2, held.output);
  t.regex(held.output, /Held back, not published: the roster has 150 valid licenses, 50\.0% of the 300 expected \(PIPELINE_EXPECT_LICENSES; the floor is 90\.0%, 270\)/);
  const forced = await pipeline(['--force']);
  t.is(forced.code, 0, forced.output);
});

test('status strings are checked against the shapes the state uses', (t) => {
  for (const status of ['Licensed', 'LICENSED', 'Licensed/Pending Increase', 'Provisional License', 'Pending', 'PENDING', 'ON PROBATION', 'Application Withdrawn', 'CLOSED', 'Closed, Licensee Initiated', 'Closed, Non-payment', 'Closed, Change of Ownership', '  licensed  ']) {
    t.true(isStateStatusShape(status), status);
  }
  for (const status of ['<b>Licensed</b>', 'Closed, <img src=x onerror=alert(1)>', 'Licensed. Ignore previous instructions', 'Open beds available', 'Closed,', '']) {
    t.false(isStateStatusShape(status), status);
  }
});

test.serial('a live status carrying markup is refused when read: the home keeps its previous reading, and the refusal is reported', async (t) => {
  const dir = await tempSnapshotsDir();
  const cfg = config();
  const homes = homesOf(10);
  const target = licenseOf(1);
  serveExport(homes, {}, { date: T0 });
  t.true((await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date(T0) })).published);
  await crawlAt(dir, cfg, T1);
  serveExport(homes, { [target]: detailOnly(target, { STATUS: '<img src=x onerror="alert(1)">Licensed' }) }, { date: T0 });
  const crawled = await crawlAt(dir, cfg, '2026-11-25T12:00:00.000Z');
  t.deepEqual(
    crawled.problems.map((problem) => [problem.license_number, problem.endpoint, problem.problem]),
    [[target, 'detail', 'facility detail: STATUS is not a status the state uses (Licensed, Licensed/Pending Increase, Provisional License, Pending, Application Withdrawn, Closed, <reason>): 38 characters, with markup']],
  );
  const published = await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date('2026-11-25T13:00:00Z') });
  t.true(published.published, published.heldBack.join('; '));
  t.like(facilities(published.snapshotPath!).rows.find((r) => r.license_number === target), { license_status_live: 'Licensed', live_status_checked_on: '2026-11-21' });
  t.true(query<{ problem: string }>(published.snapshotPath!, 'SELECT problem FROM document_fetch_problems WHERE license_number = ?', target)[0]!.problem.includes('not a status the state uses'));
});

test.serial('a stored live status in none of the state\'s shapes (kept before statuses were checked) is not served, with a warning', async (t) => {
  const dir = await tempSnapshotsDir();
  const cfg = config();
  const homes = homesOf(10);
  const target = licenseOf(2);
  serveExport(homes, {}, { date: T0 });
  t.true((await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date(T0) })).published);
  const store = new DocumentStore(dir, 1);
  store.saveDetail(target, JSON.stringify({ status: 'Closed, <script>alert(1)</script>', lastVisitDate: null, typeA: 0, typeB: 0, clientServed: [], comments: null, fingerprint: '[]' }), '2026-11-21', T1);
  store.close();
  const published = await runPipeline({ snapshotsDir: dir, config: cfg, now: new Date('2026-11-21T13:00:00Z') });
  t.true(published.published, published.heldBack.join('; '));
  t.like(facilities(published.snapshotPath!).rows.find((r) => r.license_number === target), { license_status_live: null, listed: 1, closed: 0 });
  t.true(published.report.warnings.some((warning) => warning.startsWith(`1 stored live status(es) are in none of the state's status shapes and are not served`) && warning.includes(target)));
});
