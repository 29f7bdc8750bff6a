// Sentences the MCP surface says the same way in every tool (the shared ones live in serve/words/wording.ts;
// each order is HONESTY_WORDS' English, so a Spanish answer's honestyIn says the same in Spanish).
import { HONESTY_WORDS } from '../words/handoff-words.ts';
import { FAIRNESS_NOTE, NEUTRALITY, NEVER_IN_THIS_DATA, TRI_STATE_FOR_ASSISTANTS } from '../words/wording.ts';

export const ORDER_BY_DISTANCE = HONESTY_WORDS.orderByDistance.en;
export const ORDER_ALPHABETICAL = HONESTY_WORDS.orderAlphabetical.en;
export const ORDER_AS_SENT = HONESTY_WORDS.orderAsSent.en;
/** homes_near_hospital measures from the hospital's own point, never one the call gave. */
export const ORDER_FROM_HOSPITAL = HONESTY_WORDS.orderFromHospital.en;
export const ORDER_COLUMNS = HONESTY_WORDS.orderColumns.en;
export const ORDER_REPORTS = HONESTY_WORDS.orderReports.en;
export const ORDER_SEARCH = HONESTY_WORDS.orderSearch.en;

export function honesty(order: string) {
  return { order, neutrality: NEUTRALITY, never_in_this_data: NEVER_IN_THIS_DATA, fairness_note: FAIRNESS_NOTE };
}

export const NOT_ON_FILE_WORDS = TRI_STATE_FOR_ASSISTANTS;
