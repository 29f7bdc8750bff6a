// Publish guards: a run whose roster shrinks, churns or fails validation past the configured
// thresholds is held back, so a broken state file never replaces a good snapshot.
import type { GuardConfig } from '../config.ts';
import { PER_FACILITY_FIELDS, type SnapshotDiff } from '../diff.ts';
import type { RowAccounting } from '../sources/roster.ts';

export interface GuardInputs {
  licenses: number;
  rosterRowsRead: number;
  rosterRowsRejected: number;
  /** The roster's rows in against its rows read and rejected. */
  rosterAccounting: RowAccounting;
  diff: SnapshotDiff;
  /** Valid rows of this run's sources and of the previous snapshot's, by source name. */
  sourceRowsValid: { current: ReadonlyMap<string, number>; previous: ReadonlyMap<string, number> };
  /**
   * What the lists show now, and what they showed in the previous snapshot and the profile's other
   * snapshots of the last week (newest first): a loss is counted against each.
   */
  listed?: { current: ReadonlySet<string>; earlier: ReadonlyArray<{ file: string; listed: ReadonlySet<string> }> };
}

/** The share of its expected size below which an export is held back, first run or not. */
export const EXPECTED_LICENSES_FLOOR = 0.9;

/**
 * Keyed files whose rows are the only evidence of a fact: a home missing from a cut-off file would
 * read `not_on_file` under the file's own date ("not on the waiver list as of ..."), which is false.
 */
const KEYED_FACT_SOURCES = ['approvals', 'waiver'];

/**
 * Licenses whose roster-side facts changed. The crawler fills the per-facility fields over days,
 * so a run that publishes a day's reading changes them for thousands of homes at once: the churn
 * guard is about the roster, and those do not count (approvals files have the keyed-rows guard).
 */
export function rosterChanges(diff: SnapshotDiff): number {
  return diff.changed.filter((change) => change.fields.some((field) => !PER_FACILITY_FIELDS.has(field))).length;
}

/** Reasons to hold the run back; empty when it may publish. */
export function guardProblems(guards: GuardConfig, inputs: GuardInputs): string[] {
  const problems: string[] = [];
  const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  if (inputs.licenses < guards.minLicenses) {
    problems.push(`the roster has ${inputs.licenses} valid licenses, fewer than the minimum of ${guards.minLicenses}`);
  }
  // The profile knows the size of what it reads: a file cut short is held back on a first run too.
  const expected = guards.expectLicenses;
  if (expected && inputs.licenses < expected * EXPECTED_LICENSES_FLOOR) {
    problems.push(
      `the roster has ${inputs.licenses} valid licenses, ${percent(inputs.licenses / expected)} of the ${expected} expected (PIPELINE_EXPECT_LICENSES; the floor is ${percent(EXPECTED_LICENSES_FLOOR)}, ${Math.ceil(expected * EXPECTED_LICENSES_FLOOR)})`,
    );
  }
  const { rows_in: rowsIn, read, rejected: keptOut } = inputs.rosterAccounting;
  if (rowsIn !== read + keptOut) {
    const gap = rowsIn - read - keptOut;
    problems.push(
      `the roster has ${rowsIn} rows in (lines after its header), but ${read} were read and ${keptOut} rejected: ${Math.abs(gap)} row(s) ${gap > 0 ? 'neither read nor rejected (merged into another row, or lost)' : 'more than its lines (a row read twice)'}`,
    );
  }
  const rejected = share(inputs.rosterRowsRejected, inputs.rosterRowsRead);
  if (rejected > guards.maxRejectedShare) {
    problems.push(`${percent(rejected)} of roster rows were rejected (limit ${percent(guards.maxRejectedShare)})`);
  }
  for (const name of KEYED_FACT_SOURCES) {
    const before = inputs.sourceRowsValid.previous.get(name) ?? 0;
    const now = inputs.sourceRowsValid.current.get(name);
    if (now === undefined || before === 0) continue;
    const lost = share(before - now, before);
    if (lost > guards.maxRemovedShare) {
      problems.push(`${name} has ${now} valid rows, ${before} in the previous snapshot (${percent(lost)} fewer, limit ${percent(guards.maxRemovedShare)})`);
    }
  }
  const { diff } = inputs;
  let licensesMissing = false;
  if (diff.previousCount > 0) {
    const removed = share(diff.removed.length, diff.previousCount);
    if (removed > guards.maxRemovedShare) {
      licensesMissing = true;
      problems.push(
        `${diff.removed.length} of ${diff.previousCount} licenses in the previous snapshot are missing (${percent(removed)}, limit ${percent(guards.maxRemovedShare)})`,
      );
    }
    // Approvals, designations, a live status or a last visit already read, read differently now
    // for many homes at once: one bad answer repeated, not the record changing (a first reading is
    // not a change and is not counted).
    const perFacility = share(diff.perFacilityChanged, diff.previousCount);
    if (perFacility > guards.maxChangedShare) {
      problems.push(
        `${diff.perFacilityChanged} of ${diff.previousCount} licenses changed in facts read from the live record (approvals, designations, live status, last visit) (${percent(perFacility)}, limit ${percent(guards.maxChangedShare)})`,
      );
    }
    const changedCount = rosterChanges(diff);
    const changed = share(changedCount, diff.previousCount);
    if (changed > guards.maxChangedShare) {
      problems.push(
        `${changedCount} of ${diff.previousCount} licenses changed in the roster's facts (${percent(changed)}, limit ${percent(guards.maxChangedShare)})`,
      );
    }
  }
  // What the served lists lose, whatever the cause (removed by the export, closed by a live status,
  // first reading or not), against the previous snapshot and each of the last week's: two runs
  // each just under the limit cannot both publish. Licenses missing from the roster already hold
  // the run back, with their own numbers.
  for (const earlier of licensesMissing ? [] : (inputs.listed?.earlier ?? [])) {
    if (earlier.listed.size === 0) continue;
    let lost = 0;
    for (const license of earlier.listed) if (!inputs.listed!.current.has(license)) lost += 1;
    const lostShare = share(lost, earlier.listed.size);
    if (lostShare > guards.maxRemovedShare) {
      problems.push(
        `${lost} of the ${earlier.listed.size} homes listed in ${earlier.file} would leave the lists (removed from the roster or closed by their live status: ${percent(lostShare)}, limit ${percent(guards.maxRemovedShare)})`,
      );
      break;
    }
  }
  return problems;
}
