// Sentences the MCP surface says the same way in every tool (the shared ones live in serve/words/wording.ts).
import { HONESTY_WORDS } from '../words/handoff-words.ts';
import { FAIRNESS_NOTE, NEUTRALITY, NEVER_IN_THIS_DATA, TRI_STATE_FOR_ASSISTANTS } from '../words/wording.ts';

export const ORDER_BY_DISTANCE =
  'By straight-line distance from the point given in the call, nearest first; equal distances alphabetical. Nothing is ranked.';
export const ORDER_ALPHABETICAL = 'Alphabetical by home name, then license number. Nothing is ranked.';
export const ORDER_AS_SENT = HONESTY_WORDS.orderAsSent.en;
/** homes_near_hospital measures from the hospital's own point, never one the call gave. */
export const ORDER_FROM_HOSPITAL = HONESTY_WORDS.orderFromHospital.en;
export const ORDER_COLUMNS = 'Columns alphabetical by home name, then license number. Nothing is ranked.';
export const ORDER_REPORTS = 'Newest first.';
export const ORDER_SEARCH = HONESTY_WORDS.orderSearch.en;

export function honesty(order: string) {
  return { order, neutrality: NEUTRALITY, never_in_this_data: NEVER_IN_THIS_DATA, fairness_note: FAIRNESS_NOTE };
}

export const NOT_ON_FILE_WORDS = TRI_STATE_FOR_ASSISTANTS;
