// REST and MCP under load with varied keys, the way real clients call (keys.ts): a home's detail,
// a list page (limit 50) with varied filters, a changes feed page (limit 50) with varied filters
// over the snapshot's change log, and a 100-home check with varied bodies, at 1 and 64
// connections, against a minimal node:http server and a bare hapi route that send the bytes
// recorded for each key (the framework's cost ratio), and for the detail a bare hapi route doing
// only the detail's own snapshot read (the floor with the read); and MCP get_home (both protocol eras) and
// find_homes against their REST counterparts and against the MCP floor (the same service with
// every answer ready: the route and the SDK alone). Each cell gets a freshly started server, so its
// calls are ones that server has not seen before until the keys run out (counted as repeats).
// Server, baselines and load generator each run in their own process.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runPipeline } from '../../pipeline/run.ts';
import {
  benchKeys,
  findHomesArgs,
  mcpOpening,
  mcpToolCall,
  restChanges,
  restCheck,
  restDetail,
  restList,
  type BenchKeys,
  type KeyedRequest,
  type McpEra,
  type RequestsFile,
} from './keys.ts';
import { childJob, printTable, REPO_ROOT } from './measure.ts';
import type { CostKeys } from './mcp-cost-child.ts';
import type { FloorArgs } from './serve-child.ts';
import { changeLogRows, runOnLaterRoster } from './later-roster.ts';
import { ensureStateScaleSeeds } from './pipeline.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
/** Load before each measured cell, so JIT and per-snapshot caches are warm in every server alike. */
const WARMUP_S = Math.min(2, DURATION_S);
/** Detail keys the baselines hold bytes for (their recording is read from the real server first). */
const REST_DETAIL_KEYS = 4_000;

/** A server under test: its URL and its process. */
export interface ServerChild {
  url: string;
  child: ChildProcess;
}

/** The server process's own CPU time so far (user + system, µs), asked over IPC. */
function serverCpuMicros(server: ServerChild): Promise<number> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { cpu_us?: number }) => {
      if (typeof message?.cpu_us !== 'number') return;
      server.child.off('message', onMessage);
      resolve(message.cpu_us);
    };
    server.child.on('message', onMessage);
    if (!server.child.send('cpu')) reject(new Error('the server child has no IPC channel'));
  });
}

export async function startChild(args: string[]): Promise<ServerChild> {
  const child = spawn(process.execPath, ['--import=tsx', path.join(REPO_ROOT, 'test/bench/serve-child.ts'), ...args], {
    cwd: REPO_ROOT,
    // The IPC channel answers CPU questions (serverCpuMicros); nothing else goes over it.
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((l) => l.startsWith('{"url"'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`server child exited (${code}): ${buffered}`)));
  });
  child.stderr!.resume();
  return { url, child };
}

/** A named set of keyed requests, written where the load generator reads it. */
export interface Workload {
  label: string;
  file: string;
  requests: KeyedRequest[];
  /** Distinct listed homes the requests draw from. */
  homes: number;
}

let files = 0;

export async function workload(dir: string, label: string, requests: KeyedRequest[], homes: number, opening: KeyedRequest[] = []): Promise<Workload> {
  const file = path.join(dir, `bench-requests-${(files += 1)}.json`);
  await writeFile(file, JSON.stringify({ requests, opening } satisfies RequestsFile));
  return { label, file, requests, homes };
}

export interface LoadResult {
  rps: number;
  /** The server's CPU time (user + system) per request it answered in the measured run, µs. */
  cpu_us: number;
  p50_ms: number;
  p99_ms: number;
  non2xx: number;
  errors: number;
  /** Requests sent, and how many of them asked for a key this server had been asked for before. */
  requests: number;
  repeats: number;
}

/**
 * One load run from key `start` on; no warm-up. CPU per request: the server's CPU time over the
 * run divided by the requests it answered. On two cores the load generator takes one, so a
 * throughput ratio moves with the generator's share; the server's own CPU per request does not.
 */
export async function load(server: ServerChild, work: Workload, connections: number, duration: number = DURATION_S, start = 0): Promise<LoadResult> {
  const cpuBefore = await serverCpuMicros(server);
  const run = await childJob<Omit<LoadResult, 'repeats' | 'cpu_us'> & { answered: number }>('test/bench/load-child.ts', [JSON.stringify({ url: server.url, file: work.file, start, connections, duration })]);
  const cpu = (await serverCpuMicros(server)) - cpuBefore;
  const fresh = Math.max(0, work.requests.length - start);
  return { ...run, cpu_us: Math.round(cpu / Math.max(1, run.answered)), repeats: Math.max(0, run.requests - fresh) };
}

/** A warm-up run, then the measured one continuing with the keys after it. */
async function measure(server: ServerChild, work: Workload, connections: number): Promise<LoadResult> {
  const warm = await load(server, work, connections, WARMUP_S);
  return load(server, work, connections, DURATION_S, warm.requests);
}

/** A server child started afresh for one cell. */
async function measureFresh(args: string[], work: Workload, connections: number): Promise<LoadResult> {
  const server = await startChild(args);
  try {
    return await measure(server, work, connections);
  } finally {
    server.child.kill();
  }
}

/** The real service, started afresh for one cell. */
function measureOurs(dir: string, work: Workload, connections: number): Promise<LoadResult> {
  return measureFresh(['ours', dir], work, connections);
}

let shared: Promise<{ dir: string; snapshot: string; keys: BenchKeys }> | undefined;

/**
 * A state-scale snapshot in a temporary folder (the pipeline on generated data, then again on a
 * later roster, later-roster.ts) and the keys drawn from it, built once per bench run for every
 * suite that serves it, and removed when the run ends.
 */
export function sharedStateScaleSnapshot(): Promise<{ dir: string; snapshot: string; keys: BenchKeys }> {
  shared ??= (async () => {
    await ensureStateScaleSeeds();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-serve-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const first = await runPipeline({ snapshotsDir: dir, profile: 'state-scale' });
    if (!first.snapshotPath) throw new Error(`state-scale snapshot not published: ${first.heldBack.join('; ')}`);
    // A second, later run, so the served snapshot's change log is populated as in production.
    const { result, roster } = await runOnLaterRoster(dir);
    if (!result.snapshotPath) throw new Error(`the later state-scale snapshot was not published: ${result.heldBack.join('; ')}`);
    console.log(
      `Bench snapshot: two state-scale runs; the later roster (${roster.rosterDate}, approvals ${roster.approvalsDate}) changed ${roster.changed} licenses, ` +
        `removed ${roster.removed}, added ${roster.added} and flipped ${roster.clearancesFlipped} care approvals: ${changeLogRows(result.snapshotPath)} change log rows.`,
    );
    return { dir, snapshot: result.snapshotPath, keys: benchKeys(result.snapshotPath) };
  })();
  return shared;
}

type Recorded = Record<string, { status: number; headers: Record<string, string>; body: string }>;

/** What the real server answers for each key, stored for the baselines to send back byte for byte. */
export async function recordBodies(url: string, requests: KeyedRequest[]): Promise<Recorded> {
  const bodies: Recorded = {};
  const queue = [...requests];
  const worker = async () => {
    for (let request = queue.shift(); request; request = queue.shift()) {
      const response = await fetch(url + request.path, { method: request.method, body: request.body, headers: request.body ? { 'content-type': 'application/json' } : {} });
      if (response.status !== 200) throw new Error(`${request.key}: ${response.status} ${await response.text()}`);
      bodies[request.key] = {
        status: 200,
        headers: { 'content-type': response.headers.get('content-type') ?? 'application/json', 'cache-control': response.headers.get('cache-control') ?? '' },
        body: await response.text(),
      };
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return bodies;
}

/** The same endpoint with one key asked again and again (labelled as such, beside the varied cell). */
async function repeatedKey(dir: string, work: Workload): Promise<Workload> {
  return workload(dir, `${work.label}, ONE key repeated`, work.requests.slice(0, 1), 1);
}

export async function benchRest(): Promise<void> {
  const { dir, keys } = await sharedStateScaleSnapshot();
  const detail = await workload(dir, 'home detail', restDetail(keys.licenses.slice(0, REST_DETAIL_KEYS)), Math.min(REST_DETAIL_KEYS, keys.licenses.length));
  const check = await workload(dir, '100-home check, varied bodies', restCheck(keys.checks), keys.checkHomes);
  const works = [
    detail,
    await repeatedKey(dir, detail),
    await workload(dir, 'list page (limit 50), varied filters', restList(keys.filters), keys.filterHomes),
    // Beside the list page: the same page size over the change log, with its own filters.
    await workload(dir, 'changes feed (limit 50), varied filters', restChanges(keys.changes), keys.changeHomes),
    check,
  ];

  const recorder = await startChild(['ours', dir]);
  const bodiesFile = path.join(dir, 'baseline-bodies.json');
  try {
    await writeFile(bodiesFile, JSON.stringify(await recordBodies(recorder.url, works.flatMap((work) => work.requests))));
  } finally {
    recorder.child.kill();
  }
  const baseline = await startChild(['baseline', bodiesFile]);
  const bareHapi = await startChild(['bare-hapi', bodiesFile]);
  const rows: Array<Record<string, string | number>> = [];
  try {
    for (const work of works) {
      // The check's latency target is at 4 connections.
      for (const connections of work === check ? [1, 4, 64] : [1, 64]) {
        const base = await measure(baseline, work, connections);
        const hapi = await measure(bareHapi, work, connections);
        const real = await measureOurs(dir, work, connections);
        // The detail's floor with its row read: how much of the gap to bare hapi is the read.
        const floor = work === detail || work === works[1] ? await measureFresh(['hapi-read', dir], work, connections) : null;
        rows.push({
          endpoint: work.label,
          'distinct homes': work.homes,
          conns: connections,
          'node:http rps': base.rps,
          'bare hapi rps': hapi.rps,
          'hapi + row read rps': floor?.rps ?? '',
          'ours rps': real.rps,
          'vs bare hapi': (real.rps / hapi.rps).toFixed(2),
          'vs hapi + row read': floor ? (real.rps / floor.rps).toFixed(2) : '',
          'vs node:http': (real.rps / base.rps).toFixed(2),
          'ours cpu us/req': real.cpu_us,
          'bare hapi cpu us/req': hapi.cpu_us,
          'hapi + row read cpu us/req': floor?.cpu_us ?? '',
          'node:http cpu us/req': base.cpu_us,
          'ours p50 ms': real.p50_ms,
          'ours p99 ms': real.p99_ms,
          'node:http p99 ms': base.p99_ms,
          'repeat calls (ours)': real.repeats,
          'failed (ours)': real.non2xx + real.errors,
        });
      }
    }
  } finally {
    baseline.child.kill();
    bareHapi.child.kill();
  }
  printTable(
    `REST at state scale, varied keys in random order (${DURATION_S} s per cell after ${WARMUP_S} s of warm-up; a fresh server per cell; ` +
      'node:http and bare hapi = a bare server and one hapi route sending the bytes recorded for each key; ' +
      'hapi + row read = one bare hapi route doing only the detail\'s own work: the snapshot row read, the base URL, the envelope)',
    rows,
  );
  console.log('Targets (64 conns): detail >= 0.8x bare hapi with p99 < 20 ms; check p99 < 50 ms.');
}

/** MCP tools against their REST counterparts with the same keys, each cell on a fresh server. */
export async function benchMcp(): Promise<void> {
  const { dir, keys } = await sharedStateScaleSnapshot();
  const homes = keys.licenses.length;
  const getHome = (era: McpEra) =>
    workload(dir, `MCP get_home ${era}${era === '2025-11-25' ? ' (after initialize)' : ''}`, keys.licenses.map((license) => mcpToolCall(era, `get_home ${license}`, 'get_home', { license_number: license })), homes, mcpOpening(era));
  const findHomes = workload(
    dir,
    'MCP find_homes 2026-07-28, varied filters',
    keys.filters.map((filter, index) => mcpToolCall('2026-07-28', `find_homes ${index}`, 'find_homes', findHomesArgs(filter))),
    keys.filterHomes,
  );
  const restDetailAll = await workload(dir, 'REST home detail', restDetail(keys.licenses), homes);
  const restListAll = await workload(dir, 'REST list page (limit 50), same filters', restList(keys.filters), keys.filterHomes);
  const pairs: Array<[Workload, Workload]> = [
    [restDetailAll, await getHome('2026-07-28')],
    [restDetailAll, await getHome('2025-11-25')],
    [restListAll, await findHomes],
  ];

  const probe = await startChild(['ours', dir]);
  try {
    for (const [, mcp] of pairs) await probeMcp(probe.url, mcp);
  } finally {
    probe.child.kill();
  }
  const floorArgsFile = path.join(dir, 'mcp-floor-args.json');
  await writeFile(floorArgsFile, JSON.stringify({ get_home: keys.licenses.map((license) => ({ license_number: license })), find_homes: keys.filters.map(findHomesArgs) } satisfies FloorArgs));
  const rows: Array<Record<string, string | number>> = [];
  for (const [rest, mcp] of pairs) {
    for (const connections of [1, 64]) {
      const restRun = await measureOurs(dir, rest, connections);
      const mcpRun = await measureOurs(dir, mcp, connections);
      const floor = await measureFresh(['mcp-floor', dir, floorArgsFile], mcp, connections);
      rows.push({
        pair: `${mcp.label} vs ${rest.label}`,
        'distinct homes': mcp.homes,
        conns: connections,
        'REST rps': restRun.rps,
        'MCP rps': mcpRun.rps,
        ratio: (mcpRun.rps / restRun.rps).toFixed(2),
        'REST cpu us/req': restRun.cpu_us,
        'MCP cpu us/req': mcpRun.cpu_us,
        'cpu ratio (REST/MCP)': (restRun.cpu_us / mcpRun.cpu_us).toFixed(2),
        'floor cpu us/req': floor.cpu_us,
        'MCP floor rps': floor.rps,
        'floor vs REST': (floor.rps / restRun.rps).toFixed(2),
        'MCP vs floor': (mcpRun.rps / floor.rps).toFixed(2),
        'failed (floor)': floor.non2xx + floor.errors,
        'MCP p50 ms': mcpRun.p50_ms,
        'MCP p99 ms': mcpRun.p99_ms,
        'repeat calls (MCP)': mcpRun.repeats,
        'failed (MCP)': mcpRun.non2xx + mcpRun.errors,
      });
    }
  }
  const costKeysFile = path.join(dir, 'bench-cost-keys.json');
  await writeFile(costKeysFile, JSON.stringify({ licenses: keys.licenses, filters: keys.filters, checks: keys.checks } satisfies CostKeys));
  const cost = await childJob<{ cpu_us: Record<string, number> }>('test/bench/mcp-cost-child.ts', [dir, costKeysFile]);
  printTable(
    `MCP tools/call against REST on the same data, varied keys (${DURATION_S} s per cell after ${WARMUP_S} s of warm-up; a fresh server per cell; budgets raised; ` +
      'MCP floor = the real service with every answer of the cell ready before the load: the /mcp route and the SDK alone, no tool work)',
    rows,
  );
  printTable(
    'CPU per call in one process through the whole hapi route (server.inject, no sockets, no load generator), a different key on every call; median of 5 rounds',
    Object.entries(cost.cpu_us).map(([part, us]) => ({ part, 'cpu us/call': us })),
  );
  console.log(
    'Targets: MCP get_home <= 300 us of CPU per call through the route and >= 0.35x REST detail at 64 conns, both eras; ' +
      'find_homes >= 0.5x the REST list page; 100-home check <= 3 ms of CPU per call, p99 < 20 ms at 4 conns.',
  );
}

/** Each MCP workload's first call must be a real answer (not a refusal) before it is measured. */
async function probeMcp(url: string, work: Workload): Promise<void> {
  const request = work.requests[0]!;
  const response = await fetch(url + request.path, { method: 'POST', body: request.body!.replace('"__ID__"', '1'), headers: { 'content-type': 'application/json', ...request.headers } });
  const text = await response.text();
  if (response.status !== 200 || text.includes('"isError":true') || text.includes('"error"')) throw new Error(`${work.label}: ${response.status} ${text.slice(0, 300)}`);
}
