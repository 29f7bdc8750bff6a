// `npm run soak`: the server under a sustained mixed load from many simulated clients at the
// spec's rate limits, with a snapshot switch, a corrupt snapshot and an unreadable operator store
// thrown in midway. It passes when no request fails other than the intended 429s and the
// server's memory stays flat. Everything runs on loopback; the run stops by itself.
//   SOAK_SECONDS (default 60), SOAK_CLIENTS (default 40)
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, chmodSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { runPipeline, REPO_ROOT } from '../../pipeline/run.ts';
import { META, snapshotFileName } from '../../contract/snapshot-schema.ts';
import { OPERATOR_STORE_FILE } from '../../contract/overlay.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 40);

interface Tally {
  ok: number;
  limited: number;
  failed: number;
  failures: string[];
}

function rssMb(pid: number): number {
  return Math.round(Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim()) / 1024);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'soak-'));
  const built = await runPipeline({ snapshotsDir: dir });
  const db = new Database(built.snapshotPath!, { readonly: true });
  const licenses = db.prepare('SELECT license_number FROM facilities WHERE listed = 1 ORDER BY license_number').pluck().all() as string[];
  const names = db.prepare('SELECT name FROM facilities WHERE listed = 1 ORDER BY license_number LIMIT 40').pluck().all() as string[];
  const counties = db.prepare('SELECT DISTINCT county FROM facilities WHERE listed = 1').pluck().all() as string[];
  db.close();

  const port = 30000 + Math.floor(Math.random() * 20000);
  const server = spawn(process.execPath, ['--import=tsx', path.join(REPO_ROOT, 'serve/server.ts')], {
    cwd: REPO_ROOT,
    // One process unless the operator asks otherwise: the soak samples the server's own memory.
    env: { WEB_CONCURRENCY: '1', ...process.env, PORT: String(port), HOST: '127.0.0.1', SNAPSHOTS_DIR: dir, LOG_LEVEL: 'warn', TRUST_PROXY: 'true', SNAPSHOT_POLL_MS: '1000', OVERLAY_POLL_MS: '1000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const tally: Tally = { ok: 0, limited: 0, failed: 0, failures: [] };
  const deadline = Date.now() + SECONDS * 1000;
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

  // Each client is one address. Most stay inside their budgets; every fifth pushes past them,
  // so 429s must come, and only for those clients.
  async function client(index: number): Promise<void> {
    const ip = `198.51.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    const greedy = index % 5 === 0;
    const perMinute = greedy ? 400 : 90;
    const gapMs = 60_000 / perMinute;
    let n = 0;
    while (Date.now() < deadline) {
      n += 1;
      const kind = n % 10;
      const headers = { 'x-forwarded-for': ip, 'content-type': 'application/json' };
      let request: Promise<Response>;
      if (kind < 5) request = fetch(`${base}/api/v1/facilities/${pick(licenses)}`, { headers });
      else if (kind < 8) request = fetch(`${base}/api/v1/facilities?county=${encodeURIComponent(pick(counties))}&limit=100`, { headers });
      else if (kind < 9) request = fetch(`${base}/api/v1/check`, { method: 'POST', headers, body: JSON.stringify({ homes: [pick(licenses), pick(names), 'no such home anywhere'] }) });
      else request = fetch(`${base}/api/v1/facilities/${pick(licenses)}/reports`, { headers });
      try {
        const response = await request;
        await response.arrayBuffer();
        if (response.status === 200) tally.ok += 1;
        else if (response.status === 429 && response.headers.get('retry-after')) {
          tally.limited += 1;
          if (!greedy) tally.failures.push(`a client within its budget was refused (${ip})`);
        } else {
          tally.failed += 1;
          tally.failures.push(`HTTP ${response.status} for ${kind}`);
        }
      } catch (error) {
        tally.failed += 1;
        tally.failures.push(String(error));
      }
      await new Promise((resolve) => setTimeout(resolve, gapMs * (0.5 + Math.random())));
    }
  }

  const memory: number[] = [];
  const sampler = setInterval(() => memory.push(rssMb(server.pid!)), 5_000);

  // Midway: a newer snapshot, a corrupt file and an unreadable operator store.
  const events = setTimeout(() => {
    const newer = path.join(dir, snapshotFileName('rcfe', '2099-12-31', 0));
    copyFileSync(built.snapshotPath!, `${newer}.writing-soak`);
    chmodSync(`${newer}.writing-soak`, 0o644);
    const copy = new Database(`${newer}.writing-soak`);
    copy.prepare('UPDATE metadata SET value = ? WHERE key = ?').run('soak-run', META.runId);
    copy.close();
    renameSync(`${newer}.writing-soak`, newer);
    writeFileSync(path.join(dir, snapshotFileName('rcfe', '2100-01-01', 0)), 'not a database');
    writeFileSync(path.join(dir, OPERATOR_STORE_FILE), 'garbage, not SQLite');
    console.log('midway: published a newer snapshot, dropped a corrupt one, broke the operator store');
  }, (SECONDS * 1000) / 2);

  const started = Date.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
  clearInterval(sampler);
  clearTimeout(events);
  const health = (await fetch(`${base}/healthz`).then((r) => r.json())) as Record<string, unknown>;
  server.kill();
  rmSync(dir, { recursive: true, force: true });

  const seconds = (Date.now() - started) / 1000;
  console.log(`\nSoak: ${CLIENTS} clients for ${seconds.toFixed(0)} s`);
  console.log(`  requests: ${tally.ok + tally.limited + tally.failed} (${((tally.ok + tally.limited) / seconds).toFixed(0)}/s); 200: ${tally.ok}; intended 429: ${tally.limited}; failed: ${tally.failed}`);
  console.log(`  server RSS every 5 s (MB): ${memory.join(', ')}`);
  console.log(`  serving after the run: ${JSON.stringify(health.snapshot ?? health)}`);
  const warm = memory.slice(2);
  const growth = warm.length > 1 ? warm.at(-1)! / Math.min(...warm) : 1;
  const problems = [
    ...(tally.failed ? [`${tally.failed} failed requests: ${[...new Set(tally.failures)].slice(0, 5).join('; ')}`] : []),
    ...(tally.failures.some((f) => f.startsWith('a client within')) ? ['a client within its budget was refused'] : []),
    ...(tally.limited === 0 ? ['no 429 at all: the greedy clients should have been limited'] : []),
    ...(growth > 1.25 ? [`memory grew ${((growth - 1) * 100).toFixed(0)}% after warm-up`] : []),
    ...(JSON.stringify(health).includes('2099-12-31') ? [] : ['the newer snapshot was not switched in']),
  ];
  console.log(problems.length ? `FAILED: ${problems.join('; ')}` : 'PASSED: no failures beyond the intended 429s, memory flat, snapshot switched under load');
  process.exitCode = problems.length ? 1 : 0;
}

await main();
