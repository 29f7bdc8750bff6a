// The v1 REST Facility record as sent: a pure function of the home record. A record the overlay
// left alone is the stored text; a changed one is encoded from the record.
import { storedOrRecord, type HomeRecord, type StoredTexts } from '../home-record.ts';
import type { ShapeContext } from './context.ts';

/** The detail form of stored texts: the record with `state_documents` added, as one JSON text. */
function detailText(stored: StoredTexts): string {
  return `${stored.record.slice(0, stored.record.lastIndexOf('}'))},"state_documents":${stored.documents}}`;
}

/** List form; the detail form (`detail: true`) adds `state_documents`. Encoded once per record. */
export function restFacilityJson(record: HomeRecord, detail: boolean): string {
  return record.encoded(detail ? 'rest:detail' : 'rest:list', () => {
    const stored = record.verbatim;
    if (!stored) return JSON.stringify(detail ? record.detail : record.facility);
    return detail ? detailText(stored) : stored.record;
  });
}

/** A license's REST detail as sent now; undefined when it is not on the roster. */
export function restDetailJson(context: ShapeContext, license: string): string | undefined {
  const home = storedOrRecord(context, license);
  if (home === undefined) return undefined;
  return 'license' in home ? restFacilityJson(home, true) : detailText(home);
}
