// The frontier's order and counts over stored states, without a network: every listed home's detail
// and index first (new visits, never read, re-checks), then this and last year's pages, older
// years', homes not listed last; each home counted current, waiting or never read by the same rule
// as its tier.
import test from 'ava';
import { planCrawl, standingOf } from '../../crawl/frontier.ts';
import { documentRefs } from '../../pipeline/documents/collect.ts';
import type { FacilityState } from '../../pipeline/documents/store.ts';
import type { SnapshotHome } from '../../pipeline/snapshot/previous.ts';
import type { DocumentIndex, FacilityDetail } from '../../pipeline/documents/state-api.ts';

const NOW = new Date('2026-11-27T18:00:00Z');
const SETTINGS = { detailMaxAgeDays: 3, reportsFrom: '2025-01-01' };

function home(license: string, visits: string[], listed = true): SnapshotHome {
  const sorted = [...visits].sort();
  // No mark of a disagreement between the export and the live record (a snapshot field the record-truth work adds).
  const planned = { license, listed, visitDates: sorted.join(',') || null, lastVisit: sorted.at(-1) ?? null, recheckAfter: null };
  return planned;
}

function stored(h: SnapshotHome, { checkedAt = NOW.toISOString(), index = true }: { checkedAt?: string; index?: boolean } = {}): FacilityState {
  const detail: FacilityDetail = { status: 'Licensed', lastVisitDate: h.lastVisit, typeA: 0, typeB: 0, clientServed: [], comments: null, fingerprint: 'f' };
  const entries = (h.visitDates?.split(',') ?? []).map((date, page) => ({ controlNumber: `${h.license}-${page}`, date, title: 'Annual Inspection', type: 'Inspection', page }));
  const documentIndex: DocumentIndex = { count: entries.length, entries };
  return {
    detail_json: JSON.stringify(detail),
    detail_fetched_on: checkedAt.slice(0, 10),
    detail_checked_at: checkedAt,
    index_json: index ? JSON.stringify(documentIndex) : null,
    index_fetched_on: index ? checkedAt.slice(0, 10) : null,
    index_basis: index ? h.visitDates : null,
  };
}

/** Every report of these homes stored, but those dated in `missing`. */
function knownRefsOf(homes: SnapshotHome[], missing: string[]): Map<string, string> {
  const refs = new Map<string, string>();
  for (const h of homes) {
    const entries = (h.visitDates?.split(',') ?? []).map((date, page) => ({ controlNumber: `${h.license}-${page}`, date, title: 'Annual Inspection', type: 'Inspection', page }));
    documentRefs(h.license, entries).forEach((ref, n) => {
      if (!missing.includes(`${h.license} ${entries[n]!.date}`)) refs.set(ref, '2026-11-27');
    });
  }
  return refs;
}

test('the order: every listed home\'s detail and index, then pages newest first, older years, not listed last; counts by the same rule', (t) => {
  const neverRead = home('015600001', ['2026-11-01']);
  const newVisit = home('015600007', ['2026-11-20', '2026-03-01']);
  const recentPage = home('015600002', ['2026-10-01']);
  const olderPage = home('015600003', ['2026-09-01', '2022-02-02']);
  const recheck = home('015600004', ['2026-08-01']);
  const current = home('015600008', ['2026-07-01']);
  const closed = home('015600005', ['2026-01-05'], false);
  const homes = [neverRead, newVisit, recentPage, olderPage, recheck, current, closed];
  const states: Array<[string, FacilityState]> = [
    // Its stored index was read before the export's newest visit.
    [newVisit.license, { ...stored(home(newVisit.license, ['2026-03-01'])) }],
    [recentPage.license, stored(recentPage)],
    [olderPage.license, stored(olderPage)],
    [recheck.license, stored(recheck, { checkedAt: '2026-11-20T18:00:00.000Z' })],
    [current.license, stored(current)],
  ];
  const knownRefs = knownRefsOf(homes, [`${recentPage.license} 2026-10-01`, `${olderPage.license} 2022-02-02`]);
  const plan = planCrawl(homes, states, knownRefs, SETTINGS, NOW);
  t.deepEqual(
    plan.jobs.map((job) => `${job.tier} ${job.home.license}`),
    ['new_visits 015600007', 'never_read 015600001', 'recheck 015600004', 'recent_reports 015600002', 'older_reports 015600003', 'not_listed 015600005'],
  );
  // No report page in the detail and index tiers.
  for (const job of plan.jobs.slice(0, 3)) t.is(job.rules.reportPages, false, job.tier);
  t.deepEqual(plan.jobs.slice(3).map((job) => job.rules.reportPages), [undefined, undefined, undefined]);
  t.deepEqual(plan.listed, { current: 1, waiting: 4, never_read: 1 });
  t.deepEqual(plan.not_listed, { current: 0, waiting: 0, never_read: 1 });
  // A home's standing alone is the plan's.
  const stateOf = new Map(states);
  const each = homes.map((h) => standingOf(h, stateOf.get(h.license), knownRefs, SETTINGS, NOW, false).standing);
  t.deepEqual(each, ['never_read', 'waiting', 'waiting', 'waiting', 'waiting', 'current', 'never_read']);

  // A home whose read failed a moment ago is not planned, and still counted as waiting.
  const after = planCrawl(homes, states, knownRefs, SETTINGS, NOW, new Set([recheck.license]));
  t.false(after.jobs.some((job) => job.home.license === recheck.license));
  t.deepEqual(after.listed, plan.listed);
});

test('a home whose detail is stored and whose index was lost needs only its index', (t) => {
  const h = home('015600001', ['2026-11-01']);
  const plan = planCrawl([h], [[h.license, stored(h, { index: false })]], new Map(), SETTINGS, NOW);
  t.deepEqual(plan.jobs.map((job) => job.tier), ['new_visits']);
  const { needs } = standingOf(h, stored(h, { index: false }), new Map(), SETTINGS, NOW, false);
  t.like(needs, { neverRead: false, detail: false, index: true });
  // A new visit the stored detail does not show yet asks the detail again, with the index.
  const later = home('015600001', ['2026-11-01', '2026-11-25']);
  t.like(standingOf(later, stored(h), new Map(), SETTINGS, NOW, false).needs, { detail: true, index: true, visitsChanged: true });
});
