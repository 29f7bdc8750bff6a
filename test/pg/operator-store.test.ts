// The operator store in PostgreSQL (issue 49, item 5), against a real PostgreSQL 15 started here:
// the schema is created on first use and migrated by version (instances starting together do
// not race); a correction sent through one instance is listed by `npm run operator` against the
// same DATABASE_URL; a review opened with the CLI reaches two instances (one a cluster of two
// workers) within OVERLAY_POLL_MS + 2 s; with PostgreSQL stopped the review still holds from the
// last-good copy, /healthz says the store is stale, a form answers 503 and nothing crashes.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import test from 'ava';
import pg from 'pg';
import { OPERATOR_STORE_FILE, OPERATOR_STORE_POSTGRES_MIGRATIONS } from '../../contract/overlay.ts';
import { NOT_SAVED } from '../../serve/operator/writes.ts';
import { openOperatorStore } from '../../serve/records/operator-store-open.ts';
import { migrateOperatorStore, POOL_MAX } from '../../serve/records/operator-store-postgres.ts';
import { createLogger } from '../../serve/lib/log.ts';
import { children, freePort, get, killCluster, start, type Running } from '../cluster/helpers.ts';
import { examples } from '../helpers/examples.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { snapshotDir, tempDir } from '../helpers/snapshot.ts';
import { startPostgres, type RunningPostgres } from '../helpers/postgres.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'care-secret';
const POLL_MS = 1_000;
const WORKERS = 2;
const silent = createLogger('silent');

let postgres: RunningPostgres | null = null;
let cluster: Running | null = null;
let single: TestServer | null = null;

test.before(async () => {
  postgres = await startPostgres();
});
test.after.always(async () => {
  killCluster(cluster);
  await single?.close().catch(() => {});
  await postgres?.destroy();
});

async function versions(url: string): Promise<number[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map((row) => row.version);
  } finally {
    await client.end();
  }
}

/** `npm run operator -- ...` as its own process against this database; its output and exit code. */
function operator(databaseUrl: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import=tsx', path.join(ROOT, 'serve/operator/cli.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, SNAPSHOTS_DIR: tempDir('operator-cli') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

test.serial('the schema is created on first use, by version, once however many instances start together', async (t) => {
  const url = await postgres!.database('first_use');
  const stores = Array.from({ length: 4 }, () => openOperatorStore({ snapshotsDir: tempDir('unused'), databaseUrl: url }, silent));
  try {
    const reads = await Promise.all(stores.map((store) => store.readOverlay()));
    for (const read of reads) t.deepEqual(read, { reviews: [], disputes: [], handoffMode: null });
  } finally {
    await Promise.all(stores.map((store) => store.close()));
  }
  t.deepEqual(await versions(url), OPERATOR_STORE_POSTGRES_MIGRATIONS.map((migration) => migration.version));
  t.true(POOL_MAX <= 5, 'each process holds a small pool');
});

test.serial('a store at an older version is migrated by version on first use, and what it held is kept', async (t) => {
  const url = await postgres!.database('older_version');
  const client = new pg.Client(url);
  await client.connect();
  try {
    t.deepEqual(await migrateOperatorStore(client, OPERATOR_STORE_POSTGRES_MIGRATIONS.slice(0, 1)), [1]);
    await client.query("INSERT INTO clearance_reviews (license_number, clearance, opened_at) VALUES ('019200001', 'hospice', '2026-01-01T00:00:00.000Z')");
    t.is((await client.query("SELECT to_regclass('corrections') AS found")).rows[0].found, null, 'version 1 has no corrections table');
  } finally {
    await client.end();
  }
  t.deepEqual(await versions(url), [1]);

  const store = openOperatorStore({ snapshotsDir: tempDir('unused'), databaseUrl: url }, silent);
  try {
    t.deepEqual((await store.readOverlay())?.reviews, [{ license_number: '019200001', clearance: 'hospice' }]);
    await store.storeCorrection({
      received_at: '2026-01-02T00:00:00.000Z',
      license_number: '019200001',
      field: 'phone',
      what_is_wrong: 'wrong',
      should_say: 'right',
      source_url: null,
    });
    t.is((await store.submissions('corrections')).length, 1);
  } finally {
    await store.close();
  }
  t.deepEqual(await versions(url), OPERATOR_STORE_POSTGRES_MIGRATIONS.map((migration) => migration.version));
});

test.serial('a connection cut in the middle of a read fails that read, never the process; the next read is good', async (t) => {
  const url = await postgres!.database('cut_read');
  const store = openOperatorStore({ snapshotsDir: tempDir('unused'), databaseUrl: url }, silent);
  const admin = new pg.Client(url);
  await admin.connect();
  try {
    await store.readOverlay();
    // Hold the reviews table, so the next read waits inside its transaction; then cut its connection.
    await admin.query('BEGIN');
    await admin.query('LOCK TABLE clearance_reviews IN ACCESS EXCLUSIVE MODE');
    const read = store.readOverlay() as Promise<unknown>;
    let cut = 0;
    for (const deadline = Date.now() + 20_000; cut === 0 && Date.now() < deadline; await sleep(50)) {
      const found = await admin.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE application_name = 'care-home-operator-store' AND wait_event_type = 'Lock'",
      );
      for (const { pid } of found.rows) cut += (await admin.query('SELECT pg_terminate_backend($1)', [pid])).rowCount ?? 0;
    }
    t.is(cut, 1, 'the waiting read was found and cut');
    await t.throwsAsync(read);
    await admin.query('ROLLBACK');
    // The process is still here (an unheard connection error would have ended it), and the pool reads on.
    await sleep(200);
    t.deepEqual(await store.readOverlay(), { reviews: [], disputes: [], handoffMode: null });
  } finally {
    await admin.end();
    await store.close();
  }
});

test.serial('a change is pushed (LISTEN/NOTIFY): a server that polls hourly holds a CLI review within seconds, and lets it go', async (t) => {
  const url = await postgres!.database('notified');
  const ex = await examples();
  const home = ex.one<{ license_number: string }>('a listed hospice home', "SELECT license_number FROM facilities WHERE listed = 1 AND hospice = 'true' ORDER BY sort_key");
  const server = await startServer({ databaseUrl: url, overlayPollMs: 3_600_000 });
  t.teardown(() => server.close());
  const hospice = async () => JSON.parse((await get(`${server.url}/api/v1/facilities/${home.license_number}`)).body).data.clearances.hospice.value as string;
  const until = async (value: (read: string) => boolean) => {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(100)) if (value(await hospice())) return true;
    return false;
  };
  t.not(await hospice(), 'not_on_file');
  t.is((await operator(url, 'review', 'open', home.license_number, 'hospice')).code, 0);
  t.true(await until((read) => read === 'not_on_file'), 'held without waiting for the hourly poll');
  t.is((await operator(url, 'review', 'close', home.license_number, 'hospice')).code, 0);
  t.true(await until((read) => read !== 'not_on_file'), 'released without waiting for the hourly poll');
});

test.serial('two instances on one PostgreSQL: a form write is the CLI\'s to list, a CLI review reaches both in time, PostgreSQL down holds it', async (t) => {
  const url = await postgres!.database('shared');
  const ex = await examples();
  const home = ex.one<{ license_number: string; city: string }>(
    'a listed dementia home',
    "SELECT license_number, city FROM facilities WHERE listed = 1 AND dementia = 'true' AND city IS NOT NULL ORDER BY sort_key",
  );
  // Two machines: each its own snapshots folder (and so its own last-good copy).
  const clusterDir = await snapshotDir();
  cluster = start({ SNAPSHOTS_DIR: clusterDir, PORT: String(await freePort()), WEB_CONCURRENCY: String(WORKERS), OVERLAY_POLL_MS: String(POLL_MS), DATABASE_URL: url });
  single = await startServer({ databaseUrl: url, overlayPollMs: POLL_MS });
  const clusterUrl = (await cluster.waitFor((line) => line.msg === 'serving' && line.workers === WORKERS, 180_000)).url as string;
  const instances = [clusterUrl, clusterUrl, single.url];
  const health = async (base: string) => JSON.parse((await get(`${base}/healthz`)).body) as { overlay: Record<string, unknown> };
  // A first read that failed on a loaded machine (a connection timed out) is retried at the next poll.
  for (let current = 0, until = Date.now() + 60_000; current < 2 * WORKERS + 1 && Date.now() < until; await sleep(100)) {
    const states = await Promise.all([health(clusterUrl), health(single.url)]);
    if (states.every((state) => state.overlay.state === 'current')) current += 1;
    else {
      current = 0;
      t.log(`not yet current: ${states.map((state) => state.overlay.reason ?? state.overlay.state).join('; ')}`);
    }
  }

  // A correction sent through the cluster is listed by the CLI against the same DATABASE_URL.
  const form = new URLSearchParams({ license: home.license_number, field: 'phone', what_is_wrong: 'The number rings a closed office.', should_say: '(510) 555-0100' });
  const sent = await get(`${clusterUrl}/corrections`, { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, form.toString());
  t.is(sent.status, 200, sent.body.slice(0, 300));
  const listed = await operator(url, 'corrections', 'list');
  t.is(listed.code, 0, listed.stderr);
  t.regex(listed.stdout, new RegExp(`corrections: 1\\n\\s+#1 \\S+ ${home.license_number} phone`));
  t.false(fs.existsSync(path.join(clusterDir, OPERATOR_STORE_FILE)), 'nothing written to a SQLite file');
  t.false(fs.existsSync(path.join(single.dir, OPERATOR_STORE_FILE)));

  const dementia = async (base: string) => {
    const answer = await get(`${base}/api/v1/facilities/${home.license_number}`);
    return JSON.parse(answer.body).data.clearances.dementia.value as string;
  };
  for (const base of instances) t.not(await dementia(base), 'not_on_file', 'the home reads its recorded value before the review');

  // A review opened with the CLI: every instance (each worker of the cluster) holds it by OVERLAY_POLL_MS + 2 s.
  const opened = await operator(url, 'review', 'open', home.license_number, 'dementia');
  t.is(opened.code, 0, opened.stderr);
  t.regex(opened.stdout, /review opened/);
  const deadline = Date.now() + POLL_MS + 2_000;
  await sleep(deadline - Date.now());
  for (const base of [...instances, clusterUrl]) t.is(await dementia(base), 'not_on_file', base);
  t.true(Date.now() < deadline + 2_000, 'the checks themselves were quick');

  // PostgreSQL down: the review holds, /healthz says stale (200: still in rotation), forms say 503.
  await postgres!.stop();
  const stoppedAt = Date.now();
  for (let seen = 0, until = Date.now() + 60_000; seen < 2 * WORKERS + 1 && Date.now() < until; ) {
    const states = await Promise.all([health(clusterUrl), health(single.url)]);
    seen = states.every((state) => state.overlay.state === 'stale') ? seen + 1 : 0;
    await sleep(100);
  }
  t.log(`stale after ${Date.now() - stoppedAt} ms`);
  for (const base of [...instances, clusterUrl]) {
    const answer = await get(`${base}/healthz`);
    t.is(answer.status, 200);
    const overlay = JSON.parse(answer.body).overlay;
    t.like(overlay, { state: 'stale', reviews_held: 1 });
    t.regex(overlay.reason, /^the operator store PostgreSQL 127\.0\.0\.1:\d+\/shared cannot be read/);
    t.is(await dementia(base), 'not_on_file');
    const refused = await get(`${base}/corrections`, { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, form.toString());
    t.is(refused.status, 503);
    t.true(refused.body.includes(NOT_SAVED.replace(/'/g, '&#39;')) || refused.body.includes(NOT_SAVED));
  }
  const down = await operator(url, 'corrections', 'list');
  t.is(down.code, 1);
  t.regex(down.stderr, /the operator store cannot be used/);

  // A worker that starts while PostgreSQL is down serves the last-good copy.
  const [victim] = children(cluster.child.pid!);
  process.kill(victim!, 'SIGKILL');
  await cluster.waitFor((line) => line.msg === 'worker serving' && line.pid !== victim, 180_000);
  const sources = new Set<string>();
  for (let i = 0; i < 2 * WORKERS; i += 1) {
    t.is(await dementia(clusterUrl), 'not_on_file');
    sources.add((await health(clusterUrl)).overlay.source as string);
  }
  t.true(sources.has('last-good copy'), [...sources].join(', '));
  t.is(children(cluster.child.pid!).length, WORKERS);
  t.deepEqual(
    cluster.lines.filter((line) => line.msg.startsWith('worker exited')).map((line) => line.pid),
    [victim],
    'no worker ended but the one killed: PostgreSQL going away crashes nothing',
  );

  // PostgreSQL back: current again, and still held.
  t.log(`worker replaced by ${Date.now() - stoppedAt} ms`);
  await postgres!.restart();
  const restartedAt = Date.now();
  for (let until = Date.now() + 60_000; Date.now() < until; await sleep(200)) {
    if ((await health(single.url)).overlay.state === 'current') break;
  }
  t.log(`current again after ${Date.now() - restartedAt} ms`);
  t.like((await health(single.url)).overlay, { state: 'current', source: 'store', reviews_held: 1 });

  // The password never reaches a log line.
  const logged = cluster.lines.map((line) => JSON.stringify(line)).join('\n') + cluster.stderr.join('') + down.stderr + listed.stderr;
  t.false(logged.includes(PASSWORD));
});
