// Since when changes are kept is written by the pipeline, never inferred by the server: a
// profile's first run sets it to its own date, every later run carries it from the previous
// snapshot, and MCP get_home and fetch say that date (the log's first logged change is later).
import test from 'ava';
import Database from 'better-sqlite3';
import { runPipeline } from '../../pipeline/run.ts';
import { startServer } from '../helpers/server.ts';
import { connect } from '../mcp/helpers.ts';
import { STATE_ORIGIN, rosterCsv, rosterOnly, stateServer, tempSnapshotsDir } from './fixtures.ts';

const homes = (thirdName: string) => [
  { number: '15600001', name: 'ACORN HOME' },
  { number: '15600002', name: 'BIRCH HOME' },
  { number: '15600003', name: thirdName },
];

function keptSince(file: string): string | undefined {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare("SELECT value FROM metadata WHERE key = 'changes_kept_since'").pluck().get() as string | undefined;
  } finally {
    db.close();
  }
}

test.serial("a first run keeps changes from its own date, a later run carries that date, and MCP says it", async (t) => {
  stateServer.reset();
  const dir = await tempSnapshotsDir();
  const config = rosterOnly(`${STATE_ORIGIN}/roster.csv`);
  stateServer.route('/roster.csv', { body: rosterCsv(homes('CEDAR HOME')) });
  const first = await runPipeline({ snapshotsDir: dir, config, now: new Date('2026-11-20T18:00:00Z') });
  t.truthy(first.snapshotPath);
  t.is(keptSince(first.snapshotPath!), '2026-11-20', "a first run's log begins on its own date");

  // The second run sees a change, so its log's first logged change is dated 2026-11-22: the log
  // still begins on 2026-11-20 (nothing changed between the runs but that).
  stateServer.route('/roster.csv', { body: rosterCsv(homes('CEDAR HOUSE')) });
  const second = await runPipeline({ snapshotsDir: dir, config, now: new Date('2026-11-22T18:00:00Z') });
  t.truthy(second.snapshotPath);
  t.is(keptSince(second.snapshotPath!), '2026-11-20', 'a later run carries the first run\'s date');
  const db = new Database(second.snapshotPath!, { readonly: true });
  t.deepEqual(db.prepare('SELECT DISTINCT snapshot_date FROM change_log').pluck().all(), ['2026-11-22']);
  db.close();

  const server = await startServer({ snapshotsDir: dir });
  const client = await connect(`${server.url}/mcp`, 'modern');
  try {
    const got = (await client.callTool({ name: 'get_home', arguments: { license_number: '015600001' } })).structuredContent as any;
    t.is(got.changes.total, 0);
    t.is(got.changes.kept_since, '2026-11-20');
    t.true(got.changes.note.includes('change log, which begins on 2026-11-20, holds no change'), got.changes.note);
    const fetched = (await client.callTool({ name: 'fetch', arguments: { id: '015600001' } })).structuredContent as any;
    t.true(fetched.text.includes('change log, which begins on 2026-11-20'), fetched.text);
  } finally {
    await client.close();
    await server.close();
  }
});
