// The v1 REST Facility record as sent: a pure function of the home record. A record the overlay
// left alone is the stored text; a changed one is encoded from the record.
import type { HomeRecord } from '../home-record.ts';

/** List form; the detail form (`detail: true`) adds `state_documents`. Encoded once per record. */
export function restFacilityJson(record: HomeRecord, detail: boolean): string {
  return record.encoded(detail ? 'rest:detail' : 'rest:list', () => {
    const stored = record.verbatim;
    if (!stored) return JSON.stringify(detail ? record.detail : record.facility);
    return detail ? `${stored.record.slice(0, stored.record.lastIndexOf('}'))},"state_documents":${stored.documents}}` : stored.record;
  });
}
