// Issue 49, item 8: the whole deployment past one machine, for real, on loopback. One pipeline
// ships its snapshots with `--publish-to` (rclone) into a folder served over HTTP; two instances,
// each a cluster of two workers with its own snapshots folder, pull them by SNAPSHOT_SOURCE_URL and
// share one PostgreSQL operator store (DATABASE_URL); Varnish (the shipped VCL) stands in front.
// The parts have their own tests (test/ship, test/pg, test/deploy/varnish*, test/etag-instances);
// this one shows they hold together.
import path from 'node:path';
import { spawn } from 'node:child_process';
import test from 'ava';
import { freePort, get, killCluster, start, type Running } from '../cluster/helpers.ts';
import { publishRun, serveFolder, sha256File, type ServedFolder } from '../helpers/publish.ts';
import { startPostgres, type RunningPostgres } from '../helpers/postgres.ts';
import { startVarnish, type Varnish } from '../helpers/varnish.ts';
import { tempDir } from '../helpers/snapshot.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WORKERS = 2;
const POLL_MS = 1_000;
const ROOMY = '100000';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let postgres: RunningPostgres | undefined;
let source: ServedFolder | undefined;
let varnish: Varnish | undefined;
const instances: Running[] = [];

test.after.always(async () => {
  await varnish?.stop();
  for (const server of instances) if (server.child.exitCode === null && server.child.signalCode === null) killCluster(server);
  await source?.close();
  await postgres?.destroy();
});

/** `npm run operator -- ...` as its own process against the shared store. */
function operator(databaseUrl: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import=tsx', path.join(ROOT, 'serve/operator/cli.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, SNAPSHOTS_DIR: tempDir('scale-out-cli') },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test.serial('two instances behind Varnish, fed by one --publish-to folder and sharing one PostgreSQL, serve as one', async (t) => {
  postgres = await startPostgres();
  const databaseUrl = await postgres.database('scaleout');
  const destination = tempDir('scale-out-published');
  const first = await publishRun(destination);
  source = await serveFolder(destination);

  const ports = [await freePort(), await freePort()];
  for (const port of ports) {
    instances.push(
      start({
        PORT: String(port),
        WEB_CONCURRENCY: String(WORKERS),
        SNAPSHOTS_DIR: tempDir('scale-out-instance'),
        SNAPSHOT_SOURCE_URL: source.url,
        DATABASE_URL: databaseUrl,
        OVERLAY_POLL_MS: String(POLL_MS),
        TRUST_PROXY: '1',
        RATE_V1_PER_MIN: ROOMY,
        RATE_API_PER_MIN: ROOMY,
        RATE_CHECK_PER_MIN: ROOMY,
        RATE_MCP_PER_MIN: ROOMY,
      }),
    );
  }
  const bases: string[] = [];
  for (const server of instances) bases.push((await server.waitFor((line) => line.msg === 'serving' && line.workers === WORKERS, 180_000)).url as string);
  varnish = await startVarnish(ports);
  const via = (at: string, headers: Record<string, string> = {}, body?: string) => get(varnish!.url + at, headers, body, 20_000);

  // Both instances serve the shipped snapshot, byte for byte the manifest's.
  const firstName = first.manifest.newest.snapshot;
  for (const base of bases) t.is(JSON.parse((await get(`${base}/healthz`)).body).snapshot.file, firstName);

  // The same address gives the same tag on every worker of both instances; one's tag is a 304 on the other.
  const listing = '/api/v1/facilities?limit=5';
  const tags = new Set<string>();
  for (const base of [...bases, ...bases]) tags.add(String((await get(`${base}${listing}`)).headers.etag));
  t.is(tags.size, 1, [...tags].join(' '));
  const tag = [...tags][0]!;
  t.is((await get(`${bases[1]}${listing}`, { 'if-none-match': tag })).status, 304);

  // Through Varnish: a page and a REST list are hits after the first; MCP always reaches an instance.
  const license = JSON.parse((await get(`${bases[0]}${listing}`)).body).data.facilities[0].license_number as string;
  for (const at of ['/guides', listing]) {
    const once = await via(at);
    t.is(once.status, 200, at);
    t.is((await via(at)).headers['x-cache'], 'HIT', at);
  }
  const call = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_home', arguments: { license_number: license } } });
  const mcp = await via('/mcp', { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, call);
  t.is(mcp.status, 200, mcp.body.slice(0, 200));
  t.true(mcp.body.includes(license));
  t.not(mcp.headers['x-cache'], 'HIT');

  // A correction sent through Varnish lands in the shared store: the CLI lists it.
  const form = new URLSearchParams({ license, field: 'phone', what_is_wrong: 'The number rings a closed office.', should_say: '(510) 555-0100' });
  const sent = await via('/corrections', { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, form.toString());
  t.is(sent.status, 200, sent.body.slice(0, 300));
  const listed = await operator(databaseUrl, 'corrections', 'list');
  t.is(listed.code, 0, listed.stderr);
  t.true(listed.stdout.includes(license));

  // A review opened with the CLI holds the clearance on both instances within OVERLAY_POLL_MS + 2 s.
  const hospice = async (base: string) => JSON.parse((await get(`${base}/api/v1/facilities/${license}`)).body).data.clearances.hospice.value as string;
  t.is((await operator(databaseUrl, 'review', 'open', license, 'hospice')).code, 0);
  await sleep(POLL_MS + 2_000);
  for (const base of [...bases, ...bases]) t.is(await hospice(base), 'not_on_file', base);

  // A newer snapshot shipped: both instances serve it within 30 s of its manifest, sha256 the manifest's.
  const second = await publishRun(destination, { snapshotsDir: first.snapshotsDir });
  const newer = second.manifest.newest.snapshot;
  t.not(newer, firstName);
  const shippedAt = Date.now();
  const served = async () => Promise.all([...bases, ...bases].map(async (base) => JSON.parse((await get(`${base}/healthz`)).body).snapshot.file as string));
  let files = await served();
  while (!files.every((file) => file === newer) && Date.now() - shippedAt < 35_000) {
    await sleep(500);
    files = await served();
  }
  t.deepEqual(files, Array(2 * bases.length).fill(newer));
  t.true(Date.now() - shippedAt <= 35_000);
  t.is(sha256File(path.join(destination, newer)), second.manifest.files.find((file) => file.name === newer)!.sha256);

  // One instance killed: requests through Varnish keep being answered, none fails.
  killCluster(instances[0]!);
  const failed: string[] = [];
  for (let i = 0; i < 40; i += 1) {
    const answer = await via(i % 2 ? `/api/v1/facilities?limit=2&offset=${i}` : `/api/v1/facilities?limit=${1 + i}`);
    if (answer.status !== 200) failed.push(`${answer.status} ${answer.body.slice(0, 120)}`);
  }
  t.deepEqual(failed, []);
});
