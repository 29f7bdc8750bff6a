// The cumulative change log across three runs and a prune: each snapshot carries the previous
// log forward and appends its own diff, values verbatim with their own source dates.
import test from 'ava';
import Database from 'better-sqlite3';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ChangeLogRow } from '../../contract/changes.ts';
import { runPipeline } from '../../pipeline/run.ts';
import { startServer } from '../helpers/server.ts';
import { serveStateFiles, rosterCsv, tempSnapshotsDir, testConfig, waiverCsv, type RosterFixtureRow } from '../pipeline/fixtures.ts';

type LogRow = ChangeLogRow;

function readLog(file: string): LogRow[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT * FROM change_log ORDER BY run_seq, license_number, field').all() as LogRow[];
  } finally {
    db.close();
  }
}

const home = (n: number, extra: Partial<RosterFixtureRow> = {}): RosterFixtureRow => ({ number: `01560000${n}`, name: `HOME ${n}`, street: `${n} MAIN ST`, ...extra });

test.serial('the change log is carried forward across three runs and survives the prune of the first snapshot', async (t) => {
  const dir = await tempSnapshotsDir();
  const config = testConfig({ keepSnapshots: 2, guards: { minLicenses: 1, maxRemovedShare: 1, maxChangedShare: 1, maxRejectedShare: 0.5, minJoinedShare: 0 } });
  const run = async (rows: RosterFixtureRow[], day: string) => {
    serveStateFiles({ roster: rosterCsv(rows) });
    const result = await runPipeline({ snapshotsDir: dir, config, now: new Date(`${day}T16:00:00Z`) });
    t.true(result.published);
    return result.snapshotPath!;
  };

  const first = await run([home(1), home(2), home(3)], '2026-11-20');
  t.deepEqual(readLog(first), [], 'the first snapshot is the baseline: nothing is logged as added');

  const second = await run(
    [home(1), home(2, { licensee: 'NEW OWNER INC', fileDate: '11/23/2026' }), home(4, { fileDate: '11/23/2026' })].map((row) => ({ fileDate: '11/23/2026', ...row })),
    '2026-11-24',
  );
  const secondLog = readLog(second);
  const licenseeChange = secondLog.find((row) => row.field === 'licensee');
  t.like(licenseeChange, {
    run_seq: 1,
    snapshot_file: path.basename(second),
    license_number: '015600002',
    change: 'changed',
    old_value: JSON.stringify('ACME CARE LLC'),
    new_value: JSON.stringify('NEW OWNER INC'),
    old_source_date: '2026-11-16',
    new_source_date: '2026-11-23',
    observed_on: '2026-11-23',
  });
  const removed = secondLog.find((row) => row.change === 'removed');
  t.like(removed, { license_number: '015600003', name: 'HOME 3', field: null, new_value: null, observed_on: '2026-11-23' });
  t.is(JSON.parse(removed!.old_value!).license_number, '015600003', 'a removed license keeps its last record verbatim');
  t.like(secondLog.find((row) => row.change === 'added'), { license_number: '015600004', old_value: null, new_source_date: '2026-11-23' });
  t.false(secondLog.some((row) => row.field === 'disputes'), 'correction reviews are never record changes');

  const third = await run([home(1, { capacity: '12' }), home(2, { licensee: 'NEW OWNER INC' }), home(4)].map((row) => ({ fileDate: '11/30/2026', ...row })), '2026-12-01');
  const remaining = (await readdir(dir)).filter((entry) => entry.endsWith('.sqlite') && entry.startsWith('rcfe-')).sort();
  t.deepEqual(remaining, [path.basename(second), path.basename(third)], 'the first snapshot was pruned');

  const thirdLog = readLog(third);
  t.deepEqual(thirdLog.filter((row) => row.run_seq === 1), secondLog, 'the earlier run\'s rows are carried forward unchanged');
  const capacity = thirdLog.filter((row) => row.run_seq === 2);
  t.deepEqual(
    capacity.map((row) => [row.license_number, row.field, row.old_value, row.new_value, row.old_source_date, row.new_source_date]),
    [['015600001', 'capacity', '6', '12', '2026-11-23', '2026-11-30']],
  );
  t.is(capacity[0]!.snapshot_file, path.basename(third));
});

test.serial('on a roster that states no date, a change is still published and logged undated: observed_on null, never the run date', async (t) => {
  const dir = await tempSnapshotsDir();
  const config = testConfig({ guards: { minLicenses: 1, maxRemovedShare: 1, maxChangedShare: 1, maxRejectedShare: 0.5, minJoinedShare: 0 } });
  const undated = (rows: RosterFixtureRow[]) => rows.map((row) => ({ ...row, fileDate: '' }));
  serveStateFiles({ roster: rosterCsv(undated([home(1), home(2)])) });
  t.true((await runPipeline({ snapshotsDir: dir, config, now: new Date('2026-11-20T16:00:00Z') })).published);
  serveStateFiles({ roster: rosterCsv(undated([home(1, { licensee: 'NEW OWNER INC' }), home(3)])) });
  const second = await runPipeline({ snapshotsDir: dir, config, now: new Date('2026-11-24T16:00:00Z') });
  t.true(second.published, second.heldBack.join('; '));
  const log = readLog(second.snapshotPath!);
  t.deepEqual(
    log.map((row) => [row.license_number, row.change, row.field, row.observed_on]),
    [
      ['015600001', 'changed', 'licensee', null],
      ['015600002', 'removed', null, null],
      ['015600003', 'added', null, null],
    ],
  );
  // Served as undated: null in the API, a change no `since` date can place, the feed dated by its snapshot.
  const server = await startServer({ snapshotsDir: dir });
  try {
    const history = (await (await fetch(`${server.url}/api/v1/facilities/015600001/history`)).json()) as any;
    t.deepEqual(history.data.changes.map((row: any) => [row.field, row.observed_on]), [['licensee', null]]);
    const since = (await (await fetch(`${server.url}/api/v1/changes?since=2000-01-01`)).json()) as any;
    t.is(since.data.changes.length, 0);
    const feed = await (await fetch(`${server.url}/changes.atom`)).text();
    t.regex(feed, /<updated>2026-11-24T/);
    t.notRegex(feed, /Invalid|NaN|null/);
  } finally {
    await server.close();
  }
});

test.serial('a value that changes while its own source keeps its date is dated by the roster that changed it, never before the runs that saw the old value', async (t) => {
  const dir = await tempSnapshotsDir();
  const config = testConfig({ guards: { minLicenses: 1, maxRemovedShare: 1, maxChangedShare: 1, maxRejectedShare: 0.5, minJoinedShare: 0 } });
  // The same waiver list (as of 2026-10-01) in both runs; the home it names by name is renamed.
  const waiver = waiverCsv([['Cedar Home', '202 Oak Avenue', 'Oakland', '94612']]);
  const cedar = (name: string, fileDate: string): RosterFixtureRow => ({ number: '15600002', name, street: '200 OAK AVE', zip: '94612', fileDate });
  serveStateFiles({ roster: rosterCsv([home(1, { fileDate: '11/16/2026' }), cedar('CEDAR HOME', '11/16/2026')]), waiver });
  t.true((await runPipeline({ snapshotsDir: dir, config, now: new Date('2026-11-20T16:00:00Z') })).published);
  serveStateFiles({ roster: rosterCsv([home(1, { fileDate: '11/23/2026' }), cedar('CEDAR GARDENS', '11/23/2026')]), waiver });
  const second = await runPipeline({ snapshotsDir: dir, config, now: new Date('2026-11-24T16:00:00Z') });
  t.true(second.published, second.heldBack.join('; '));
  const alw = readLog(second.snapshotPath!).find((row) => row.field === 'alw_participation');
  t.like(alw, {
    license_number: '015600002',
    old_value: JSON.stringify('true'),
    new_value: JSON.stringify('not_on_file'),
    // Both values carry the list's own date, verbatim; the change is placed on the roster that made it.
    old_source_date: '2026-10-01',
    new_source_date: '2026-10-01',
    observed_on: '2026-11-23',
  });
});
