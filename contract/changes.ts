// The change log's vocabulary, shared by the pipeline that writes `change_log` and the server that
// reads it: the kinds of change and the record fields a change can name.
import { CLEARANCE_KEYS } from './facts.ts';

export const CHANGE_KINDS = ['added', 'removed', 'changed'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** Dotted paths of the Facility record (and its detail's state_documents) a `changed` row can name. */
export const CHANGE_FIELDS: readonly string[] = [
  'name',
  'licensed_name',
  'facility_type',
  'license_status',
  'license_status_live',
  'on_probation',
  'address',
  'location',
  'capacity',
  'phone',
  'licensee',
  'operating_since_year',
  ...CLEARANCE_KEYS.map((key) => `clearances.${key}`),
  'alw_participation',
  'service_designations',
  'last_state_visit',
  'state_documents',
  'links.facility_page',
  'links.corrections',
];

/** One row of `change_log` as stored. */
export interface ChangeLogRow {
  run_seq: number;
  run_id: string;
  snapshot_file: string;
  snapshot_date: string;
  license_number: string;
  name: string;
  sort_key: string;
  city: string | null;
  county: string | null;
  city_key: string | null;
  county_key: string | null;
  change: ChangeKind;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  old_source_date: string | null;
  new_source_date: string | null;
  /** The source's own date of the change; null when the source states none. */
  observed_on: string | null;
}
