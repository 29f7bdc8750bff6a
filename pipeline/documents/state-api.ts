// The state transparency service's two JSON shapes, validated: the facility detail (live status,
// last visit, visit and citation tallies) and the document index.
import Joi from 'joi';
import { usDateToIso, cell } from '../normalize/text.ts';

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
const detailSchema = Joi.object({
  FACILITYNUMBER: Joi.string().allow('').default(''),
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

const indexSchema = Joi.object({
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

export function parseDetail(text: string): FacilityDetail {
  const { error, value } = detailSchema.validate(parseJson(text, 'facility detail'), { convert: true });
  if (error) throw new Error(`facility detail: ${error.message}`);
  return {
    status: cell(value.STATUS),
    lastVisitDate: usDateToIso(value.LASTVISITDATE),
    typeA: value.NBRINSPTYPA + value.NBROTHERTYPA + value.TOTTYPEA,
    typeB: value.NBRINSPTYPB + value.NBROTHERTYPB + value.TOTTYPEB,
    fingerprint: JSON.stringify([value.STATUS, value.LASTVISITDATE, value.NBRINSPVISITS, value.NBROTHERVISITS, value.TOTCMPVISITS, value.CMPCOUNT, value.NBRINSPTYPA, value.NBRINSPTYPB, value.NBROTHERTYPA, value.NBROTHERTYPB, value.TOTTYPEA, value.TOTTYPEB]),
  };
}

export function parseIndex(text: string): DocumentIndex {
  const { error, value } = indexSchema.validate(parseJson(text, 'document index'), { convert: true });
  if (error) throw new Error(`document index: ${error.message}`);
  return {
    count: Math.max(value.COUNT, value.REPORTARRAY.length),
    entries: value.REPORTARRAY.map((entry: Record<string, string | number>) => ({
      controlNumber: cell(String(entry.CONTROLNUMBER ?? '')),
      date: usDateToIso(String(entry.REPORTDATE ?? '')),
      title: cell(String(entry.REPORTTITLE ?? '')),
      type: cell(String(entry.REPORTTYPE ?? '')),
      page: Number(entry.REPORTPAGE),
    })),
  };
}
