// The family's call plan, built once for every surface that shows it: start_family_request's
// `homes` and `family_message`, and the /plan page the signed link opens (later the card). One
// order, the order the assistant sent the licenses; the same questions for each home, drawn from
// its own record (its rate line's facts, each needed approval as the record states it, the
// waiver, probation).
import { NEEDS } from '../../contract/facts.ts';
import { LISTING_OLD_AFTER_MONTHS, listingIsOld } from '../../contract/records.ts';
import { homeRecords, type HomeRecord } from '../records/home-record.ts';
import type { ShapeContext } from '../records/context.ts';
import { fill, say, wordsIn } from '../words/catalog.ts';
import type { Language } from '../words/language.ts';
import { NEED_PERSON_WORDS, QUESTION_WORDS } from '../words/home-page-words.ts';
import { APPROVAL_NAME_WORDS } from '../words/home-words.ts';

/** Care needs (`needs` keys) in words: the approval, and the person who needs it. */
export const NEED_WORDS: Readonly<Record<string, { approval: string; person: string }>> = {
  wheelchair: { approval: 'non-ambulatory', person: NEED_PERSON_WORDS.wheelchair!.en },
  dementia: { approval: 'dementia care', person: NEED_PERSON_WORDS.dementia!.en },
  hospice: { approval: 'hospice', person: NEED_PERSON_WORDS.hospice!.en },
  bedridden: { approval: 'bedridden', person: NEED_PERSON_WORDS.bedridden!.en },
};

export interface PlannedHome {
  license: string;
  /** Undefined when the license is no longer on the roster. */
  record: HomeRecord | undefined;
  closed: boolean;
  /** On the roster and not closed: the home is called, with these questions. */
  open: boolean;
  questions: string[];
}

/** The plan: every license once, in the order given; questions for each open home. */
export function callPlan(context: ShapeContext, licenses: readonly string[], needs: readonly string[], language: Language = 'en'): PlannedHome[] {
  const distinct = [...new Set(licenses)];
  const records = new Map(homeRecords(context, distinct).map((record) => [record.license, record]));
  const asOf = context.snapshot.meta.snapshotDate;
  return distinct.map((license) => {
    const record = records.get(license);
    // As the pipeline decided it: a fresher live record may have closed a home the roster lists.
    const closed = record ? record.row.closed === 1 : false;
    const open = record !== undefined && !closed;
    return { license, record, closed, open, questions: open ? homeQuestions(record, needs, asOf, language) : [] };
  });
}

/**
 * The question on a home's own rate, asked the way its price line says it: whose listing, its own
 * date (or that it gives none), and its age when old. One catalog entry in both languages, so the
 * Spanish cannot lag the English served.
 */
function listedRateQuestion(monthlyUsd: number, listing: { site: string; seen_on: string | null; updated_on: string | null }, asOf: string, language: Language): string {
  const w = wordsIn(QUESTION_WORDS, language);
  const dated = listing.updated_on
    ? fill(w.listingUpdated, { date: listing.updated_on })
    : listing.seen_on
      ? fill(w.listingSeen, { date: listing.seen_on })
      : w.listingUndated;
  const old = listingIsOld(listing.updated_on, asOf) ? fill(w.listingOld, { months: LISTING_OLD_AFTER_MONTHS }) : '';
  return fill(w.listedRate, { site: listing.site, dated, rate: `$${monthlyUsd.toLocaleString('en-US')}`, old });
}

/**
 * The questions for one open home, in one order: the one list the call plan (its message, its
 * answer and the /plan page) and the home's own page and Markdown twin (MCP fetch) all show.
 * `needs`: the family's care needs (the page, knowing none, asks after the approvals the home
 * carries); `asOf`: the snapshot's date (a listed rate's age).
 */
export function homeQuestions({ compact: home, facility }: HomeRecord, needs: readonly string[], asOf: string | null, language: Language = 'en'): string[] {
  const w = wordsIn(QUESTION_WORDS, language);
  const questions = [w.opening];
  const price = home.price;
  // Quoted the way the home's rate line says it: whose listing, its own date, its age.
  if (price?.is_this_homes_own_rate && price.monthly_usd !== null && price.listing && asOf) {
    questions.push(listedRateQuestion(price.monthly_usd, price.listing, asOf, language));
  } else {
    questions.push(w.rate);
  }
  questions.push(w.levelOfCare);
  for (const need of needs) {
    const person = NEED_PERSON_WORDS[need];
    const clearance = NEEDS[need];
    if (!person || !clearance) continue;
    const values = { approval: say(APPROVAL_NAME_WORDS[clearance], language), person: say(person, language) };
    // Both non-true values read "not on file"; the sentence says which the record holds.
    const value = home.clearances[clearance];
    questions.push(fill(value === 'true' ? w.carries : value === 'false' ? w.doesNotCarry : w.silent, values));
  }
  if (home.medi_cal_alw.value === 'true') questions.push(w.waiver);
  if (facility.on_probation.value === 'true') questions.push(w.probation);
  questions.push(w.staff);
  questions.push(w.visit);
  return questions;
}
