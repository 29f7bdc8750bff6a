// One change as every surface shows it: REST items, feed entries, page lines and MCP all start
// from this, so a change reads the same everywhere. Values are the stored JSON, verbatim.
import type { ClearanceKey } from '../../contract/facts.ts';
import type { FacilityRecord } from '../../contract/records.ts';
import { applyReviews } from '../records/reviews.ts';
import { facilityPagePath } from '../web/links.ts';
import type { ChangeRow } from '../records/changes.ts';
import { CHANGE_WORDS } from '../words/change-words.ts';

/** Each change is what the state record showed, not a judgement of the home. */
export const CHANGES_FAIRNESS: string = CHANGE_WORDS.fairness.en;

/** Order of every change list: newest run first, then alphabetical. Nothing is ranked. */
export const CHANGES_ORDER = 'Newest run first, then alphabetical by facility name, then license number (order: run_desc_name_asc). Nothing is ranked.';

export function facilityPageUrl(baseUrl: string, row: Pick<ChangeRow, 'name_slug' | 'license_number'>): string | null {
  return row.name_slug === null ? null : baseUrl + facilityPagePath(row.name_slug, row.license_number);
}

export function historyUrl(baseUrl: string, license: string): string {
  return `${baseUrl}/api/v1/facilities/${license}/history`;
}

/** A logged whole record (an added or removed license's) as served under these reviews. */
function wholeRecordJson(json: string | null, underReview: readonly ClearanceKey[]): string | null {
  if (json === null || underReview.length === 0) return json;
  const record = JSON.parse(json) as FacilityRecord;
  applyReviews(record, underReview);
  return JSON.stringify(record);
}

/**
 * The change as JSON text (its values already filled with the server's address: see query.ts).
 * `underReview`: the license's clearances under review (field changes showing them are
 * never read: see historyOf, listChanges).
 */
export function changeJson(baseUrl: string, row: ChangeRow, underReview: readonly ClearanceKey[]): string {
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
  const [oldValue, newValue] = row.field === null ? [wholeRecordJson(row.old_value, underReview), wholeRecordJson(row.new_value, underReview)] : [row.old_value, row.new_value];
  return `${head.slice(0, -1)},"old_value":${oldValue ?? 'null'},"new_value":${newValue ?? 'null'},${tail.slice(1)}`;
}
