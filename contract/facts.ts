// The vocabulary both sides share: Facts, tri-state values, clearance keys and license-status meaning.
// The pipeline writes records in these shapes; the server reads them. Neither side redefines them.

export type SourceClass = 'state' | 'operator_attested' | 'machine_extracted' | 'third_party';

export type TriState = 'true' | 'false' | 'not_on_file';
export const TRI_STATES: readonly TriState[] = ['true', 'false', 'not_on_file'];

/** Every fact carries who asserted it, when it was last confirmed and a stable reference. */
export interface Fact<T> {
  value: T;
  source_class: SourceClass;
  confirmed_on: string | null;
  /** No re-check cadence is published, so this is null on every fact. */
  next_due: null;
  ref: string;
}

export type TriStateFact = Fact<TriState>;

export function fact<T>(value: T, source_class: SourceClass, confirmed_on: string | null, ref: string): Fact<T> {
  return { value, source_class, confirmed_on, next_due: null, ref };
}

/** Clearance keys in the order the spec lists them. */
export const CLEARANCE_KEYS = ['dementia', 'hospice', 'non_ambulatory', 'bedridden'] as const;
export type ClearanceKey = (typeof CLEARANCE_KEYS)[number];

/** The `ref` of each clearance fact, per the spec's Facility table. */
export const CLEARANCE_REFS: Record<ClearanceKey, string> = {
  dementia: 'roster:dementia_certified',
  hospice: 'roster:hospice_waiver',
  non_ambulatory: 'roster:non_ambulatory_approved',
  bedridden: 'roster:bedridden_waiver',
};

/**
 * `needs` filter keys and the clearance each one requires. `wheelchair` is matched against the
 * non-ambulatory approval: it is the license approval that lets a home admit residents who cannot
 * leave the building unaided, which is what a wheelchair user needs.
 */
export const NEEDS: Record<string, ClearanceKey> = Object.assign(
  // No prototype: a look-up of "constructor" or "__proto__" must miss like any unknown need.
  Object.create(null) as Record<string, ClearanceKey>,
  { wheelchair: 'non_ambulatory', dementia: 'dementia', hospice: 'hospice', bedridden: 'bedridden' } as const,
);
export const NEED_KEYS = Object.keys(NEEDS);

/**
 * State service codes that grant a clearance. While a clearance is under correction review these
 * codes are left out of `service_designations` (spec rule 1).
 */
export const CLEARANCE_GRANTING_CODES: Partial<Record<ClearanceKey, readonly string[]>> = {
  dementia: ['970 - RCFE / DEMENTIA', '971 - RCFE / ALZHEIMER DISEASE'],
  hospice: ['985 - RCFE / HOSPICE'],
};

/** Read a status by meaning, case-insensitively; each source's wording is kept verbatim elsewhere. */
export function licenseStatusMeaning(status: string | null | undefined): {
  listed: boolean;
  closed: boolean;
  probation: boolean;
  /** An application the state has not licensed yet (PENDING alone; LICENSED/PENDING INCREASE is a license). */
  pending: boolean;
} {
  const s = (status ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
  const closed = /\bCLOSED\b/.test(s);
  const probation = !closed && (s === 'PROBATIONARY LICENSE' || s === 'ON PROBATION');
  const listed = !closed && (s === 'LICENSED' || s === 'LICENSED/PENDING INCREASE' || probation);
  const pending = !closed && !listed && /\bPENDING\b/.test(s);
  return { listed, closed, probation, pending };
}

/**
 * The shapes the state writes a license status in: the roster's LICENSED, PENDING, ON PROBATION,
 * CLOSED; the live detail's `Licensed`, `Licensed/Pending Increase`, `Provisional License`,
 * `Pending`, `Application Withdrawn`, `Closed, <reason>` (case and spacing aside). Anything else
 * (markup, a sentence, an instruction) is not a status and is never served as one.
 */
const STATE_STATUS_SHAPE = /^(?:LICENSED|LICENSED\/PENDING INCREASE|PROVISIONAL LICENSE|PROBATIONARY LICENSE|ON PROBATION|PENDING|APPLICATION WITHDRAWN|CLOSED|CLOSED, [A-Z][A-Z0-9 '&\/().-]{0,79})$/;

export function isStateStatusShape(status: string): boolean {
  return STATE_STATUS_SHAPE.test(status.trim().replace(/\s+/g, ' ').toUpperCase());
}

/** In words, both non-true values read 'not on file' (spec: never 'no'). */
export function triStateWords(value: TriState): string {
  return value === 'true' ? 'yes' : 'not on file';
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a YYYY-MM-DD text names a real calendar day (2021-02-30 does not). */
export function isCalendarDate(text: string): boolean {
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** Plain-words names of the four care approvals, in the spec's order. */
export const APPROVAL_LABELS: Record<ClearanceKey, string> = {
  dementia: 'Dementia care',
  hospice: 'Hospice care (hospice waiver)',
  non_ambulatory: 'Residents who cannot walk unaided, such as wheelchair users (non-ambulatory)',
  bedridden: 'Bedridden residents',
};

export const WAIVER_LABEL = 'Assisted Living Waiver (Medi-Cal)';
