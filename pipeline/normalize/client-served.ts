// The state's per-facility detail lists up to six client-served codes (CLIENTSERVED1..6), written
// as "<number> - <words>" (for example "960 - CHILDREN / INFANT"). They are kept verbatim as the
// home's service designations; a code says something of a care approval only where its own words
// name that approval. The table below is the one place that decides it, code by code, and holds
// only codes whose exact wording has a source (docs/pipeline.md, "Client-served codes").
import type { ClearanceKey } from '../../contract/facts.ts';

/**
 * Client-served code, verbatim as the state writes it, and the approval its words name.
 * Approvals with no entry have no code whose wording could be sourced; they stay not on file.
 */
export const CLIENT_SERVED_APPROVALS: Readonly<Record<string, ClearanceKey>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, ClearanceKey>, {
    // Words: "RCFE / HOSPICE". Named as the state's hospice code by the spec's correction-review
    // rule (spec rule 1 under the Facility table); hospice is the approval its words name.
    '985 - RCFE / HOSPICE': 'hospice',
    // dementia: none. No published source gives the state's wording of a dementia or Alzheimer's
    // code; the "970"/"971" codes of the seed files are the demo profile's, not the state's.
    // non_ambulatory: none. No sourced code wording names it.
    // bedridden: none. No sourced code wording names it.
  }),
);

/** The codes as a fact's value: trimmed, blanks dropped, order and wording kept. Null when none. */
export function clientServedCodes(codes: readonly string[] | undefined): string[] | null {
  const kept = (codes ?? []).map((code) => code.trim()).filter((code) => code !== '');
  return kept.length > 0 ? kept : null;
}

/** The approvals the codes' words name (each at most once); an unmapped code names none. */
export function approvalsNamedBy(codes: readonly string[]): Set<ClearanceKey> {
  const named = new Set<ClearanceKey>();
  for (const code of codes) {
    // Spacing aside, the code must be the table's exactly: a near miss is not a match.
    const approval = CLIENT_SERVED_APPROVALS[code.trim().replace(/\s+/g, ' ').toUpperCase()];
    if (approval) named.add(approval);
  }
  return named;
}
