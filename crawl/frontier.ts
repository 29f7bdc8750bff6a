// What the crawler reads next, most urgent first: listed homes whose export shows a visit newer
// than their stored index; listed homes never read (newest visit first); live-status re-checks of
// listed homes (oldest check first); report pages of older years; homes not listed (closed,
// pending) last. A home's needs come from the one rule in pipeline/documents/collect.ts.
import { homeNeeds, type DocumentHome, type HomeNeeds, type ReadRules } from '../pipeline/documents/collect.ts';
import type { FacilityState } from '../pipeline/documents/store.ts';
import type { SnapshotHome } from '../pipeline/snapshot/previous.ts';
import type { CrawlCoverage } from '../contract/crawl-status.ts';

export const TIERS = ['new_visits', 'never_read', 'recheck', 'older_reports', 'not_listed'] as const;
export type Tier = (typeof TIERS)[number];

export interface Job {
  home: DocumentHome;
  tier: Tier;
  /** The rules this job reads by: older years' pages only in their own tier. */
  rules: ReadRules;
  /** Nothing of this home was ever read (it is counted as never read until it is). */
  neverRead: boolean;
}

export interface PlanSettings {
  detailMaxAgeDays: number;
  /** Report pages dated before this wait for the older-years tier. */
  reportsFrom: string;
}

/** Closed and pending homes: read once, and again only when the export shows them a new visit. */
const NOT_LISTED_RECHECK_DAYS = 365;

/** The first day of the oldest year read with an index: this year and `years - 1` before it. */
export function reportsFromFor(now: Date, years: number): string {
  return `${now.getUTCFullYear() - Math.max(1, years) + 1}-01-01`;
}

function tierOf(home: SnapshotHome, needs: HomeNeeds, detailFresh: boolean): Tier | null {
  if (detailFresh) needs = { ...needs, detail: false, disputed: false };
  // The export's newer reading disagrees with the live status: that home's detail goes first, listed or not.
  if (needs.disputed) return 'new_visits';
  if (!home.listed) return needs.neverRead || needs.index || needs.detail || needs.missingReports > 0 || needs.missingOlderReports > 0 ? 'not_listed' : null;
  if (needs.neverRead) return 'never_read';
  // A new visit, or this year's pages not all stored (a read cut short): the index's pages go first.
  if (needs.visitsChanged || needs.index || needs.missingReports > 0) return 'new_visits';
  if (needs.detail) return 'recheck';
  if (needs.missingOlderReports > 0) return 'older_reports';
  return null;
}

/**
 * Every job due, in the order they are read, and how many homes are current, waiting or never
 * read. `skip`: homes not to plan now (failed a moment ago); `freshDetails`: homes whose detail
 * this crawler read since the snapshot changed (no re-check loop when the re-check age is 0).
 */
export function planCrawl(
  homes: readonly SnapshotHome[],
  /** Every stored state, once, row by row: a plan never holds every home's stored JSON at once. */
  states: Iterable<[string, FacilityState]>,
  knownRefs: ReadonlyMap<string, string>,
  settings: PlanSettings,
  now: Date,
  skip: ReadonlySet<string> = new Set(),
  freshDetails: ReadonlySet<string> = new Set(),
): { jobs: Job[]; listed: CrawlCoverage; not_listed: CrawlCoverage } {
  const listed: CrawlCoverage = { current: 0, waiting: 0, never_read: 0 };
  const notListed: CrawlCoverage = { current: 0, waiting: 0, never_read: 0 };
  const due: Array<Job & { key: string }> = [];
  const recent: ReadRules = { detailMaxAgeDays: settings.detailMaxAgeDays, reportsFrom: settings.reportsFrom };
  const everything: ReadRules = { detailMaxAgeDays: settings.detailMaxAgeDays, reportsFrom: null };
  const closedRules: ReadRules = { detailMaxAgeDays: NOT_LISTED_RECHECK_DAYS, reportsFrom: null };
  const byLicense = new Map(homes.map((home) => [home.license, home]));
  const planOne = (home: SnapshotHome, state: FacilityState | undefined) => {
    const needs = homeNeeds({ license: home.license, visitDates: home.visitDates, recheckAfter: home.recheckAfter }, state, knownRefs, home.listed ? recent : closedRules, now);
    const tier = tierOf(home, needs, freshDetails.has(home.license));
    const coverage = home.listed ? listed : notListed;
    if (needs.neverRead) coverage.never_read += 1;
    else if (tier) coverage.waiting += 1;
    else coverage.current += 1;
    if (!tier || skip.has(home.license)) return;
    // Newest visit first, except re-checks: the longest unchecked first.
    const newestFirst = `~${invert(home.lastVisit ?? '')}`;
    const key = tier === 'recheck' ? (needs.checkedAt ?? '') : newestFirst;
    const rules = tier === 'older_reports' ? everything : home.listed ? recent : closedRules;
    due.push({ home: { license: home.license, visitDates: home.visitDates, recheckAfter: home.recheckAfter }, tier, rules, neverRead: needs.neverRead, key });
  };
  for (const [license, state] of states) {
    const home = byLicense.get(license);
    if (!home) continue;
    byLicense.delete(license);
    planOne(home, state);
  }
  // Homes the store holds nothing of.
  for (const home of byLicense.values()) planOne(home, undefined);
  const rank = (tier: Tier) => TIERS.indexOf(tier);
  const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  due.sort((a, b) => rank(a.tier) - rank(b.tier) || byCode(a.key, b.key) || byCode(a.home.license, b.home.license));
  return { jobs: due.map(({ key: _key, ...job }) => job), listed, not_listed: notListed };
}

/** A date string whose order is reversed (newest sorts first); a home with no visit sorts last. */
function invert(date: string): string {
  if (!date) return '~';
  return [...date].map((char) => (char >= '0' && char <= '9' ? String(9 - Number(char)) : char)).join('');
}
