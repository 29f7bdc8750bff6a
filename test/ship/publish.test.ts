// Issue 49: snapshots shipped with their checksums. A real pipeline run on the seeds, shipped with
// Debian's rclone to a folder: the snapshot, its document texts file and manifest.json, whose
// sizes and sha256s are the files'; a copy that fails leaves the previous manifest and the local
// snapshot published; pruning takes each snapshot's texts with it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import { documentTextsFileOf } from '../../contract/document-store.ts';
import { MANIFEST_FILE } from '../../contract/manifest.ts';
import { META } from '../../contract/snapshot-schema.ts';
import { runPipeline } from '../../pipeline/run.ts';
import { pruneSnapshots } from '../../pipeline/snapshot/folder.ts';
import { destinationProblem } from '../../pipeline/snapshot/ship.ts';
import { publishRun, readManifest, sha256File } from '../helpers/publish.ts';
import { tempDir } from '../helpers/snapshot.ts';

test.serial('a run with --publish-to ships its snapshot and texts file, then manifest.json, whose sizes and sha256s are the files\'', async (t) => {
  const destination = tempDir('published');
  const { snapshotsDir, result, manifest } = await publishRun(destination);
  const snapshot = path.basename(result.snapshotPath!);
  const texts = documentTextsFileOf(snapshot);
  t.deepEqual(fs.readdirSync(destination).sort(), [MANIFEST_FILE, texts, snapshot].sort(), 'the two files and the manifest, nothing else (no operator or crawler store)');
  t.is(manifest.newest.snapshot, snapshot);
  t.is(manifest.newest.document_texts, texts);
  t.deepEqual(manifest.files.map((file) => [file.name, file.kind]), [[snapshot, 'snapshot'], [texts, 'document_texts']]);
  for (const file of manifest.files) {
    t.is(file.sha256, sha256File(path.join(destination, file.name)), `${file.name}: sha256 at the destination`);
    t.is(file.sha256, sha256File(path.join(snapshotsDir, file.name)), `${file.name}: the published file itself`);
    t.is(file.size, fs.statSync(path.join(destination, file.name)).size);
  }
  t.is(manifest.run_id, result.report.run_id);
  t.like(result.report.shipped, { destination, ok: true, reason: null });

  // The snapshot names its texts file, which holds the texts of its homes and nothing else.
  const db = new Database(result.snapshotPath!, { readonly: true });
  t.is(db.prepare('SELECT value FROM metadata WHERE key = ?').pluck().get(META.documentStore), texts);
  t.is(db.prepare('SELECT value FROM metadata WHERE key = ?').pluck().get(META.snapshotDate), manifest.snapshot_date);
  const licenses = new Set(db.prepare('SELECT license_number FROM facilities').pluck().all() as string[]);
  const reports = db.prepare('SELECT COUNT(*) FROM reports').pluck().get() as number;
  db.close();
  const textsDb = new Database(path.join(snapshotsDir, texts), { readonly: true });
  const documents = textsDb.prepare('SELECT license_number FROM documents').pluck().all() as string[];
  textsDb.close();
  t.true(documents.length >= reports && reports > 0, `${documents.length} texts for ${reports} listed reports`);
  t.true(documents.every((license) => licenses.has(license)));
  t.is(fs.statSync(path.join(snapshotsDir, texts)).mode & 0o222, 0, 'published read-only, like the snapshot');

  // A second run the same day ships its own files too; the manifest now names it newest and lists both.
  const second = await publishRun(destination, { snapshotsDir });
  const newer = path.basename(second.result.snapshotPath!);
  t.is(second.manifest.newest.snapshot, newer);
  t.deepEqual(second.manifest.files.map((file) => file.name), [newer, documentTextsFileOf(newer), snapshot, texts]);
  for (const file of second.manifest.files) t.is(file.sha256, sha256File(path.join(destination, file.name)));
});

test.serial('a copy that fails is reported with rclone\'s reason; the previous manifest stays, and the snapshot is published here', async (t) => {
  const destination = tempDir('published');
  const now = new Date('2026-03-02T20:00:00Z');
  const first = await publishRun(destination, { now });
  const before = fs.readFileSync(path.join(destination, MANIFEST_FILE), 'utf8');
  // The next run's snapshot name is taken at the destination by a folder: rclone cannot copy it there.
  const blocked = path.basename(first.result.snapshotPath!).replace('.sqlite', '.1.sqlite');
  fs.mkdirSync(path.join(destination, blocked));
  const result = await runPipeline({ snapshotsDir: first.snapshotsDir, publishTo: destination, now, log: () => {} });
  t.true(result.published);
  t.is(path.basename(result.snapshotPath!), blocked);
  t.true(fs.existsSync(result.snapshotPath!), 'published here all the same');
  t.false(result.shipped!.ok);
  t.regex(result.shipped!.reason!, /^rclone failed copying the files \(exit \d+\): .+/s);
  t.like(result.report.shipped, { ok: false, destination });
  t.regex(result.shipped!.line, /^NOT SHIPPED to .*the destination keeps its previous manifest\.json\.$/s);
  t.is(fs.readFileSync(path.join(destination, MANIFEST_FILE), 'utf8'), before, 'the previous manifest, byte for byte');
  t.is(readManifest(destination).newest.snapshot, path.basename(first.result.snapshotPath!));
  t.false(fs.readdirSync(destination).some((name) => name.includes('.partial')), 'no manifest left half-way');
});

test('a destination inside the snapshots folder is refused: it also holds the operator store', (t) => {
  const dir = tempDir('snapshots');
  t.regex(destinationProblem(dir, dir)!, /is the snapshots folder or inside it/);
  t.regex(destinationProblem(path.join(dir, 'out'), dir)!, /is the snapshots folder or inside it/);
  t.is(destinationProblem(tempDir('elsewhere'), dir), null);
  t.is(destinationProblem('s3remote:bucket/rcfe', dir), null);
  t.regex(destinationProblem('', dir)!, /needs a destination/);
});

test('pruning removes each old snapshot with its texts file', async (t) => {
  const dir = tempDir('prune');
  const names = ['rcfe-2026-01-01.sqlite', 'rcfe-2026-01-02.sqlite', 'rcfe-2026-01-03.sqlite'];
  for (const name of names) {
    fs.writeFileSync(path.join(dir, name), name);
    fs.writeFileSync(path.join(dir, documentTextsFileOf(name)), name);
  }
  const removed = await pruneSnapshots(dir, 'rcfe', 2);
  t.deepEqual(removed.map((file) => path.basename(file)), ['rcfe-2026-01-01.sqlite']);
  t.deepEqual(fs.readdirSync(dir).sort(), ['rcfe-2026-01-02.documents.db', 'rcfe-2026-01-02.sqlite', 'rcfe-2026-01-03.documents.db', 'rcfe-2026-01-03.sqlite']);
});

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `npm run pipeline` as a process: its exit code and output. */
function pipelineCommand(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import=tsx', path.join(ROOT, 'pipeline/run.ts'), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('the command exits 3 when the run published but could not ship (PUBLISH_TO), and 2 when --publish-to names nothing', async (t) => {
  const snapshotsDir = tempDir('cli');
  // An rclone remote no configuration names: rclone refuses it.
  const config = path.join(tempDir('rclone'), 'rclone.conf');
  fs.writeFileSync(config, '');
  const shipped = await pipelineCommand([], { SNAPSHOTS_DIR: snapshotsDir, PUBLISH_TO: 'nosuchremote:bucket/rcfe', RCLONE_CONFIG: config });
  t.is(shipped.code, 3, shipped.stderr);
  t.regex(shipped.stderr, /NOT SHIPPED to nosuchremote:bucket\/rcfe: rclone failed copying the files \(exit \d+\): .*nosuchremote/s);
  t.regex(shipped.stdout, /Published rcfe-\d{4}-\d{2}-\d{2}\.sqlite/);
  t.true(fs.readdirSync(snapshotsDir).some((name) => /^rcfe-.*\.sqlite$/.test(name)), 'published here');

  const refused = await pipelineCommand(['--publish-to'], { SNAPSHOTS_DIR: tempDir('cli') });
  t.is(refused.code, 2);
  t.regex(refused.stderr, /--publish-to \(PUBLISH_TO\) needs a destination/);
  const help = await pipelineCommand(['--help'], {});
  t.regex(help.stdout, /--publish-to <dest>/);
  t.regex(help.stdout, /3 {2}published here, but shipping to --publish-to failed/);
});
