// The family's call plan, built once for every surface that shows it: start_family_request's
// `homes` and `family_message`, and the /plan page the signed link opens (later the card). One
// order, the order the assistant sent the licenses; the same questions for each home, drawn from
// its own record (its rate line's facts, each needed approval as the record states it, the
// waiver, probation).
import { NEEDS } from '../../contract/facts.ts';
import { ownRateQuestion } from '../../contract/records.ts';
import { homeRecords, type HomeRecord } from '../records/home-record.ts';
import type { ShapeContext } from '../records/context.ts';
import { APPROVAL_WORDS } from '../words/wording.ts';

/** Care needs (`needs` keys) in words: the approval, and the person who needs it. */
export const NEED_WORDS: Readonly<Record<string, { approval: string; person: string }>> = {
  wheelchair: { approval: 'non-ambulatory', person: 'uses a wheelchair or cannot leave the building unaided' },
  dementia: { approval: 'dementia care', person: 'lives with dementia' },
  hospice: { approval: 'hospice', person: 'receives hospice care' },
  bedridden: { approval: 'bedridden', person: 'cannot get out of bed without help' },
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
export function callPlan(context: ShapeContext, licenses: readonly string[], needs: readonly string[]): PlannedHome[] {
  const distinct = [...new Set(licenses)];
  const records = new Map(homeRecords(context, distinct).map((record) => [record.license, record]));
  const asOf = context.snapshot.meta.snapshotDate;
  return distinct.map((license) => {
    const record = records.get(license);
    // As the pipeline decided it: a fresher live record may have closed a home the roster lists.
    const closed = record ? record.row.closed === 1 : false;
    const open = record !== undefined && !closed;
    return { license, record, closed, open, questions: open ? homeQuestions(record, needs, asOf) : [] };
  });
}

/**
 * The questions for one open home, in one order: the one list the call plan (its message, its
 * answer and the /plan page) and the home's own page and Markdown twin (MCP fetch) all show.
 * `needs`: the family's care needs (the page, knowing none, asks after the approvals the home
 * carries); `asOf`: the snapshot's date (a listed rate's age).
 */
export function homeQuestions({ compact: home, facility }: HomeRecord, needs: readonly string[], asOf: string | null): string[] {
  const questions = ['Do you have an opening now, or when do you expect one? (No website knows; only the home can say.)'];
  const price = home.price;
  // Quoted the way the home's rate line says it: whose listing, its own date, its age.
  if (price?.is_this_homes_own_rate && price.monthly_usd !== null && price.listing && asOf) {
    questions.push(ownRateQuestion(price.monthly_usd, price.listing, asOf));
  } else {
    questions.push('What is your starting monthly rate, and what does it include?');
  }
  questions.push('What costs extra as care needs grow (level-of-care fees)?');
  for (const need of needs) {
    const words = NEED_WORDS[need];
    const clearance = NEEDS[need];
    if (!words || !clearance) continue;
    const approval = APPROVAL_WORDS[clearance];
    // Both non-true values read "not on file"; the sentence says which the record holds.
    const value = home.clearances[clearance];
    questions.push(
      value === 'true'
        ? `The state record shows your license carries ${approval}: can you care for someone who ${words.person}?`
        : value === 'false'
          ? `The state record shows your license does not carry ${approval} (not on file): what care can you give someone who ${words.person}?`
          : `The state record does not say whether your license carries ${approval} (not on file, which is not a no): can you care for someone who ${words.person}?`,
    );
  }
  if (home.medi_cal_alw.value === 'true') {
    questions.push("You are on the state's Medi-Cal Assisted Living Waiver list: do you have a waiver place, and what do you charge waiver residents for room and board?");
  }
  if (facility.on_probation.value === 'true') questions.push('The state record shows a probationary license: what does that mean for residents?');
  questions.push('How many caregivers are on duty during the day and at night?');
  questions.push('When can we visit, and can we see a recent state report?');
  return questions;
}
