// A real snapshot for the tests: one pipeline run on the seeds, built once per test process and
// copied into a fresh folder for each server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { META, snapshotFileName } from '../../contract/snapshot-schema.ts';
import { documentTextsFileOf } from '../../contract/document-store.ts';
import { runPipeline } from '../../pipeline/run.ts';

const tempDirs: string[] = [];
process.once('exit', () => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

export function tempDir(label = 'rest'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${label}-`));
  tempDirs.push(dir);
  return dir;
}

let built: Promise<string> | null = null;

async function build(): Promise<string> {
  const result = await runPipeline({ snapshotsDir: tempDir('seed-snapshot'), log: () => {} });
  if (!result.published || !result.snapshotPath) throw new Error(`the seed run published nothing: ${result.heldBack.join('; ')}`);
  return result.snapshotPath;
}

/** The snapshot file built from the seeds (once per process). Read it, never write it. */
export function seedSnapshotFile(): Promise<string> {
  built ??= build();
  return built;
}

/** The document texts file published with a snapshot file (beside it). */
export function textsFileOf(snapshotFile: string): string {
  return path.join(path.dirname(snapshotFile), documentTextsFileOf(path.basename(snapshotFile)));
}

/** A fresh folder holding a copy of the seed snapshot and its document texts file. */
export async function snapshotDir(): Promise<string> {
  const source = await seedSnapshotFile();
  const dir = tempDir('snapshots');
  fs.copyFileSync(textsFileOf(source), textsFileOf(path.join(dir, path.basename(source))));
  fs.copyFileSync(source, path.join(dir, path.basename(source)));
  return dir;
}

/**
 * Publishes a copy of the seed snapshot under a newer name, the way the pipeline does: written
 * beside, then renamed into place. `edit` may change the copy before it appears.
 */
export async function publishNewerSnapshot(
  dir: string,
  date: string,
  edit: (db: Database.Database) => void = () => {},
): Promise<string> {
  const source = await seedSnapshotFile();
  const finalPath = path.join(dir, snapshotFileName('rcfe', date, 0));
  const temporary = `${finalPath}.writing-test`;
  // Its texts first, as the pipeline publishes them.
  fs.copyFileSync(textsFileOf(source), textsFileOf(finalPath));
  fs.copyFileSync(source, temporary);
  fs.chmodSync(temporary, 0o644);
  const db = new Database(temporary);
  db.prepare('UPDATE metadata SET value = ? WHERE key = ?').run(date, META.snapshotDate);
  db.prepare('UPDATE metadata SET value = ? WHERE key = ?').run(`test-run-${date}`, META.runId);
  edit(db);
  db.close();
  fs.renameSync(temporary, finalPath);
  return finalPath;
}
