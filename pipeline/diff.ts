// What changed since the previous snapshot: licenses added, removed, and, for the rest, which
// fields' values changed. Dates of confirmation are not changes of value, so they are ignored.

/**
 * Record fields the per-facility record fills (the live status, the client-served codes and the
 * approvals they name, a last visit read from the detail), as the crawler reads them.
 */
export const PER_FACILITY_FIELDS: ReadonlySet<string> = new Set(['license_status_live', 'service_designations', 'last_state_visit', 'clearances.dementia', 'clearances.hospice', 'clearances.non_ambulatory', 'clearances.bedridden']);

/**
 * Whether a per-facility field's old value is one no source ever showed: nothing read (null) or
 * the tri-state's "not on file" (approvals start there), with no date. Its first value is the
 * record arriving, not a change of the home: a change is a value a source showed before and shows
 * differently now, whatever the field's starting value.
 */
export function isFirstReading(field: string, before: { value: string; date: string | null }): boolean {
  const perFacility = PER_FACILITY_FIELDS.has(field) || field === STATE_DOCUMENTS_FIELD;
  return perFacility && before.date === null && (before.value === 'null' || before.value === '"not_on_file"');
}

/** The detail-only fact kept beside the record (`state_documents_json`), logged as this field. */
export const STATE_DOCUMENTS_FIELD = 'state_documents';

type FactText = { value: string; date: string | null };

/** A field's value (verbatim JSON text) and its source's own date, by the diff's dotted path. */
export function valueAt(record: Json, field: string): FactText {
  let node: Json | undefined = record;
  for (const key of field.split('.')) {
    node = node && typeof node === 'object' && !Array.isArray(node) ? node[key] : undefined;
  }
  if (node !== undefined && isFact(node)) return { value: JSON.stringify(node.value), date: (node.confirmed_on as string | null) ?? null };
  return { value: JSON.stringify(node ?? null), date: null };
}

export interface StoredFacility {
  license_number: string;
  record_json: string;
}

export interface SnapshotDiff {
  added: string[];
  removed: string[];
  changed: Array<{ license_number: string; fields: string[] }>;
  /** How many licenses changed each field. */
  fieldCounts: Record<string, number>;
  previousCount: number;
  /**
   * Licenses whose per-facility facts (the live status, approvals, designations, a last visit read
   * from the detail) changed from a value a source had shown: first readings are not counted.
   */
  perFacilityChanged: number;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isFact(node: Json): node is { value: Json; [key: string]: Json } {
  return typeof node === 'object' && node !== null && !Array.isArray(node) && 'value' in node && 'source_class' in node;
}

/** Field paths whose value differs: facts compare by `value`, groups (clearances, links) by member. */
function changedFields(before: Record<string, Json>, after: Record<string, Json>, prefix = ''): string[] {
  const fields: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key] ?? null;
    const b = after[key] ?? null;
    const path = `${prefix}${key}`;
    if (isFact(a) && isFact(b)) {
      if (JSON.stringify(a.value) !== JSON.stringify(b.value)) fields.push(path);
    } else if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
      fields.push(...changedFields(a, b, `${path}.`));
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      fields.push(path);
    }
  }
  return fields;
}

/** This run's facilities: their licenses, and each one's record where it was written. */
export interface CurrentFacilities {
  licenses: readonly string[];
  recordOf(license: string): string | undefined;
}

/** `previous` is streamed once; this run's records are looked up one at a time, never all held. */
export function diffSnapshots(previous: Iterable<StoredFacility>, current: CurrentFacilities): SnapshotDiff {
  const diff: SnapshotDiff = { added: [], removed: [], changed: [], fieldCounts: {}, previousCount: 0, perFacilityChanged: 0 };
  const seen = new Set<string>();
  for (const old of previous) {
    diff.previousCount += 1;
    const record = current.recordOf(old.license_number);
    if (record === undefined) {
      diff.removed.push(old.license_number);
      continue;
    }
    seen.add(old.license_number);
    if (old.record_json === record) continue;
    const before = JSON.parse(old.record_json) as Record<string, Json>;
    const fields = changedFields(before, JSON.parse(record));
    if (fields.length === 0) continue;
    if (fields.some((field) => PER_FACILITY_FIELDS.has(field) && !isFirstReading(field, valueAt(before, field)))) diff.perFacilityChanged += 1;
    diff.changed.push({ license_number: old.license_number, fields });
    for (const field of fields) diff.fieldCounts[field] = (diff.fieldCounts[field] ?? 0) + 1;
  }
  diff.added = current.licenses.filter((license) => !seen.has(license));
  diff.added.sort();
  diff.removed.sort();
  diff.changed.sort((a, b) => a.license_number.localeCompare(b.license_number));
  return diff;
}
