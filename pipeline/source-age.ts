// A source whose own date is older than its configured age is worth a warning: a state file that
// stopped being refreshed still reads as current otherwise. The roster is expected within 45 days
// (the state refreshes it weekly); other sources only when the profile sets an age for them.
import type { StaleSource } from '../contract/source-health.ts';
import type { SourceRecord } from './snapshot/write.ts';

export const DEFAULT_MAX_SOURCE_AGE_DAYS: Readonly<Record<string, number>> = { roster: 45 };

const DAY_MS = 86_400_000;

/** Each read (or carried) source dated more than its age before the run's date. */
export function staleSources(sources: readonly Pick<SourceRecord, 'name' | 'sourceDate'>[], runDate: string, maxAgeDays: Partial<Record<string, number>> = {}): StaleSource[] {
  const ages = { ...DEFAULT_MAX_SOURCE_AGE_DAYS, ...maxAgeDays };
  return sources.flatMap(({ name, sourceDate }) => {
    const max = ages[name];
    if (max === undefined || sourceDate === null) return [];
    const age = Math.round((Date.parse(`${runDate}T00:00:00Z`) - Date.parse(`${sourceDate}T00:00:00Z`)) / DAY_MS);
    return age > max ? [{ source: name, source_date: sourceDate, age_days: age, max_age_days: max }] : [];
  });
}
