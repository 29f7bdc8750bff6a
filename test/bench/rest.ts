// REST under load: a home's detail, a list page of 100 and a 100-home check, at 1 and 64
// connections, against a minimal node:http server that returns the same bytes from memory (the
// framework's cost ratio). Server, baseline and load generator each run in their own process.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { runPipeline } from '../../pipeline/run.ts';
import { childJob, printTable, REPO_ROOT } from './measure.ts';
import { ensureStateScaleSeeds } from './pipeline.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
/** Load before each measured cell, so JIT and per-snapshot caches are warm in every server alike. */
const WARMUP_S = 2;

export async function startChild(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import=tsx', path.join(REPO_ROOT, 'test/bench/serve-child.ts'), ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
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

export interface Target {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export async function load(url: string, target: Target, connections: number, duration: number = DURATION_S, warmUp = true) {
  if (warmUp) await childJob('test/bench/load-child.ts', [JSON.stringify({ url: url + target.path, method: target.method, body: target.body, headers: target.headers, connections, duration: WARMUP_S })]);
  return childJob<{ rps: number; p50_ms: number; p99_ms: number; non2xx: number; errors: number }>('test/bench/load-child.ts', [
    JSON.stringify({ url: url + target.path, method: target.method, body: target.body, headers: target.headers, connections, duration }),
  ]);
}

let shared: Promise<{ dir: string; snapshot: string }> | undefined;

/**
 * A state-scale snapshot in a temporary folder (the pipeline on generated data), built once per
 * bench run for every suite that serves it, and removed when the run ends.
 */
export function sharedStateScaleSnapshot(): Promise<{ dir: string; snapshot: string }> {
  shared ??= (async () => {
    await ensureStateScaleSeeds();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-serve-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const result = await runPipeline({ snapshotsDir: dir, profile: 'state-scale' });
    if (!result.snapshotPath) throw new Error(`state-scale snapshot not published: ${result.heldBack.join('; ')}`);
    return { dir, snapshot: result.snapshotPath };
  })();
  return shared;
}

export function restTargets(snapshot: string): Target[] {
  const db = new Database(snapshot, { readonly: true });
  const license = db.prepare("SELECT license_number FROM facilities WHERE listed = 1 AND county_key = 'los angeles' ORDER BY license_number LIMIT 1 OFFSET 500").pluck().get() as string;
  const inputs = db.prepare('SELECT license_number, name FROM facilities WHERE listed = 1 ORDER BY license_number LIMIT 100 OFFSET 1000').all() as Array<{ license_number: string; name: string }>;
  db.close();
  // Half license numbers, half names: both matching paths under load.
  const homes = inputs.map((row, index) => (index % 2 ? row.license_number : row.name));
  return [
    { label: 'home detail', method: 'GET', path: `/api/v1/facilities/${license}` },
    { label: 'list page (limit 100)', method: 'GET', path: '/api/v1/facilities?county=los%20angeles&limit=100' },
    { label: '100-home check', method: 'POST', path: '/api/v1/check', body: JSON.stringify({ homes }) },
  ];
}

/** What the real server answers, stored for the baseline to send back byte for byte. */
export async function recordBodies(url: string, targets: Target[]): Promise<Record<string, { status: number; headers: Record<string, string>; body: string }>> {
  const bodies: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
  for (const target of targets) {
    const response = await fetch(url + target.path, { method: target.method, body: target.body, headers: target.body ? { 'content-type': 'application/json' } : {} });
    if (response.status !== 200) throw new Error(`${target.label}: ${response.status} ${await response.text()}`);
    bodies[`${target.method} ${target.path}`] = {
      status: 200,
      headers: { 'content-type': response.headers.get('content-type') ?? 'application/json', 'cache-control': response.headers.get('cache-control') ?? '' },
      body: await response.text(),
    };
  }
  return bodies;
}

export async function benchRest(): Promise<void> {
  const { dir, snapshot } = await sharedStateScaleSnapshot();
  const targets = restTargets(snapshot);
  const ours = await startChild(['ours', dir]);
  const bodiesFile = path.join(dir, 'baseline-bodies.json');
  await writeFile(bodiesFile, JSON.stringify(await recordBodies(ours.url, targets)));
  const baseline = await startChild(['baseline', bodiesFile]);
  const bareHapi = await startChild(['bare-hapi', bodiesFile]);
  const rows: Array<Record<string, string | number>> = [];
  try {
    for (const target of targets) {
      for (const connections of [1, 64]) {
        const base = await load(baseline.url, target, connections);
        const hapi = await load(bareHapi.url, target, connections);
        const real = await load(ours.url, target, connections);
        rows.push({
          endpoint: target.label,
          conns: connections,
          'baseline rps': base.rps,
          'bare hapi rps': hapi.rps,
          'ours rps': real.rps,
          ratio: (real.rps / base.rps).toFixed(2),
          'bare hapi ratio': (hapi.rps / base.rps).toFixed(2),
          'ours p50 ms': real.p50_ms,
          'ours p99 ms': real.p99_ms,
          'baseline p99 ms': base.p99_ms,
          'failed (ours)': real.non2xx + real.errors,
        });
      }
    }
  } finally {
    ours.child.kill();
    baseline.child.kill();
    bareHapi.child.kill();
  }
  printTable(`REST at state scale (${DURATION_S} s per cell after ${WARMUP_S} s of warm-up; baseline = node:http sending the same bytes from memory; bare hapi = one hapi route sending them)`, rows);
  console.log('Targets: detail ratio >= 0.5 at 64 conns with p99 < 10 ms; list ratio >= 0.4; check p99 < 50 ms.');
}

/** A 2026-07-28 tools/call: stateless, one POST, the revision in `_meta` and the header. */
function toolCall(name: string, args: Record<string, unknown>): Target {
  const body = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name, arguments: args, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' } } },
  };
  return {
    label: `MCP ${name}`,
    method: 'POST',
    path: '/mcp',
    body: JSON.stringify(body),
    headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name },
  };
}

/** MCP tools against their REST equivalents on the same server, in the same run. */
export async function benchMcp(): Promise<void> {
  const { dir, snapshot } = await sharedStateScaleSnapshot();
  const [detail, list] = restTargets(snapshot);
  const db = new Database(snapshot, { readonly: true });
  const license = decodeURIComponent(detail!.path.split('/').pop()!);
  db.close();
  const pairs: Array<[Target, Target]> = [
    [detail!, toolCall('get_home', { license_number: license })],
    [list!, toolCall('find_homes', { county: 'Los Angeles', limit: 50 })],
  ];
  const ours = await startChild(['ours', dir]);
  const rows: Array<Record<string, string | number>> = [];
  try {
    for (const [rest, mcp] of pairs) {
      const probe = await fetch(ours.url + mcp.path, { method: 'POST', body: mcp.body, headers: { 'content-type': 'application/json', ...mcp.headers } });
      const text = await probe.text();
      if (probe.status !== 200 || text.includes('"isError":true')) throw new Error(`${mcp.label}: ${probe.status} ${text.slice(0, 300)}`);
      for (const connections of [1, 64]) {
        const restRun = await load(ours.url, rest, connections);
        const mcpRun = await load(ours.url, mcp, connections);
        rows.push({
          pair: `${mcp.label} vs REST ${rest.label}`,
          conns: connections,
          'REST rps': restRun.rps,
          'MCP rps': mcpRun.rps,
          ratio: (mcpRun.rps / restRun.rps).toFixed(2),
          'MCP p50 ms': mcpRun.p50_ms,
          'MCP p99 ms': mcpRun.p99_ms,
          'failed (MCP)': mcpRun.non2xx + mcpRun.errors,
        });
      }
    }
  } finally {
    ours.child.kill();
  }
  const cost = await childJob<{ tool_us: number; sdk_path_us: number }>('test/bench/mcp-cost-child.ts', [dir, license]);
  printTable(`MCP tools/call against REST on the same server (${DURATION_S} s per cell; MCP budget raised for the run)`, rows);
  printTable('Where a get_home call goes, CPU per call in one process without HTTP', [
    { part: 'our tool: look-up, shaping, and its result serialized once', 'cpu us/call': cost.tool_us },
    { part: 'the SDK path around it (serveMcp: web Request, parse, validate, per-request server, serialize)', 'cpu us/call': cost.sdk_path_us },
  ]);
  console.log('Target: MCP get_home >= 0.5x REST detail.');
}
