// A change in plain words, dated by its source: "License holder changed from A to B (state roster
// of 2026-11-16)". Feeds, pages and their Markdown twins all say it this way. Non-true care
// values read "not on file", as everywhere.
import type { ChangeLogRow } from '../../contract/changes.ts';
import { APPROVAL_LABELS, triStateWords, WAIVER_LABEL, type TriState } from '../../contract/facts.ts';

// Built on first use: the page view imports these words, and this module its labels.
let fieldLabels: Record<string, string> | null = null;
const labels = (): Record<string, string> => (fieldLabels ??= {
  name: 'Name',
  licensed_name: 'Name on the license',
  facility_type: 'Facility type',
  license_status: 'License status',
  license_status_live: 'Live license status',
  on_probation: 'On probation',
  address: 'Address',
  location: 'Map location',
  capacity: 'Licensed beds',
  phone: 'Phone',
  licensee: 'License holder',
  operating_since_year: 'Licensed since',
  ...Object.fromEntries(Object.entries(APPROVAL_LABELS).map(([key, label]) => [`clearances.${key}`, `${label} approval`])),
  alw_participation: WAIVER_LABEL,
  service_designations: 'State service designations',
  last_state_visit: 'Last state visit',
  state_documents: 'State documents on file',
  'links.facility_page': 'Page address',
  'links.corrections': 'Corrections address',
});

/** Which source a field's date is the date of. */
export function sourceName(field: string | null): string {
  if (field === null) return 'state roster';
  if (field.startsWith('clearances.') || field === 'service_designations') return "state's care approvals list";
  if (field === 'alw_participation') return 'Assisted Living Waiver list';
  if (field === 'license_status_live' || field === 'last_state_visit' || field === 'state_documents') return "state's facility record";
  if (field === 'location') return 'map location';
  return 'state roster';
}

export function fieldLabel(field: string): string {
  return labels()[field] ?? field;
}

function valueWords(json: string | null): string {
  if (json === null) return 'not on file';
  const value = JSON.parse(json) as unknown;
  if (value === null || value === '') return 'not on file';
  if (value === 'true' || value === 'false' || value === 'not_on_file') return triStateWords(value as TriState);
  if (Array.isArray(value)) return value.length ? value.join(', ') : 'none';
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('street' in record) return [record.street, record.city, record.zip].filter(Boolean).join(', ') || 'not on file';
    if ('count' in record) return `${record.count} document${record.count === 1 ? '' : 's'}${record.latest_date ? `, latest ${record.latest_date}` : ''}`;
    if ('latitude' in record) return `${record.latitude}, ${record.longitude}`;
    return JSON.stringify(value);
  }
  return String(value);
}

/** What changed, without the home's name or the date. */
export function changeWords(row: Pick<ChangeLogRow, 'change' | 'field' | 'old_value' | 'new_value'>): string {
  if (row.change === 'added') return 'License added to the state roster';
  if (row.change === 'removed') return 'License no longer on the state roster';
  const [before, after] = [valueWords(row.old_value), valueWords(row.new_value)];
  // false and not_on_file both read "not on file": "changed from not on file to not on file" would
  // read as a contradiction, so the line says the entry changed and what it reads.
  if (before === after) return `${fieldLabel(row.field ?? '')}: the record's entry changed; it reads ${after} before and after`;
  return `${fieldLabel(row.field ?? '')} changed from ${before} to ${after}`;
}

/**
 * "License holder changed from A to B (state roster of 2026-11-16)". The date in brackets is the
 * new value's own source date, else the change's; a source without a date says so.
 */
export function changeLine(row: Pick<ChangeLogRow, 'change' | 'field' | 'old_value' | 'new_value' | 'new_source_date' | 'observed_on'>): string {
  const date = row.new_source_date ?? row.observed_on;
  return `${changeWords(row)} (${sourceName(row.field)}${date ? ` of ${date}` : ', undated'})`;
}

/**
 * What an empty change history says: since when changes are kept, so it never reads as "this home
 * never changed" (the log starts with the service's first snapshot, not with the license).
 */
export function noChangesLogged(keptSince: string | null): string {
  return keptSince
    ? `This service's change log, which begins on ${keptSince}, holds no change to this home's state record. It covers only the time since then, not the years before.`
    : "This service's change log holds no change to this home's state record. It covers only the time since the service began keeping it, not the years before.";
}

/**
 * What the log covers, for a call that filters by a date: the log began with one run, and each
 * change carries the source's own date, which can be earlier than that run (a change seen at the
 * first logged run may be dated weeks before it). Never "nothing before the run is in it".
 */
export function changeLogSpanWords(keptSince: string | null): string {
  return keptSince
    ? `This service's change log began with its run of ${keptSince}; each change carries the source's own date (observed_on), which can be earlier than that run. A change the state made before the log began may be missing.`
    : "Each change carries the source's own date (observed_on). A change the state made before this service's change log began may be missing.";
}
