// Issue 49: a server that pulls its snapshots. `npm start` as its own process with
// WEB_CONCURRENCY=2 and SNAPSHOT_SOURCE_URL pointing at a --publish-to folder served over HTTP on
// loopback: it starts from an empty folder on the source's snapshot, switches every worker to a
// newly shipped one within 30 s of its manifest (the default poll), serving a file whose sha256 is
// the manifest's; /data lists what the manifest lists; a manifest whose checksum does not match its
// file leaves every worker on the previous snapshot, with the mismatch logged once and nothing
// logged as malformed.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { MANIFEST_FILE, type Manifest } from '../../contract/manifest.ts';
import { STAGING_DIR } from '../../serve/records/snapshot-source.ts';
import { freePort, get, killCluster, start } from '../cluster/helpers.ts';
import { publishRun, serveFolder, sha256File } from '../helpers/publish.ts';
import { tempDir } from '../helpers/snapshot.ts';

const WORKERS = 2;
/** The bound: a new snapshot reaches the server within 30 s of its manifest. */
const ARRIVAL_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The snapshot file each of several fresh connections (so each worker in turn) is served from. */
async function servedFiles(base: string, times = 2 * WORKERS): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < times; i += 1) files.push(JSON.parse((await get(`${base}/healthz`)).body).snapshot.file as string);
  return files;
}

test('a server fed by SNAPSHOT_SOURCE_URL switches every worker to a shipped snapshot within 30 s, and never to one whose checksum does not match', async (t) => {
  const destination = tempDir('published');
  const first = await publishRun(destination);
  const source = await serveFolder(destination);
  const replica = tempDir('replica');
  const port = await freePort();
  const server = start({ PORT: String(port), WEB_CONCURRENCY: String(WORKERS), SNAPSHOTS_DIR: replica, SNAPSHOT_SOURCE_URL: source.url });
  t.teardown(async () => {
    killCluster(server);
    await source.close();
  });
  await server.waitFor((line) => line.msg === 'serving' && line.workers === WORKERS, 120_000);
  const base = `http://127.0.0.1:${port}`;

  // Started from an empty folder: the source's snapshot, its texts beside it, the manifest kept.
  const firstName = first.manifest.newest.snapshot;
  t.deepEqual(await servedFiles(base), Array(2 * WORKERS).fill(firstName));
  for (const file of first.manifest.files) t.is(sha256File(path.join(replica, file.name)), file.sha256);

  // A second run ships a newer snapshot: every worker serves it within 30 s of the manifest.
  const second = await publishRun(destination, { snapshotsDir: first.snapshotsDir });
  const manifestAt = Date.now();
  const newer = second.manifest.newest.snapshot;
  t.not(newer, firstName);
  let files: string[] = [];
  while (Date.now() - manifestAt < ARRIVAL_MS + 5_000) {
    files = await servedFiles(base);
    if (files.every((file) => file === newer)) break;
    await sleep(250);
  }
  const arrivedMs = Date.now() - manifestAt;
  t.deepEqual(files, Array(2 * WORKERS).fill(newer));
  t.true(arrivedMs <= ARRIVAL_MS, `every worker switched ${arrivedMs} ms after the manifest`);
  const shipped = second.manifest.files.find((file) => file.name === newer)!;
  t.is(sha256File(path.join(replica, newer)), shipped.sha256, 'the file served is the one the manifest names');

  // /data lists what the manifest lists, with its checksums, on every worker.
  const listed = (manifest: Manifest) => manifest.files.filter((file) => file.kind === 'snapshot').map((file) => [file.name, file.sha256]);
  // The manifest is kept once every file it names is in (the older snapshot is there already).
  const kept = () => fs.existsSync(path.join(replica, MANIFEST_FILE)) && fs.readFileSync(path.join(replica, MANIFEST_FILE), 'utf8').includes(newer);
  for (const startedAt = Date.now(); !kept() && Date.now() - startedAt < 10_000; ) await sleep(100);
  for (let i = 0; i < WORKERS; i += 1) {
    const index = JSON.parse((await get(`${base}/data/index.json`)).body) as { snapshots: Array<{ file: string; sha256: string }> };
    t.deepEqual(index.snapshots.map((entry) => [entry.file, entry.sha256]), listed(second.manifest));
  }

  // A manifest naming a newer file whose sha256 is not the file's: never moved in, never served.
  const bad = 'rcfe-2099-01-01.sqlite';
  fs.copyFileSync(path.join(destination, newer), path.join(destination, bad));
  const wrong = shipped.sha256.replace(/^./, (digit) => (digit === '0' ? '1' : '0'));
  const badManifest: Manifest = {
    ...second.manifest,
    newest: { snapshot: bad, document_texts: null },
    files: [{ ...shipped, name: bad, sha256: wrong, snapshot_date: '2099-01-01' }, ...second.manifest.files],
  };
  fs.writeFileSync(path.join(destination, `${MANIFEST_FILE}.tmp`), JSON.stringify(badManifest));
  fs.renameSync(path.join(destination, `${MANIFEST_FILE}.tmp`), path.join(destination, MANIFEST_FILE));
  const isMismatch = (line: { msg: string }) => line.msg === 'snapshot source file does not match its manifest; not moved in';
  const said = await server.waitFor(isMismatch, ARRIVAL_MS);
  t.is(said.level, 'error');
  t.regex(String(said.reason), new RegExp(`sha256 ${shipped.sha256}, its manifest says ${wrong}`));
  // Two more polls of the same manifest: said once, not on every poll.
  const polled = source.requests.filter((request) => request === `/${MANIFEST_FILE}`).length;
  while (source.requests.filter((request) => request === `/${MANIFEST_FILE}`).length < polled + 2) await sleep(500);
  t.is(server.lines.filter(isMismatch).length, 1);
  t.is(source.requests.filter((request) => request === `/${bad}`).length, 1, 'downloaded once, not again on every poll');
  // One process of the two-worker server downloads: each file was asked for once.
  for (const file of second.manifest.files) t.is(source.requests.filter((request) => request === `/${file.name}`).length, 1, file.name);
  t.deepEqual(await servedFiles(base), Array(2 * WORKERS).fill(newer));
  t.false(fs.existsSync(path.join(replica, bad)));
  t.deepEqual(fs.readdirSync(path.join(replica, STAGING_DIR)), [], 'nothing left in staging');
  t.false(
    server.lines.some((line) => /malformed/i.test(JSON.stringify(line))),
    'nothing logged as malformed',
  );
  t.false(server.lines.some((line) => line.msg === 'snapshot rejected'));
});
