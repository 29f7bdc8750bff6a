// Reads by entity over a snapshot: facility rows, name keys, reports, hospitals, stored documents.
// Lists of listed homes are selected in serve/records/listed-homes.ts. Rows carry the stored JSON as strings.
import type Database from 'better-sqlite3';
import { pushTo } from '../lib/multimap.ts';
import { derived, type Snapshot } from './snapshot.ts';

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
  state_visits_json: string;
  home_json: string;
  on_probation: string;
  closed_date: string | null;
  /** The last stored live status (the state's live record), and the day it was checked. */
  license_status_live: string | null;
  live_status_checked_on: string | null;
  /** The neutral alphabetical order key (lists order by it, then license number). */
  sort_key: string;
  /** The goes-by name's URL slug (the home's page is `/facility/<slug>-<license>`). */
  name_slug: string;
  latitude: number | null;
  longitude: number | null;
  /** How the point was found (contract LocationMethod); null without one. */
  location_method: string | null;
}

const FACILITY_COLUMNS = `license_number, name, licensed_name, street, city, county, zip, capacity, license_status,
  closed, documents_count, state_record_url, record_json, state_documents_json, state_visits_json, home_json,
  on_probation, closed_date, license_status_live, live_status_checked_on, sort_key, name_slug, latitude, longitude, location_method`;

/** One license's row (uncached: serve/records/home-record.ts keeps what is read). */
export function facilityByLicense(snapshot: Snapshot, license: string): FacilityRow | undefined {
  return snapshot.statement(`SELECT ${FACILITY_COLUMNS} FROM facilities WHERE license_number = ?`).get(license) as FacilityRow | undefined;
}

/** One license's stored REST texts and nothing else: the narrow read of a first touch. */
export function storedTextsByLicense(snapshot: Snapshot, license: string) {
  return snapshot.statement('SELECT record_json, state_documents_json, state_visits_json FROM facilities WHERE license_number = ?').get(license) as
    | Pick<FacilityRow, 'record_json' | 'state_documents_json' | 'state_visits_json'>
    | undefined;
}

/** Every name key (goes-by and licensed) to the licenses that carry it, any status. */
const licensesByNameKey = derived('licenses by name key', (snapshot) => {
  const byKey = new Map<string, string[]>();
  for (const row of allNameFits(snapshot)) {
    for (const name of new Set([row.name_key, row.licensed_name_key])) pushTo(byKey, name, row.license_number);
  }
  return byKey;
});

/** Licenses whose goes-by or licensed name has this key, any status, alphabetical. */
export function facilitiesByNameKey(snapshot: Snapshot, key: string): FacilityRow[] {
  const licenses = snapshot.derive(licensesByNameKey).get(key);
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

/** One transcribed state document from the document store (the document texts file published with the snapshot). */
export interface StoredDocumentRow extends Omit<ReportRow, 'url'> {
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

/** A hospital as the pages show it: its page's slug and county key, no street address. */
export type PageHospitalRow = Omit<HospitalRow, 'street' | 'zip'> & { name_slug: string; county_key: string | null };

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

/** Every license's names, name keys, city and county (any status): what name look-ups hold in memory. */
export interface NameFitRow {
  license_number: string;
  name: string;
  city: string | null;
  county: string | null;
  name_key: string;
  licensed_name_key: string;
}

/** Every license's name columns, by license number: the name-key map, the check's fits and the did-you-mean index. */
export function allNameFits(snapshot: Snapshot): NameFitRow[] {
  return snapshot
    .statement('SELECT license_number, name, city, county, name_key, licensed_name_key FROM facilities ORDER BY license_number')
    .all() as NameFitRow[];
}

/** The roster columns a batch check candidate shows. */
export type CheckRow = Pick<FacilityRow, 'license_number' | 'name' | 'licensed_name' | 'city' | 'county' | 'capacity' | 'license_status' | 'state_record_url'>;

/**
 * The named columns of each of these licenses and nothing else, in one narrow read (no order;
 * licenses not on the roster are absent): what a list page reads of its homes. `columns` are the
 * code's own constants, one statement each.
 */
export function columnsByLicenses<K extends keyof FacilityRow>(snapshot: Snapshot, columns: readonly K[], licenses: readonly string[]) {
  return snapshot
    .statement(`SELECT license_number, ${columns.join(', ')} FROM facilities WHERE license_number IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(licenses)) as Array<Pick<FacilityRow, 'license_number' | K>>;
}
