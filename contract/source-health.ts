// How the sources of a snapshot stood when it was built, stored in its metadata (key
// `source_health`, JSON) so the server can say it on /healthz and the pages' data line without
// reading the run report: which optional sources this run could not read and whose last values it
// carried forward (and since when), which it could not carry (their facts are not on file), and
// which are older than their configured age.

export const SOURCE_HEALTH_KEY = 'source_health';

export interface CarriedSource {
  /** The source's name in pipeline.config.ts (approvals, waiver, hospitals, ...). */
  source: string;
  /** Why this run could not read it, in the words the run printed. */
  reason: string;
  /** The carried values' own date (the source's date when it was last read); null when it stated none. */
  source_date: string | null;
  /** The snapshot date of the last run that read the source itself: carried since then. */
  read_on: string | null;
  /** The snapshot file the values were taken from. */
  from_snapshot: string;
}

export interface UnavailableSource {
  source: string;
  reason: string;
}

export interface StaleSource {
  source: string;
  source_date: string;
  age_days: number;
  max_age_days: number;
}

export interface SourceHealth {
  carried_forward: CarriedSource[];
  /** Could not be read and no earlier snapshot held its values: its facts are not on file. */
  unavailable: UnavailableSource[];
  /** A source whose own date is older than its configured age (the roster's default: 45 days). */
  stale: StaleSource[];
}

export const NO_SOURCE_PROBLEMS: SourceHealth = { carried_forward: [], unavailable: [], stale: [] };

/** The stored value read back; anything unreadable counts as no problems recorded (older snapshots). */
export function readSourceHealth(value: string | null | undefined): SourceHealth {
  if (!value) return NO_SOURCE_PROBLEMS;
  try {
    const parsed = JSON.parse(value) as Partial<SourceHealth>;
    return {
      carried_forward: Array.isArray(parsed.carried_forward) ? parsed.carried_forward : [],
      unavailable: Array.isArray(parsed.unavailable) ? parsed.unavailable : [],
      stale: Array.isArray(parsed.stale) ? parsed.stale : [],
    };
  } catch {
    return NO_SOURCE_PROBLEMS;
  }
}

/** One plain sentence per problem, the same on /healthz and the pages' data line. */
export function sourceHealthLines(health: SourceHealth): string[] {
  return [
    ...health.carried_forward.map(
      (s) => `${s.source}: not read this run (${s.reason}); its values of ${s.source_date ?? 'no stated date'} are carried forward, unread since ${s.read_on ?? 'an unknown date'}.`,
    ),
    ...health.unavailable.map((s) => `${s.source}: not read this run (${s.reason}) and on file in no earlier snapshot; its facts are not on file.`),
    ...health.stale.map((s) => `${s.source}: its own date ${s.source_date} is ${s.age_days} days old, past the ${s.max_age_days} days expected.`),
  ];
}
