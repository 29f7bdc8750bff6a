// The v1 REST Facility record: the stored record with the server's base URL, plus what the
// operator store holds (reviews, approved disputes). Only a license the overlay touches is
// parsed; every other record is served as the stored string.
import type { FacilityRecord } from '../../contract/records.ts';
import type { ShapeContext } from './context.ts';
import { withoutCodesUnderReview } from './reviews.ts';

interface StoredRecord {
  license_number: string;
  record_json: string;
  state_documents_json?: string;
}

/** List form; the detail form (`detail: true`) adds `state_documents`. */
export function restFacilityJson(context: ShapeContext, row: StoredRecord, detail: boolean): string {
  const { snapshot, filler, overlay } = context;
  const license = row.license_number;
  let json = filler.fill(snapshot, `record:${license}`, row.record_json);
  if (detail) {
    if (row.state_documents_json === undefined) throw new Error('detail form needs state_documents_json');
    const documents = row.state_documents_json;
    json = filler.fill(snapshot, `detail:${license}`, `${json.slice(0, json.lastIndexOf('}'))},"state_documents":${documents}}`);
  }
  if (!overlay.touches(license)) return json;
  return JSON.stringify(applyOverlay(JSON.parse(json) as FacilityRecord, context, license));
}

export function restFacilityRecord(context: ShapeContext, row: StoredRecord, detail: boolean): FacilityRecord {
  return JSON.parse(restFacilityJson(context, row, detail)) as FacilityRecord;
}

function applyOverlay(record: FacilityRecord, { overlay }: ShapeContext, license: string): FacilityRecord {
  const underReview = overlay.reviewsOf(license);
  for (const clearance of underReview) {
    record.clearances[clearance] = { ...record.clearances[clearance], value: 'not_on_file' };
  }
  record.service_designations = {
    ...record.service_designations,
    value: withoutCodesUnderReview(record.service_designations.value, underReview),
  };
  record.disputes = [...overlay.disputesOf(license)];
  return record;
}
