// The one query layer over a snapshot. Every surface (REST, MCP, pages) reads rows through these
// functions; the SQL lives here and nowhere else. Rows carry the stored JSON as strings.
import { CLEARANCE_KEYS, type ClearanceKey } from '../contract/facts.ts';
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
}

const FACILITY_COLUMNS = `license_number, name, licensed_name, street, city, county, zip, capacity, license_status,
  closed, documents_count, state_record_url, record_json, state_documents_json, home_json`;

export function facilityByLicense(snapshot: Snapshot, license: string): FacilityRow | undefined {
  return snapshot.statement(`SELECT ${FACILITY_COLUMNS} FROM facilities WHERE license_number = ?`).get(license) as
    | FacilityRow
    | undefined;
}

/** Licenses whose goes-by or licensed name has this key, any status, alphabetical. */
export function facilitiesByNameKey(snapshot: Snapshot, key: string): FacilityRow[] {
  return snapshot
    .statement(
      `SELECT ${FACILITY_COLUMNS} FROM facilities WHERE name_key = @key
       UNION
       SELECT ${FACILITY_COLUMNS} FROM facilities WHERE licensed_name_key = @key
       ORDER BY 2, 1`,
    )
    .all({ key }) as FacilityRow[];
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
  rows: Array<{ license_number: string; record_json: string }>;
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
            `SELECT license_number, record_json FROM facilities WHERE ${clause}
             ORDER BY sort_key, license_number LIMIT @limit OFFSET @offset`,
          )
          .all(params) as ListPage['rows']);
  return { rows, total };
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
