// What a held correction review changes in a served value (spec "Facility record" rules 1-2).
import { CLEARANCE_GRANTING_CODES, type ClearanceKey } from '../../contract/facts.ts';

/** Leading state code number ("970 - RCFE / DEMENTIA" -> "970"), else the text folded. */
function codeOf(designation: string): string {
  const number = /^\s*(\d+)/.exec(designation);
  return number ? number[1]! : designation.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Service designations without the codes that grant a clearance under review. */
export function withoutCodesUnderReview(designations: readonly string[], underReview: readonly ClearanceKey[]): string[] {
  const withheld = new Set(underReview.flatMap((clearance) => (CLEARANCE_GRANTING_CODES[clearance] ?? []).map(codeOf)));
  return withheld.size === 0 ? [...designations] : designations.filter((code) => !withheld.has(codeOf(code)));
}
