// The embedded default: a run over seeds/default publishes a valid, self-describing snapshot, and
// a second run over the same files publishes identical data.
import test from 'ava';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runPipeline, REPO_ROOT } from '../../pipeline/run.ts';
import { licenseStatusMeaning, TRI_STATES } from '../../contract/facts.ts';
import { tempSnapshotsDir } from './fixtures.ts';
import pipelineConfig from '../../pipeline.config.ts';
import { selectProfile } from '../../pipeline/config.ts';

const seedRoster = parse(readFileSync(path.join(REPO_ROOT, 'seeds/default/roster.csv')), { columns: true }) as Array<Record<string, string>>;

test('a run over the seeds publishes a snapshot that passes its integrity check and explains itself', async (t) => {
  const dir = await tempSnapshotsDir();
  const result = await runPipeline({ snapshotsDir: dir });
  t.true(result.published, result.heldBack.join('; '));
  const db = new Database(result.snapshotPath!, { readonly: true });
  t.is(db.pragma('integrity_check', { simple: true }), 'ok');

  const objects = db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name").pluck().all() as string[];
  const described = db.prepare('SELECT object FROM about ORDER BY object').pluck().all() as string[];
  t.deepEqual(described, objects.filter((name) => !name.startsWith('sqlite_')));
  for (const view of ['listed_homes', 'licensed_homes_by_county', 'clearances_by_county']) t.true(objects.includes(view));
  t.true((db.prepare('SELECT COUNT(*) FROM licensed_homes_by_county').pluck().get() as number) >= 6, 'at least six counties');

  const meta = Object.fromEntries((db.prepare('SELECT key, value FROM metadata').all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]));
  for (const key of ['run_id', 'snapshot_date', 'code_version', 'schema_version', 'roster_as_of', 'alw_list_as_of', 'data_hash', 'counts', 'run_report']) t.truthy(meta[key], key);
  t.is(JSON.parse(meta.run_report!).published, path.basename(result.snapshotPath!));
  t.deepEqual(db.prepare('SELECT name FROM sources ORDER BY name').pluck().all(), Object.entries(selectProfile(pipelineConfig).sources).filter(([, location]) => location !== null).map(([name]) => name).sort());

  // Every source of the seeds is exercised: documents, live status, hospitals, every price kind.
  t.true((db.prepare('SELECT COUNT(*) FROM reports').pluck().get() as number) > 500);
  t.true((db.prepare('SELECT COUNT(*) FROM facilities WHERE license_status_live IS NOT NULL').pluck().get() as number) > 250);
  t.true((db.prepare('SELECT COUNT(*) FROM hospitals').pluck().get() as number) >= 6);
  t.deepEqual(db.prepare('SELECT DISTINCT price_kind FROM facilities WHERE price_kind IS NOT NULL ORDER BY 1').pluck().all(), ['area_typical', 'covelight_estimate', 'home_confirmed', 'home_listed']);
  t.is(db.prepare('SELECT COUNT(*) FROM facilities WHERE closed = 1 AND price_json IS NOT NULL').pluck().get(), 0);
  t.is(db.prepare('SELECT COUNT(*) FROM document_fetch_problems').pluck().get(), 0);

  // Every status of the seeds is read by meaning, whatever its casing or vocabulary.
  const statuses = db.prepare('SELECT license_status, listed, closed FROM facilities').all() as Array<{ license_status: string; listed: number; closed: number }>;
  for (const row of statuses) {
    const meaning = licenseStatusMeaning(row.license_status);
    t.is(row.listed, meaning.listed ? 1 : 0, row.license_status);
    t.is(row.closed, meaning.closed ? 1 : 0, row.license_status);
  }
  const seen = new Set(statuses.map((s) => s.license_status.toUpperCase()));
  for (const status of ['LICENSED', 'LICENSED/PENDING INCREASE', 'PROBATIONARY LICENSE', 'ON PROBATION', 'PENDING', 'CLOSED']) t.true(seen.has(status), status);

  // Tri-state columns hold only tri-state values; the waiver only true or not_on_file.
  for (const column of ['dementia', 'hospice', 'non_ambulatory', 'bedridden', 'on_probation']) {
    const values = db.prepare(`SELECT DISTINCT ${column} FROM facilities`).pluck().all() as string[];
    t.true(values.every((value) => TRI_STATES.includes(value as never)), column);
  }
  t.deepEqual(db.prepare('SELECT DISTINCT alw_participation FROM facilities ORDER BY 1').pluck().all(), ['not_on_file', 'true']);

  // No administrator's name (personal data in the roster) is anywhere in the file, except where
  // the same person holds the license: the licensee is part of the public record.
  const everything = readFileSync(result.snapshotPath!).toString('latin1');
  const licensees = new Set(seedRoster.map((row) => row.licensee));
  const administrators = new Set(seedRoster.map((row) => row.facility_administrator!).filter((name) => name && name.length > 3 && !licensees.has(name)));
  t.true(administrators.size > 10);
  for (const name of administrators) t.false(everything.includes(name), name);
});

test('a second run over unchanged seeds publishes identical data', async (t) => {
  const dir = await tempSnapshotsDir();
  const first = await runPipeline({ snapshotsDir: dir, now: new Date('2026-11-20T12:00:00Z') });
  const second = await runPipeline({ snapshotsDir: dir, now: new Date('2026-11-20T18:00:00Z') });
  t.true(second.published);
  t.true(second.report.unchanged_since_previous);
  t.deepEqual([second.report.diff.added, second.report.diff.removed, second.report.diff.changed], [0, 0, 0]);
  const dump = (file: string) => {
    const db = new Database(file, { readonly: true });
    return ['facilities', 'service_designations', 'goes_by_exceptions', 'waiver_list', 'rejected_rows'].map((table) => db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all());
  };
  t.deepEqual(dump(second.snapshotPath!), dump(first.snapshotPath!));
});
