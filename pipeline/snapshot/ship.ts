// Shipping the published snapshots elsewhere (`--publish-to`, PUBLISH_TO) with rclone, so one
// tool reaches a local folder, S3, GCS, Azure or WebDAV with its own configuration, checksummed
// and retried. Every retained snapshot and its document texts file is copied first (files already
// there are skipped); manifest.json, naming each with its size and sha256, is written last, under
// a temporary name then moved, so a reader sees the previous manifest or the new one, never half
// of one, and never a manifest naming a file not yet there. A copy that fails leaves the previous
// manifest in place; the snapshot stays published here, and the next run ships again.
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DOCUMENT_TEXTS_FILE, documentTextsFileOf } from '../../contract/document-store.ts';
import { MANIFEST_FILE, MANIFEST_VERSION, type Manifest, type ManifestFile } from '../../contract/manifest.ts';
import { META, SNAPSHOT_FILE } from '../../contract/snapshot-schema.ts';
import { listSnapshots } from './folder.ts';

export interface ShipOptions {
  snapshotsDir: string;
  snapshotName: string;
  /** Any rclone destination: a local path, or remote:bucket/path with rclone's own config or environment. */
  destination: string;
  /** The rclone program (tests may point at another). */
  rclone?: string;
  now?: Date;
}

export interface ShipOutcome {
  ok: boolean;
  destination: string;
  /** The manifest written (null when shipping failed before it). */
  manifest: Manifest | null;
  /** Why shipping failed, with rclone's own words; null when it did not. */
  reason: string | null;
  /** Something that did not stop shipping (an old file the destination still holds). */
  warnings: string[];
  /** One line for the run's output. */
  line: string;
}

/** Most of rclone's output kept for a reason: its last lines say what failed. */
const KEPT_OUTPUT_CHARS = 2_000;

/** The outcome of one rclone command: its exit code and its output (the tail of it). */
interface RcloneResult {
  code: number | null;
  output: string;
  missing: boolean;
}

/** A destination's listing kept whole up to this (a few hundred files). */
const KEPT_LISTING_CHARS = 1024 * 1024;

/** Runs rclone with `args` (no shell), its output captured (the last `keptChars` of it). */
function runRclone(program: string, args: string[], keptChars = KEPT_OUTPUT_CHARS): Promise<RcloneResult> {
  return new Promise((resolve) => {
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-keptChars);
    };
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (error: NodeJS.ErrnoException) => resolve({ code: null, output: error.message, missing: error.code === 'ENOENT' }));
    child.once('close', (code) => resolve({ code, output: output.trim(), missing: false }));
  });
}

/** A destination and a file name joined as rclone reads them (`remote:` alone is a remote's root). */
export function destinationPath(destination: string, name: string): string {
  return destination.endsWith(':') || destination.endsWith('/') ? `${destination}${name}` : `${destination}/${name}`;
}

/** True when rclone reads `destination` as a local path (no `remote:` before the first slash). */
function isLocalPath(destination: string): boolean {
  const colon = destination.indexOf(':');
  return colon < 0 || (destination.indexOf('/') >= 0 && destination.indexOf('/') < colon);
}

/**
 * Why `destination` cannot be shipped to, or null. The snapshots folder also holds the operator
 * store (families' contact details) and the crawler's working store: a destination is published,
 * so it is never that folder or a folder inside it.
 */
export function destinationProblem(destination: string, snapshotsDir: string): string | null {
  if (!destination.trim()) return '--publish-to (PUBLISH_TO) needs a destination: a folder, or an rclone remote such as remote:bucket/path';
  if (!isLocalPath(destination)) return null;
  const target = path.resolve(destination);
  const folder = path.resolve(snapshotsDir);
  if (target === folder || target.startsWith(folder + path.sep)) {
    return `--publish-to ${destination} is the snapshots folder or inside it, which also holds the operator store and the crawler's working store: publish to another folder or a bucket`;
  }
  return null;
}

const hashes = new Map<string, { key: string; sha256: string }>();

/** The file's sha256, read once per size and modification time (a published file never changes). */
async function sha256Of(file: string): Promise<{ size: number; sha256: string }> {
  const info = await stat(file);
  const key = `${info.size}:${info.mtimeMs}`;
  const known = hashes.get(file);
  if (known?.key === key) return { size: info.size, sha256: known.sha256 };
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  const sha256 = hash.digest('hex');
  hashes.set(file, { key, sha256 });
  return { size: info.size, sha256 };
}

function snapshotIdentity(file: string): { snapshot_date: string; run_id: string | null } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const value = db.prepare('SELECT value FROM metadata WHERE key = ?').pluck();
    const date = (value.get(META.snapshotDate) as string | undefined) || SNAPSHOT_FILE.exec(path.basename(file))![2]!;
    return { snapshot_date: date, run_id: (value.get(META.runId) as string | undefined) || null };
  } finally {
    db.close();
  }
}

/** The manifest of every retained snapshot in the folder (newest first), each with its texts file when it has one. */
export async function buildManifest(snapshotsDir: string, snapshotName: string, now = new Date()): Promise<Manifest> {
  const snapshots = (await listSnapshots(snapshotsDir, snapshotName)).reverse();
  if (!snapshots.length) throw new Error(`no published snapshot named ${snapshotName}-<date>.sqlite in ${snapshotsDir}`);
  const files: ManifestFile[] = [];
  for (const file of snapshots) {
    const identity = snapshotIdentity(file);
    files.push({ name: path.basename(file), kind: 'snapshot', ...(await sha256Of(file)), ...identity });
    const texts = path.join(snapshotsDir, documentTextsFileOf(path.basename(file)));
    if (existsSync(texts)) files.push({ name: path.basename(texts), kind: 'document_texts', ...(await sha256Of(texts)), ...identity });
  }
  const newest = files[0]!;
  const newestTexts = files[1]?.kind === 'document_texts' ? files[1].name : null;
  return {
    manifest_version: MANIFEST_VERSION,
    written_at: now.toISOString(),
    run_id: newest.run_id,
    snapshot_date: newest.snapshot_date,
    newest: { snapshot: newest.name, document_texts: newestTexts },
    files,
  };
}

/** Copies the retained snapshots and their texts to the destination, then writes manifest.json there. */
export async function shipSnapshots(options: ShipOptions): Promise<ShipOutcome> {
  const { destination, snapshotsDir } = options;
  const rclone = options.rclone ?? 'rclone';
  const failed = (reason: string, manifest: Manifest | null = null): ShipOutcome => ({
    ok: false,
    destination,
    manifest,
    reason,
    warnings: [],
    line: `NOT SHIPPED to ${destination}: ${reason}. The snapshot is published here; the destination keeps its previous ${MANIFEST_FILE}.`,
  });
  const problem = destinationProblem(destination, snapshotsDir);
  if (problem) return failed(problem);
  let manifest: Manifest;
  try {
    manifest = await buildManifest(snapshotsDir, options.snapshotName, options.now);
  } catch (error) {
    return failed(`the manifest could not be built: ${(error as Error).message}`);
  }
  const said = (step: string, result: RcloneResult) =>
    result.missing
      ? `rclone is not installed or not on PATH (${result.output}); on Debian: apt-get install -y rclone`
      : `rclone failed ${step} (exit ${result.code}): ${result.output || 'no output'}`;

  const work = await mkdtemp(path.join(os.tmpdir(), 'ship-'));
  try {
    // 1. The files, the newest first; rclone skips a file the destination already holds unchanged.
    const list = path.join(work, 'files');
    await writeFile(list, manifest.files.map((file) => file.name).join('\n') + '\n');
    const copied = await runRclone(rclone, ['copy', snapshotsDir, destination, '--files-from-raw', list]);
    if (copied.code !== 0) return failed(said('copying the files', copied), manifest);

    // 2. manifest.json last: written whole under a temporary name, then moved onto the name readers read.
    const local = path.join(work, MANIFEST_FILE);
    await writeFile(local, `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = destinationPath(destination, `${MANIFEST_FILE}.partial-${randomUUID()}`);
    const uploaded = await runRclone(rclone, ['copyto', local, partial]);
    if (uploaded.code !== 0) {
      await runRclone(rclone, ['deletefile', partial]);
      return failed(said(`writing ${MANIFEST_FILE}`, uploaded), manifest);
    }
    const moved = await runRclone(rclone, ['moveto', partial, destinationPath(destination, MANIFEST_FILE)]);
    if (moved.code !== 0) {
      await runRclone(rclone, ['deletefile', partial]);
      return failed(said(`moving ${MANIFEST_FILE} into place`, moved), manifest);
    }

    // 3. Files of this name the manifest no longer lists (pruned here) go from the destination too.
    const warnings = await removeUnlisted(rclone, destination, options.snapshotName, manifest);
    const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
    return {
      ok: true,
      destination,
      manifest,
      reason: null,
      warnings,
      line: `Shipped to ${destination}: ${manifest.files.length} file(s), ${(bytes / 1024 / 1024).toFixed(1)} MB, then ${MANIFEST_FILE} (newest ${manifest.newest.snapshot}).${warnings.map((w) => ` ${w}`).join('')}`,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Removes from the destination this name's snapshots and texts files the manifest does not list; a failure is a warning. */
async function removeUnlisted(rclone: string, destination: string, snapshotName: string, manifest: Manifest): Promise<string[]> {
  const listed = await runRclone(rclone, ['lsf', '--files-only', '--max-depth', '1', destination], KEPT_LISTING_CHARS);
  if (listed.code !== 0) return [`Old files at the destination were not looked for: ${listed.output}`];
  const kept = new Set(manifest.files.map((file) => file.name));
  const unlisted = listed.output
    .split('\n')
    .map((name) => name.trim())
    .filter((name) => !kept.has(name) && (SNAPSHOT_FILE.exec(name)?.[1] === snapshotName || DOCUMENT_TEXTS_FILE.exec(name)?.[1] === snapshotName));
  const left: string[] = [];
  for (const name of unlisted) {
    const removed = await runRclone(rclone, ['deletefile', destinationPath(destination, name)]);
    if (removed.code !== 0) left.push(name);
  }
  return left.length ? [`Old file(s) still at the destination (removed again by the next run): ${left.join(', ')}.`] : [];
}
