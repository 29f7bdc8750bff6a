// Sentences every surface says the same way (REST, MCP, pages), kept in one place.
import type { ClearanceKey, TriState } from '../../contract/facts.ts';
import type { LocationMethod } from '../../contract/records.ts';
import type { RosterShape } from '../../contract/snapshot-schema.ts';

/** The service's own name; editorial surfaces attribute to it. */
export const SERVICE_NAME = 'Covelight';

export const STATE_SOURCE = 'California Department of Social Services, Community Care Licensing Division';
export const EDITORIAL_SOURCE = `${SERVICE_NAME} (checked against the state records)`;

export const NEUTRAL_ORDER = 'Alphabetical by facility name, then license number (order: name_asc). Nothing is ranked.';
export const NEUTRALITY =
  'No home pays to appear; nothing is ranked by quality, popularity or payment.';
export const NEVER_IN_THIS_DATA =
  'Open beds are never in this data: no website knows which homes have an open bed today. Openings are learned by phone.';
export const FAIRNESS_NOTE =
  'A citation does not make a home unsafe, and an empty file does not make a home good. "not_on_file" means the record does not say; a "false" (the record states the license does not carry it) also reads "not on file"; neither ever means no.';
export const CHECK_ORDER = 'Results are in the order the inputs were sent.';
export const REPORTS_ORDER = "A home's reports are newest first, the whole list in one response.";
export const GUIDES_ORDER = 'The guides come in one fixed order, the whole list in one response.';
export const NO_SORT_PARAMETER =
  'There is no sort parameter: results are always in neutral alphabetical order (name, then license number).';
/**
 * True when a parameter or argument name asks for a sort, order or rank (none exists anywhere;
 * each is refused with the reason, never ignored): REST, pages and MCP tools all ask this.
 */
export function asksForSort(names: Iterable<string>): boolean {
  for (const name of names) if (RANKING_WORDS.test(name)) return true;
  return false;
}
const RANKING_WORDS = /^(sort|sort_by|sortby|order|order_by|orderby|rank|ranking|rank_by|top|best|rating|score|popular|popularity|featured|sponsored)$/i;

/**
 * Words a family uses that ask what the record cannot say: a ranking ("best", "el mejor"), a
 * verdict on safety ("safest") or an opening ("open beds", "camas disponibles"). Every surface that
 * reads a family's words names them back (search-words.ts claimWordsNote) and still applies the
 * place and care words around them. Spanish words are written without accents (the reader folds
 * them away); "seguro" is left out, as it also means insurance ("¿acepta seguro?").
 */
const SPANISH_RANKING = 'mejor mejores recomendado recomendada recomendados recomendadas calificacion calificaciones calificado calificados populares barato baratos barata baratas economico economicos resenas'.split(' ');
const SPANISH_SAFETY = 'seguridad confiable confiables'.split(' ');
const SPANISH_OPENINGS = 'disponible disponibles disponibilidad vacante vacantes cama camas libre libres'.split(' ');
/** Whether a claim word is Spanish (the ask is then Spanish). */
export const isSpanishClaimWord = (word: string): boolean => [SPANISH_RANKING, SPANISH_SAFETY, SPANISH_OPENINGS].some((list) => list.includes(word));
const CLAIM_WORDS: Readonly<Record<string, ClaimKind>> = Object.fromEntries([
  ...'best top top-rated toprated rated rating ratings ranked ranking highest-rated greatest great good quality recommended nicest cheapest popular reviews'.split(' ').map((w) => [w, 'ranking']),
  ...SPANISH_RANKING.map((w) => [w, 'ranking']),
  ...'safe safest safety safer trusted reputable'.split(' ').map((w) => [w, 'safety']),
  ...SPANISH_SAFETY.map((w) => [w, 'safety']),
  ...'open opening openings available availability vacancy vacancies vacant beds bed'.split(' ').map((w) => [w, 'openings']),
  ...SPANISH_OPENINGS.map((w) => [w, 'openings']),
]) as Record<string, ClaimKind>;
export type ClaimKind = 'ranking' | 'safety' | 'openings';

/** The claim words among `words` (lower case, accents folded), in the order given, each once. */
export function claimWordsIn(words: readonly string[]): string[] {
  return [...new Set(words.filter((word) => CLAIM_WORDS[word] !== undefined))];
}
export const isClaimWord = (word: string): boolean => CLAIM_WORDS[word] !== undefined;
/** What kind of claim a claim word makes. */
export const claimKindOf = (word: string): ClaimKind | undefined => CLAIM_WORDS[word];

/** What the record cannot say, by kind of claim word (search-words.ts puts them in a note, in both languages). */
export const CLAIM_CANNOT: Readonly<Record<ClaimKind, string>> = {
  ranking: 'which home is best (nothing here is rated or ranked)',
  safety: 'which home is safe or safest (a citation does not make a home unsafe, and an empty file does not make one good)',
  openings: 'which home has an open bed (no website knows; openings are learned by phone)',
};
export const CLAIM_SET_ASIDE = 'These words were set aside; the place and care words still apply, and the homes that fit them are listed in neutral order.';

/**
 * The sentences of a list's notes that tell the assistant how to call again: written once here, so
 * the homes card (which shows the notes to the family) can leave exactly these out.
 */
export const CALL_AGAIN = {
  needs: 'Call again without needs to see them.',
  waiver: 'Call again without waiver to see them.',
  budget: 'Call again without max_monthly_budget_usd to see them.',
  near: 'Leave near out to see them.',
  closedNear: 'Call again with county or city to see them (left_the_list).',
} as const;

/** A note as the family reads it on a card: the assistant's call-again sentences left out. */
export function familyNote(note: string): string {
  let text = note;
  for (const sentence of Object.values(CALL_AGAIN)) text = text.split(sentence).join('');
  return text.replace(/\s{2,}/g, ' ').trim();
}

/** The refusal of an availability argument or parameter, everywhere (never ignored: ignoring it would let an answer look filtered by openings). */
export const NO_AVAILABILITY = `There is no availability filter: ${NEVER_IN_THIS_DATA}`;

/** True when an argument or parameter name asks for availability (open beds): no such data exists anywhere. */
export function asksForAvailability(names: Iterable<string>): boolean {
  for (const name of names) if (AVAILABILITY_NAMES.test(name)) return true;
  return false;
}
const AVAILABILITY_NAMES = /^(available|availability|open_beds?|openbeds|beds_available|vacanc(y|ies)|has_vacancy|opening|openings|open)$/i;

/** The same refusal where results come in another neutral order, named by `order` (a sentence). */
export function noSortParameterIn(order: string): string {
  return `There is no sort parameter: results always come in one neutral order. ${order}`;
}

// ---- Pages (serve/pages, serve/handoff) --------------------------------------------------------

/** The fairness sentence in plain words, for people (pages and their Markdown twins). */
/**
 * What "not on file" means in words: both non-true values read so, and the sentence stays true of
 * each (`not_on_file`: the record does not say; `false`: it states the license does not carry it).
 */
export const NOT_ON_FILE_IN_WORDS =
  '"Not on file" means the record does not say, or states that the license does not carry it; it is never shown as a no.';
export const FAIRNESS_IN_WORDS = `A citation does not make a home unsafe, and an empty file does not make a home good. ${NOT_ON_FILE_IN_WORDS}`;
/** What the two kinds of citation are, in one plain sentence (the guide reading-a-state-report says more). */
export const CITATION_TYPES =
  'A Type A citation is for a problem that was an immediate or substantial risk to residents; a Type B citation is for a problem that could become one, or a record-keeping lapse.';
/** What a complaint's outcome is and is not, said wherever the outcomes are counted. */
export const SUBSTANTIATED_IN_WORDS =
  "A substantiated allegation is the state's finding on one complaint, not a verdict on the home's quality; unsubstantiated, inconclusive and unfounded allegations were not proven.";
/**
 * When the state's record was retrieved: the weekly export states no date of its own, so its date
 * is the day the state served it (" (retrieved from the state on 2026-11-16)"), never a date the state wrote.
 */
export function retrievedOn(date: string | null): string {
  return date ? ` (retrieved from the state on ${date})` : ' (the day it was retrieved is not on file)';
}
/**
 * The roster's date in words, by the roster's shape: the weekly export's date is the day the state
 * served it; the open-data portal's file carries a date the state wrote, so it reads as that date,
 * never as "retrieved". `aside` goes in a sentence (" (…)"); `per` names the record with its date.
 */
export function rosterDateWords(date: string | null, shape: RosterShape): { aside: string; per: string } {
  if (shape === 'export') {
    return {
      aside: retrievedOn(date),
      per: date ? `per the state record as retrieved from the state on ${date}` : 'per the state record (the day it was retrieved is not on file)',
    };
  }
  return date
    ? { aside: ` (per the state roster dated ${date})`, per: `per the state roster dated ${date}` }
    : { aside: ' (the state roster gives no date)', per: 'per the state roster (it gives no date)' };
}
/** Where the hospitals homes are measured from come from (the list states no date of its own). */
export const HOSPITAL_SOURCE = "the state health department's list of licensed general acute care hospitals (active, with a location)";

/**
 * A home's visits and citations from the state's weekly export in one line, with the years they
 * cover and the day the record was retrieved: said the same way by the list pages and compare_homes.
 */
export function visitsInWords(
  value: { since_year: string | null; visits: { total: number | null }; type_a: { total: number | null }; type_b: { total: number | null } } | null,
  retrievedOnDate: string | null,
): string {
  const retrieved = retrievedOn(retrievedOnDate).trim();
  if (!value) return 'state visits and citations not on file';
  if (!value.since_year) return `state visits: none on record ${retrieved}`;
  const n = (count: number | null) => (count === null ? 'not on file' : String(count));
  const visits = value.visits.total === null ? 'state visits not on file' : countOf(value.visits.total, 'state visit', 'state visits');
  return `since ${value.since_year}: ${visits}, citations Type A ${n(value.type_a.total)}, Type B ${n(value.type_b.total)} ${retrieved}`;
}

/** The guide (words/guides) that explains state reports and citations. */
export const CITATIONS_GUIDE_SLUG = 'reading-a-state-report';
/** Where a home's facts come from, as its page and the MCP cards say it ("… as of <date>" follows). */
export const FACT_SOURCES = {
  approvals: "per the state's approvals file",
  roster: "per the state's licensing roster",
  waiver: "per the state's Assisted Living Waiver list",
  documents: "per the state's list of the home's documents",
  visits: "per the state's weekly export of its licensing record",
} as const;
/**
 * Said wherever care approvals are shown and the snapshot read no approvals file: the state
 * publishes none, so "not on file" is the record's silence, never a no.
 */
export const NO_APPROVALS_FILE =
  'The state publishes no file of care approvals (dementia care, hospice, non-ambulatory or bedridden residents), so each reads "not on file" here: ask the home which it is approved for.';

/**
 * Said instead where no approvals file was read but the home's own state record (its detail's
 * client-served codes) names an approval: the "yes" is the state's, the rest are its silence.
 */
export const APPROVALS_FROM_CLIENT_SERVED =
  'The state publishes no file of care approvals; a "yes" here is read from a client-served code on the state\'s record of the home, and the rest read "not on file": ask the home which it is approved for.';
const CLIENT_SERVED_SOURCE = "per a client-served code on the state's record of the home";

/** The note on a home's care approvals as a whole: none with an approvals file, else one of the two sentences above. */
export function approvalsSourceNote(approvalsRead: boolean, values: readonly TriState[]): string | null {
  if (approvalsRead) return null;
  return values.includes('true') ? APPROVALS_FROM_CLIENT_SERVED : NO_APPROVALS_FILE;
}

/**
 * The source of one care approval in words: the approvals file and its date; without one, a "yes"
 * came from the home's client-served codes (with their date), anything else gets the home's note.
 */
export function approvalsSourceWords(approvalsRead: boolean, asOfWords: string, value: TriState, values: readonly TriState[]): string {
  if (approvalsRead) return `${FACT_SOURCES.approvals}${asOfWords}`;
  return value === 'true' ? `${CLIENT_SERVED_SOURCE}${asOfWords}` : approvalsSourceNote(false, values)!;
}
/** How every page list is ordered, in plain words. */
export const LIST_ORDER_IN_WORDS = 'Homes are listed alphabetically by name, then license number.';
/** The neutrality sentence every page list carries. */
export const LIST_NEUTRALITY = `${LIST_ORDER_IN_WORDS} No home pays to appear; nothing is ranked by quality, popularity or payment.`;
/** Openings: never claimed, learned by phone. */
export const OPENINGS_BY_PHONE =
  'No website knows which homes have an open bed today: openings are learned by phone, by calling the home.';

// ---- Care approvals in sentences ---------------------------------------------------------------

/** A care approval as a sentence names it. */
export const APPROVAL_WORDS: Record<ClearanceKey, string> = {
  dementia: 'the dementia care approval',
  non_ambulatory: 'the non-ambulatory approval',
  hospice: 'the hospice waiver',
  bedridden: 'the bedridden approval',
};

/**
 * What the record says of a license and one approval, as a clause. Both non-true values read
 * "not on file", and the clause around them stays true: `false` is a stated negative (the state's
 * approvals file lists the license without the approval), `not_on_file` is the record's silence.
 */
export function approvalOnRecord(key: ClearanceKey, value: TriState, license = 'this license'): string {
  if (value === 'true') return `${license} carries ${APPROVAL_WORDS[key]}`;
  if (value === 'false') return `not on file: ${license} does not carry ${APPROVAL_WORDS[key]}`;
  return `not on file: the record does not say whether ${license} carries ${APPROVAL_WORDS[key]}`;
}

/** An approval's value in a short list line (the check's display, a list's text): a stated false says so, still "not on file". */
export function approvalShortWords(value: TriState): string {
  if (value === 'true') return 'yes';
  return value === 'false' ? 'not on file (this license does not carry it)' : 'not on file';
}

/** An approval a PENDING application lists: applied for, never a yes (the state has granted nothing yet). */
export function appliedForWords(value: TriState): string {
  return value === 'true' ? 'applied for, not yet approved' : 'not on file';
}

/** The probation fact as a clause, said the way approvalOnRecord says an approval (a stated false is still "not on file"). */
export function probationOnRecord(value: TriState, license = 'this license'): string {
  if (value === 'true') return `${license} is on probation`;
  if (value === 'false') return `not on file: the record states ${license} is not on probation`;
  return `not on file: the record does not say whether ${license} is on probation`;
}

/**
 * What a PENDING status means, said wherever such a license can appear (a check, a home's record
 * and page, search titles, the hand-off's refusal): an application, not a home licensed to give care.
 */
export const PENDING_APPLICATION =
  'PENDING is an application, not yet a license: the state has not licensed this home to care for residents. Ask the state licensing office before counting on it.';
/** The short mark a title carries for such a license. */
export const PENDING_MARK = 'application pending, not yet licensed';

/**
 * How an assistant words the two non-true values, said the same way by the instructions, every
 * prompt and the tools' reading notes: both read "not on file", each with what the record says.
 */
export const TRI_STATE_FOR_ASSISTANTS =
  "Only 'true' is a yes. Both other values read 'not on file', never 'no': 'not_on_file' means the record does not say " +
  "(\"not on file: the record does not say whether this license carries the dementia care approval\"); 'false' is a negative the record states " +
  "(\"not on file: this license does not carry the dementia care approval\").";

/** While demo data is served, every surface says so in these words (serve/http/demo.ts places them). */
export const DEMO_SENTENCE =
  'Demo data: the homes served here are invented for demonstration. They are not real licensed homes; ' +
  'do not use them to choose care. The real record is the state\'s own facility search.';

/** Said beside a closed license's roster phone, on its page and in every MCP answer that gives the number. */
export const CLOSED_PHONE = 'This license is closed: the phone number on the roster may no longer reach a care home.';

/** The state's live record of a license in a sentence, with the day it was checked. */
export function liveStatusWords(status: string, checkedOn: string | null): string {
  return `The state's live record${checkedOn ? `, checked on ${checkedOn},` : ''} shows "${status}".`;
}

/** How a closed license's approvals are introduced, on its page, its Markdown twin and the check's display: history first. */
export const HELD_WHILE_OPEN = 'What the record held while the license was open (history, not current approvals):';

/**
 * The waiver line of a license the list may name but could not be tied to (the value stays
 * not_on_file): what the list holds, not "this home is not on the list".
 */
export function unresolvedWaiverLine(row: { facility_name: string; street: string | null }, listAsOf: string | null): string {
  const at = row.street ? ` at ${row.street}` : '';
  return (
    `Not on file: the state's Assisted Living Waiver list${listAsOf ? ` as of ${listAsOf}` : ''} has a row ("${row.facility_name}"${at}) that could be this home ` +
    'or another license at the same address or with the same name, and it could not be tied to one license. Ask the home whether it takes the waiver.'
  );
}

// ---- Map points (REST, MCP, cards, pages) ------------------------------------------------------

/** How each way of placing a home on the map is said, everywhere a point or a distance is shown. */
export const LOCATION_NOTES: Readonly<Record<LocationMethod, string>> = {
  state_locations: "Map coordinates from the state's facility-locations file, joined by license number; use them for distance only.",
  address: 'Map coordinates attached by machine from the address (not a state fact); use them for distance only.',
  zip_centroid: "Approximate map coordinates: the center of the home's ZIP code, not its address (not a state fact); a distance from them is approximate.",
};

/** Said after a distance measured from a ZIP-centroid point. */
export const APPROXIMATE_DISTANCE = 'approximate: located by ZIP code';

/** The note for a point placed by `method` (a stored location_method). */
export function locationNote(method: string | null | undefined): string {
  return LOCATION_NOTES[(method ?? 'address') as LocationMethod] ?? LOCATION_NOTES.address;
}

/** Whether a distance to a home placed by `method` is approximate. */
export const isApproximateLocation = (method: string | null | undefined): boolean => method === 'zip_centroid';

/** For a list of homes on a map: what the points are, whatever each one's method. */
export const MAP_POINTS_NOTE =
  "Map coordinates from the state's facility-locations file where it places a home, else attached by machine from the address, else the center of the ZIP code (approximate); none is a state licensing fact. Use them for distance only.";

// ---- Counts from the state record, in words -----------------------------------------------------

/** "1 state visit", "2 state visits": a count with its noun, singular for one. */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * A home's state-record tallies in one phrase, the one way every MCP text says them (lists, the
 * check's display, the comparison): a count is a number from the record or "not on file", never a
 * zero stood in for a missing value. Citation counts without the years they cover are not counts:
 * with no visit on record they read as the home's page reads them ("none, with no state visit on
 * record"), else "not on file".
 */
export function stateRecordWords(r: {
  documents_on_file: number | null;
  latest_visit_date: string | null;
  type_a_citations: number | null;
  type_b_citations: number | null;
  tallies_since_year: string | null;
}): string {
  const documents = r.documents_on_file === null ? 'state documents not on file' : countOf(r.documents_on_file, 'state document', 'state documents');
  const visit = `latest visit ${r.latest_visit_date ?? 'not on file'}`;
  const n = (count: number | null) => (count === null ? 'not on file' : String(count));
  const citations = r.tallies_since_year
    ? `citations since ${r.tallies_since_year}: Type A ${n(r.type_a_citations)}, Type B ${n(r.type_b_citations)}`
    : r.latest_visit_date === null && (r.type_a_citations ?? 0) === 0 && (r.type_b_citations ?? 0) === 0 && r.type_a_citations !== null
      ? 'Type A and Type B citations: none, with no state visit on record'
      : 'Type A and Type B citations: not on file';
  return `${documents}, ${visit}, ${citations}`;
}
