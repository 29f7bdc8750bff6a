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
import { seedRosterRows } from '../helpers/seed-roster.ts';
import { DOCUMENT_STORE_FILE, type Citation } from '../../contract/document-store.ts';

const seedRoster = seedRosterRows();

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

  // Every status of the seeds is read by meaning, whatever its casing or vocabulary; a live status
  // checked after the roster's date that says closed closes a home the roster lists (five seed homes).
  type StatusRow = { license_status: string; license_status_live: string | null; live_status_checked_on: string | null; roster_as_of: string | null; listed: number; closed: number };
  const statuses = db.prepare('SELECT license_status, license_status_live, live_status_checked_on, roster_as_of, listed, closed FROM facilities').all() as StatusRow[];
  let closedLive = 0;
  for (const row of statuses) {
    const meaning = licenseStatusMeaning(row.license_status);
    const liveCloses = !meaning.closed && licenseStatusMeaning(row.license_status_live).closed && (row.live_status_checked_on ?? '') > (row.roster_as_of ?? '');
    if (liveCloses) closedLive += 1;
    t.is(row.listed, meaning.listed && !liveCloses ? 1 : 0, row.license_status);
    t.is(row.closed, meaning.closed || liveCloses ? 1 : 0, row.license_status);
  }
  t.is(closedLive, 5, 'the five homes the roster lists and the live record shows closed');
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

test('the seeds mean what the state means: where a home\'s reports are all on file, its Type A and Type B tallies are the citations those reports hold', async (t) => {
  const dir = await tempSnapshotsDir();
  const result = await runPipeline({ snapshotsDir: dir });
  t.true(result.published);
  const db = new Database(result.snapshotPath!, { readonly: true });
  const store = new Database(path.join(dir, DOCUMENT_STORE_FILE), { readonly: true });
  const homes = db.prepare('SELECT license_number, name, documents_count, type_a_citations, type_b_citations FROM facilities WHERE documents_count IS NOT NULL').all() as Array<{
    license_number: string;
    name: string;
    documents_count: number;
    type_a_citations: number | null;
    type_b_citations: number | null;
  }>;
  const refs = db.prepare('SELECT ref FROM reports WHERE license_number = ?').pluck();
  const citations = store.prepare('SELECT citations FROM documents WHERE ref = ?').pluck();
  let compared = 0;
  let cited = 0;
  for (const home of homes) {
    const listed = refs.all(home.license_number) as string[];
    const held = listed.map((ref) => citations.get(ref) as string | undefined);
    if (listed.length !== home.documents_count || held.some((text) => text === undefined)) continue;
    const all = held.flatMap((text) => JSON.parse(text!) as Citation[]);
    const count = (type: 'A' | 'B') => all.filter((citation) => citation.type === type).length;
    t.deepEqual([home.type_a_citations, home.type_b_citations], [count('A'), count('B')], `${home.license_number} ${home.name}`);
    compared += 1;
    if (all.length) cited += 1;
  }
  db.close();
  store.close();
  // Nearly every seed home is compared, and many of them have citations to count.
  t.true(compared > 250, String(compared));
  t.true(cited > 80, String(cited));
  // The home the issue named: 3 Type A and 8 Type B in its 12 reports (not 6 and 14).
  const sunnyside = new Database(result.snapshotPath!, { readonly: true });
  t.like(sunnyside.prepare("SELECT type_a_citations, type_b_citations, documents_count FROM facilities WHERE license_number = '197609747'").get(), { type_a_citations: 3, type_b_citations: 8, documents_count: 12 });
  sunnyside.close();
});
