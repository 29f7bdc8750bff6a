// The newest published snapshot, opened read-only, for the diff. A file that cannot be read is
// skipped in favour of an older one: a damaged file must not block the next good run.
import Database from 'better-sqlite3';
import path from 'node:path';
import { META, SCHEMA_VERSION } from '../../contract/snapshot-schema.ts';
import type { StoredFacility } from '../diff.ts';
import { listSnapshots } from './folder.ts';

export interface PreviousSnapshot {
  file: string;
  facilities: StoredFacility[];
  dataHash: string | null;
}

export async function readPreviousSnapshot(dir: string, name: string, warn: (message: string) => void): Promise<PreviousSnapshot | null> {
  const files = (await listSnapshots(dir, name)).reverse();
  for (const file of files) {
    let db: Database.Database | null = null;
    try {
      db = new Database(file, { readonly: true, fileMustExist: true });
      const meta = (key: string) =>
        (db!.prepare('SELECT value FROM metadata WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null;
      if (Number(meta(META.schemaVersion)) !== SCHEMA_VERSION) {
        warn(`${path.basename(file)} has schema version ${meta(META.schemaVersion)}, not ${SCHEMA_VERSION}: diffing against it would mislead, so it is skipped.`);
        continue;
      }
      const facilities = db.prepare('SELECT license_number, record_json FROM facilities').all() as StoredFacility[];
      return { file, facilities, dataHash: meta(META.dataHash) };
    } catch (error) {
      warn(`${path.basename(file)} could not be read (${(error as Error).message}); trying an older snapshot.`);
    } finally {
      db?.close();
    }
  }
  return null;
}
