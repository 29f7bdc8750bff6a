// The retained snapshot files as downloads: which files qualify, and what the index says of each
// (size, sha256, dates, row counts, the run report's summary). Only published snapshot files
// qualify: a name matching the snapshot pattern that opens as a snapshot. Nothing else in the
// folder (operator store, document store, hand-off secret, source cache, temporary files) is
// ever listed or served. A published file never changes, so what is read of it is kept. When a
// manifest.json governs the folder (a server fed by SNAPSHOT_SOURCE_URL keeps the one it followed
// there; a folder synced from a --publish-to destination has one), only the snapshots it lists
// with the sha256 it gives qualify: every instance following one manifest lists the same files.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { META, SNAPSHOT_FILE, compareSnapshotFiles, isDemoSnapshot, rosterShapeOf } from '../../contract/snapshot-schema.ts';
import { MANIFEST_FILE, parseManifest } from '../../contract/manifest.ts';

/** Tables whose rows the index counts (change_log only where the file has one). */
const COUNTED_TABLES = ['facilities', 'reports', 'hospitals', 'waiver_list', 'rejected_rows', 'changes', 'change_log'] as const;

export interface RunSummary {
  run_id: string | null;
  profile: string | null;
  started_at: string | null;
  sources: Array<{ name: string; fetch_status: string; source_date: string | null; rows_read: number; rows_valid: number; rows_rejected: number }>;
  licenses: { total: number; listed: number; closed: number } | null;
  rejected_rows: number | null;
  diff: { previous_snapshot: string | null; added: number; removed: number; changed: number } | null;
  unchanged_since_previous: boolean | null;
  warnings: number;
}

export type SnapshotDownload = NonNullable<Awaited<ReturnType<typeof describe>>>;

const known = new Map<string, { key: string; download: Promise<SnapshotDownload | null> }>();

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

function summarize(report: Record<string, any> | null): RunSummary {
  return {
    run_id: report?.run_id ?? null,
    profile: report?.profile ?? null,
    started_at: report?.started_at ?? null,
    sources: (report?.sources ?? []).map((s: RunSummary['sources'][number]) => ({
      name: s.name,
      fetch_status: s.fetch_status,
      source_date: s.source_date,
      rows_read: s.rows_read,
      rows_valid: s.rows_valid,
      rows_rejected: s.rows_rejected,
    })),
    licenses: report?.licenses ? { total: report.licenses.total, listed: report.licenses.listed, closed: report.licenses.closed } : null,
    rejected_rows: report?.rejected?.total ?? null,
    diff: report?.diff
      ? { previous_snapshot: report.diff.previous_snapshot, added: report.diff.added, removed: report.diff.removed, changed: report.diff.changed }
      : null,
    unchanged_since_previous: report?.unchanged_since_previous ?? null,
    warnings: report?.warnings?.length ?? 0,
  };
}

/** Reads one file's index entry; null when it is not a readable snapshot. */
async function describe(file: string, size: number, mtime: Date) {
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const meta = new Map((db.prepare('SELECT key, value FROM metadata').all() as Array<{ key: string; value: string }>).map((row) => [row.key, row.value]));
    if (!meta.get(META.schemaVersion)) return null;
    const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
    const rowCounts: Record<string, number> = {};
    for (const table of COUNTED_TABLES) {
      if (tables.has(table)) rowCounts[table] = db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
    }
    const listedHomes = db.prepare('SELECT COUNT(*) FROM facilities WHERE listed = 1').pluck().get() as number;
    const report = meta.get(META.runReport);
    db.close();
    db = null;
    return {
      file: path.basename(file),
      /** Absolute path on disk (never sent). */
      path: file,
      snapshot_date: meta.get(META.snapshotDate) || null,
      roster_as_of: meta.get(META.rosterAsOf) || null,
      /** Which date roster_as_of is: 'export' (the day the state served its export) or 'portal' (the portal file's own date). */
      roster_shape: rosterShapeOf(meta),
      run_id: meta.get(META.runId) || null,
      /** True when the file's homes are invented (a demo profile's snapshot). */
      demo_data: isDemoSnapshot(meta),
      bytes: size,
      sha256: await sha256Of(file),
      last_modified: mtime.toISOString(),
      row_counts: rowCounts,
      listed_homes: listedHomes,
      run_report: summarize(report ? (JSON.parse(report) as Record<string, any>) : null),
    };
  } catch {
    return null;
  } finally {
    db?.close();
  }
}

/** The snapshots the folder's manifest.json lists, by name with their sha256; null when none governs the folder (or it cannot be read). */
async function manifestListing(dir: string): Promise<Map<string, string> | null> {
  const text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    return new Map(parseManifest(text).files.filter((file) => file.kind === 'snapshot').map((file) => [file.name, file.sha256]));
  } catch {
    return null;
  }
}

/** Every retained snapshot in the folder, newest first (only those its manifest lists, when one governs it). */
export async function retainedSnapshots(dir: string): Promise<SnapshotDownload[]> {
  const listing = await manifestListing(dir);
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => SNAPSHOT_FILE.test(name) && (listing === null || listing.has(name)))
    .sort(compareSnapshotFiles)
    .reverse();
  const found: SnapshotDownload[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) continue;
    const key = `${info.size}:${info.mtimeMs}`;
    let entry = known.get(file);
    if (entry?.key !== key) {
      entry = { key, download: describe(file, info.size, info.mtime) };
      known.set(file, entry);
    }
    const download = await entry.download;
    // A file whose bytes are not the ones its manifest gives is not the file listed.
    if (download && (listing === null || listing.get(name) === download.sha256)) found.push(download);
  }
  // Files pruned since are forgotten.
  for (const file of known.keys()) if (path.dirname(file) === dir && !names.includes(path.basename(file))) known.delete(file);
  return found;
}

/** The retained snapshot of this exact file name, or undefined (any other name is never served). */
export async function retainedSnapshot(dir: string, name: string): Promise<SnapshotDownload | undefined> {
  if (!SNAPSHOT_FILE.test(name)) return undefined;
  return (await retainedSnapshots(dir)).find((download) => download.file === name);
}
