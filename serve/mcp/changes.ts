// The change log on the MCP surface: get_home's `changes` block (its newest dated changes and a
// link to the whole log) and find_homes' changed_since argument.
import * as z from 'zod/v4';
import { ISO_DATE, isCalendarDate } from '../../contract/facts.ts';
import { changesKeptSince, closedOnRecordSince, historyOf, listChanges, type ChangeRowReader, type ClosedOnRecord } from '../records/changes.ts';
import { listedHomesOf } from '../records/listed-homes.ts';
import { CHANGES_FAIRNESS, facilityPageUrl, historyUrl } from '../shape/changes.ts';
import { changeLineIn, CHANGE_WORDS, noChangesLoggedIn } from '../words/change-words.ts';
import { say } from '../words/catalog.ts';
import type { Language } from '../words/language.ts';
import { LIST_ANSWER_WORDS } from '../words/list-answer-words.ts';
import { pageIn } from './language.ts';

/** Changes get_home carries; the rest are at history_url. */
export const GET_HOME_CHANGES = 10;

export const recentChanges = z
  .object({
    latest: z
      .array(
        z.object({
          observed_on: z.string().nullable().describe("The source's own date of the change; null when it states none."),
          change: z.enum(['added', 'removed', 'changed']),
          field: z.string().nullable().describe('Dotted path; null for added and removed.'),
          line: z.string().describe('In plain words with source and date, to quote.'),
          old_value: z.unknown().describe('Verbatim (changed only; else null).'),
          new_value: z.unknown().describe('Verbatim (changed only; else null).'),
        }),
      )
      .describe(`The newest ${GET_HOME_CHANGES}, newest first.`),
    total: z.number().int(),
    kept_since: z.string().nullable().describe("The run the log began with; a logged change's observed_on is the source's date and can be earlier."),
    history_url: z.string(),
    note: z.string().describe('How to pass a change on (not a verdict; an empty log covers only since kept_since).'),
  })
  .describe("Changes on this home's state record, as the service's change log saw them.");

/** A home's newest changes, their lines and note in `language` (the values and dates stay the record's). */
export function homeRecentChanges(reader: ChangeRowReader, baseUrl: string, license: string, language: Language = 'en'): z.infer<typeof recentChanges> {
  const rows = historyOf(reader, license);
  const parsed = (json: string | null) => (json === null ? null : (JSON.parse(json) as unknown));
  return {
    latest: rows.slice(0, GET_HOME_CHANGES).map((row) => ({
      observed_on: row.observed_on,
      change: row.change,
      field: row.field,
      line: changeLineIn(language, row),
      old_value: row.change === 'changed' ? parsed(row.old_value) : null,
      new_value: row.change === 'changed' ? parsed(row.new_value) : null,
    })),
    total: rows.length,
    kept_since: changesKeptSince(reader.snapshot),
    history_url: historyUrl(baseUrl, license),
    note: rows.length === 0 ? `${noChangesLoggedIn(language, changesKeptSince(reader.snapshot))} ${fairnessIn(language)}` : fairnessIn(language),
  };
}

const SINCE_MESSAGE = 'changed_since must be a date written YYYY-MM-DD, e.g. "2026-11-01"';

export const changedSinceArg = z
  .string({ error: SINCE_MESSAGE })
  .regex(ISO_DATE, { error: SINCE_MESSAGE })
  .refine(isCalendarDate, { error: SINCE_MESSAGE })
  .describe("Only homes whose state record changed on or after this day (the source's own date), e.g. a new license holder or care approval.");

/** How many changes a place's closures are read from (a county's log over months stays far below). */
const LEFT_THE_LIST_SCAN = 2000;
export const LEFT_THE_LIST_SHOWN = 50;

export const leftTheList = z
  .array(
    z.object({
      license_number: z.string(),
      name: z.string(),
      city: z.string().nullable(),
      observed_on: z.string().nullable(),
      line: z.string().describe('The newest logged change, to quote.'),
      page: z.string().nullable(),
    }),
  )
  .describe('With changed_since: homes here whose license closed or left the roster since then (not in homes), newest first.');

/**
 * The homes in a place that left the list since a date (closed, or gone from the roster): a list of
 * current homes cannot show them, and a closure is the change a family most needs to know.
 */
export function homesLeftTheList(
  reader: ChangeRowReader,
  baseUrl: string,
  filter: { since: string; countyKey: string | null; cityKey: string | null },
  language: Language = 'en',
): { homes: z.infer<typeof leftTheList>; total: number } {
  const listed = listedHomesOf(reader.snapshot).listedLicenses();
  const { rows } = listChanges(reader, { since: filter.since, countyKey: filter.countyKey, cityKey: filter.cityKey, kind: null, field: null }, LEFT_THE_LIST_SCAN, 0);
  const seen = new Set<string>();
  const homes: z.infer<typeof leftTheList> = [];
  for (const row of rows) {
    if (seen.has(row.license_number) || listed.has(row.license_number)) continue;
    seen.add(row.license_number);
    homes.push({ license_number: row.license_number, name: row.name, city: row.city, observed_on: row.observed_on, line: changeLineIn(language, row), page: pageOf(baseUrl, row, language) });
  }
  // Closings the record itself dates, which the log (begun at the first run) may not hold: each line says its source.
  for (const row of closedOnRecordSince(reader.snapshot, filter)) {
    if (seen.has(row.license_number)) continue;
    seen.add(row.license_number);
    homes.push({
      license_number: row.license_number,
      name: row.name,
      city: row.city,
      observed_on: row.closed_date,
      line: closedOnRecordLine(row, language),
      page: pageOf(baseUrl, row, language),
    });
  }
  homes.sort((a, b) => (b.observed_on ?? '').localeCompare(a.observed_on ?? ''));
  return { homes: homes.slice(0, LEFT_THE_LIST_SHOWN), total: homes.length };
}

/** A closing dated by the record itself, with the source that dates it (not the change log). */
function closedOnRecordLine(row: ClosedOnRecord, language: Language): string {
  return row.closed_date
    ? say(LIST_ANSWER_WORDS.closedOnRecord, language, { date: row.closed_date })
    : say(LIST_ANSWER_WORDS.closedOnLiveRecord, language, { checked: row.live_status_checked_on, status: row.license_status_live });
}

/** The change log's fairness sentence in a language. */
function fairnessIn(language: Language): string {
  return language === 'en' ? CHANGES_FAIRNESS : say(CHANGE_WORDS.fairness, language);
}

/** A home's page, the Spanish twin for a Spanish ask. */
function pageOf(baseUrl: string, row: Parameters<typeof facilityPageUrl>[1], language: Language): string | null {
  const page = facilityPageUrl(baseUrl, row);
  return page === null ? null : pageIn(language, page, baseUrl);
}
