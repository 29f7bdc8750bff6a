// /readyz (issue 49): whether this instance can answer now, apart from /healthz's alerting rules.
// 200 with a verified snapshot and a good overlay whatever the snapshot's age (a late pipeline run
// ages every replica at once and must not take them all out of service); 503 naming why while no
// good operator overlay was ever read (the server refuses every request then); never cached.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { META } from '../../contract/snapshot-schema.ts';
import { OPERATOR_STORE_FILE } from '../../contract/overlay.ts';
import { runOperatorCommand } from '../../serve/operator/cli.ts';
import { call, startServer } from '../helpers/server.ts';
import { publishNewerSnapshot, snapshotDir } from '../helpers/snapshot.ts';

const quiet = { out: () => {} };

test('ready: 200 naming the snapshot, no-store, no ETag; anything in the query is refused', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const ready = await call(`${server.url}/readyz`);
  t.is(ready.status, 200);
  t.is(ready.headers.get('cache-control'), 'no-store');
  t.is(ready.headers.get('etag'), null);
  t.deepEqual(ready.body, {
    status: 'ready',
    snapshot: { file: server.app.services.snapshots.current.file, run_id: server.app.services.snapshots.current.meta.runId },
    overlay: { state: 'current' },
  });
  const asked = await call(`${server.url}/readyz?verbose=1`, { headers: { accept: 'text/html' } });
  t.is(asked.status, 400);
  t.regex(asked.headers.get('content-type') ?? '', /json/, 'a machine path: the JSON error, never a page');
});

test('a snapshot older than HEALTH_MAX_SNAPSHOT_AGE_HOURS: /healthz alerts with 503, /readyz stays 200', async (t) => {
  const server = await startServer({ healthMaxSnapshotAgeHours: 24 });
  t.teardown(() => server.close());
  await publishNewerSnapshot(server.dir, '2098-01-01', (db) => {
    db.prepare('UPDATE metadata SET value = ? WHERE key = ?').run(new Date(Date.now() - 30 * 3_600_000).toISOString(), META.createdAt);
  });
  await server.app.services.snapshots.refresh();
  t.is(server.app.services.snapshots.current.file, 'rcfe-2098-01-01.sqlite');
  t.is((await call(`${server.url}/healthz`)).status, 503);
  const ready = await call(`${server.url}/readyz`);
  t.is(ready.status, 200);
  t.like(ready.body, { status: 'ready', snapshot: { file: 'rcfe-2098-01-01.sqlite' } });
});

test('no good overlay ever read: 503 naming why (without a server path) until the store reads; a stale overlay is ready', async (t) => {
  const dir = await snapshotDir();
  const store = path.join(dir, OPERATOR_STORE_FILE);
  fs.writeFileSync(store, 'this is not a SQLite database');
  const server = await startServer({ snapshotsDir: dir });
  t.teardown(() => server.close());

  const refused = await call(`${server.url}/readyz`);
  t.is(refused.status, 503);
  t.is(refused.headers.get('cache-control'), 'no-store');
  t.is(refused.body.status, 'not_ready');
  t.regex(refused.body.reason, /no good operator overlay was ever read \(the operator store operator\.sqlite cannot be read/);
  t.false(refused.text.includes(dir), 'no server path is shown');
  t.like(refused.body.overlay, { state: 'unavailable' });
  t.is((await call(`${server.url}/api/v1`)).status, 503, 'the rest is refused meanwhile');

  // Readable again: ready.
  fs.rmSync(store);
  t.is(runOperatorCommand(['review', 'open', '000000001', 'dementia'], { snapshotsDir: dir, ...quiet }), 0);
  server.app.services.overlays.refresh();
  t.like((await call(`${server.url}/readyz`)).body, { status: 'ready', overlay: { state: 'current' } });

  // Unreadable once more: the last good overlay serves (stale), and the instance stays ready.
  fs.writeFileSync(store, 'overwritten again');
  server.app.services.overlays.refresh();
  const stale = await call(`${server.url}/readyz`);
  t.is(stale.status, 200);
  t.like(stale.body, { status: 'ready', overlay: { state: 'stale' } });
});
