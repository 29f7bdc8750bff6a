// The state transparency service's two JSON answers, read as it serves them:
//   FacilityDetail/{license}   {"FacilityDetail": {...}, "TSO": {...}}, every value a string
//   FacilityReports/{license}  {"COUNT": n, "REPORTARRAY": [{CONTROLNUMBER, FACILITYNUMBER,
//                              REPORTDATE (MM/DD/YYYY), REPORTTITLE, REPORTTYPE, REPORTPAGE}]}
// A report's page is asked by its position in REPORTARRAY (REPORTPAGE names an internal host).
import { cell, licenseNumber } from '../normalize/text.ts';
import { stateDateToIso } from '../normalize/dates.ts';
import { isStateStatusShape } from '../../contract/facts.ts';

export interface FacilityDetail {
  /** The live status verbatim (`Licensed`, `Closed, Licensee Initiated`); null: the state answered with no status (an unknown license). */
  status: string | null;
  lastVisitDate: string | null;
  /**
   * Type A and B citations: inspection + other visits + complaints. TOTTYPEA/B are the complaint
   * figures (the same as NBRCMPLTTYPA/B), never added on top. Null when a figure is not given.
   */
  typeA: number | null;
  typeB: number | null;
  /** CLIENTSERVED1..6 as the state codes them, blanks left out. */
  clientServed: string[];
  comments: string | null;
  /** The fields that, when unchanged, mean the document index cannot have changed either. */
  fingerprint: string;
}

export interface IndexEntry {
  controlNumber: string | null;
  date: string | null;
  title: string | null;
  type: string | null;
  /** Position in REPORTARRAY, from 0: the report page is `FacilityReports?facNum={license}&inx={page}`. */
  page: number;
}

export interface DocumentIndex {
  count: number;
  entries: IndexEntry[];
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what} is not JSON`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value the state withholds (`CONFIDENTIAL`): not given, like a blank, and never a reason to refuse the answer. */
const isWithheld = (value: string) => value.trim().toUpperCase() === 'CONFIDENTIAL';

/** A text value: the service sends strings; a missing key, null or a withheld value reads as blank. */
function text(record: Record<string, unknown>, key: string, what: string): string {
  const value = record[key];
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return isWithheld(value) ? '' : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new Error(`${what}: ${key} is not a text (${JSON.stringify(value)})`);
}

/** A count sent as a string (`"3"`); blank: not given (null), never zero. */
function tally(record: Record<string, unknown>, key: string, what: string): number | null {
  const value = text(record, key, what).trim();
  if (value === '') return null;
  if (!/^\d{1,9}$/.test(value)) throw new Error(`${what}: ${key} is not a whole number ("${value}")`);
  return Number(value);
}

/** Two facility numbers name one license when they read as the same license number (leading zeros aside). */
function sameFacility(number: string, license: string): boolean {
  return licenseNumber(number) === licenseNumber(license);
}

const sum = (...figures: Array<number | null>): number | null => (figures.some((figure) => figure === null) ? null : figures.reduce<number>((a, b) => a + b!, 0));

const FINGERPRINT_KEYS = ['STATUS', 'LASTVISITDATE', 'VSTDATEALL', 'NBRINSPVISITS', 'NBROTHERVISITS', 'NBRCMPLTVISITS', 'TOTCMPVISITS', 'NBRINSPTYPA', 'NBRINSPTYPB', 'NBROTHERTYPA', 'NBROTHERTYPB', 'NBRCMPLTTYPA', 'NBRCMPLTTYPB', 'TOTTYPEA', 'TOTTYPEB'];

/**
 * `license`, when given, must be the detail's own FACILITYNUMBER (leading zeros aside). An answer
 * with no FacilityDetail object (the service's `{"Message": ...}` error) is no detail at all.
 */
export function parseDetail(body: string, license?: string): FacilityDetail {
  const what = 'facility detail';
  const json = parseJson(body, what);
  const detail = isRecord(json) ? json.FacilityDetail : undefined;
  if (!isRecord(detail)) throw new Error(`${what}: the answer has no FacilityDetail object${isRecord(json) ? ` (keys: ${Object.keys(json).slice(0, 5).join(', ') || 'none'})` : ''}`);
  const number = text(detail, 'FACILITYNUMBER', what).trim();
  const status = cell(text(detail, 'STATUS', what));
  if (number !== '' && license !== undefined && !sameFacility(number, license)) throw new Error(`${what} is for facility ${number}, not ${license}`);
  // A withheld number is not a blank one: the answer came for the license asked.
  if (number === '' && status !== null && !(typeof detail.FACILITYNUMBER === 'string' && isWithheld(detail.FACILITYNUMBER))) throw new Error(`${what}: FACILITYNUMBER is blank but STATUS is "${status}"`);
  const clientServed = [1, 2, 3, 4, 5, 6].flatMap((n) => cell(text(detail, `CLIENTSERVED${n}`, what)) ?? []);
  const fingerprint = JSON.stringify(FINGERPRINT_KEYS.map((key) => text(detail, key, what).trim()));
  // A status in none of the state's shapes (markup, a sentence) is no reading of the license: the
  // answer is refused and the home keeps its last good detail. Its text is described, never echoed.
  if (status !== null && !isStateStatusShape(status)) {
    throw new Error(`${what}: STATUS is not a status the state uses (Licensed, Licensed/Pending Increase, Provisional License, Pending, Application Withdrawn, Closed, <reason>): ${status.length} characters${/[<>]/.test(status) ? ', with markup' : ''}`);
  }
  // An unknown license answers with empty strings: no status, no tallies, nothing dated.
  if (status === null) return { status: null, lastVisitDate: null, typeA: null, typeB: null, clientServed, comments: null, fingerprint };
  const complaintA = tally(detail, 'NBRCMPLTTYPA', what) ?? tally(detail, 'TOTTYPEA', what);
  const complaintB = tally(detail, 'NBRCMPLTTYPB', what) ?? tally(detail, 'TOTTYPEB', what);
  return {
    status,
    lastVisitDate: stateDateToIso(text(detail, 'LASTVISITDATE', what)),
    typeA: sum(tally(detail, 'NBRINSPTYPA', what), tally(detail, 'NBROTHERTYPA', what), complaintA),
    typeB: sum(tally(detail, 'NBRINSPTYPB', what), tally(detail, 'NBROTHERTYPB', what), complaintB),
    clientServed,
    comments: cell(text(detail, 'COMMENTS', what)),
    fingerprint,
  };
}

/** `license`, when given, must be every entry's FACILITYNUMBER where the entry states one. */
export function parseIndex(body: string, license?: string): DocumentIndex {
  const what = 'document index';
  const json = parseJson(body, what);
  if (!isRecord(json) || !Array.isArray(json.REPORTARRAY)) throw new Error(`${what}: the answer has no REPORTARRAY list`);
  const declared = tally(json, 'COUNT', what);
  const entries = json.REPORTARRAY.map((entry: unknown, position): IndexEntry => {
    if (!isRecord(entry)) throw new Error(`${what}: REPORTARRAY[${position}] is not an object`);
    const number = text(entry, 'FACILITYNUMBER', what).trim();
    if (number !== '' && license !== undefined && !sameFacility(number, license)) throw new Error(`${what} lists facility ${number}, not ${license}`);
    return {
      controlNumber: cell(text(entry, 'CONTROLNUMBER', what)),
      date: stateDateToIso(text(entry, 'REPORTDATE', what)),
      title: cell(text(entry, 'REPORTTITLE', what)),
      type: cell(text(entry, 'REPORTTYPE', what)),
      page: position,
    };
  });
  return { count: Math.max(declared ?? 0, entries.length), entries };
}
