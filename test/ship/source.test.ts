// Issue 49: the snapshot source on its own (serve/records/snapshot-source.ts), against a folder
// served on loopback: files come in checked and whole, a missing one is fetched again, files the
// manifest drops go after the grace period, and a source that cannot give a file is said once.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { MANIFEST_FILE } from '../../contract/manifest.ts';
import { buildManifest } from '../../pipeline/snapshot/ship.ts';
import { createLogger } from '../../serve/lib/log.ts';
import { SnapshotSource } from '../../serve/records/snapshot-source.ts';
import { serveFolder, sha256File } from '../helpers/publish.ts';
import { publishNewerSnapshot, snapshotDir, tempDir } from '../helpers/snapshot.ts';

test('files come in checked; a missing one is fetched again; files the manifest drops go after the grace; a file the source cannot give is said once', async (t) => {
  // A published folder: the seed snapshot, a newer one, their texts, and the manifest.
  const published = await snapshotDir();
  await publishNewerSnapshot(published, '2099-01-01');
  const writeManifest = async () => fs.writeFileSync(path.join(published, MANIFEST_FILE), JSON.stringify(await buildManifest(published, 'rcfe')));
  await writeManifest();
  const served = await serveFolder(published);
  t.teardown(() => served.close());

  const replica = tempDir('replica');
  const lines: Array<{ level: string; msg: string; reason?: string }> = [];
  let now = 0;
  const source = new SnapshotSource({ url: served.url, dir: replica, pollMs: 3_600_000, log: createLogger('info', (line) => lines.push(JSON.parse(line))), now: () => now });
  t.teardown(() => source.close());

  const manifest = JSON.parse(fs.readFileSync(path.join(published, MANIFEST_FILE), 'utf8')) as { files: Array<{ name: string; sha256: string }> };
  const first = await source.sync();
  t.true(first.complete);
  t.deepEqual(first.installed.slice(0, 2), ['rcfe-2099-01-01.documents.db', 'rcfe-2099-01-01.sqlite'], 'the newest texts first, then the newest snapshot');
  for (const file of manifest.files) {
    t.is(sha256File(path.join(replica, file.name)), file.sha256);
    t.is(fs.statSync(path.join(replica, file.name)).mode & 0o222, 0, 'read-only');
  }
  t.is(fs.readFileSync(path.join(replica, MANIFEST_FILE), 'utf8'), fs.readFileSync(path.join(published, MANIFEST_FILE), 'utf8'));

  // A file removed from the replica is fetched again on the next sync of the same manifest.
  fs.rmSync(path.join(replica, 'rcfe-2099-01-01.sqlite'));
  t.deepEqual((await source.sync()).installed, ['rcfe-2099-01-01.sqlite']);

  // The older snapshot leaves the manifest: it stays through the grace period, then goes.
  const older = manifest.files.find((file) => file.name !== 'rcfe-2099-01-01.sqlite' && file.name.endsWith('.sqlite'))!.name;
  for (const name of fs.readdirSync(published)) if (name.startsWith(older.replace('.sqlite', '.'))) fs.rmSync(path.join(published, name), { force: true });
  await writeManifest();
  t.true((await source.sync()).complete);
  t.true(fs.existsSync(path.join(replica, older)), 'kept through the grace period');
  now += 61_000;
  await source.sync();
  t.false(fs.existsSync(path.join(replica, older)));
  t.false(fs.existsSync(path.join(replica, older.replace('.sqlite', '.documents.db'))));
  t.true(fs.existsSync(path.join(replica, 'rcfe-2099-01-01.sqlite')));

  // A newer snapshot the source cannot give (404): not in, said once over two polls, the rest untouched.
  await publishNewerSnapshot(published, '2099-02-01');
  await writeManifest();
  fs.rmSync(path.join(published, 'rcfe-2099-02-01.sqlite'));
  const missing = await source.sync();
  t.false(missing.complete);
  t.regex(missing.problem!, /rcfe-2099-02-01\.sqlite not downloaded: .* answered 404/);
  await source.sync();
  t.is(lines.filter((line) => line.msg === 'snapshot source problem').length, 1);
  t.false(fs.existsSync(path.join(replica, 'rcfe-2099-02-01.sqlite')));
  t.true(fs.readFileSync(path.join(replica, MANIFEST_FILE), 'utf8').includes('rcfe-2099-01-01'), 'the previous manifest still governs');
  t.false(fs.readFileSync(path.join(replica, MANIFEST_FILE), 'utf8').includes('rcfe-2099-02-01'));
});
