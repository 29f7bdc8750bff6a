// Corrections fail closed in the cluster (issue 39, item 1): two workers over a store holding a
// dementia review; the store is overwritten, then a worker is killed. Its replacement starts while
// the store cannot be read and serves the last-good copy: on every worker the home reads
// not_on_file and is not listed under needs=dementia, and /healthz says the overlay is stale and
// since when.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import test from 'ava';
import { OPERATOR_STORE_FILE } from '../../contract/overlay.ts';
import { runOperatorCommand } from '../../serve/operator/cli.ts';
import { examples } from '../helpers/examples.ts';
import { snapshotDir } from '../helpers/snapshot.ts';
import { children, freePort, killCluster, get, start, type Running } from './helpers.ts';

const WORKERS = 2;
let server: Running | null = null;

test.after.always(() => killCluster(server));

test('a worker replaced while the operator store is unreadable still holds the review; /healthz says stale since when', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; city: string }>(
    'a listed dementia home in a city with at most 20 of them',
    `SELECT license_number, city FROM facilities f WHERE listed = 1 AND dementia = 'true' AND city IS NOT NULL
       AND (SELECT COUNT(*) FROM facilities g WHERE g.listed = 1 AND g.dementia = 'true' AND g.city_key = f.city_key) <= 20
     ORDER BY sort_key`,
  );
  const dir = await snapshotDir();
  t.is(runOperatorCommand(['review', 'open', home.license_number, 'dementia'], { snapshotsDir: dir, out: () => {} }), 0);
  server = start({ SNAPSHOTS_DIR: dir, PORT: String(await freePort()), WEB_CONCURRENCY: String(WORKERS), OVERLAY_POLL_MS: '200' });
  const base = (await server.waitFor((line) => line.msg === 'serving' && line.workers === WORKERS, 180_000)).url as string;

  const health = async () => JSON.parse((await get(`${base}/healthz`)).body) as { status: string; overlay: Record<string, unknown> };
  for (let i = 0; i < WORKERS; i += 1) t.like((await health()).overlay, { state: 'current', reviews_held: 1 });

  fs.writeFileSync(path.join(dir, OPERATOR_STORE_FILE), 'overwritten: not a SQLite database');
  const faultAt = new Date().toISOString();
  // The running workers see the fault at their next poll (200 ms; longer on a busy machine).
  for (let seen = 0, deadline = Date.now() + 60_000; seen < 2 * WORKERS && Date.now() < deadline; ) {
    seen = (await health()).overlay.state === 'stale' ? seen + 1 : 0;
    if (seen < 2 * WORKERS) await sleep(100);
  }
  const [victim] = children(server.child.pid!);
  process.kill(victim!, 'SIGKILL');
  const replacement = await server.waitFor((line) => line.msg === 'worker serving' && line.pid !== victim, 180_000);
  t.true(children(server.child.pid!).includes(replacement.pid!));

  // Fresh connections go to each worker in turn: every answer holds the review.
  for (let i = 0; i < 2 * WORKERS; i += 1) {
    const detail = JSON.parse((await get(`${base}/api/v1/facilities/${home.license_number}`)).body);
    t.is(detail.data.clearances.dementia.value, 'not_on_file');
    const list = JSON.parse((await get(`${base}/api/v1/facilities?city=${encodeURIComponent(home.city)}&needs=dementia&limit=100`)).body);
    t.false((list.data.facilities as Array<{ license_number: string }>).some((f) => f.license_number === home.license_number));
    const answer = await get(`${base}/healthz`);
    t.is(answer.status, 200);
    const overlay = JSON.parse(answer.body).overlay;
    t.like(overlay, { state: 'stale', reviews_held: 1 });
    t.true(typeof overlay.stale_since === 'string' && overlay.stale_since <= faultAt, `stale since ${overlay.stale_since}, fault at ${faultAt}`);
    t.regex(overlay.reason, /cannot be read/);
  }
  const sources = new Set<string>();
  for (let i = 0; i < 2 * WORKERS; i += 1) sources.add((await health()).overlay.source as string);
  t.deepEqual([...sources].sort(), ['last-good copy', 'store'], 'the replacement serves the copy, the other worker what it read');
});
