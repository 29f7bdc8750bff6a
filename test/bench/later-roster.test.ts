// The benchmarks' later roster (later-roster.ts) at seed scale: the rewrite is the same bytes for
// the same input, and a second real pipeline run over it logs the changes it made, each dated by
// the later file that showed it.
import test from 'ava';
import Database from 'better-sqlite3';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import config from '../../pipeline.config.ts';
import { selectProfile } from '../../pipeline/config.ts';
import { runPipeline } from '../../pipeline/run.ts';
import { mutateRoster, runOnLaterRoster, type RosterChanges } from './later-roster.ts';

const COUNTS: RosterChanges = { changed: 8, removed: 3, added: 3, clearancesFlipped: 6 };
const FIRST_ROSTER_DATE = '2026-11-16';
const FIRST_APPROVALS_DATE = '2026-11-09';

const scratch = async (t: { teardown(fn: () => Promise<void>): void }) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'later-roster-test-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
};

test('the later roster is the same bytes for the same input, and differs from it', async (t) => {
  const { roster, approvals } = selectProfile(config, 'seeds').sources;
  const sources = { roster, approvals: approvals! };
  const [a, b] = [await scratch(t), await scratch(t)];
  await mutateRoster(sources, a, '2026-12-01', COUNTS);
  await mutateRoster(sources, b, '2026-12-01', COUNTS);
  for (const file of ['roster.csv', 'approvals.csv']) {
    const written = await readFile(path.join(a, file), 'utf8');
    t.is(written, await readFile(path.join(b, file), 'utf8'), file);
    t.not(written, await readFile(file === 'roster.csv' ? roster : approvals!, 'utf8'), file);
  }
});

test('a second run on the later roster logs its added, removed and changed licenses, dated by the later files', async (t) => {
  const dir = await scratch(t);
  const first = await runPipeline({ snapshotsDir: dir, profile: 'seeds' });
  t.truthy(first.snapshotPath, first.heldBack.join('; '));
  const { result, roster } = await runOnLaterRoster(dir, 'seeds', COUNTS);
  t.truthy(result.snapshotPath, result.heldBack.join('; '));
  t.true(roster.rosterDate > FIRST_ROSTER_DATE && roster.approvalsDate > FIRST_APPROVALS_DATE);

  const db = new Database(result.snapshotPath!, { readonly: true });
  t.teardown(() => db.close());
  const rows = db.prepare('SELECT change, field, observed_on FROM change_log').all() as Array<{ change: string; field: string | null; observed_on: string | null }>;
  const of = (change: string, field: string | null = null) => rows.filter((row) => row.change === change && row.field === field);
  t.is(of('added').length, COUNTS.added);
  t.is(of('removed').length, COUNTS.removed);
  for (const row of [...of('added'), ...of('removed')]) t.is(row.observed_on, roster.rosterDate);
  // Each roster field the rewrite changes, shown by the later roster's date.
  for (const field of ['licensee', 'name', 'capacity', 'license_status']) {
    t.true(of('changed', field).length > 0, field);
    for (const row of of('changed', field)) t.is(row.observed_on, roster.rosterDate, field);
  }
  // The flipped care approvals, shown by the later approvals file's date.
  const clearances = rows.filter((row) => row.field?.startsWith('clearances.'));
  t.is(clearances.length, COUNTS.clearancesFlipped);
  for (const row of clearances) t.is(row.observed_on, roster.approvalsDate);
});
