// joi schemas of the change endpoints' inputs and answers (routes validate with them and
// /openapi.json is generated from them). Place, limit and offset are the list's own schemas.
import Joi from 'joi';
import { CHANGE_FIELDS, CHANGE_KINDS, type ChangeKind } from '../../contract/changes.ts';
import { ISO_DATE, isCalendarDate } from '../../contract/facts.ts';
import { facilityListQuery, type FacilityListQuery } from '../http/input-schemas.ts';
import { date, envelope, grows, integer, nullableText } from './response-schemas.ts';

// One message per parameter covers a repeated parameter too, so each says "given once".
const SINCE_MESSAGE = 'since must be a date written YYYY-MM-DD, e.g. 2026-11-01, given once';

export const changesQuery = Joi.object({
  since: Joi.string()
    .pattern(ISO_DATE)
    .custom((value: string, helpers) => (isCalendarDate(value) ? value : helpers.error('any.invalid')))
    .description("Changes first shown by the state's sources on or after this date (YYYY-MM-DD; the source's own date, observed_on).")
    .example('2026-11-01')
    .messages({ '*': SINCE_MESSAGE }),
  county: facilityListQuery.extract('county'),
  city: facilityListQuery.extract('city'),
  kind: Joi.string()
    .valid(...CHANGE_KINDS)
    .description('added (a license new on the roster), removed (a license no longer on it) or changed (a field of its record).')
    .messages({ '*': `kind must be given once, as a known kind. Accepted kinds: ${CHANGE_KINDS.join(', ')}.` }),
  field: Joi.string()
    .valid(...CHANGE_FIELDS)
    .description('Only changes of this record field (dotted path).')
    .messages({ '*': `field must be given once, as a record field. Accepted fields: ${CHANGE_FIELDS.join(', ')}.` }),
  limit: facilityListQuery.extract('limit'),
  offset: facilityListQuery.extract('offset'),
});

/** The validated query: the list's place and paging (validated by the same schemas) and the change filters. */
export type ChangesQuery = Omit<FacilityListQuery, 'needs'> & { since?: string; kind?: ChangeKind; field?: string };

const change = grows({
  license_number: Joi.string().pattern(/^\d{9}$/),
  name: Joi.string().description('The name the home went by when the change was seen.'),
  city: nullableText(),
  county: nullableText(),
  change: Joi.string().valid(...CHANGE_KINDS),
  field: Joi.string().allow(null).description('The record field (dotted path); null for added and removed.'),
  old_value: Joi.any().description("The field's value before, verbatim (for removed: the whole last record); null for added."),
  new_value: Joi.any().description("The field's value after, verbatim (for added: the whole record); null for removed."),
  old_source_date: date().allow(null).description("The old value's own source date."),
  new_source_date: date().allow(null).description("The new value's own source date."),
  observed_on: date().allow(null).description('The source date that first showed the change (for removed: the roster that no longer listed it); null when that source states no date.'),
  run: grows({ run_id: Joi.string(), snapshot_file: Joi.string(), snapshot_date: date() }),
  links: grows({ facility_page: Joi.string().uri().allow(null), history: Joi.string().uri() }),
}).meta({ component: 'Change' });

export const changesResponse = envelope(
  'ChangesResponse',
  grows({
    changes: Joi.array().items(change),
    total: integer().min(0).description('All matches.'),
    limit: integer(),
    offset: integer(),
    order: Joi.string().valid('run_desc_name_asc'),
    note: Joi.string(),
  }),
);

export const historyResponse = envelope(
  'HistoryResponse',
  grows({
    license_number: Joi.string(),
    changes: Joi.array().items(change).description('Newest first, the whole log.'),
    total: integer().min(0),
    note: Joi.string(),
  }),
);
