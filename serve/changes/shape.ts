// One change as every surface shows it: REST items, feed entries, page lines and MCP all start
// from this, so a change reads the same everywhere. Values are the stored JSON, verbatim.
import { facilityPath } from '../web/links.ts';
import type { ChangeRow } from './query.ts';

/** Each change is what the state record showed, not a judgement of the home. */
export const CHANGES_FAIRNESS =
  'A change is what the state record showed on two dates, not a verdict on the home: an entry can be a correction, a paperwork update or a change of owner.';

/** Order of every change list: newest run first, then alphabetical. Nothing is ranked. */
export const CHANGES_ORDER = 'Newest run first, then alphabetical by facility name, then license number (order: run_desc_name_asc). Nothing is ranked.';

export function facilityPageUrl(baseUrl: string, row: Pick<ChangeRow, 'name_slug' | 'license_number'>): string | null {
  return row.name_slug === null ? null : baseUrl + facilityPath(row.name_slug, row.license_number);
}

export function historyUrl(baseUrl: string, license: string): string {
  return `${baseUrl}/api/v1/facilities/${license}/history`;
}

/** The change as JSON text (base URL tokens still in; the caller fills them once for the whole body). */
export function changeJson(baseUrl: string, row: ChangeRow): string {
  const head = JSON.stringify({
    license_number: row.license_number,
    name: row.name,
    city: row.city,
    county: row.county,
    change: row.change,
    field: row.field,
  });
  const tail = JSON.stringify({
    old_source_date: row.old_source_date,
    new_source_date: row.new_source_date,
    observed_on: row.observed_on,
    run: { run_id: row.run_id, snapshot_file: row.snapshot_file, snapshot_date: row.snapshot_date },
    links: { facility_page: facilityPageUrl(baseUrl, row), history: historyUrl(baseUrl, row.license_number) },
  });
  // Stored values are already JSON: spliced in, never parsed and re-serialized.
  return `${head.slice(0, -1)},"old_value":${row.old_value ?? 'null'},"new_value":${row.new_value ?? 'null'},${tail.slice(1)}`;
}
