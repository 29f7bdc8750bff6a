// /healthz names the served snapshot and its date, turns degraded (503 with the reason) when the
// file is gone from disk or older than HEALTH_MAX_SNAPSHOT_AGE_HOURS, and the server then moves to
// the newest valid snapshot there is.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { META } from '../../contract/snapshot-schema.ts';
import { CRAWL_STATUS_FILE, type CrawlStatus } from '../../contract/crawl-status.ts';
import { call, startServer } from '../helpers/server.ts';
import { publishNewerSnapshot } from '../helpers/snapshot.ts';

async function healthUntil(url: string, wanted: (body: any) => boolean): Promise<any> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const reply = await call(`${url}/healthz`);
    if (wanted(reply.body) || Date.now() > deadline) return reply;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('healthy: ok with the file name, its date and when it was built', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const reply = await call(`${server.url}/healthz`);
  t.is(reply.status, 200);
  t.is(reply.body.status, 'ok');
  t.is(reply.body.snapshot.file, server.app.services.snapshots.current.file);
  t.regex(reply.body.snapshot.snapshot_date, /^\d{4}-\d{2}-\d{2}$/);
  t.truthy(Date.parse(reply.body.snapshot.created_at));
  t.false('reason' in reply.body);
});

test('the served file deleted from disk: 503 degraded with the reason, then an older valid file takes over', async (t) => {
  const server = await startServer({ snapshotPollMs: 200 });
  t.teardown(() => server.close());
  const served = server.app.services.snapshots.current.file;
  fs.rmSync(path.join(server.dir, served));

  const degraded = await call(`${server.url}/healthz`);
  t.is(degraded.status, 503);
  t.is(degraded.body.status, 'degraded');
  t.regex(degraded.body.reason, new RegExp(`${served.replace(/\./g, '\\.')} is no longer in SNAPSHOTS_DIR;`));
  t.false(degraded.text.includes(server.dir), 'no server path is shown');
  t.is(degraded.body.snapshot.file, served, 'it still says which file it serves');
  t.is((await call(`${server.url}/api/v1/facilities?limit=1`)).status, 200, 'the open handle keeps serving');

  // An older snapshot than the one deleted: only a switch away from a missing file picks it.
  await publishNewerSnapshot(server.dir, '2000-01-01');
  const recovered = await healthUntil(server.url, (body) => body.status === 'ok');
  t.is(recovered.status, 200);
  t.is(recovered.body.snapshot.file, 'rcfe-2000-01-01.sqlite');
});

test('a snapshot older than the allowed age: 503 with the age, then a fresh one is served and health is ok', async (t) => {
  const server = await startServer({ healthMaxSnapshotAgeHours: 24 });
  t.teardown(() => server.close());
  const store = server.app.services.snapshots;
  t.is((await call(`${server.url}/healthz`)).status, 200);

  const stale = new Date(Date.now() - 30 * 3_600_000).toISOString();
  await publishNewerSnapshot(server.dir, '2098-01-01', (db) => {
    db.prepare('UPDATE metadata SET value = ? WHERE key = ?').run(stale, META.createdAt);
  });
  await store.refresh();
  t.is(store.current.file, 'rcfe-2098-01-01.sqlite');
  const degraded = await call(`${server.url}/healthz`);
  t.is(degraded.status, 503);
  t.regex(degraded.body.reason, /is 30 hours old, over the 24 hours allowed \(HEALTH_MAX_SNAPSHOT_AGE_HOURS\)/);

  await publishNewerSnapshot(server.dir, '2098-01-02');
  const recovered = await healthUntil(server.url, (body) => body.status === 'ok');
  t.is(recovered.status, 200);
  t.is(recovered.body.snapshot.file, 'rcfe-2098-01-02.sqlite');
});

test('HEALTH_MAX_SNAPSHOT_AGE_HOURS is read from the environment; 0 sets no limit', async (t) => {
  const { settingsFromEnv } = await import('../../serve/http/settings.ts');
  t.is(settingsFromEnv({}).healthMaxSnapshotAgeHours, 72);
  t.is(settingsFromEnv({ HEALTH_MAX_SNAPSHOT_AGE_HOURS: '6' }).healthMaxSnapshotAgeHours, 6);
  t.is(settingsFromEnv({ HEALTH_MAX_SNAPSHOT_AGE_HOURS: '0' }).healthMaxSnapshotAgeHours, 0);
  t.throws(() => settingsFromEnv({ HEALTH_MAX_SNAPSHOT_AGE_HOURS: '1.5' }), { message: /HEALTH_MAX_SNAPSHOT_AGE_HOURS must be an integer/ });
});

test('the crawler beside the snapshots: none ever ran is null; a paused one says "state site unreachable since", and one that stopped writing its status reads not running', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  t.is((await call(`${server.url}/healthz`)).body.crawler, null);
  const now = new Date();
  const status: CrawlStatus = {
    state: 'paused', profile: 'state', pid: 1, started_at: now.toISOString(), updated_at: now.toISOString(), snapshot: null,
    unreachable_since: '2026-11-28T04:00:00.000Z', last_failure: 'UND_ERR_SOCKET: other side closed', next_try_at: '2026-11-28T06:00:00.000Z',
    listed: { current: 8000, waiting: 150, never_read: 50 }, not_listed: { current: 4000, waiting: 0, never_read: 700 },
    last_read: { detail: '2026-11-28T03:59:00.000Z', index: null, report: null }, requests: 10, answered: 5,
  };
  fs.writeFileSync(path.join(server.dir, CRAWL_STATUS_FILE), JSON.stringify(status));
  const paused = await call(`${server.url}/healthz`);
  t.is(paused.status, 200, 'the server itself is fine');
  t.like(paused.body.crawler, { state: 'paused', unreachable_since: '2026-11-28T04:00:00.000Z', listed: { current: 8000, waiting: 150, never_read: 50 } });
  t.regex(paused.body.crawler.line, /^crawler paused: state site unreachable since 2026-11-28T04:00:00.000Z/);
  fs.writeFileSync(path.join(server.dir, CRAWL_STATUS_FILE), JSON.stringify({ ...status, state: 'running', updated_at: new Date(now.getTime() - 3_600_000).toISOString() }));
  t.is((await call(`${server.url}/healthz`)).body.crawler.state, 'not_running');
});
