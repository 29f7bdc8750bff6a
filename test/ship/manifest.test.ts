// Issue 49: manifest.json is read as untrusted input: only snapshot and document texts file names
// (never a path), sha256s written as 64 hex digits, whole sizes, a newest snapshot it lists; and
// /data lists what a manifest governing the folder lists, with its sha256s.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { MANIFEST_FILE, parseManifest, type Manifest } from '../../contract/manifest.ts';
import { call, startServer } from '../helpers/server.ts';
import { publishNewerSnapshot, snapshotDir } from '../helpers/snapshot.ts';
import { sha256File } from '../helpers/publish.ts';

const SHA = 'a'.repeat(64);
const good = (): Manifest => ({
  manifest_version: 1,
  written_at: '2026-12-07T00:00:00.000Z',
  run_id: 'r',
  snapshot_date: '2026-12-07',
  newest: { snapshot: 'rcfe-2026-12-07.sqlite', document_texts: 'rcfe-2026-12-07.documents.db' },
  files: [
    { name: 'rcfe-2026-12-07.sqlite', kind: 'snapshot', size: 10, sha256: SHA, snapshot_date: '2026-12-07', run_id: 'r' },
    { name: 'rcfe-2026-12-07.documents.db', kind: 'document_texts', size: 10, sha256: SHA, snapshot_date: '2026-12-07', run_id: 'r' },
  ],
});

test('a sound manifest is read as written', (t) => {
  t.deepEqual(parseManifest(JSON.stringify(good())), good());
});

test('a manifest is refused with what is wrong: a path for a name, a bad checksum or size, a newest it does not list', (t) => {
  const cases: Array<[string, (m: any) => void, RegExp]> = [
    ['a path', (m) => (m.files[0].name = '../../etc/passwd'), /files\[0\]\.name "\.\.\/\.\.\/etc\/passwd" is not a snapshot file name/],
    ['a texts file as a snapshot', (m) => (m.files[0].name = 'rcfe-2026-12-07.documents.db'), /is not a snapshot file name/],
    ['an upper-case checksum', (m) => (m.files[0].sha256 = 'A'.repeat(64)), /sha256 must be 64 lowercase hex digits/],
    ['a negative size', (m) => (m.files[1].size = -1), /files\[1\]\.size must be a whole number of bytes/],
    ['a newest not listed', (m) => (m.newest.snapshot = 'rcfe-2030-01-01.sqlite'), /newest\.snapshot must name a snapshot it lists/],
    ['another version', (m) => (m.manifest_version = 2), /manifest_version 2; this reader reads 1/],
    ['a file twice', (m) => m.files.push(m.files[0]), /lists a file twice/],
  ];
  for (const [label, spoil, reason] of cases) {
    const manifest = good();
    spoil(manifest);
    t.throws(() => parseManifest(JSON.stringify(manifest)), { message: reason }, label);
  }
  t.throws(() => parseManifest('{'), { message: /manifest\.json is not JSON/ });
});

test('/data lists what a manifest in the folder lists, each file only while its bytes are the ones listed', async (t) => {
  const dir = await snapshotDir();
  const older = fs.readdirSync(dir).find((name) => /^rcfe-[\d-]+\.sqlite$/.test(name))!;
  const newer = path.basename(await publishNewerSnapshot(dir, '2099-01-01'));
  const server = await startServer({ snapshotsDir: dir });
  t.teardown(() => server.close());
  const listed = async () => ((await call(`${server.url}/data/index.json`)).body.snapshots as Array<{ file: string }>).map((entry) => entry.file);
  t.deepEqual(await listed(), [newer, older], 'no manifest: the folder as it is');

  const entry = (name: string, sha256 = sha256File(path.join(dir, name))) => ({ name, kind: 'snapshot' as const, size: fs.statSync(path.join(dir, name)).size, sha256, snapshot_date: '2099-01-01', run_id: null });
  const manifest = (files: ReturnType<typeof entry>[]): Manifest => ({ manifest_version: 1, written_at: '', run_id: null, snapshot_date: '2099-01-01', newest: { snapshot: files[0]!.name, document_texts: null }, files });
  fs.writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest([entry(newer)])));
  t.deepEqual(await listed(), [newer], 'only what the manifest lists');
  fs.writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest([entry(newer, 'b'.repeat(64)), entry(older)])));
  t.deepEqual(await listed(), [older], 'a file whose sha256 is not the listed one is left out');
});
