// Server start-up with a state-scale snapshot (time to the first answer, memory), against a bare
// node:http process started the same way; and the time to switch to a newer snapshot while the
// server is under load, with the requests that failed meanwhile.
import type { ChildProcess } from 'node:child_process';
import { copyFile, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { printTable } from './measure.ts';
import { restDetail } from './keys.ts';
import { load, sharedStateScaleSnapshot, startChild, workload } from './rest.ts';

const ROUNDS = 3;

interface Started {
  child: ChildProcess;
  url: string;
  /** Spawn to the first 200 answer. */
  ready_ms: number;
  /** Resident memory when the first answer came, and its peak so far. */
  rss_mb: number;
}

function residentMb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  return readFile(`/proc/${pid}/status`, 'utf8').then(
    (status) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024),
    () => 0,
  );
}

async function startAndWait(args: string[], probePath: string): Promise<Started> {
  const started = performance.now();
  const { child, url } = await startChild(args);
  for (;;) {
    // The baseline finds its recorded answer by this key; our server ignores the header.
    const reply = await fetch(url + probePath, { headers: { 'x-bench-key': `GET ${probePath}` } }).catch(() => null);
    if (reply?.status === 200) {
      await reply.arrayBuffer();
      break;
    }
  }
  const ready_ms = Math.round(performance.now() - started);
  return { child, url, ready_ms, rss_mb: await residentMb(child.pid!, 'VmRSS') };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function healthFile(url: string): Promise<string | null> {
  const reply = await fetch(`${url}/healthz`).catch(() => null);
  return reply?.status === 200 ? ((await reply.json()) as { snapshot: { file: string } }).snapshot.file : null;
}

export async function benchStartup(): Promise<void> {
  const { dir, snapshot, keys } = await sharedStateScaleSnapshot();
  const detail = await workload(dir, 'home detail', restDetail(keys.licenses), keys.licenses.length);
  const probe = detail.requests[0]!.path;
  const bodiesFile = path.join(dir, 'startup-baseline-bodies.json');
  await writeFile(bodiesFile, JSON.stringify({ 'GET /healthz': { status: 200, headers: { 'content-type': 'application/json' }, body: '{"status":"ok"}' } }));

  const ours: Started[] = [];
  const baseline: Started[] = [];
  const settled: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const base = await startAndWait(['baseline', bodiesFile], '/healthz');
    base.child.kill();
    baseline.push(base);
    const real = await startAndWait(['ours', dir], probe);
    // The start-up file's pages are read on a worker right after start: the peak includes it.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    settled.push(await residentMb(real.child.pid!, 'VmHWM'));
    real.child.kill();
    ours.push(real);
  }

  // A switch under load: a newer file lands (written aside, then renamed, as the pipeline does)
  // while 64 connections ask for home details (varied licenses); time until /healthz names it.
  const server = await startAndWait(['ours', dir], probe);
  // The next name the store reads as newer: rcfe-<date>.sqlite -> .1.sqlite, .N.sqlite -> .N+1.sqlite.
  const newer = path.join(
    dir,
    path.basename(snapshot).replace(/(?:\.(\d+))?\.sqlite$/, (_whole, run: string | undefined) => `.${Number(run ?? 0) + 1}.sqlite`),
  );
  let switchMs = -1;
  let failed = -1;
  try {
    const running = load(server, detail, 64, 6);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await copyFile(snapshot, `${newer}.writing`);
    const landed = performance.now();
    await rename(`${newer}.writing`, newer);
    while ((await healthFile(server.url)) !== path.basename(newer)) {
      if (performance.now() - landed > 30_000) throw new Error('the server did not switch to the newer snapshot within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    switchMs = Math.round(performance.now() - landed);
    const result = await running;
    failed = result.non2xx + result.errors;
  } finally {
    server.child.kill();
  }

  printTable(`Server start-up with a state-scale snapshot (median of ${ROUNDS}; baseline = node:http started the same way)`, [
    { process: 'baseline (node:http, one stored body)', 'ready ms': median(baseline.map((s) => s.ready_ms)), 'rss at ready MB': median(baseline.map((s) => s.rss_mb)), 'peak rss MB (3 s later)': '' },
    { process: 'ours (first home detail answered)', 'ready ms': median(ours.map((s) => s.ready_ms)), 'rss at ready MB': median(ours.map((s) => s.rss_mb)), 'peak rss MB (3 s later)': median(settled) },
  ]);
  printTable('Snapshot switch under load (64 connections on a home detail)', [
    { 'newer file renamed in -> /healthz names it (ms)': switchMs, 'failed requests during the run': failed },
  ]);
  console.log('Targets: start < 2 s and < 200 MB; switch < 1 s with zero failed requests.');
}
