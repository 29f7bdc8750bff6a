// The v1 REST Facility record as sent: a pure function of the home record. A record the overlay
// left alone is the stored text; a changed one is encoded from the record.
import { restListTextsOf, storedOrRecord, type HomeRecord, type StoredTexts } from '../records/home-record.ts';
import type { ShapeContext } from '../records/context.ts';

/** The detail form of stored texts: the record with `state_documents` and `state_visits` added, as one JSON text. */
function detailText(stored: StoredTexts): string {
  return `${stored.record.slice(0, stored.record.lastIndexOf('}'))},"state_documents":${stored.documents},"state_visits":${stored.visits}}`;
}

/** The list form of stored texts: the record with `state_visits` (the detail but for `state_documents`). */
export function listText(record: string, visits: string): string {
  return `${record.slice(0, record.lastIndexOf('}'))},"state_visits":${visits}}`;
}

/** List form (the record and `state_visits`); the detail form (`detail: true`) adds `state_documents`. Encoded once per record. */
export function restFacilityJson(record: HomeRecord, detail: boolean): string {
  return record.encoded(detail ? 'rest:detail' : 'rest:list', () => {
    const stored = record.verbatim;
    if (!stored) {
      const { state_documents: _documents, ...listed } = record.restDetail;
      return JSON.stringify(detail ? record.restDetail : listed);
    }
    return detail ? detailText(stored) : listText(stored.record, stored.visits);
  });
}

/** The REST list items of these licenses, in their order, as one JSON text (licenses not on the roster left out). */
export function restListJson(context: ShapeContext, licenses: readonly string[]): string {
  const shown = restListTextsOf(context, licenses);
  return licenses
    .flatMap((license) => {
      const home = shown.get(license);
      if (home === undefined) return [];
      return 'text' in home ? [listText(home.text, home.visits)] : [restFacilityJson(home, false)];
    })
    .join(',');
}

/** A license's REST detail as sent now; undefined when it is not on the roster. */
export function restDetailJson(context: ShapeContext, license: string): string | undefined {
  const home = storedOrRecord(context, license);
  if (home === undefined) return undefined;
  return 'license' in home ? restFacilityJson(home, true) : detailText(home);
}
