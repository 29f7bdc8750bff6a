// The change log on the pages: a home's "Changes on the state record" (its page and Markdown twin
// both read it from the home view) and a county page's changes of the month. Plain dated lines,
// with the same fairness framing as citations: a change is not a verdict.
import { changesKeptSince, historyOf, listChanges, type ChangeRowReader, type ChangeRow } from '../records/changes.ts';
import { CHANGES_FAIRNESS, facilityPageUrl } from './changes.ts';
import { changeLine } from '../words/changes.ts';
import { say } from '../words/catalog.ts';
import { CHANGE_WORDS, changeLineIn, noChangesLoggedIn } from '../words/change-words.ts';
import { HOME_WORDS } from '../words/home-page-words.ts';
import { pathIn, type Language } from '../words/language.ts';
import { homeChangesPath } from '../web/links.ts';

/** Lines a home's page shows; the whole log is at the history address. */
export const HOME_CHANGES_SHOWN = 20;
/** Lines a county page shows for its month. */
export const COUNTY_CHANGES_SHOWN = 50;

export const CHANGES_HEADING: string = HOME_WORDS.changesHeading.en;

export function homeChanges(reader: ChangeRowReader, baseUrl: string, license: string, language: Language = 'en') {
  const rows = historyOf(reader, license);
  return {
    heading: language === 'en' ? CHANGES_HEADING : say(HOME_WORDS.changesHeading, language),
    /** Newest first: "License holder changed from A to B (state roster of 2026-11-16)". */
    lines: rows.slice(0, HOME_CHANGES_SHOWN).map((row) => changeLineIn(language, row)),
    /** Logged changes beyond those shown. */
    more: Math.max(0, rows.length - HOME_CHANGES_SHOWN),
    /** The whole log as a page a family reads (the REST history is its JSON). */
    pageUrl: `${baseUrl}${pathIn(language, homeChangesPath(license))}`,
    fairness: say(CHANGE_WORDS.fairness, language),
    /** What to say when no change has been logged. */
    none: noChangesLoggedIn(language, changesKeptSince(reader.snapshot)),
  };
}

/** A county page's section: its homes' changes seen since the first of the newest snapshot's month. */
export function countyChangesSection(reader: ChangeRowReader, baseUrl: string, county: { name: string; key: string; slug: string }) {
  const month = (reader.snapshot.meta.snapshotDate ?? new Date().toISOString()).slice(0, 7);
  const filter = { since: `${month}-01`, countyKey: county.key, cityKey: null, kind: null, field: null };
  const { rows, total } = listChanges(reader, filter, COUNTY_CHANGES_SHOWN, 0);
  const link = (row: ChangeRow) => ({ text: `${row.name}: ${changeLine(row)}`, url: facilityPageUrl(baseUrl, row) ?? `${baseUrl}${homeChangesPath(row.license_number)}` });
  const feed = `${baseUrl}/county/${county.slug}/changes.atom`;
  return {
    heading: `${CHANGES_HEADING} in ${county.name} County since ${month}-01`,
    intro:
      (total === 0 ? `The state record of homes in ${county.name} County has not changed since ${month}-01. ` : '') +
      (total > rows.length ? `The ${rows.length} newest of ${total} are shown. ` : '') +
      CHANGES_FAIRNESS,
    links: [...rows.map(link), { text: `Atom feed of changes in ${county.name} County`, url: feed }],
  };
}
