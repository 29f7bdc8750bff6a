// Snapshots with a change log, made the way the pipeline makes one: a copy of the seed snapshot
// is edited (a field changed, a license removed), diffed against the file before it with the
// pipeline's own diff, and the log carried forward and appended by the pipeline's own code.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { ClearanceKey } from '../../contract/facts.ts';
import { nameSlug } from '../../contract/names.ts';
import { BASE_URL_TOKEN, facilityPagePath } from '../../contract/records.ts';
import { META, snapshotFileName } from '../../contract/snapshot-schema.ts';
import { diffSnapshots, type StoredFacility } from '../../pipeline/diff.ts';
import { appendChangeLog } from '../../pipeline/changes/log.ts';
import type { TestFn } from 'ava';
import { examples } from './examples.ts';
import { startServer, type TestServer } from './server.ts';
import { seedSnapshotFile, tempDir } from './snapshot.ts';

export interface Generation {
  /** Snapshot date of the new file (YYYY-MM-DD); also the source date of every edited fact unless sourceDate says otherwise. */
  date: string;
  /** The edited facts' own source date, when the state dated them before the run. */
  sourceDate?: string;
  /** Licenses whose record gets `field` set to `value` (a top-level Fact of the record, or a clearance). */
  edits?: Array<{ license: string; field: 'licensee' | 'capacity' | 'phone' | `clearances.${ClearanceKey}`; value: string | number }>;
  removed?: string[];
  /** Licenses whose status becomes CLOSED (still on the roster, no longer listed). */
  closed?: string[];
  /** Licenses given a new name: its name facts, the page address derived from it, its name columns. */
  renamed?: Array<{ license: string; name: string }>;
}

/** Publishes each generation in turn into `dir`, each diffed against the one before. */
export async function publishGenerations(generations: Generation[], dir = tempDir('changes')): Promise<{ dir: string; files: string[] }> {
  let previous = await seedSnapshotFile();
  const files: string[] = [];
  for (const generation of generations) {
    const file = path.join(dir, snapshotFileName('rcfe', generation.date, 0));
    fs.copyFileSync(previous, file);
    fs.chmodSync(file, 0o644);
    const db = new Database(file);
    db.pragma('foreign_keys = OFF');
    db.prepare('UPDATE metadata SET value = ? WHERE key = ?').run(generation.date, META.snapshotDate);
    db.prepare('UPDATE metadata SET value = ? WHERE key = ?').run(generation.date, META.rosterAsOf);
    db.prepare('UPDATE metadata SET value = ? WHERE key = ?').run(`test-run-${generation.date}`, META.runId);
    for (const { license, field, value } of generation.edits ?? []) {
      const record = JSON.parse(db.prepare('SELECT record_json FROM facilities WHERE license_number = ?').pluck().get(license) as string);
      // A clearance is a Fact inside `clearances`; its column is named by its key.
      const [facts, column] = field.startsWith('clearances.') ? [record.clearances, field.slice('clearances.'.length)] : [record, field];
      facts[column] = { ...facts[column], value, confirmed_on: generation.sourceDate ?? generation.date };
      db.prepare(`UPDATE facilities SET record_json = ?, ${column} = ? WHERE license_number = ?`).run(JSON.stringify(record), value, license);
    }
    for (const { license, name } of generation.renamed ?? []) {
      const record = JSON.parse(db.prepare('SELECT record_json FROM facilities WHERE license_number = ?').pluck().get(license) as string);
      for (const fact of [record.name, record.licensed_name]) Object.assign(fact, { value: name, confirmed_on: generation.date });
      record.links.facility_page = BASE_URL_TOKEN + facilityPagePath(nameSlug(name), license);
      db.prepare('UPDATE facilities SET record_json = ?, name = ?, licensed_name = ?, name_slug = ? WHERE license_number = ?').run(JSON.stringify(record), name, name, nameSlug(name), license);
    }
    for (const license of generation.closed ?? []) {
      const record = JSON.parse(db.prepare('SELECT record_json FROM facilities WHERE license_number = ?').pluck().get(license) as string);
      record.license_status = { ...record.license_status, value: 'CLOSED', confirmed_on: generation.sourceDate ?? generation.date };
      db.prepare("UPDATE facilities SET record_json = ?, license_status = 'CLOSED', listed = 0, closed = 1 WHERE license_number = ?").run(JSON.stringify(record), license);
    }
    for (const license of generation.removed ?? []) {
      for (const table of ['reports', 'service_designations', 'goes_by_exceptions', 'facilities']) db.prepare(`DELETE FROM ${table} WHERE license_number = ?`).run(license);
    }
    db.exec('DELETE FROM change_log');
    const before = new Database(previous, { readonly: true });
    const recordOf = db.prepare('SELECT record_json FROM facilities WHERE license_number = ?').pluck();
    const diff = diffSnapshots(before.prepare('SELECT license_number, record_json FROM facilities').iterate() as IterableIterator<StoredFacility>, {
      licenses: db.prepare('SELECT license_number FROM facilities ORDER BY license_number').pluck().all() as string[],
      recordOf: (license) => recordOf.get(license) as string | undefined,
    });
    before.close();
    appendChangeLog(db, diff, { previousFile: previous, snapshotFile: path.basename(file) });
    db.close();
    files.push(file);
    previous = file;
  }
  return { dir, files };
}

export interface ChangedHomes {
  dir: string;
  /** Three listed homes of one county, then one of another: a, b, c, d. */
  homes: Array<{ license_number: string; name: string; county: string; county_key: string; sort_key: string }>;
  /** A listed home that never changes. */
  quiet: string;
}

/**
 * Two runs after the seed snapshot. 2030-01-05: a's license holder and d's beds change, c is
 * removed. 2030-02-05: a's license holder changes again, b's phone changes.
 */
export async function changedHomes(): Promise<ChangedHomes> {
  const ex = await examples();
  const county = ex.value<string>('SELECT county FROM facilities WHERE listed = 1 GROUP BY county_key HAVING COUNT(*) >= 3 ORDER BY county_key LIMIT 1');
  const columns = 'license_number, name, county, county_key, sort_key';
  const inCounty = ex.all<any>(`SELECT ${columns} FROM facilities WHERE listed = 1 AND county = ? ORDER BY license_number LIMIT 3`, county);
  const elsewhere = ex.one<any>('a listed home in another county', `SELECT ${columns} FROM facilities WHERE listed = 1 AND county <> ? ORDER BY license_number LIMIT 1`, county);
  const homes = [...inCounty, elsewhere];
  const quiet = ex.value<string>('SELECT license_number FROM facilities WHERE listed = 1 AND license_number NOT IN (SELECT value FROM json_each(?)) LIMIT 1', JSON.stringify(homes.map((h) => h.license_number)));
  const [a, b, c, d] = homes.map((h) => h.license_number) as [string, string, string, string];
  const { dir } = await publishGenerations([
    { date: '2030-01-05', edits: [{ license: a, field: 'licensee', value: 'FIRST NEW HOLDER LLC' }, { license: d, field: 'capacity', value: 99 }], removed: [c] },
    { date: '2030-02-05', edits: [{ license: a, field: 'licensee', value: 'SECOND NEW HOLDER LLC' }, { license: b, field: 'phone', value: '(555) 555-0199' }] },
  ]);
  return { dir, homes, quiet };
}

/** A server over `changedHomes()`, started before a test file's tests and closed after them. */
export function serveChangedHomes(test: TestFn): { server: TestServer; fixture: ChangedHomes } {
  const state = {} as { server: TestServer; fixture: ChangedHomes };
  test.before(async () => {
    state.fixture = await changedHomes();
    state.server = await startServer({ snapshotsDir: state.fixture.dir });
  });
  test.after.always(async () => {
    await state.server?.close();
  });
  return state;
}
