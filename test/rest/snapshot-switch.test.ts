// Serving snapshots: the newest valid file is served, a newer one is switched in without a
// restart and without failing a request in flight, invalid files are refused, and the process
// refuses to start without a valid snapshot.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import test from 'ava';
import { createServer } from '../../serve/server.ts';
import { settingsFromEnv } from '../../serve/http/settings.ts';
import { createLogger } from '../../serve/lib/log.ts';
import { NoValidSnapshotError, openSnapshot } from '../../serve/records/snapshot.ts';
import { examples } from '../helpers/examples.ts';
import { call, postJson, startServer } from '../helpers/server.ts';
import { publishNewerSnapshot, seedSnapshotFile, snapshotDir, tempDir } from '../helpers/snapshot.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

test('a newer snapshot is switched in under concurrent requests, none fails, and the old one closes when idle', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const ex = await examples();
  const license = ex.one<{ license_number: string }>('a listed home', 'SELECT license_number FROM facilities WHERE listed = 1').license_number;
  const store = server.app.services.snapshots;
  const old = store.current;
  const oldDate = old.meta.snapshotDate;
  const newDate = '2099-01-01';

  const statuses: number[] = [];
  const seen = new Set<string | null>();
  const requests = [
    () => call(`${server.url}/api/v1/facilities?limit=20`),
    () => call(`${server.url}/api/v1/facilities/${license}`),
    () => call(`${server.url}/api/v1/facilities/${license}/reports`),
    () => postJson(`${server.url}/api/v1/check`, { homes: [license, 'Sunrise Villa'] }),
  ];
  // Workers keep requests in flight until each has been served by the new snapshot (bounded by count).
  const worker = async (id: number) => {
    let sawNew = false;
    for (let i = 0; i < 2_000 && !sawNew; i += 1) {
      const reply = await requests[(id + i) % requests.length]!();
      statuses.push(reply.status);
      const date = reply.body?.attribution?.retrieved_on ?? null;
      seen.add(reply.body?.data?.data_dates ? 'check' : date);
      if (date === newDate) sawNew = true;
    }
    return sawNew;
  };
  const running = Array.from({ length: 8 }, (_, id) => worker(id));
  while (statuses.length < 40) await new Promise((resolve) => setImmediate(resolve));
  await publishNewerSnapshot(server.dir, newDate);
  await store.refresh(); // the folder watcher may already have switched; either way the new file serves
  const finished = await Promise.all(running);

  t.true(finished.every(Boolean), 'every worker saw the new snapshot');
  t.true(statuses.length > 40);
  t.deepEqual([...new Set(statuses)], [200]);
  t.true(seen.has(oldDate) && seen.has(newDate), `dates served: ${[...seen].join(', ')}`);
  t.is(store.current.meta.snapshotDate, newDate);
  t.is((await call(`${server.url}/api/v1/facilities?limit=1`)).body.attribution.retrieved_on, newDate);
  // A lease ends when hapi reports the response finished, which can trail the client's read.
  for (let i = 0; i < 100 && old.isOpen; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  t.false(old.isOpen, 'the replaced snapshot is closed once no request holds it');
});

test('a request holding the old snapshot keeps it open until it releases it', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const store = server.app.services.snapshots;
  const held = store.acquire();
  await publishNewerSnapshot(server.dir, '2099-02-01');
  await store.refresh();
  t.not(store.current, held);
  t.true(held.isOpen);
  t.true((held.statement('SELECT COUNT(*) AS n FROM facilities').get() as { n: number }).n > 0);
  held.release();
  t.false(held.isOpen);
});

test('invalid newer files are refused and the current snapshot keeps serving', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const store = server.app.services.snapshots;
  const served = store.current.file;
  const source = await seedSnapshotFile();

  fs.writeFileSync(path.join(server.dir, 'rcfe-2099-03-01.sqlite'), fs.readFileSync(source).subarray(0, 8192)); // truncated
  fs.writeFileSync(path.join(server.dir, 'rcfe-2099-03-02.sqlite'), 'not a database at all');
  await publishNewerSnapshot(server.dir, '2099-03-03', (db) => {
    db.prepare("UPDATE metadata SET value = '999' WHERE key = 'schema_version'").run();
  });
  await publishNewerSnapshot(server.dir, '2099-03-04', (db) => db.exec('DROP TABLE reports'));
  fs.writeFileSync(path.join(server.dir, 'rcfe-2099-03-05.sqlite.writing-123'), 'a pipeline write in progress');
  t.false(await store.refresh());
  t.is(store.current.file, served);
  const reply = await call(`${server.url}/api/v1/facilities?limit=1`);
  t.is(reply.status, 200);
  t.is((await call(`${server.url}/healthz`)).body.snapshot.file, served);

  // A valid file older than the bad ones but newer than the served one is still found.
  await publishNewerSnapshot(server.dir, '2099-02-15');
  t.true(await store.refresh());
  t.is(store.current.file, 'rcfe-2099-02-15.sqlite');
});

/** A copy of `source` whose structure still opens but one page of which is garbage. */
function withGarbagePage(source: string, target: string): void {
  const bytes = fs.readFileSync(source);
  const pageSize = bytes.readUInt16BE(16) === 1 ? 65_536 : bytes.readUInt16BE(16);
  for (let page = Math.floor(bytes.length / pageSize) - 1; page > 1; page -= 1) {
    const copy = Buffer.from(bytes);
    copy.fill(0xa5, page * pageSize, (page + 1) * pageSize);
    fs.writeFileSync(target, copy);
    let opens = false;
    try {
      openSnapshot(target, { pages: 'skip' }).retire();
      opens = true;
      openSnapshot(target).retire();
    } catch {
      if (opens) return; // opens, but its pages fail quick_check
    }
  }
  throw new Error('no page found whose damage only quick_check sees');
}

// Issue 46, item 6: the pages are checked before the server listens, so no request reads a damaged file.
test('at start the newest file\'s pages are checked before the server listens: a damaged one is never served, an older valid file is', async (t) => {
  const dir = await snapshotDir();
  const older = fs.readdirSync(dir).find((name) => name.endsWith('.sqlite'))!;
  withGarbagePage(path.join(dir, older), path.join(dir, 'rcfe-2099-05-01.sqlite'));
  const lines: string[] = [];
  const settings = { ...settingsFromEnv({}), snapshotsDir: dir, port: 0, host: '127.0.0.1', logLevel: 'info' as const, snapshotPollMs: 3_600_000 };
  const app = await createServer(settings, createLogger('info', (line) => lines.push(line)));
  t.teardown(() => app.close());
  t.is(app.services.snapshots.current.file, older, 'listening, it serves the older file already');
  t.is((await call(`${app.url}/healthz`)).body.snapshot.file, older);
  const rejected = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'snapshot rejected');
  t.like(rejected, { level: 'error', file: 'rcfe-2099-05-01.sqlite' });
  t.regex(rejected.reason, /quick_check|malformed/);
});

test('at start a sound file is verified on a worker and keeps serving', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const served = server.app.services.snapshots.current;
  await server.app.services.snapshots.verifyStartFile();
  t.is(server.app.services.snapshots.current, served);
  t.true(served.isOpen);
});

test('the server refuses to start, with a clear message, when no valid snapshot exists', async (t) => {
  const dir = tempDir('empty');
  fs.writeFileSync(path.join(dir, 'rcfe-2026-01-01.sqlite'), 'corrupt');
  const settings = { ...settingsFromEnv({}), snapshotsDir: dir, port: 0, host: '127.0.0.1', logLevel: 'silent' as const };
  const error = await t.throwsAsync(() => createServer(settings), { instanceOf: NoValidSnapshotError });
  t.regex(error!.message, /No valid snapshot in .*npm run pipeline/);
});

test('the server refuses to start when its only snapshot opens but its pages fail the check', async (t) => {
  const source = await seedSnapshotFile();
  const dir = tempDir('damaged');
  withGarbagePage(source, path.join(dir, 'rcfe-2099-05-01.sqlite'));
  const settings = { ...settingsFromEnv({}), snapshotsDir: dir, port: 0, host: '127.0.0.1', logLevel: 'silent' as const };
  const error = await t.throwsAsync(() => createServer(settings), { instanceOf: NoValidSnapshotError });
  t.regex(error!.message, /^No valid snapshot in .*: every snapshot file failed its integrity check \(quick_check\)\. Run `npm run pipeline`/);
});

function runMain(env: Record<string, string>): { done: Promise<{ code: number | null; stdout: string; stderr: string }>; kill(): void; stdout: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'serve/server.ts'], {
    cwd: REPO,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { done, kill: () => child.kill('SIGTERM'), stdout: () => stdout };
}

test('npm start exits non-zero with a clear message when no valid snapshot exists', async (t) => {
  const dir = tempDir('empty');
  const { done } = runMain({ SNAPSHOTS_DIR: dir, SNAPSHOT_BUILD_ON_START: 'false' });
  const { code, stderr } = await done;
  t.is(code, 1);
  t.regex(stderr, /Cannot start: No valid snapshot in/);
});

async function serveWithMain(t: any, env: Record<string, string>) {
  const main = runMain(env);
  t.teardown(() => main.kill());
  let url: string | null = null;
  // The process logs one JSON line when it listens; read its address from there.
  for (let i = 0; i < 3_000 && url === null; i += 1) {
    const line = main.stdout().split('\n').find((l) => l.includes('"msg":"serving"'));
    if (line) url = JSON.parse(line).url as string;
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  t.truthy(url, 'the server started');
  const health = await call(`${url}/healthz`);
  t.is(health.status, 200);
  main.kill();
  const { code, stdout } = await main.done;
  t.is(code, 0);
  return { health, stdout };
}

test('npm start serves the newest snapshot and, at LOG_LEVEL=debug, logs one JSON line per request', async (t) => {
  const dir = await snapshotDir();
  const { health, stdout } = await serveWithMain(t, { SNAPSHOTS_DIR: dir, SNAPSHOT_BUILD_ON_START: 'false', LOG_LEVEL: 'debug' });
  t.is(health.body.snapshot.file, fs.readdirSync(dir).find((name) => name.endsWith('.sqlite')));
  const request = stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .find((entry) => entry.msg === 'request');
  t.like(request, { level: 'debug', method: 'GET', path: '/healthz', status: 200, snapshot: health.body.snapshot.file });
  t.is(typeof request.ms, 'number');
});

test('npm start on a fresh clone builds a snapshot from the seeds first', async (t) => {
  const dir = tempDir('fresh');
  const { health } = await serveWithMain(t, { SNAPSHOTS_DIR: dir });
  t.regex(health.body.snapshot.file, /^rcfe-\d{4}-\d{2}-\d{2}\.sqlite$/);
  t.true(fs.readdirSync(dir).some((name) => name.endsWith('.sqlite')));
});

test('a served snapshot keeps its read lock: a process writing the file meanwhile is refused, and may once it is closed', async (t) => {
  const file = path.join(tempDir('locked'), 'rcfe-2099-06-01.sqlite');
  fs.copyFileSync(await seedSnapshotFile(), file);
  const served = openSnapshot(file, { pages: 'skip' });
  t.true((served.statement('SELECT COUNT(*) AS n FROM facilities').get() as { n: number }).n > 0);
  const writer = new Database(file, { timeout: 0 });
  t.teardown(() => writer.close());
  // better-sqlite3's SqliteError is not an Error to ava's t.throws, so its code is read here.
  const write = (): string => {
    try {
      writer.prepare("UPDATE metadata SET value = value || '' WHERE key = 'snapshot_date'").run();
      return 'written';
    } catch (error) {
      return (error as { code: string }).code;
    }
  };
  t.is(write(), 'SQLITE_BUSY');
  served.acquire().retire();
  served.release();
  t.false(served.isOpen);
  t.is(write(), 'written');
});
