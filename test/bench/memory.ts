// Memory per process as an operator sizes a host (docs/operations.md, "Every core"): `npm start`'s
// cluster (two workers and the primary, or MEMORY_WORKERS) on the seeds' snapshot or the bench's
// state-scale one, resident memory (VmRSS from /proc) idle after start, sampled every 500 ms under
// a mixed load (REST details, lists and checks, MCP get_home and find_homes, home pages), its peak
// (VmHWM), and idle again after. A measuring script, not a test:
//   npx tsx test/bench/memory.ts [seeds|state-scale]    MEMORY_LOAD_S (default 60), MEMORY_CONNECTIONS (16)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { REPO_ROOT, runPipeline } from '../../pipeline/run.ts';
import { sharedStateScaleSnapshot } from './rest.ts';

const LOAD_S = Number(process.env.MEMORY_LOAD_S ?? 60);
const CONNECTIONS = Number(process.env.MEMORY_CONNECTIONS ?? 16);
const WORKERS = Number(process.env.MEMORY_WORKERS ?? 2);

function status(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((text) => text.startsWith(`${field}:`));
  return Math.round(Number(line!.split(/\s+/)[1]) / 1024);
}

const childrenOf = (pid: number) => readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

async function snapshot(kind: string): Promise<{ dir: string; licenses: string[]; counties: string[] }> {
  if (kind === 'state-scale') {
    const { dir, snapshot: file } = await sharedStateScaleSnapshot();
    return { dir, ...keysOf(file) };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'memory-'));
  const built = await runPipeline({ snapshotsDir: dir, log: () => {} });
  return { dir, ...keysOf(built.snapshotPath!) };
}

function keysOf(file: string) {
  const db = new Database(file, { readonly: true });
  const licenses = db.prepare('SELECT license_number FROM facilities WHERE listed = 1 ORDER BY random()').pluck().all() as string[];
  const counties = db.prepare('SELECT DISTINCT county FROM facilities WHERE listed = 1 AND county IS NOT NULL').pluck().all() as string[];
  db.close();
  return { licenses, counties };
}

async function main(): Promise<void> {
  const kind = process.argv[2] ?? 'seeds';
  const { dir, licenses, counties } = await snapshot(kind);
  const port = 30000 + Math.floor(Math.random() * 20000);
  const roomy = '1000000';
  const server = spawn(process.execPath, ['--import=tsx', path.join(REPO_ROOT, 'serve/server.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, WEB_CONCURRENCY: String(WORKERS), PORT: String(port), HOST: '127.0.0.1', SNAPSHOTS_DIR: dir, LOG_LEVEL: 'warn', RATE_V1_PER_MIN: roomy, RATE_API_PER_MIN: roomy, RATE_CHECK_PER_MIN: roomy, RATE_MCP_PER_MIN: roomy },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300 && !(await fetch(`${base}/healthz`).then((r) => r.ok, () => false)); i += 1) await sleep(200);
  await sleep(5_000);
  const pids = { primary: server.pid!, workers: childrenOf(server.pid!) };
  const all = [pids.primary, ...pids.workers];
  const idle = all.map((pid) => status(pid, 'VmRSS'));

  let n = 0;
  const pick = <T>(list: readonly T[]) => list[(n += 1) % list.length]!;
  const mcp = (name: string, args: object) =>
    fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    });
  const requests: Array<() => Promise<Response>> = [
    () => fetch(`${base}/api/v1/facilities/${pick(licenses)}`),
    () => fetch(`${base}/api/v1/facilities/${pick(licenses)}`),
    () => fetch(`${base}/api/v1/facilities?county=${encodeURIComponent(pick(counties))}&limit=50`),
    () => fetch(`${base}/api/v1/check`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ homes: Array.from({ length: 100 }, () => pick(licenses)) }) }),
    () => mcp('get_home', { license_number: pick(licenses) }),
    () => mcp('find_homes', { county: pick(counties), limit: 20 }),
    () => fetch(`${base}/facility/${pick(licenses)}`, { headers: { accept: 'text/html' } }),
  ];
  const samples: number[][] = [];
  const sampler = setInterval(() => samples.push(all.map((pid) => status(pid, 'VmRSS'))), 500);
  let served = 0;
  let failed = 0;
  const until = Date.now() + LOAD_S * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      for (let i = c; Date.now() < until; i += 1) {
        const response = await requests[i % requests.length]!().catch(() => null);
        if (response?.ok) served += 1;
        else failed += 1;
        await response?.arrayBuffer();
      }
    }),
  );
  clearInterval(sampler);
  const lastTen = samples.slice(-20);
  const loaded = all.map((_, i) => Math.round(lastTen.reduce((sum, row) => sum + row[i]!, 0) / lastTen.length));
  const peak = all.map((pid) => status(pid, 'VmHWM'));
  await sleep(10_000);
  const after = all.map((pid) => status(pid, 'VmRSS'));
  server.kill('SIGTERM');
  console.log(`${kind}: ${licenses.length} listed homes, ${WORKERS} workers, ${LOAD_S} s at ${CONNECTIONS} connections: ${served} served, ${failed} failed`);
  console.table(all.map((pid, i) => ({ process: i === 0 ? 'primary' : `worker ${i}`, 'idle MB': idle[i], 'loaded MB (last 10 s)': loaded[i], 'peak MB (VmHWM)': peak[i], 'idle after MB': after[i] })));
}

await main();
