// `npm start`'s cluster, for real: serve/server.ts started as its own process with two workers on
// loopback, over a copy of the seed snapshot. One cluster serves the tests below in order (each
// start costs seconds): metrics summed over the workers, a budget held for the whole server, a
// snapshot switch under load, a worker killed under load and replaced, and a clean stop.
import net from 'node:net';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import test from 'ava';
import { settingsFromEnv } from '../../serve/http/settings.ts';
import { leaseTerms } from '../../serve/http/shared-budgets.ts';
import { publishNewerSnapshot, snapshotDir } from '../helpers/snapshot.ts';
import { children, freePort, killCluster, get, start, type Answer, type Running } from './helpers.ts';

const WORKERS = 2;
const V1_BUDGET = 30;
const MCP_BUDGET = 20;

/** An MCP tools/list call (stateless, 2025 era) from a caller. */
const listTools = (address: string) =>
  get(`${base}/mcp`, { ...caller(address), 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));

interface Outcome {
  started: number;
  ended: number;
  status: number | null;
  error: string | null;
}

/**
 * Load for `ms`: `connections` loops, each sending one request after another, each on a fresh
 * connection, over `paths`. Bounded and loopback only.
 */
async function load(base: string, paths: string[], connections: number, ms: number, during: () => Promise<void> = async () => {}): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const until = Date.now() + ms;
  const loop = async (offset: number) => {
    for (let i = offset; Date.now() < until; i += connections) {
      const started = Date.now();
      try {
        const answer = await get(base + paths[i % paths.length]);
        outcomes.push({ started, ended: Date.now(), status: answer.status, error: null });
      } catch (error) {
        outcomes.push({ started, ended: Date.now(), status: null, error: (error as Error).message });
      }
    }
  };
  await Promise.all([...Array.from({ length: connections }, (_, i) => loop(i)), during()]);
  return outcomes;
}

/** Budget windows end on the minute: waits, when needed, so that `ms` from now fall in one window. */
async function inOneWindow(ms: number): Promise<void> {
  const toBoundary = 60_000 - (Date.now() % 60_000);
  if (toBoundary < ms) await sleep(toBoundary + 200);
}

/** A caller of its own per test (TRUST_PROXY=1: the X-Forwarded-For entry our proxy added). */
const caller = (address: string) => ({ 'x-forwarded-for': address });

/** Sends twice a budget's worth of requests, paced; returns the answers. */
async function spend(budget: number, send: () => Promise<Answer>): Promise<{ answers: Answer[] }> {
  const answers: Answer[] = [];
  for (let i = 0; i < 2 * budget; i += 1) {
    answers.push(await send());
    await sleep(10);
  }
  return { answers };
}

const listHomes = (address: string) => () => get(`${base}/api/v1/facilities?limit=1`, caller(address));

/** The stated bound: the limit plus the overshoot the primary may grant (at most a tenth of the limit). */
const capOf = (limit: number) => leaseTerms(limit, WORKERS).cap;

function metricValue(text: string, line: RegExp): number {
  const match = text.match(line);
  return match ? Number(match[1]) : 0;
}

let server: Running;
let base: string;
let metricsUrl: string;
let dir: string;

test.before(async () => {
  dir = await snapshotDir();
  const metricsPort = await freePort();
  server = start({
    SNAPSHOTS_DIR: dir,
    PORT: String(await freePort()),
    METRICS_PORT: String(metricsPort),
    WEB_CONCURRENCY: String(WORKERS),
    RATE_V1_PER_MIN: String(V1_BUDGET),
    RATE_MCP_PER_MIN: String(MCP_BUDGET),
    SNAPSHOT_POLL_MS: '200',
    TRUST_PROXY: '1',
  });
  const serving = await server.waitFor((line) => line.msg === 'serving' && line.workers === WORKERS);
  base = serving.url as string;
  metricsUrl = serving.metrics as string;
});

test.after.always(() => killCluster(server));

test('WEB_CONCURRENCY: unset is one worker per core, 1 is one process, anything else a clear error', (t) => {
  t.is(settingsFromEnv({}).workers, os.availableParallelism());
  t.is(settingsFromEnv({ WEB_CONCURRENCY: '1' }).workers, 1);
  t.is(settingsFromEnv({ WEB_CONCURRENCY: ' 3 ' }).workers, 3);
  for (const bad of ['0', 'two', '1.5', '-2', '257']) {
    t.throws(() => settingsFromEnv({ WEB_CONCURRENCY: bad }), { message: new RegExp(`^WEB_CONCURRENCY must be a whole number of worker processes from 1 to 256 \\(1: one process, no cluster\\), or unset for one per available core \\(\\d+ here\\), got "${bad.replace('.', '\\.')}"$`) });
  }
});

test.serial('two workers serve the port; their requests add up on the metrics port, which the public port does not serve', async (t) => {
  t.is(children(server.child.pid!).length, WORKERS);
  const before = await get(metricsUrl);
  const count = (text: string) => metricValue(text, /^http_requests_total\{route="\/healthz",method="GET",status="200"\} (\d+)$/m);
  const sent = 20;
  for (let i = 0; i < sent; i += 1) t.is((await get(`${base}/healthz`)).status, 200);
  const after = await get(metricsUrl);
  t.is(after.status, 200);
  t.is(count(after.body) - count(before.body), sent);
  t.regex(after.body, /^snapshot_date_seconds \d+$/m);
  t.is((await get(`${base}/metrics`)).status, 404);
  // A worker that cannot answer (stopped here) is left out of the scrape after a wait: what is left
  // is the other worker's part alone, so both served some of the requests.
  const [stopped] = children(server.child.pid!);
  process.kill(stopped!, 'SIGSTOP');
  try {
    const partial = count((await get(metricsUrl)).body);
    t.true(partial > 0 && partial < count(after.body), `one worker's part: ${partial} of ${count(after.body)}`);
  } finally {
    process.kill(stopped!, 'SIGCONT');
  }
  t.is(count((await get(metricsUrl)).body), count(after.body));
});

test.serial(`a caller's /api/v1 budget of ${V1_BUDGET} holds for the whole server, within the stated overshoot`, async (t) => {
  await inOneWindow(10_000);
  const { answers } = await spend(V1_BUDGET, listHomes('198.51.100.10'));
  const accepted = answers.filter((answer) => answer.status === 200).length;
  t.true(accepted >= V1_BUDGET, `accepted ${accepted}`);
  t.true(accepted <= capOf(V1_BUDGET), `accepted ${accepted}, bound ${capOf(V1_BUDGET)}`);
  t.true(answers.every((answer) => answer.status === 200 || answer.status === 429));

  // Spent: every worker refuses, with the one-process answer.
  for (let i = 0; i < 2 * WORKERS; i += 1) {
    const refused = await get(`${base}/api/v1/facilities?limit=1`, caller('198.51.100.10'));
    t.is(refused.status, 429);
    t.is(refused.headers['cache-control'], 'no-store');
    const retryAfter = Number(refused.headers['retry-after']);
    t.true(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60);
    t.regex(JSON.parse(refused.body).error, new RegExp(`^Too many requests from this address: slow down and retry after ${retryAfter} seconds\\. Budgets per IP: ${V1_BUDGET} a minute on /api/v1`));
  }
  const metrics = (await get(metricsUrl)).body;
  t.true(metricValue(metrics, /^rate_limited_total\{budget="api_v1"\} (\d+)$/m) >= 2 * WORKERS);
});

test.serial(`the MCP budget of ${MCP_BUDGET} a caller holds for the whole server too`, async (t) => {
  await inOneWindow(10_000);
  const { answers } = await spend(MCP_BUDGET, () => listTools('198.51.100.30'));
  const accepted = answers.filter((answer) => answer.status === 200).length;
  t.true(accepted >= MCP_BUDGET && accepted <= capOf(MCP_BUDGET), `accepted ${accepted}, bound ${capOf(MCP_BUDGET)}`);
  t.true(answers.every((answer) => answer.status === 200 || answer.status === 429));
  for (let i = 0; i < 2 * WORKERS; i += 1) t.is((await listTools('198.51.100.30')).status, 429);
});

test.serial('a snapshot published under load is switched in by every worker, with no failed request', async (t) => {
  const health = async () => JSON.parse((await get(`${base}/healthz`)).body).snapshot.snapshot_date as string;
  const newer = '2099-01-02';
  t.not(await health(), newer);
  const outcomes = await load(base, ['/healthz', '/', '/llms.txt'], 8, 4_000, async () => {
    await sleep(1_000);
    await publishNewerSnapshot(dir, newer);
  });
  const failed = outcomes.filter((outcome) => outcome.status !== 200);
  t.true(outcomes.length > 50, `${outcomes.length} requests`);
  t.deepEqual(failed, []);
  // Every worker answers with the new date: fresh connections go to each worker in turn.
  for (let i = 0; i < 4 * WORKERS; i += 1) t.is(await health(), newer);
  const metrics = (await get(metricsUrl)).body;
  t.is(metricValue(metrics, /^snapshot_switches_total (\d+)$/m), WORKERS, 'each worker switched once');
  t.is(metricValue(metrics, /^snapshot_date_seconds (\d+)$/m), Date.parse(`${newer}T00:00:00Z`) / 1000);
});

test.serial("a worker killed under load is replaced; no request fails but those handed to it before the primary saw it die", async (t) => {
  const workers = children(server.child.pid!);
  t.is(workers.length, WORKERS);
  const victim = workers[0]!;
  // A caller who spent the budget before the kill, to ask the replacement about (the load is on paths without budgets).
  await inOneWindow(20_000);
  const spent = await spend(V1_BUDGET, listHomes('198.51.100.20'));
  t.true(spent.answers.some((answer) => answer.status === 429));
  let killedAt = 0;
  let seenAt = 0;
  const refusedAfter: number[] = [];
  const outcomes = await load(base, ['/healthz', '/', '/llms.txt'], 8, 5_000, async () => {
    await sleep(1_500);
    killedAt = Date.now();
    process.kill(victim, 'SIGKILL');
    await server.waitFor((line) => line.msg === 'worker exited; starting another' && line.pid === victim);
    seenAt = Date.now();
    // The replacement asked for the budget counts so far: that caller is refused by every worker.
    await server.waitFor((line) => line.msg === 'worker serving' && line.pid !== victim);
    for (let i = 0; i < 2 * WORKERS; i += 1) refusedAfter.push((await get(`${base}/api/v1/facilities?limit=1`, caller('198.51.100.20'))).status);
  });
  const failed = outcomes.filter((outcome) => outcome.status !== 200);
  const afterSeen = outcomes.filter((outcome) => outcome.started >= seenAt);
  t.log(`${outcomes.length} requests, ${failed.length} failed (${failed.map((f) => f.error ?? f.status).join(', ')}); the primary saw the exit ${seenAt - killedAt} ms after the kill`);
  t.true(outcomes.length > 50);
  t.true(afterSeen.length > 20, 'the load went on after the kill');
  // Each failure was in flight on the dead worker: its connection was handed over before the
  // primary knew, and it ended (reset) no earlier than the kill.
  t.deepEqual(
    failed.filter((outcome) => outcome.started >= seenAt || outcome.ended < killedAt || outcome.status !== null),
    [],
  );
  const replacement = await server.waitFor((line) => line.msg === 'worker serving' && line.pid !== victim);
  const now = children(server.child.pid!);
  t.is(now.length, WORKERS);
  t.false(now.includes(victim));
  t.true(now.includes(replacement.pid!));
  t.deepEqual(refusedAfter, new Array(2 * WORKERS).fill(429));
});

test.serial('SIGTERM to the primary stops every worker cleanly', async (t) => {
  const workers = children(server.child.pid!);
  server.child.kill('SIGTERM');
  t.is(await server.exited, 0);
  for (const pid of workers) t.throws(() => process.kill(pid, 0), { code: 'ESRCH' });
});

test('WEB_CONCURRENCY=1 serves from one process, no primary', async (t) => {
  const single = start({ SNAPSHOTS_DIR: await snapshotDir(), PORT: '0', WEB_CONCURRENCY: '1' });
  try {
    const serving = await single.waitFor((line) => line.msg === 'serving');
    t.is(serving.workers, undefined);
    t.is((await get(`${serving.url as string}/healthz`)).status, 200);
    t.deepEqual(children(single.child.pid!), []);
  } finally {
    single.child.kill('SIGTERM');
    t.is(await single.exited, 0);
  }
});

test('a bad WEB_CONCURRENCY stops the start with one clear line', async (t) => {
  const bad = start({ SNAPSHOTS_DIR: await snapshotDir(), PORT: '0', WEB_CONCURRENCY: 'many' });
  t.is(await bad.exited, 1);
  t.regex(bad.stderr.join(''), /^Cannot start: WEB_CONCURRENCY must be a whole number of worker processes from 1 to 256/m);
});

test('workers that cannot listen (the port is taken) stop the start with exit 1, leaving no worker behind', async (t) => {
  const taken = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => taken.once('listening', resolve));
  const { port } = taken.address() as net.AddressInfo;
  try {
    const blocked = start({ SNAPSHOTS_DIR: await snapshotDir(), PORT: String(port), WEB_CONCURRENCY: String(WORKERS) });
    let workers: number[] = [];
    const poll = setInterval(() => {
      if (blocked.child.exitCode === null) workers = [...new Set([...workers, ...children(blocked.child.pid!)])];
    }, 50);
    t.is(await blocked.exited, 1);
    clearInterval(poll);
    t.regex(blocked.stderr.join(''), /Cannot start: .*EADDRINUSE/);
    t.truthy(blocked.lines.find((line) => line.msg === 'a worker could not start; stopping'));
    for (const pid of workers) t.throws(() => process.kill(pid, 0), { code: 'ESRCH' });
  } finally {
    taken.close();
  }
});
