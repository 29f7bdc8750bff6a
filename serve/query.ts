// The one query layer over a snapshot. Every surface (REST, MCP, pages) reads rows through these
// functions; the SQL lives here and nowhere else. Rows carry the stored JSON as strings.
import { CLEARANCE_KEYS, type ClearanceKey } from '../contract/facts.ts';
import type Database from 'better-sqlite3';
import type { Snapshot } from './snapshot.ts';

/** One license with everything a look-up may need. */
export interface FacilityRow {
  license_number: string;
  name: string;
  licensed_name: string;
  street: string | null;
  city: string | null;
  county: string | null;
  zip: string | null;
  capacity: number | null;
  license_status: string | null;
  closed: 0 | 1;
  /** How many reports the state lists (its own count); null until documents were fetched. */
  documents_count: number | null;
  state_record_url: string;
  record_json: string;
  state_documents_json: string;
  home_json: string;
  on_probation: string;
  closed_date: string | null;
  live_status_checked_on: string | null;
  /** The neutral alphabetical order key (lists order by it, then license number). */
  sort_key: string;
  latitude: number | null;
  longitude: number | null;
}

const FACILITY_COLUMNS = `license_number, name, licensed_name, street, city, county, zip, capacity, license_status,
  closed, documents_count, state_record_url, record_json, state_documents_json, home_json,
  on_probation, closed_date, live_status_checked_on, sort_key, latitude, longitude`;

/** One license's row (uncached: serve/home-record.ts keeps what is read). */
export function facilityByLicense(snapshot: Snapshot, license: string): FacilityRow | undefined {
  return snapshot.statement(`SELECT ${FACILITY_COLUMNS} FROM facilities WHERE license_number = ?`).get(license) as FacilityRow | undefined;
}

/** Per snapshot: every name key (goes-by and licensed) to the licenses that carry it. */
const nameKeyMaps = new WeakMap<Snapshot, Map<string, string[]>>();

/** Licenses whose goes-by or licensed name has this key, any status, alphabetical. */
export function facilitiesByNameKey(snapshot: Snapshot, key: string): FacilityRow[] {
  let byKey = nameKeyMaps.get(snapshot);
  if (!byKey) {
    byKey = new Map();
    for (const row of allNameKeys(snapshot)) {
      for (const name of new Set([row.name_key, row.licensed_name_key])) {
        const list = byKey.get(name);
        if (list) list.push(row.license_number);
        else byKey.set(name, [row.license_number]);
      }
    }
    nameKeyMaps.set(snapshot, byKey);
  }
  const licenses = byKey.get(key);
  return licenses ? facilitiesByLicenses(snapshot, licenses) : [];
}

export function facilitiesByLicenses(snapshot: Snapshot, licenses: readonly string[]): FacilityRow[] {
  return snapshot
    .statement(
      `SELECT ${FACILITY_COLUMNS} FROM facilities
       WHERE license_number IN (SELECT value FROM json_each(?)) ORDER BY name, license_number`,
    )
    .all(JSON.stringify(licenses)) as FacilityRow[];
}

/** Every license's name keys, for the in-memory did-you-mean index. */
export function allNameKeys(snapshot: Snapshot): Array<{ license_number: string; name_key: string; licensed_name_key: string }> {
  return snapshot
    .statement('SELECT license_number, name_key, licensed_name_key FROM facilities ORDER BY license_number')
    .all() as Array<{ license_number: string; name_key: string; licensed_name_key: string }>;
}

export interface ListFilter {
  /** placeKey of the county, or null for any. */
  countyKey: string | null;
  cityKey: string | null;
  /** Clearances the license must explicitly carry ('true'). */
  needs: readonly ClearanceKey[];
  /** Licenses that must not match (a needed clearance is under correction review). */
  excluded: readonly string[];
}

export interface ListPage {
  /** The page's licenses, in list order. */
  licenses: string[];
  total: number;
}

/** Listed licenses only, alphabetical by name then license (spec: neutral order). */
export function listFacilities(snapshot: Snapshot, filter: ListFilter, limit: number, offset: number): ListPage {
  const where = ['listed = 1'];
  const params: Record<string, string | number> = { limit, offset };
  if (filter.countyKey !== null) {
    where.push('county_key = @county');
    params.county = filter.countyKey;
  }
  if (filter.cityKey !== null) {
    where.push('city_key = @city');
    params.city = filter.cityKey;
  }
  // Column names come from the fixed clearance list, never from input.
  for (const need of CLEARANCE_KEYS.filter((key) => filter.needs.includes(key))) where.push(`${need} = 'true'`);
  if (filter.needs.length > 0) {
    where.push('license_number NOT IN (SELECT value FROM json_each(@excluded))');
    params.excluded = JSON.stringify(filter.excluded);
  }
  const clause = where.join(' AND ');
  const { total } = snapshot.statement(`SELECT COUNT(*) AS total FROM facilities WHERE ${clause}`).get(params) as { total: number };
  const rows =
    offset >= total
      ? []
      : (snapshot
          .statement(
            `SELECT license_number FROM facilities WHERE ${clause}
             ORDER BY sort_key, license_number LIMIT @limit OFFSET @offset`,
          )
          .all(params) as Array<{ license_number: string }>).map((row) => row.license_number);
  return { licenses: rows, total };
}

export interface ReportRow {
  ref: string;
  control_number: string | null;
  date: string | null;
  type: string | null;
  title: string | null;
  url: string | null;
}

/** A license's state documents, newest first (the pipeline stores that order as position). */
export function reportsByLicense(snapshot: Snapshot, license: string): ReportRow[] {
  return snapshot
    .statement('SELECT ref, control_number, date, type, title, url FROM reports WHERE license_number = ? ORDER BY position')
    .all(license) as ReportRow[];
}

// ---- MCP surface -------------------------------------------------------------------------------

/** One listed home as the in-memory MCP list index holds it (built once per snapshot). */
export interface ListedHomePoint {
  license_number: string;
  city: string | null;
  county: string | null;
  city_key: string | null;
  county_key: string | null;
  latitude: number | null;
  longitude: number | null;
  dementia: string;
  hospice: string;
  non_ambulatory: string;
  bedridden: string;
  /** The home's starting figure (price.monthly_usd), or null when none is on file. */
  price_monthly_usd: number | null;
}

/** Every listed license with what MCP lists filter on, alphabetical by name then license. */
export function listedHomePoints(snapshot: Snapshot): ListedHomePoint[] {
  return snapshot
    .statement(
      `SELECT license_number, city, county, city_key, county_key, latitude, longitude,
              dementia, hospice, non_ambulatory, bedridden, price_monthly_usd
       FROM facilities WHERE listed = 1 ORDER BY sort_key, license_number`,
    )
    .all() as ListedHomePoint[];
}

export interface HospitalRow {
  facid: string;
  name: string;
  street: string | null;
  city: string | null;
  zip: string | null;
  county: string | null;
  latitude: number;
  longitude: number;
}

/** Every hospital in the snapshot, alphabetical by name. */
export function allHospitals(snapshot: Snapshot): HospitalRow[] {
  return snapshot
    .statement('SELECT facid, name, street, city, zip, county, latitude, longitude FROM hospitals ORDER BY name, facid')
    .all() as HospitalRow[];
}

/** One transcribed state document from the document store (documents.sqlite beside the snapshots). */
export interface StoredDocumentRow {
  ref: string;
  control_number: string | null;
  date: string | null;
  type: string | null;
  title: string | null;
  text: string;
  /** JSON array of {type, section, finding}. */
  citations: string;
  last_listed_on: string;
}

/** Every stored document of a license, newest first. `store` is the document store, opened read-only. */
export function storedDocumentsByLicense(store: Database.Database, license: string): StoredDocumentRow[] {
  let statement = documentStatements.get(store);
  if (!statement) {
    statement = store.prepare(
      `SELECT ref, control_number, date, type, title, text, citations, last_listed_on FROM documents
       WHERE license_number = ? ORDER BY date DESC, ref`,
    );
    documentStatements.set(store, statement);
  }
  return statement.all(license) as StoredDocumentRow[];
}

const documentStatements = new WeakMap<Database.Database, Database.Statement>();

// ---- Site surface (home page, its unversioned /api/facilities/* endpoints) --------------------

/** One listed home as the site's in-memory index holds it (built once per snapshot). */
export interface SiteHomeRow {
  license_number: string;
  name: string;
  name_key: string;
  licensed_name_key: string;
  name_slug: string;
  license_status: string | null;
  city: string | null;
  county: string | null;
  latitude: number | null;
  longitude: number | null;
  dementia: string;
  hospice: string;
  non_ambulatory: string;
  bedridden: string;
}

/** Every listed license with what the home page's search, map and list read, alphabetical by name then license. */
export function siteListedHomes(snapshot: Snapshot): SiteHomeRow[] {
  return snapshot
    .statement(
      `SELECT license_number, name, name_key, licensed_name_key, name_slug, license_status, city, county, latitude, longitude,
              dementia, hospice, non_ambulatory, bedridden
       FROM facilities WHERE listed = 1 ORDER BY sort_key, license_number`,
    )
    .all() as SiteHomeRow[];
}

// ---- Pages (serve/pages) -----------------------------------------------------------------------

/** One listed home as a page list shows it. */
export interface PageHomeRow {
  license_number: string;
  name: string;
  name_slug: string;
  city: string | null;
  county: string | null;
  county_key: string | null;
  capacity: number | null;
  size_words: string;
  latitude: number | null;
  longitude: number | null;
  location_method: string | null;
}

const PAGE_HOME_COLUMNS =
  'license_number, name, name_slug, city, county, county_key, capacity, size_words, latitude, longitude, location_method';

export interface PageListFilter {
  countyKey?: string | null;
  cityKey?: string | null;
  /** The license must explicitly carry this clearance ('true'). */
  clearance?: ClearanceKey | null;
  /** Licenses left out (a needed clearance is under correction review). */
  excluded?: readonly string[];
  /** Only homes on the Assisted Living Waiver list; ordered by county first. */
  waiver?: boolean;
  /** Only licenses held by one of these licensee strings (verbatim). */
  licensees?: readonly string[] | null;
}

/** Listed licenses only, alphabetical by name then license (the waiver list: by county first). */
export function pageHomes(snapshot: Snapshot, filter: PageListFilter, limit: number, offset: number): { rows: PageHomeRow[]; total: number } {
  const where = ['listed = 1'];
  const params: Record<string, string | number> = { limit, offset };
  if (filter.countyKey) {
    where.push('county_key = @county');
    params.county = filter.countyKey;
  }
  if (filter.cityKey) {
    where.push('city_key = @city');
    params.city = filter.cityKey;
  }
  // The column name comes from the fixed clearance list, never from input.
  const clearance = CLEARANCE_KEYS.find((key) => key === filter.clearance);
  if (clearance) where.push(`${clearance} = 'true'`);
  if (filter.excluded && filter.excluded.length > 0) {
    where.push('license_number NOT IN (SELECT value FROM json_each(@excluded))');
    params.excluded = JSON.stringify(filter.excluded);
  }
  if (filter.waiver) where.push("alw_participation = 'true'");
  if (filter.licensees) {
    where.push('licensee IN (SELECT value FROM json_each(@licensees))');
    params.licensees = JSON.stringify(filter.licensees);
  }
  const clause = where.join(' AND ');
  const order = filter.waiver ? 'county_key, sort_key, license_number' : 'sort_key, license_number';
  const { total } = snapshot.statement(`SELECT COUNT(*) AS total FROM facilities WHERE ${clause}`).get(params) as { total: number };
  const rows =
    offset >= total
      ? []
      : (snapshot
          .statement(`SELECT ${PAGE_HOME_COLUMNS} FROM facilities WHERE ${clause} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
          .all(params) as PageHomeRow[]);
  return { rows, total };
}

/** Listed homes with a location inside a box, alphabetical (the caller measures distance). */
export function pageHomesInBox(
  snapshot: Snapshot,
  box: { south: number; north: number; west: number; east: number },
): PageHomeRow[] {
  return snapshot
    .statement(
      `SELECT ${PAGE_HOME_COLUMNS} FROM facilities
       WHERE listed = 1 AND latitude BETWEEN @south AND @north AND longitude BETWEEN @west AND @east
       ORDER BY sort_key, license_number`,
    )
    .all(box) as PageHomeRow[];
}

/** Each place with listed homes: counties (no county key given) or the cities of one county. */
export function placesWithListedHomes(snapshot: Snapshot, countyKey: string | null): Array<{ place: string; key: string; homes: number }> {
  return countyKey === null
    ? (snapshot
        .statement(
          `SELECT MIN(county) AS place, county_key AS key, COUNT(*) AS homes FROM facilities
           WHERE listed = 1 AND county_key IS NOT NULL GROUP BY county_key ORDER BY county_key`,
        )
        .all() as Array<{ place: string; key: string; homes: number }>)
    : (snapshot
        .statement(
          `SELECT MIN(city) AS place, city_key AS key, COUNT(*) AS homes FROM facilities
           WHERE listed = 1 AND county_key = ? AND city_key IS NOT NULL GROUP BY city_key ORDER BY city_key`,
        )
        .all(countyKey) as Array<{ place: string; key: string; homes: number }>);
}

/** Every licensee string that holds a listed license, with how many. */
export function licenseesWithListedHomes(snapshot: Snapshot): Array<{ licensee: string; homes: number }> {
  return snapshot
    .statement(
      `SELECT licensee, COUNT(*) AS homes FROM facilities WHERE listed = 1 AND licensee IS NOT NULL
       GROUP BY licensee ORDER BY licensee`,
    )
    .all() as Array<{ licensee: string; homes: number }>;
}

/** Waiver homes per county (listed licenses on the Assisted Living Waiver list). */
export function waiverCounties(snapshot: Snapshot): Array<{ place: string; key: string; homes: number }> {
  return snapshot
    .statement(
      `SELECT MIN(county) AS place, county_key AS key, COUNT(*) AS homes FROM facilities
       WHERE listed = 1 AND alw_participation = 'true' AND county_key IS NOT NULL GROUP BY county_key ORDER BY county_key`,
    )
    .all() as Array<{ place: string; key: string; homes: number }>;
}

export interface PageHospitalRow {
  facid: string;
  name: string;
  name_slug: string;
  city: string | null;
  county: string | null;
  county_key: string | null;
  latitude: number;
  longitude: number;
}

export function hospitalByFacid(snapshot: Snapshot, facid: string): PageHospitalRow | undefined {
  return snapshot
    .statement('SELECT facid, name, name_slug, city, county, county_key, latitude, longitude FROM hospitals WHERE facid = ?')
    .get(facid) as PageHospitalRow | undefined;
}

/** Every hospital, by county then name. */
export function hospitalsByCounty(snapshot: Snapshot): PageHospitalRow[] {
  return snapshot
    .statement('SELECT facid, name, name_slug, city, county, county_key, latitude, longitude FROM hospitals ORDER BY county_key, name, facid')
    .all() as PageHospitalRow[];
}
