// What changed since the previous snapshot: licenses added, removed, and, for the rest, which
// fields' values changed. Dates of confirmation are not changes of value, so they are ignored.

/**
 * Record fields the per-facility record fills (the live status, the client-served codes and the
 * approvals they name, a last visit read from the detail), as the crawler reads them.
 */
export const PER_FACILITY_FIELDS: ReadonlySet<string> = new Set(['license_status_live', 'service_designations', 'last_state_visit', 'clearances.dementia', 'clearances.hospice', 'clearances.non_ambulatory', 'clearances.bedridden']);

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
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

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
  const diff: SnapshotDiff = { added: [], removed: [], changed: [], fieldCounts: {}, previousCount: 0 };
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
    const fields = changedFields(JSON.parse(old.record_json), JSON.parse(record));
    if (fields.length === 0) continue;
    diff.changed.push({ license_number: old.license_number, fields });
    for (const field of fields) diff.fieldCounts[field] = (diff.fieldCounts[field] ?? 0) + 1;
  }
  diff.added = current.licenses.filter((license) => !seen.has(license));
  diff.added.sort();
  diff.removed.sort();
  diff.changed.sort((a, b) => a.license_number.localeCompare(b.license_number));
  return diff;
}
