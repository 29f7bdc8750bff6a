// Corrections fail closed (issue 39, item 1), in one process: a server restarted while the
// operator store cannot be read serves the last good overlay from its copy beside the store (a held
// dementia review still reads not_on_file and matches no `needs`), and /healthz says the overlay is
// stale and since when; with no copy either, /healthz is 503 with the reason and every other
// request a 503 (REST error shape, a JSON-RPC error on /mcp), until the store can be read again.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { OPERATOR_STORE_FILE } from '../../contract/overlay.ts';
import { OVERLAY_COPY_FILE } from '../../serve/records/overlay-copy.ts';
import { runOperatorCommand } from '../../serve/operator/cli.ts';
import { examples } from '../helpers/examples.ts';
import { call, postJson, startServer } from '../helpers/server.ts';
import { snapshotDir } from '../helpers/snapshot.ts';

const quiet = { out: () => {} };

async function dementiaHome(): Promise<{ license_number: string; city: string }> {
  const ex = await examples();
  return ex.one(
    'a listed dementia home in a city with at most 20 of them',
    `SELECT license_number, city FROM facilities f WHERE listed = 1 AND dementia = 'true' AND city IS NOT NULL
       AND (SELECT COUNT(*) FROM facilities g WHERE g.listed = 1 AND g.dementia = 'true' AND g.city_key = f.city_key) <= 20
     ORDER BY sort_key`,
  );
}

/** What REST says of the home's dementia clearance, and whether it is listed under needs=dementia. */
async function dementiaAsServed(url: string, home: { license_number: string; city: string }) {
  const detail = await call(`${url}/api/v1/facilities/${home.license_number}`);
  const list = await call(`${url}/api/v1/facilities?city=${encodeURIComponent(home.city)}&needs=dementia&limit=100`);
  return {
    value: detail.body.data.clearances.dementia.value,
    listed: (list.body.data.facilities as Array<{ license_number: string }>).some((f) => f.license_number === home.license_number),
  };
}

const corrupt = (dir: string) => fs.writeFileSync(path.join(dir, OPERATOR_STORE_FILE), 'this is not a SQLite database, it was overwritten');

test.serial('a restart while the store is unreadable serves the last good overlay, and /healthz says it is stale since the last good read', async (t) => {
  const home = await dementiaHome();
  const dir = await snapshotDir();
  t.is(runOperatorCommand(['review', 'open', home.license_number, 'dementia'], { snapshotsDir: dir, ...quiet }), 0);

  const first = await startServer({ snapshotsDir: dir });
  const good = await call(`${first.url}/healthz`);
  await first.close();
  t.is(good.status, 200);
  t.like(good.body.overlay, { state: 'current', source: 'store', reviews_held: 1, stale_since: null });
  t.true(fs.existsSync(path.join(dir, OVERLAY_COPY_FILE)), 'the good read left its copy beside the store');
  t.is((fs.statSync(path.join(dir, OVERLAY_COPY_FILE)).mode & 0o777), 0o600);

  corrupt(dir);
  const restarted = await startServer({ snapshotsDir: dir });
  t.teardown(() => restarted.close());
  t.deepEqual(await dementiaAsServed(restarted.url, home), { value: 'not_on_file', listed: false });
  const health = await call(`${restarted.url}/healthz`);
  t.is(health.status, 200, 'an older overlay serves: the instance stays in rotation');
  t.like(health.body.overlay, { state: 'stale', source: 'last-good copy', reviews_held: 1, stale_since: good.body.overlay.loaded_at });
  t.regex(health.body.overlay.reason, /^the operator store operator\.sqlite cannot be read/);
  t.false(health.text.includes(dir), 'no server path is shown');

  // The store readable again: current, and the review still held.
  fs.rmSync(path.join(dir, OPERATOR_STORE_FILE));
  t.is(runOperatorCommand(['review', 'open', home.license_number, 'dementia'], { snapshotsDir: dir, ...quiet }), 0);
  restarted.app.services.overlays.refresh();
  t.like((await call(`${restarted.url}/healthz`)).body.overlay, { state: 'current', source: 'store', stale_since: null });
  t.deepEqual(await dementiaAsServed(restarted.url, home), { value: 'not_on_file', listed: false });
});

test.serial('with no good overlay ever read, /healthz is 503 and every other request a 503 that says why, until the store reads', async (t) => {
  const home = await dementiaHome();
  const dir = await snapshotDir();
  corrupt(dir);
  const server = await startServer({ snapshotsDir: dir });
  t.teardown(() => server.close());

  const health = await call(`${server.url}/healthz`);
  t.is(health.status, 503);
  t.is(health.body.status, 'degraded');
  t.regex(health.body.reason, /no good operator overlay was ever read .* every request but \/healthz gets 503/);
  t.like(health.body.overlay, { state: 'unavailable', source: 'none' });

  const rest = await call(`${server.url}/api/v1/facilities/${home.license_number}`);
  t.is(rest.status, 503);
  t.deepEqual(Object.keys(rest.body), ['error']);
  t.regex(rest.body.error, /cannot read its list of clearances under correction review/);
  t.is(rest.headers.get('cache-control'), 'no-store');
  t.true(Number(rest.headers.get('retry-after')) >= 1);
  t.is((await postJson(`${server.url}/api/v1/check`, { homes: [home.license_number] })).status, 503);
  const page = await call(`${server.url}/facility/${home.license_number}`, { headers: { accept: 'text/html' } });
  t.is(page.status, 503);
  const mcp = await postJson(`${server.url}/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { accept: 'application/json, text/event-stream' });
  t.is(mcp.status, 503);
  t.is(mcp.body.jsonrpc, '2.0');
  t.regex(mcp.body.error.message, /correction review/);

  // The store written anew: the next read serves, with the review it holds.
  fs.rmSync(path.join(dir, OPERATOR_STORE_FILE));
  t.is(runOperatorCommand(['review', 'open', home.license_number, 'dementia'], { snapshotsDir: dir, ...quiet }), 0);
  server.app.services.overlays.refresh();
  t.is((await call(`${server.url}/healthz`)).status, 200);
  t.deepEqual(await dementiaAsServed(server.url, home), { value: 'not_on_file', listed: false });
});

test.serial('no store and no copy is a fresh install: nothing held, healthy', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const health = await call(`${server.url}/healthz`);
  t.is(health.status, 200);
  t.like(health.body.overlay, { state: 'current', source: 'no store', reviews_held: 0 });
  t.false(fs.existsSync(path.join(server.dir, OVERLAY_COPY_FILE)));
});

test.serial('a truncated store (an empty file, as while it is being overwritten) is unreadable, not a store holding nothing', async (t) => {
  const home = await dementiaHome();
  const dir = await snapshotDir();
  t.is(runOperatorCommand(['review', 'open', home.license_number, 'dementia'], { snapshotsDir: dir, ...quiet }), 0);
  const server = await startServer({ snapshotsDir: dir });
  t.teardown(() => server.close());
  fs.writeFileSync(path.join(dir, OPERATOR_STORE_FILE), '');
  server.app.services.overlays.refresh();
  t.deepEqual(await dementiaAsServed(server.url, home), { value: 'not_on_file', listed: false });
  const health = await call(`${server.url}/healthz`);
  t.like(health.body.overlay, { state: 'stale', reviews_held: 1 });
  t.regex(health.body.overlay.reason, /not an operator store/);
  // The copy kept the review too: a restart now still holds it.
  const restarted = await startServer({ snapshotsDir: dir });
  t.teardown(() => restarted.close());
  t.deepEqual(await dementiaAsServed(restarted.url, home), { value: 'not_on_file', listed: false });
});
