// Only the roster is required. An optional source this run could not read (unreachable, an error
// answer, a file in a shape the run cannot read) keeps the values the newest earlier snapshot of
// the same profile holds for it, with their own old dates, and the run says so; with no earlier
// snapshot holding them, its facts are not on file. The values are read back from that snapshot's
// tables into the parsed sources, so normalizing treats them exactly as a fresh read (a carried
// waiver list is matched again against this roster).
import Database from 'better-sqlite3';
import path from 'node:path';
import { META, SCHEMA_VERSION } from '../contract/snapshot-schema.ts';
import { placeKey } from '../contract/names.ts';
import { readSourceHealth, SOURCE_HEALTH_KEY, type CarriedSource, type UnavailableSource } from '../contract/source-health.ts';
import type { TriState } from '../contract/facts.ts';
import type { ParsedSources, SourceName } from './sources/read-all.ts';
import type { ApprovalRow } from './sources/approvals.ts';
import type { WaiverRow } from './sources/waiver.ts';
import type { Hospital } from './sources/hospitals.ts';
import type { CountyRate, Listing } from './sources/prices.ts';
import { geocodeKey, type Point } from './sources/geocodes.ts';
import { listSnapshots } from './snapshot/folder.ts';

/** An optional source this run could not read, and why ("absent: ...", "failed: ...", "unreadable: ..."). */
export interface SourceFailure {
  source: SourceName;
  reason: string;
}

export interface CarryOutcome {
  carried: CarriedSource[];
  unavailable: UnavailableSource[];
  warnings: string[];
}

type Db = Database.Database;

/** The newest readable snapshot of this profile and schema, or null (a first run). */
async function newestSnapshot(dir: string, name: string, profile: string): Promise<{ db: Db; file: string } | null> {
  for (const file of (await listSnapshots(dir, name)).reverse()) {
    let db: Db | null = null;
    try {
      db = new Database(file, { readonly: true, fileMustExist: true });
      const meta = (key: string) => (db!.prepare('SELECT value FROM metadata WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null;
      if (Number(meta(META.schemaVersion)) === SCHEMA_VERSION && meta(META.profile) === profile) return { db, file };
      db.close();
    } catch {
      db?.close();
    }
  }
  return null;
}

const rows = <T>(db: Db, sql: string) => db.prepare(sql).all() as T[];

/** What one source's values are in an earlier snapshot, put back where a fresh read would put them; the row count carried. */
// The portal's roster is only compared with the export, never a home's facts: an old comparison is not carried.
const CARRIERS: Record<Exclude<SourceName, 'roster' | 'portalRoster'>, (db: Db, parsed: ParsedSources, sourceDate: string | null) => number> = {
  approvals(db, parsed, sourceDate) {
    // A license the approvals file carried has designations (an empty list included); one it did not, null.
    type Row = { license_number: string; dementia: TriState; hospice: TriState; non_ambulatory: TriState; bedridden: TriState; clearances_as_of: string | null; service_designations: string };
    const byLicense = new Map<string, ApprovalRow>();
    for (const row of rows<Row>(db, "SELECT license_number, dementia, hospice, non_ambulatory, bedridden, clearances_as_of, service_designations FROM facilities WHERE service_designations <> 'null'")) {
      const { clearances_as_of, service_designations, ...flags } = row;
      byLicense.set(row.license_number, { line: 0, ...flags, service_designations: JSON.parse(service_designations) as string[], as_of: clearances_as_of });
    }
    parsed.approvals = { ...parsed.approvals, byLicense, asOf: sourceDate };
    parsed.dates.approvals = sourceDate;
    return byLicense.size;
  },
  waiver(db, parsed, sourceDate) {
    const listed = rows<WaiverRow>(db, 'SELECT line, facility_name, street, city, county, zip FROM waiver_list ORDER BY line');
    parsed.waiver = { ...parsed.waiver, rows: listed, listDate: sourceDate };
    parsed.dates.alwList = sourceDate;
    return listed.length;
  },
  geocodes(db, parsed) {
    type Row = { license_number: string; street: string | null; city: string | null; zip: string | null } & Point;
    const byKey = new Map<string, Point>();
    for (const row of rows<Row>(db, "SELECT license_number, street, city, zip, latitude, longitude FROM facilities WHERE location_method = 'address'")) {
      byKey.set(geocodeKey(row.license_number, [row.street, row.city, 'CA', row.zip].filter(Boolean).join(', ')), { latitude: row.latitude, longitude: row.longitude });
    }
    parsed.geocodes = { ...parsed.geocodes, byKey };
    return byKey.size;
  },
  locations(db, parsed) {
    const byLicense = new Map<string, Point>();
    for (const row of rows<{ license_number: string } & Point>(db, "SELECT license_number, latitude, longitude FROM facilities WHERE location_method = 'state_locations'")) {
      byLicense.set(row.license_number, { latitude: row.latitude, longitude: row.longitude });
    }
    parsed.locations = { ...parsed.locations, byLicense };
    return byLicense.size;
  },
  zipCentroids(db, parsed) {
    const byZip = new Map<string, Point>();
    for (const row of rows<{ zip: string } & Point>(db, "SELECT substr(zip, 1, 5) AS zip, latitude, longitude FROM facilities WHERE location_method = 'zip_centroid' AND zip IS NOT NULL")) {
      byZip.set(row.zip, { latitude: row.latitude, longitude: row.longitude });
    }
    parsed.centroids = { ...parsed.centroids, byZip };
    return byZip.size;
  },
  hospitals(db, parsed) {
    const hospitals = rows<Hospital>(db, 'SELECT facid, name, street, city, zip, county, latitude, longitude FROM hospitals ORDER BY facid');
    parsed.hospitals = { ...parsed.hospitals, hospitals };
    return hospitals.length;
  },
  listings(db, parsed) {
    type Own = { monthly_usd: number; kind: string; listing: { site: string; url: string; seen_on: string | null; updated_on: string | null } };
    const listings: Listing[] = rows<{ license_number: string; price_json: string }>(db, "SELECT license_number, price_json FROM facilities WHERE price_kind IN ('home_listed', 'home_confirmed')").map((row) => {
      const price = JSON.parse(row.price_json) as Own;
      return { license_number: row.license_number, ...price.listing, monthly_usd: price.monthly_usd, confirmed_by_home: price.kind === 'home_confirmed' };
    });
    parsed.listings = { ...parsed.listings, listings };
    return listings.length;
  },
  countyRates(db, parsed) {
    // A county's typical rate as the homes there showed it; the line keeps the table's own date.
    type Area = { monthly_usd: number; likely_range_usd: { low: number; high: number }; line: string };
    const byCounty = new Map<string, CountyRate>();
    for (const row of rows<{ county: string; price_json: string }>(db, "SELECT county, price_json FROM facilities WHERE price_kind = 'area_typical' AND county IS NOT NULL")) {
      const price = JSON.parse(row.price_json) as Area;
      const asOf = /\(as of (\d{4}-\d{2}-\d{2})\)/.exec(price.line)?.[1] ?? null;
      byCounty.set(placeKey(row.county), { county: row.county, low_usd: price.likely_range_usd.low, high_usd: price.likely_range_usd.high, typical_start_usd: price.monthly_usd, as_of: asOf, basis: null });
    }
    parsed.countyRates = { ...parsed.countyRates, byCounty };
    return byCounty.size;
  },
};

/** "absent: catalog ..." as "absent", the rest as the detail. */
function kindOf(reason: string): { kind: string; detail: string } {
  const match = /^(absent|failed|unreadable): (.*)$/s.exec(reason);
  return match ? { kind: match[1]!, detail: match[2]! } : { kind: 'not read', detail: reason };
}

/**
 * Puts each failed source's last values into `parsed` (and a `sources` row marked carried_forward),
 * or leaves it empty: not on file. Says which in the outcome's warnings.
 */
export async function carryForward(
  parsed: ParsedSources,
  failures: readonly SourceFailure[],
  where: { snapshotsDir: string; snapshotName: string; profile: string },
): Promise<CarryOutcome> {
  const outcome: CarryOutcome = { carried: [], unavailable: [], warnings: [] };
  if (!failures.length) return outcome;
  const previous = await newestSnapshot(where.snapshotsDir, where.snapshotName, where.profile);
  try {
    const meta = (key: string) => (previous?.db.prepare('SELECT value FROM metadata WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null;
    const earlierCarried = readSourceHealth(meta(SOURCE_HEALTH_KEY)).carried_forward;
    for (const failure of failures) {
      const { kind, detail } = kindOf(failure.reason);
      type SourceRow = { location: string; fetch_status: string; fetched_at: string; source_date: string | null; etag: string | null; last_modified: string | null; sha256: string; bytes: number };
      const stored = previous?.db.prepare('SELECT location, fetch_status, fetched_at, source_date, etag, last_modified, sha256, bytes FROM sources WHERE name = ?').get(failure.source) as SourceRow | undefined;
      if (failure.source === 'portalRoster') {
        outcome.unavailable.push({ source: failure.source, reason: failure.reason });
        outcome.warnings.push(`portalRoster is ${kind}: the roster was not compared with the portal's file this run: ${detail}`);
        continue;
      }
      if (!previous || !stored || failure.source === 'roster') {
        outcome.unavailable.push({ source: failure.source, reason: failure.reason });
        outcome.warnings.push(`${failure.source} is ${kind}, its facts are not on file${previous ? '' : ' (no earlier snapshot to carry them from)'}: ${detail}`);
        continue;
      }
      const count = CARRIERS[failure.source](previous.db, parsed, stored.source_date);
      parsed.read.add(failure.source);
      parsed.sources.push({
        name: failure.source,
        location: stored.location,
        fetchStatus: 'carried_forward',
        file: previous.file,
        fetchedAt: stored.fetched_at,
        etag: stored.etag,
        lastModified: stored.last_modified,
        sha256: stored.sha256,
        bytes: stored.bytes,
        sourceDate: stored.source_date,
        linesRead: 0,
        rowsRead: count,
        rowsValid: count,
        rowsRejected: 0,
        rowsSuperseded: 0,
      });
      // Carried twice: still unread since the run that last read it.
      const readOn = earlierCarried.find((c) => c.source === failure.source)?.read_on ?? meta(META.snapshotDate);
      const carried: CarriedSource = { source: failure.source, reason: failure.reason, source_date: stored.source_date, read_on: readOn, from_snapshot: path.basename(previous.file) };
      outcome.carried.push(carried);
      outcome.warnings.push(
        `${failure.source} is ${kind} (${detail}): its ${count} value(s) of ${stored.source_date ?? 'no stated date'} are carried forward from ${carried.from_snapshot}, unread since ${readOn ?? 'an unknown date'}`,
      );
    }
  } finally {
    previous?.db.close();
  }
  return outcome;
}
