// A server that pulls its snapshots (SNAPSHOT_SOURCE_URL): polls the manifest.json a pipeline
// run shipped (pipeline/snapshot/ship.ts), downloads each file it names that this folder lacks to
// a staging folder the snapshot watcher never reads (`.incoming/`), checks its size and sha256,
// and only then renames it into the snapshots folder, where the watcher (snapshot.ts) switches to
// it as to any file published there. A snapshot comes in after its document texts file. A file
// that does not match its manifest is never moved in and is said once, not on every poll. Once
// every file is in, the manifest is kept beside them (it governs /data), and after a grace period
// the files it no longer lists go. One process per server runs this (the cluster's primary).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Agent, interceptors, request } from 'undici';
import { DOCUMENT_TEXTS_FILE } from '../../contract/document-store.ts';
import { MANIFEST_FILE, MANIFEST_MAX_BYTES, parseManifest, type Manifest, type ManifestFile } from '../../contract/manifest.ts';
import { SNAPSHOT_FILE } from '../../contract/snapshot-schema.ts';
import type { Logger } from '../lib/log.ts';

/** Where downloads are staged: a folder inside the snapshots folder (same disk, so the rename is atomic), not watched. */
export const STAGING_DIR = '.incoming';
/** Largest file accepted whatever the manifest says (the state's whole record is under 200 MB). */
export const MAX_FILE_BYTES = 4 * 1024 ** 3;
/** Time a manifest request may take. */
const MANIFEST_DEADLINE_MS = 15_000;
/** A file's deadline: this, plus its size read at no less than MIN_BYTES_PER_SECOND. */
const DOWNLOAD_BASE_MS = 60_000;
const MIN_BYTES_PER_SECOND = 1024 * 1024;
/** Files the manifest no longer lists stay this long after it came in (a worker may still be switching). */
const PRUNE_GRACE_MS = 60_000;

export interface SnapshotSourceOptions {
  /** Base URL where manifest.json and the files it names are served (http or https). */
  url: string;
  dir: string;
  pollMs: number;
  log: Logger;
  /** Clock for the prune grace (tests). */
  now?: () => number;
}

export interface SyncResult {
  /** Every file the manifest names is in the folder, checked. */
  complete: boolean;
  /** Files moved in by this sync. */
  installed: string[];
  /** Why the sync stopped short, when it did. */
  problem: string | null;
}

class Mismatch extends Error {}

/** A bucket or CDN may redirect a file to where it is stored: a few redirects are followed. */
const dispatcher = new Agent().compose(interceptors.redirect({ maxRedirections: 3 }));

/** Removes staged downloads (`<file>.<pid>.part`) whose process is gone: a server killed mid-download leaves one. */
function removeAbandonedDownloads(staging: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(staging);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/\.(\d+)\.part$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    fs.rmSync(path.join(staging, name), { force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Where `name` is served under the base URL (the base read as a folder). */
function fileUrl(base: string, name: string): URL {
  return new URL(encodeURIComponent(name), base.endsWith('/') ? base : `${base}/`);
}

export class SnapshotSource {
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<SyncResult> | null = null;
  private closed = false;
  /** The manifest text every file of which is in place, and when it came in. */
  private completed: { text: string; manifest: Manifest; at: number } | null = null;
  /** sha256 of files in the folder, by name, with the size and mtime they had. */
  private readonly verified = new Map<string, { stamp: string; sha256: string }>();
  /** Manifest entries whose download did not match (name, size, sha256): not asked again, said once. */
  private readonly mismatched = new Set<string>();
  /** The last problem said, so one that lasts is logged once. */
  private lastProblem: string | null = null;
  private readonly now: () => number;

  constructor(private readonly options: SnapshotSourceOptions) {
    this.now = options.now ?? Date.now;
    removeAbandonedDownloads(path.join(options.dir, STAGING_DIR));
  }

  /** Polls every pollMs; one sync at a time. */
  poll(): void {
    this.timer = setInterval(() => void this.sync(), this.options.pollMs);
    this.timer.unref();
  }

  /**
   * One look at the manifest: whatever it names that the folder lacks is downloaded, checked and
   * moved in. `newestOnly`: stop once the newest snapshot (and its texts) is in, as a server with
   * nothing to serve yet does before it starts; the older files come with the next sync.
   */
  sync(options: { newestOnly?: boolean } = {}): Promise<SyncResult> {
    this.syncing ??= this.syncOnce(options.newestOnly ?? false)
      .catch((error: unknown): SyncResult => ({ complete: false, installed: [], problem: this.problem('snapshot source unreadable', error) }))
      .finally(() => (this.syncing = null));
    return this.syncing;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
  }

  private async syncOnce(newestOnly: boolean): Promise<SyncResult> {
    const text = await this.fetchManifest();
    // The same manifest, every file still there at its size: nothing to do but prune.
    if (this.completed?.text === text && this.completed.manifest.files.every((file) => this.sizeOf(file.name) === file.size)) {
      await this.prune(this.completed.manifest, this.completed.at);
      return { complete: true, installed: [], problem: null };
    }
    const manifest = parseManifest(text);
    const installed: string[] = [];
    for (const file of this.inOrder(manifest)) {
      if (this.closed) return { complete: false, installed, problem: 'closed' };
      if (this.mismatched.has(this.key(file))) return { complete: false, installed, problem: `${file.name} does not match its manifest` };
      if (await this.hasFile(file)) continue;
      try {
        await this.download(file);
        installed.push(file.name);
        this.options.log.info('snapshot source file moved in', { file: file.name, bytes: file.size, sha256: file.sha256 });
        if (newestOnly && file.name === manifest.newest.snapshot) return { complete: false, installed, problem: null };
      } catch (error) {
        if (error instanceof Mismatch) {
          this.mismatched.add(this.key(file));
          this.options.log.error('snapshot source file does not match its manifest; not moved in', { file: file.name, reason: error.message });
          return { complete: false, installed, problem: error.message };
        }
        return { complete: false, installed, problem: this.problem(`snapshot source file ${file.name} not downloaded`, error) };
      }
    }
    // Every file is in: the manifest now governs the folder (and /data).
    const local = path.join(this.options.dir, MANIFEST_FILE);
    await writeFile(`${local}.writing-${process.pid}`, text);
    await rename(`${local}.writing-${process.pid}`, local);
    this.completed = { text, manifest, at: this.now() };
    this.lastProblem = null;
    return { complete: true, installed, problem: null };
  }

  /** The newest snapshot's texts, then the newest snapshot, then the older files as listed. */
  private inOrder(manifest: Manifest): ManifestFile[] {
    const first = [manifest.newest.document_texts, manifest.newest.snapshot];
    const head = first.flatMap((name) => manifest.files.filter((file) => file.name === name));
    return [...head, ...manifest.files.filter((file) => !first.includes(file.name))];
  }

  private key(file: ManifestFile): string {
    return `${file.name}:${file.size}:${file.sha256}`;
  }

  /** Says a problem once while it lasts; returns it. */
  private problem(what: string, error: unknown): string {
    const reason = `${what}: ${error instanceof Error ? error.message : String(error)}`;
    if (reason !== this.lastProblem) this.options.log.warn('snapshot source problem', { url: this.options.url, reason });
    this.lastProblem = reason;
    return reason;
  }

  private async fetchManifest(): Promise<string> {
    const url = fileUrl(this.options.url, MANIFEST_FILE);
    const response = await request(url, { method: 'GET', dispatcher, signal: AbortSignal.timeout(MANIFEST_DEADLINE_MS), headers: { 'cache-control': 'no-cache' } });
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw new Error(`${url.href} answered ${response.statusCode}`);
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of response.body) {
      bytes += (chunk as Buffer).length;
      if (bytes > MANIFEST_MAX_BYTES) {
        response.body.destroy();
        throw new Error(`${url.href} is over ${MANIFEST_MAX_BYTES} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  private sizeOf(name: string): number | null {
    try {
      return fs.statSync(path.join(this.options.dir, name)).size;
    } catch {
      return null;
    }
  }

  /** Whether the folder holds this exact file (its sha256 is read once per size and mtime). */
  private async hasFile(file: ManifestFile): Promise<boolean> {
    const local = path.join(this.options.dir, file.name);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(local);
    } catch {
      return false;
    }
    if (stat.size !== file.size) return false;
    const stamp = `${stat.size}:${stat.mtimeMs}`;
    let known = this.verified.get(file.name);
    if (known?.stamp !== stamp) {
      const hash = createHash('sha256');
      for await (const chunk of fs.createReadStream(local)) hash.update(chunk);
      known = { stamp, sha256: hash.digest('hex') };
      this.verified.set(file.name, known);
    }
    return known.sha256 === file.sha256;
  }

  /** Downloads one file to the staging folder, checks it and renames it into place; throws Mismatch when it is not the file the manifest names. */
  private async download(file: ManifestFile): Promise<void> {
    if (file.size > MAX_FILE_BYTES) throw new Mismatch(`${file.name} is ${file.size} bytes, over the ${MAX_FILE_BYTES} accepted`);
    const staging = path.join(this.options.dir, STAGING_DIR);
    await mkdir(staging, { recursive: true });
    const part = path.join(staging, `${file.name}.${process.pid}.part`);
    const url = fileUrl(this.options.url, file.name);
    const deadline = DOWNLOAD_BASE_MS + Math.ceil((file.size / MIN_BYTES_PER_SECOND) * 1000);
    try {
      const response = await request(url, { method: 'GET', dispatcher, signal: AbortSignal.timeout(deadline) });
      if (response.statusCode !== 200) {
        await response.body.dump();
        throw new Error(`${url.href} answered ${response.statusCode}`);
      }
      const hash = createHash('sha256');
      let bytes = 0;
      const out = fs.createWriteStream(part, { mode: 0o644 });
      try {
        for await (const chunk of response.body) {
          bytes += (chunk as Buffer).length;
          // Never more than the manifest says: a longer answer is not that file.
          if (bytes > file.size) {
            response.body.destroy();
            throw new Mismatch(`${file.name}: the source sent more than the ${file.size} bytes its manifest says`);
          }
          hash.update(chunk as Buffer);
          if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        }
      } finally {
        await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
      }
      const sha256 = hash.digest('hex');
      if (bytes !== file.size) throw new Mismatch(`${file.name}: ${bytes} bytes received, its manifest says ${file.size}`);
      if (sha256 !== file.sha256) throw new Mismatch(`${file.name}: sha256 ${sha256}, its manifest says ${file.sha256}`);
      await chmod(part, 0o444);
      await rename(part, path.join(this.options.dir, file.name));
      const stat = fs.statSync(path.join(this.options.dir, file.name));
      this.verified.set(file.name, { stamp: `${stat.size}:${stat.mtimeMs}`, sha256 });
    } finally {
      await rm(part, { force: true });
    }
  }

  /** Removes the snapshots and texts files the manifest no longer lists, once it has been in place for the grace period. */
  private async prune(manifest: Manifest, since: number): Promise<void> {
    if (this.now() - since < PRUNE_GRACE_MS) return;
    const listed = new Set(manifest.files.map((file) => file.name));
    const names = fs.readdirSync(this.options.dir).filter((name) => (SNAPSHOT_FILE.test(name) || DOCUMENT_TEXTS_FILE.test(name)) && !listed.has(name));
    for (const name of names) {
      await rm(path.join(this.options.dir, name), { force: true });
      this.verified.delete(name);
      this.options.log.info('snapshot source: file no longer listed removed', { file: name });
    }
  }
}
