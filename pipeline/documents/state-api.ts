// The state transparency service's two JSON shapes, validated: the facility detail (live status,
// last visit, visit and citation tallies) and the document index.
import Joi from 'joi';
import { cell, licenseNumber } from '../normalize/text.ts';
import { stateDateToIso } from '../normalize/dates.ts';

export interface FacilityDetail {
  status: string | null;
  lastVisitDate: string | null;
  typeA: number;
  typeB: number;
  /** The fields that, when unchanged, mean the document index cannot have changed either. */
  fingerprint: string;
}

export interface IndexEntry {
  controlNumber: string | null;
  date: string | null;
  title: string | null;
  type: string | null;
  page: number;
}

export interface DocumentIndex {
  count: number;
  entries: IndexEntry[];
}

const tally = Joi.number().integer().min(0).default(0);
export const detailSchema = Joi.object({
  // Required: an answer without it (the service's `{"Message": ...}` error object, `{}`) is no
  // facility's detail, and reading it would turn missing tallies into zero citations.
  FACILITYNUMBER: Joi.string().required(),
  STATUS: Joi.string().allow('', null).default(''),
  LASTVISITDATE: Joi.string().allow('', null).default(''),
  NBRINSPVISITS: tally,
  NBRINSPTYPA: tally,
  NBRINSPTYPB: tally,
  NBROTHERVISITS: tally,
  NBROTHERTYPA: tally,
  NBROTHERTYPB: tally,
  TOTCMPVISITS: tally,
  TOTTYPEA: tally,
  TOTTYPEB: tally,
  CMPCOUNT: tally,
}).unknown(true);

export const indexSchema = Joi.object({
  COUNT: Joi.number().integer().min(0).required(),
  REPORTARRAY: Joi.array()
    .items(
      Joi.object({
        CONTROLNUMBER: Joi.string().allow('', null).default(''),
        FACILITYNUMBER: Joi.string().allow('', null),
        REPORTDATE: Joi.string().allow('', null).default(''),
        REPORTTITLE: Joi.string().allow('', null).default(''),
        REPORTTYPE: Joi.string().allow('', null).default(''),
        REPORTPAGE: Joi.number().integer().min(0).required(),
      }).unknown(true),
    )
    .required(),
}).unknown(true);

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what} is not JSON`);
  }
}

// The service answers thousands of these per run, nearly all in the plain shape: numbers as
// numbers, texts as strings. Those are read directly; anything else (numbers sent as strings,
// missing required keys, wrong types) goes through joi, which converts or names the problem.
// Both paths give the same result for the plain shape.
const DETAIL_TALLIES = ['NBRINSPVISITS', 'NBRINSPTYPA', 'NBRINSPTYPB', 'NBROTHERVISITS', 'NBROTHERTYPA', 'NBROTHERTYPB', 'TOTCMPVISITS', 'TOTTYPEA', 'TOTTYPEB', 'CMPCOUNT'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** A whole number joi's `number().integer().min(0)` takes as it is (-0 reads as 0, as joi has it). */
function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
const isTextOrNull = (value: unknown) => value === undefined || value === null || typeof value === 'string';
const count = (value: unknown) => (value === undefined || value === 0 ? 0 : (value as number));

type DetailValues = Record<(typeof DETAIL_TALLIES)[number], number> & { FACILITYNUMBER: string; STATUS: string | null; LASTVISITDATE: string | null };

function plainDetail(json: unknown): DetailValues | null {
  if (!isRecord(json)) return null;
  if (typeof json.FACILITYNUMBER !== 'string' || json.FACILITYNUMBER === '') return null;
  if (!isTextOrNull(json.STATUS) || !isTextOrNull(json.LASTVISITDATE)) return null;
  const text = (value: unknown) => (value === undefined ? '' : (value as string | null));
  const values = { FACILITYNUMBER: json.FACILITYNUMBER, STATUS: text(json.STATUS), LASTVISITDATE: text(json.LASTVISITDATE) } as DetailValues;
  for (const key of DETAIL_TALLIES) {
    const value = json[key];
    if (value !== undefined && !isCount(value)) return null;
    values[key] = count(value);
  }
  return values;
}

/** Two facility numbers name one license when they read as the same license number (leading zeros aside). */
function sameFacility(number: string, license: string): boolean {
  return licenseNumber(number) === licenseNumber(license);
}

/** `license`, when given, must be the detail's own FACILITYNUMBER (leading zeros aside). */
export function parseDetail(text: string, license?: string): FacilityDetail {
  const json = parseJson(text, 'facility detail');
  let value = plainDetail(json) as DetailValues;
  if (!value) {
    const validated = detailSchema.validate(json);
    if (validated.error) throw new Error(`facility detail: ${validated.error.message}`);
    value = validated.value;
  }
  if (license !== undefined && !sameFacility(value.FACILITYNUMBER, license)) {
    throw new Error(`facility detail is for facility ${value.FACILITYNUMBER.trim()}, not ${license}`);
  }
  return {
    status: cell(value.STATUS),
    lastVisitDate: stateDateToIso(value.LASTVISITDATE),
    typeA: value.NBRINSPTYPA + value.NBROTHERTYPA + value.TOTTYPEA,
    typeB: value.NBRINSPTYPB + value.NBROTHERTYPB + value.TOTTYPEB,
    fingerprint: JSON.stringify([value.STATUS, value.LASTVISITDATE, value.NBRINSPVISITS, value.NBROTHERVISITS, value.TOTCMPVISITS, value.CMPCOUNT, value.NBRINSPTYPA, value.NBRINSPTYPB, value.NBROTHERTYPA, value.NBROTHERTYPB, value.TOTTYPEA, value.TOTTYPEB]),
  };
}

const INDEX_TEXTS = ['CONTROLNUMBER', 'FACILITYNUMBER', 'REPORTDATE', 'REPORTTITLE', 'REPORTTYPE'] as const;

/** The index as joi would pass it unchanged, or null when joi has to convert or reject something. */
function plainIndex(json: unknown): { COUNT: number; REPORTARRAY: Array<Record<string, unknown>> } | null {
  if (!isRecord(json) || !isCount(json.COUNT) || !Array.isArray(json.REPORTARRAY)) return null;
  for (const entry of json.REPORTARRAY as unknown[]) {
    if (!isRecord(entry) || !isCount(entry.REPORTPAGE)) return null;
    for (const key of INDEX_TEXTS) if (!isTextOrNull(entry[key])) return null;
  }
  return json as { COUNT: number; REPORTARRAY: Array<Record<string, unknown>> };
}

/** `license`, when given, must be every entry's FACILITYNUMBER where the entry states one. */
export function parseIndex(text: string, license?: string): DocumentIndex {
  const json = parseJson(text, 'document index');
  let value = plainIndex(json);
  if (!value) {
    const validated = indexSchema.validate(json);
    if (validated.error) throw new Error(`document index: ${validated.error.message}`);
    value = validated.value;
  }
  const index = value!;
  const other = license === undefined ? undefined : index.REPORTARRAY.find((entry) => typeof entry.FACILITYNUMBER === 'string' && entry.FACILITYNUMBER.trim() !== '' && !sameFacility(entry.FACILITYNUMBER, license));
  if (other) throw new Error(`document index lists facility ${String(other.FACILITYNUMBER).trim()}, not ${license}`);
  return {
    count: Math.max(count(index.COUNT), index.REPORTARRAY.length),
    entries: index.REPORTARRAY.map((entry) => ({
      controlNumber: cell(String(entry.CONTROLNUMBER ?? '')),
      date: stateDateToIso(String(entry.REPORTDATE ?? '')),
      title: cell(String(entry.REPORTTITLE ?? '')),
      type: cell(String(entry.REPORTTYPE ?? '')),
      page: count(entry.REPORTPAGE),
    })),
  };
}
