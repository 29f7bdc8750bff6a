// What a held correction review changes in a served value (spec "Facility record" rules 1-2).
import { CLEARANCE_GRANTING_CODES, type ClearanceKey } from '../../contract/facts.ts';
import type { FacilityRecord } from '../../contract/records.ts';

/** Leading state code number ("970 - RCFE / DEMENTIA" -> "970"), else the text folded. */
function codeOf(designation: string): string {
  const number = /^\s*(\d+)/.exec(designation);
  return number ? number[1]! : designation.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Service designations without the codes that grant a clearance under review (null: not on file, stays so). */
function withoutCodesUnderReview(designations: readonly string[] | null, underReview: readonly ClearanceKey[]): string[] | null {
  if (designations === null) return null;
  const withheld = new Set(underReview.flatMap((clearance) => (CLEARANCE_GRANTING_CODES[clearance] ?? []).map(codeOf)));
  return withheld.size === 0 ? [...designations] : designations.filter((code) => !withheld.has(codeOf(code)));
}

/** A decoded Facility record as served while these clearances are under review (changed in place). */
export function applyReviews(facility: FacilityRecord, underReview: readonly ClearanceKey[]): void {
  for (const clearance of underReview) facility.clearances[clearance] = { ...facility.clearances[clearance], value: 'not_on_file' };
  facility.service_designations = { ...facility.service_designations, value: withoutCodesUnderReview(facility.service_designations.value, underReview) };
}

/** A flat clearance map (the compact home's, a CSV row's) as served while these clearances are under review (changed in place). */
export function applyReviewsToFlat(clearances: Partial<Record<ClearanceKey, unknown>>, underReview: readonly ClearanceKey[]): void {
  for (const clearance of underReview) clearances[clearance] = 'not_on_file';
}

/** Record fields (dotted paths) whose values would show a clearance under review: its own, and the codes that grant it. */
export function fieldsUnderReview(underReview: readonly ClearanceKey[]): string[] {
  const fields = underReview.map((clearance) => `clearances.${clearance}`);
  if (underReview.some((clearance) => CLEARANCE_GRANTING_CODES[clearance] !== undefined)) fields.push('service_designations');
  return fields;
}
