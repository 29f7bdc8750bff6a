// Publish guards: a run whose roster shrinks, churns or fails validation past the configured
// thresholds is held back, so a broken state file never replaces a good snapshot.
import type { GuardConfig } from '../config.ts';
import type { SnapshotDiff } from '../diff.ts';

export interface GuardInputs {
  licenses: number;
  rosterRowsRead: number;
  rosterRowsRejected: number;
  diff: SnapshotDiff;
}

/** Reasons to hold the run back; empty when it may publish. */
export function guardProblems(guards: GuardConfig, inputs: GuardInputs): string[] {
  const problems: string[] = [];
  const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  if (inputs.licenses < guards.minLicenses) {
    problems.push(`the roster has ${inputs.licenses} valid licenses, fewer than the minimum of ${guards.minLicenses}`);
  }
  const rejected = share(inputs.rosterRowsRejected, inputs.rosterRowsRead);
  if (rejected > guards.maxRejectedShare) {
    problems.push(`${percent(rejected)} of roster rows were rejected (limit ${percent(guards.maxRejectedShare)})`);
  }
  const { diff } = inputs;
  if (diff.previousCount > 0) {
    const removed = share(diff.removed.length, diff.previousCount);
    if (removed > guards.maxRemovedShare) {
      problems.push(
        `${diff.removed.length} of ${diff.previousCount} licenses in the previous snapshot are missing (${percent(removed)}, limit ${percent(guards.maxRemovedShare)})`,
      );
    }
    const changed = share(diff.changed.length, diff.previousCount);
    if (changed > guards.maxChangedShare) {
      problems.push(
        `${diff.changed.length} of ${diff.previousCount} licenses changed (${percent(changed)}, limit ${percent(guards.maxChangedShare)})`,
      );
    }
  }
  return problems;
}
