// Why the served snapshot is not healthy, if it is not: its file is gone from disk (the open
// handle keeps serving, but a restart would not find it), or it is older than the operator allows.
import fs from 'node:fs';
import path from 'node:path';
import type { Snapshot } from './snapshot.ts';

/** When the snapshot was built: its created_at, else its snapshot date (midnight UTC). */
export function builtAt(snapshot: Snapshot): Date | null {
  const raw = snapshot.meta.createdAt ?? (snapshot.meta.snapshotDate ? `${snapshot.meta.snapshotDate}T00:00:00Z` : null);
  const date = raw ? new Date(raw) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** Reasons the served snapshot is degraded; empty when healthy. `maxAgeHours` 0 sets no age limit. */
export function snapshotProblems(dir: string, snapshot: Snapshot, maxAgeHours: number, now: Date): string[] {
  const problems: string[] = [];
  if (!fs.existsSync(path.join(dir, snapshot.file))) {
    problems.push(`the served snapshot file ${snapshot.file} is no longer in ${dir}; a restart would not find it`);
  }
  if (maxAgeHours > 0) {
    const built = builtAt(snapshot);
    const ageHours = built ? (now.getTime() - built.getTime()) / 3_600_000 : Number.POSITIVE_INFINITY;
    if (ageHours > maxAgeHours) {
      const age = built ? `${Math.floor(ageHours)} hours old` : 'of unknown age';
      problems.push(`the served snapshot ${snapshot.file} is ${age}, over the ${maxAgeHours} hours allowed (HEALTH_MAX_SNAPSHOT_AGE_HOURS)`);
    }
  }
  return problems;
}
