// `npm run bench -- scaling`: one worker against one per core. The real `npm start` entry
// (serve/server.ts) serves the state-scale snapshot with WEB_CONCURRENCY=1 (one process, no
// primary) and then one worker per core; autocannon asks each for REST home details with a
// different home on every call at 64 connections, and for 100-home checks with varied bodies (a
// request whose cost is mostly the server's, so the load generator's own share matters less).
// Beside requests per second it records CPU per request: the server's summed CPU (primary and
// workers, from /proc) over the requests served, because on a machine with few cores the load
// generator takes a core and throughput then moves with it. Also the budgets' own cost per
// request, in one process and in a cluster worker.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { budgetCosts } from './budget-cost.ts';
import { restCheck, restDetail } from './keys.ts';
import { childJob, printTable, REPO_ROOT } from './measure.ts';
import { sharedStateScaleSnapshot, workload, type LoadResult, type Workload } from './rest.ts';

/** The load child against a URL: this cell reads the CPU of the whole process tree itself (a cluster), not one server child's. */
function loadAt(url: string, work: Workload, connections: number, duration: number, start = 0) {
  return childJob<Omit<LoadResult, 'cpu_us' | 'repeats'>>('test/bench/load-child.ts', [JSON.stringify({ url, file: work.file, start, connections, duration })]);
}

const CONNECTIONS = 64;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const WARMUP_S = Math.min(2, DURATION_S);
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** `npm start`'s entry with `workers` workers on a free loopback port; resolves once it serves. */
async function startServer(dir: string, workers: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import=tsx', path.join(REPO_ROOT, 'serve/server.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      WEB_CONCURRENCY: String(workers),
      PORT: '0',
      HOST: '127.0.0.1',
      SNAPSHOTS_DIR: dir,
      SNAPSHOT_BUILD_ON_START: 'false',
      LOG_LEVEL: 'info',
      // The budgets are production's design; a load from one address would only measure 429s.
      RATE_V1_PER_MIN: '1000000',
      RATE_API_PER_MIN: '1000000',
      RATE_CHECK_PER_MIN: '1000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (const line of buffered.split('\n')) {
        if (!line.startsWith('{')) continue;
        const parsed = JSON.parse(line) as { msg: string; url?: string; workers?: number };
        if (parsed.msg === 'serving' && (workers === 1 || parsed.workers === workers)) resolve(parsed.url!);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  child.stdout!.resume();
  return { url, child };
}

/** CPU seconds a process (the primary, or the one process) and its children (the workers) have used so far. */
function cpuSeconds(pid: number): { own: number; tree: number } {
  const ticks = (id: number) => {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${id}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  const own = ticks(pid);
  return { own: own / TICKS_PER_SECOND, tree: children.reduce((sum, id) => sum + ticks(id), own) / TICKS_PER_SECOND };
}

export async function benchScaling(): Promise<void> {
  const { dir, keys } = await sharedStateScaleSnapshot();
  const cells = [
    await workload(dir, 'REST home detail, a different home each call', restDetail(keys.licenses), keys.licenses.length),
    await workload(dir, 'REST 100-home check, varied bodies', restCheck(keys.checks), keys.checkHomes),
  ];
  const cores = os.availableParallelism();
  const rows: Array<Record<string, string | number>> = [];
  for (const work of cells) {
    for (const workers of [1, cores]) {
      const server = await startServer(dir, workers);
      try {
        const warm = await loadAt(server.url, work, CONNECTIONS, WARMUP_S);
        const before = cpuSeconds(server.child.pid!);
        const run = await loadAt(server.url, work, CONNECTIONS, DURATION_S, warm.requests);
        const after = cpuSeconds(server.child.pid!);
        const cpu = after.tree - before.tree;
        const served = run.rps * DURATION_S;
        rows.push({
          cell: work.label,
          workers: workers === 1 ? '1 (WEB_CONCURRENCY=1, no primary)' : `${workers} (one per core) + primary`,
          rps: run.rps,
          p50_ms: run.p50_ms,
          p99_ms: run.p99_ms,
          'server CPU µs/request': Math.round((cpu * 1e6) / Math.max(1, served)),
          'of which the primary': workers === 1 ? '-' : Math.round(((after.own - before.own) * 1e6) / Math.max(1, served)),
          'server CPU cores busy': (cpu / DURATION_S).toFixed(2),
          'non-2xx': run.non2xx,
          errors: run.errors,
        });
      } finally {
        server.child.kill('SIGTERM');
        await new Promise((resolve) => server.child.once('exit', resolve));
      }
    }
  }
  printTable(`Scaling: ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up (${cores} cores; the load generator runs on them too)`, rows);

  // The budgets on the request path: an /api/v1 request hits two of them.
  const costs = await budgetCosts();
  printTable('Budget counting per hit (an /api/v1 request counts two budgets)', costs);
}
