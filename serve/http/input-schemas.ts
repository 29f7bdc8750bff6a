// joi schemas for every REST input. Routes validate with them and /openapi.json is generated
// from them, so the contract cannot drift from what the server accepts.
import Joi from 'joi';
import { NEEDS, NEED_KEYS, type ClearanceKey } from '../../contract/facts.ts';
import { MAX_HOMES } from '../shape/check.ts';
import { wholeNumber } from './whole-number.ts';

function placeSchema(name: string, example: string) {
  return Joi.string()
    .trim()
    .min(1)
    .max(100)
    .description(`${name} name, case-insensitive exact match (e.g. "${example}").`)
    .messages({ '*': `${name.toLowerCase()} must be given once, as a name of 1 to 100 characters` });
}

/** Comma-separated need keys -> the clearances they require (deduplicated). */
const needsSchema = Joi.string()
  .max(200)
  .custom((value: string, helpers) => {
    const clearances = new Set<ClearanceKey>();
    for (const raw of value.split(',')) {
      const need = raw.trim().toLowerCase();
      const clearance = NEEDS[need];
      if (!clearance) return helpers.error('needs.unknown', { need: raw.trim() });
      clearances.add(clearance);
    }
    return [...clearances];
  })
  .description(
    `Comma-separated care needs, all required (AND): ${NEED_KEYS.join(', ')}. A need matches only a home whose license ` +
      'explicitly carries the clearance (not_on_file never matches). wheelchair is matched against the non-ambulatory clearance. ' +
      'A clearance under correction review does not match.',
  )
  .example('dementia,wheelchair')
  .messages({
    'needs.unknown': `Unknown need "{#need}". Accepted needs: ${NEED_KEYS.join(', ')}.`,
    '*': `needs must be given once, as comma-separated keys from: ${NEED_KEYS.join(', ')}`,
  });

export const facilityListQuery = Joi.object({
  county: placeSchema('County', 'Los Angeles'),
  city: placeSchema('City', 'Sacramento'),
  needs: needsSchema,
  // Text, not a boolean: the docs page's try-it form then asks for it in a labelled text box.
  waiver: Joi.string()
    .pattern(/^(true|false)$/)
    .description("true: only homes on the state's Medi-Cal Assisted Living Waiver list (absence from the list is not a verified no). false or absent: no waiver filter.")
    .messages({ '*': 'waiver must be given once, as true or false' }),
  limit: wholeNumber(1, 100, 'limit must be an integer between 1 and 100').default(50).description('Page size, 1..100 (digits only).'),
  offset: wholeNumber(0, 20000, 'offset must be an integer between 0 and 20000')
    .default(0)
    .description('Items to skip, 0..20000 (digits only). An offset at or past `total` returns an empty list with the true total.'),
});

export interface FacilityListQuery {
  county?: string;
  city?: string;
  needs?: ClearanceKey[];
  waiver?: 'true' | 'false';
  limit: number;
  offset: number;
}

/**
 * Most reports one answer holds: the whole list of any home the state lists (none lists near this
 * many), and a bound on what a broken or hostile index can make one answer carry.
 */
export const MAX_REPORTS_PAGE = 1000;

/** A home's reports: the whole list by default, paged with offset + limit like the facilities list past MAX_REPORTS_PAGE. */
export const reportsQuery = Joi.object({
  limit: wholeNumber(1, MAX_REPORTS_PAGE, `limit must be an integer between 1 and ${MAX_REPORTS_PAGE}`)
    .default(MAX_REPORTS_PAGE)
    .description(`Page size, 1..${MAX_REPORTS_PAGE} (digits only; default ${MAX_REPORTS_PAGE}, the whole list of any home the state lists).`),
  offset: wholeNumber(0, 20000, 'offset must be an integer between 0 and 20000')
    .default(0)
    .description('Reports to skip, 0..20000 (digits only). An offset at or past the reports held returns an empty list; next_offset is null when none is left.'),
});

export interface ReportsQuery {
  limit: number;
  offset: number;
}

/** GET routes without parameters still refuse any query parameter (never ignored). */
export const noQuery = Joi.object({});

export const licenseParams = Joi.object({
  license: Joi.string()
    .required()
    .description('The facility license number (9 digits; a shorter number is read zero-padded).')
    .example('197600123'),
});

export const checkHeaders = Joi.object({
  'x-client-name': Joi.string()
    .allow('')
    // Node reads header bytes as latin1: count the characters of the UTF-8 the client sent.
    .custom((value: string) => Buffer.from(value, 'latin1').toString('utf8'))
    .max(60)
    .description("Optional product name for usage counts, at most 60 characters; never a person's name. Never changes a result.")
    .messages({ '*': "X-Client-Name must be at most 60 characters: a product name, never a person's name" }),
}).unknown(true);

const ENTRY_MESSAGE = '{#label} (expected 3 to 200 characters)';

// Every message is set once on the body schema, none on its parts: joi merges a nested schema's
// own messages into its preferences each time it validates one value, which for 100 entries cost
// more than the check itself.
export const checkBody = Joi.object({
  homes: Joi.array()
    .items(Joi.string().min(3).max(200).description('A license number or a home name; "name, city" narrows a name to a city.'))
    .min(1)
    .max(MAX_HOMES)
    .required()
    .description(`1 to ${MAX_HOMES} license numbers or names. Results come back in this order, duplicates merged.`),
  detail: Joi.boolean().default(false).description('true adds `record` (the full v1 Facility record) to each matched home.'),
})
  .required()
  .messages({
    'object.unknown': 'unknown input "{#child}"',
    'array.base': 'homes (expected a list of strings)',
    'array.min': 'homes (expected at least 1 item)',
    'array.max': `homes (expected at most ${MAX_HOMES} items: send at most ${MAX_HOMES} homes per call)`,
    'any.required': `homes (required: a list of 1 to ${MAX_HOMES} license numbers or names)`,
    'string.base': '{#label} (expected a string)',
    'string.empty': ENTRY_MESSAGE,
    'string.min': ENTRY_MESSAGE,
    'string.max': ENTRY_MESSAGE,
    'boolean.base': 'detail (expected true or false)',
  });
