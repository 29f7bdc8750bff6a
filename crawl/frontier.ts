// What the crawler reads next, most urgent first. First every listed home's live status and list
// of reports (its detail and index, no report page): homes whose export shows a visit newer than
// their stored index, then homes never read (newest visit first), then live-status re-checks
// (oldest check first). Then report pages: this and last year's (homes with the newest visit
// first, each home's pages newest first), then older years'. Homes not listed (closed, pending)
// last. A home's needs come from the one rule in pipeline/documents/collect.ts; how many homes are
// current, waiting or never read comes from the same classification (`standingOf`), so the plan,
// the status file, the run report and /healthz say the same thing, before and after a restart.
import { homeNeeds, type DocumentHome, type HomeNeeds, type ReadRules } from '../pipeline/documents/collect.ts';
import type { FacilityState } from '../pipeline/documents/store.ts';
import type { SnapshotHome } from '../pipeline/snapshot/previous.ts';
import type { CrawlCoverage } from '../contract/crawl-status.ts';

export const TIERS = ['new_visits', 'never_read', 'recheck', 'recent_reports', 'older_reports', 'not_listed'] as const;
export type Tier = (typeof TIERS)[number];

export interface Job {
  home: DocumentHome;
  tier: Tier;
  /** The rules this job reads by: report pages only in their own tiers, older years' last. */
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

function tierOf(listed: boolean, needs: HomeNeeds, detailFresh: boolean): Tier | null {
  if (detailFresh) needs = { ...needs, detail: false, disputed: false };
  // The export's newer reading disagrees with the live status: that home's detail goes first, listed or not.
  if (needs.disputed) return 'new_visits';
  if (!listed) return needs.neverRead || needs.index || needs.detail || needs.missingReports > 0 || needs.missingOlderReports > 0 ? 'not_listed' : null;
  // The live status and the list of reports first, for every listed home.
  if (needs.neverRead) return 'never_read';
  if (needs.visitsChanged || needs.index) return 'new_visits';
  if (needs.detail) return 'recheck';
  if (needs.missingReports > 0) return 'recent_reports';
  if (needs.missingOlderReports > 0) return 'older_reports';
  return null;
}

export type Standing = keyof CrawlCoverage;

/** A home's tier (null: nothing due) and how it is counted, by the one rule. */
export function standingOf(
  home: Pick<SnapshotHome, 'license' | 'visitDates' | 'listed' | 'recheckAfter'>,
  state: FacilityState | undefined,
  knownRefs: ReadonlyMap<string, string>,
  settings: PlanSettings,
  now: Date,
  detailFresh: boolean,
): { tier: Tier | null; standing: Standing; needs: HomeNeeds } {
  const needs = homeNeeds({ license: home.license, visitDates: home.visitDates, recheckAfter: home.recheckAfter }, state, knownRefs, rulesFor(home.listed ? 'recent_reports' : 'not_listed', settings), now);
  const tier = tierOf(home.listed, needs, detailFresh);
  return { tier, standing: needs.neverRead ? 'never_read' : tier ? 'waiting' : 'current', needs };
}

/** What a job of a tier reads: the detail and index tiers no report page, the pages' tiers their years. */
export function rulesFor(tier: Tier, settings: PlanSettings): ReadRules {
  const { detailMaxAgeDays, reportsFrom } = settings;
  if (tier === 'not_listed') return { detailMaxAgeDays: NOT_LISTED_RECHECK_DAYS, reportsFrom: null };
  if (tier === 'older_reports') return { detailMaxAgeDays, reportsFrom: null };
  if (tier === 'recent_reports') return { detailMaxAgeDays, reportsFrom };
  return { detailMaxAgeDays, reportsFrom, reportPages: false };
}

/**
 * Every job due, in the order they are read, and how many homes are current, waiting or never
 * read. `skip`: homes not to plan now (their last read failed a moment ago: they go behind the
 * others, and are counted as waiting); `freshDetails`: homes whose detail this crawler read since
 * the snapshot changed (no re-check loop when the re-check age is 0). `onStanding` hears each home's
 * standing (the crawler keeps them to count without planning again).
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
  onStanding: (license: string, listed: boolean, standing: Standing) => void = () => {},
): { jobs: Job[]; listed: CrawlCoverage; not_listed: CrawlCoverage } {
  const listed: CrawlCoverage = { current: 0, waiting: 0, never_read: 0 };
  const notListed: CrawlCoverage = { current: 0, waiting: 0, never_read: 0 };
  const due: Array<Job & { key: string }> = [];
  const byLicense = new Map(homes.map((home) => [home.license, home]));
  const planOne = (home: SnapshotHome, state: FacilityState | undefined) => {
    const { tier, standing, needs } = standingOf(home, state, knownRefs, settings, now, freshDetails.has(home.license));
    (home.listed ? listed : notListed)[standing] += 1;
    onStanding(home.license, home.listed, standing);
    if (!tier || skip.has(home.license)) return;
    // Newest visit first, except re-checks: the longest unchecked first.
    const newestFirst = `~${invert(home.lastVisit ?? '')}`;
    const key = tier === 'recheck' ? (needs.checkedAt ?? '') : newestFirst;
    due.push({ home: { license: home.license, visitDates: home.visitDates, recheckAfter: home.recheckAfter }, tier, rules: rulesFor(tier, settings), neverRead: needs.neverRead, key });
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
