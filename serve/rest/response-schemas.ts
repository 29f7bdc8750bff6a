// joi schemas of every REST response body, for /openapi.json (and so for the test that checks
// real responses against it). Objects that may grow within v1 allow unknown keys; a Fact is
// exactly its five keys (spec).
import Joi from 'joi';
import { CLEARANCE_KEYS, CLEARANCE_REFS, NEED_KEYS } from '../../contract/facts.ts';
import { HANDOFF_MODES } from '../../contract/overlay.ts';
import { LOCATION_METHODS } from '../../contract/records.ts';
import { LOCATION_NOTES } from '../words/wording.ts';

/** Every key required unless marked optional: the response shapes are complete. */
const object = (keys: Joi.PartialSchemaMap) => Joi.object(keys).prefs({ presence: 'required' });
export const grows = (keys: Joi.PartialSchemaMap) => object(keys).unknown(true);

export const date = () => Joi.string().pattern(/^\d{4}-\d{2}-\d{2}$/).meta({ format: 'date' });
const dateTime = () => Joi.string().isoDate();
const uri = () => Joi.string().uri();
const text = () => Joi.string().allow('');
export const nullableText = () => text().allow(null);
export const integer = () => Joi.number().integer();
const triState = () => Joi.string().valid('true', 'false', 'not_on_file');

const SOURCE_CLASSES = ['state', 'operator_attested', 'machine_extracted', 'third_party'];

function fact(value: Joi.Schema, ref: string) {
  return object({
    value,
    source_class: Joi.string().valid(...SOURCE_CLASSES),
    confirmed_on: date().allow(null),
    next_due: date().allow(null).description('Next re-check per a published cadence; null on every fact today.'),
    ref: Joi.string().valid(ref),
  });
}

export const errorBody = object({ error: Joi.string() })
  .meta({ component: 'Error' })
  .description('Every REST error: one sentence saying what was wrong and what is accepted. Sent with cache-control: no-store.');

const address = object({ street: nullableText(), city: nullableText(), county: nullableText(), zip: nullableText() });

const dispute = grows({ field: Joi.string(), text: Joi.string(), approved_on: date() }).meta({ component: 'DisputeAnnotation' });

const facilityKeys = {
  license_number: Joi.string().pattern(/^\d{9}$/),
  name: fact(text(), 'roster:facility_name').description('The name the home goes by.'),
  licensed_name: fact(text(), 'roster:facility_name').description('The name on the license, verbatim.'),
  facility_type: fact(nullableText(), 'roster:facility_type'),
  license_status: fact(nullableText(), 'roster:license_status').description(
    'Roster status text verbatim, may be stale. When it contains CLOSED, the clearance and waiver values are what the record held while open: history, not current approvals.',
  ),
  license_status_live: fact(nullableText(), 'roster:license_status_live').description(
    'Last stored live status; confirmed_on is its check date. An API call never starts a live check.',
  ),
  on_probation: fact(triState(), 'roster:on_probation'),
  address: fact(address, 'roster:address'),
  location: fact(object({ latitude: Joi.number(), longitude: Joi.number(), method: Joi.string().valid(...LOCATION_METHODS) }).allow(null), 'derived:geocode').description(
    `Machine-attached map coordinates (source_class machine_extracted); method says how they were found. ${Object.entries(LOCATION_NOTES).map(([method, note]) => `${method}: ${note}`).join(' ')}`,
  ),
  capacity: fact(integer().allow(null), 'roster:bed_count').description('Licensed beds.'),
  phone: fact(nullableText(), 'roster:phone').description('The phone number on the state roster, verbatim.'),
  licensee: fact(nullableText(), 'roster:licensee'),
  operating_since_year: fact(integer().allow(null), 'roster:license_first_date'),
  clearances: object(
    Object.fromEntries(CLEARANCE_KEYS.map((key) => [key, fact(triState(), CLEARANCE_REFS[key])])) as Joi.PartialSchemaMap,
  ).description('Care approvals on the license. A clearance under correction review reads not_on_file.'),
  alw_participation: fact(Joi.string().valid('true', 'not_on_file'), 'roster:alw_participating').description(
    'Assisted Living Waiver participation per the state list; absence is not_on_file, never false; confirmed_on is the list date.',
  ),
  service_designations: fact(Joi.array().items(Joi.string()).allow(null), 'roster:client_served').description(
    'State service designations verbatim; codes granting a clearance under correction review are omitted. ' +
      'null: the care approvals file does not carry the home (not on file, never "none").',
  ),
  last_state_visit: fact(date().allow(null), 'roster:last_visit'),
  disputes: Joi.array().items(dispute).description('Approved dispute annotations.'),
  links: grows({ facility_page: uri(), corrections: uri() }),
};

/** A home's visits as the export states them (contract/records.ts StateVisitsValue). */
function stateVisits() {
  const count = () => integer().min(0).allow(null);
  const dates = () => Joi.array().items(date());
  const byVisitType = () => grows({ inspection: count(), other: count(), complaint: count(), total: count().description('inspection + other + complaint') });
  return grows({
    since_year: nullableText().description('Year of the earliest visit date: the counts cover the years from it on; null with no visit on record.'),
    last_visit_date: date().allow(null),
    visits: grows({ inspection: count(), complaint: count(), other: count(), total: count() }),
    all_visit_dates: dates(),
    inspection_visit_dates: dates(),
    other_visit_dates: dates(),
    type_a: byVisitType(),
    type_b: byVisitType(),
    citation_sections: Joi.array().items(Joi.string()).description('Title 22 sections cited, verbatim.'),
    poc_dates: dates().description('Plan of correction dates.'),
    allegations: grows({ total: count(), substantiated: count(), inconclusive: count(), unsubstantiated: count(), unfounded: count() }),
    complaints: Joi.array().items(
      grows({ date: date().allow(null), substantiated: count(), inconclusive: count(), unsubstantiated: count(), unfounded: count(), type_a: count(), type_b: count() }),
    ).description('One per complaint, oldest first: its allegations by outcome and the citations it led to.'),
  }).meta({ component: 'StateVisits' });
}

export const facility = grows(facilityKeys)
  .meta({ component: 'Facility' })
  .description('The v1 Facility record. Values verbatim from the state record. No availability field exists.');

const stateDocumentsKey = {
  state_documents: fact(
    object({ count: integer(), since_year: nullableText(), latest_date: date().allow(null) }).allow(null),
    'derived:state_documents',
  ).description('value is null (not on file) until the state documents of the license are loaded.'),
};

/** The check's detail `record`: the Facility record plus state_documents (its tallies are in the home's state_record). */
export const facilityDetail = grows({ ...facilityKeys, ...stateDocumentsKey })
  .meta({ component: 'FacilityRecordDetail' })
  .description('The Facility record plus state_documents.');

const stateVisitsKey = {
  state_visits: fact(stateVisits().allow(null), 'roster:state_visits').description(
    "Visits, Type A and Type B citations and complaint outcomes from the state's weekly export; confirmed_on is the day it was retrieved from the state " +
      '(the export states no date of its own). Counts cover the years from since_year on; a substantiated allegation is a finding on one complaint, not a judgement of the home. ' +
      'A count is null where the state left it blank; value null when the roster read carries none.',
  ),
};

/** A list item: the one Facility record of the contract, the detail's but for state_documents (issue 44). */
export const listedFacility = grows({ ...facilityKeys, ...stateVisitsKey })
  .meta({ component: 'FacilityListItem' })
  .description('The Facility record with state_visits: the detail record but for state_documents.');

/** The detail endpoint's record: state_visits too. */
export const restFacilityDetail = grows({
  ...facilityKeys,
  ...stateDocumentsKey,
  ...stateVisitsKey,
})
  .meta({ component: 'FacilityDetail' })
  .description('The Facility record plus state_documents and state_visits (detail endpoint only).');

const attribution = grows({
  source: Joi.string(),
  retrieved_on: date().allow(null),
  terms_url: uri(),
  demo_data: Joi.boolean().valid(true).optional().description('Present, true, only while the homes served are invented demo data.'),
}).meta({ component: 'Attribution' });

export function envelope(component: string, data: Joi.Schema) {
  return grows({
    api_version: Joi.string().valid('v1'),
    data,
    attribution,
    generated_at: dateTime().description('When the response was built, not the age of the data.'),
  }).meta({ component });
}

export const facilityList = envelope(
  'FacilityListResponse',
  grows({
    facilities: Joi.array().items(listedFacility),
    total: integer().min(0).description('All matches.'),
    limit: integer(),
    offset: integer(),
    order: Joi.string().valid('name_asc'),
  }),
);

export const facilityDetailResponse = envelope('FacilityResponse', restFacilityDetail);

const report = grows({
  ref: Joi.string().pattern(/^doc:/),
  control_number: nullableText(),
  source_class: Joi.string().valid('state'),
  date: date().allow(null),
  type: nullableText(),
  title: nullableText(),
  url: uri().allow(null),
}).meta({ component: 'Report' });

export const reportsResponse = envelope(
  'ReportsResponse',
  grows({
    license_number: Joi.string(),
    state_record_url: uri(),
    reports: Joi.array().items(report).description('Newest first: the whole list unless limit or offset cut it.'),
    total: integer().min(0),
    limit: integer().min(1).description('The page size applied.'),
    offset: integer().min(0).description('Reports skipped.'),
    next_offset: integer().min(0).allow(null).description('More reports are held: ask again with this offset. null when none is left.'),
  }),
);

const guide = grows({
  slug: Joi.string(),
  title: Joi.string(),
  description: Joi.string(),
  url: uri(),
  published_on: date(),
  reviewed_on: date(),
}).meta({ component: 'Guide' });

export const guidesResponse = envelope('GuidesResponse', grows({ guides: Joi.array().items(guide), total: integer().min(0) }));

const closedFields = { license_closed: Joi.boolean(), closed_note: nullableText() };

const price = grows({
  kind: Joi.string().valid('home_listed', 'home_confirmed', 'covelight_estimate', 'area_typical'),
  is_this_homes_own_rate: Joi.boolean(),
  monthly_usd: integer().allow(null),
  likely_range_usd: object({ low: integer(), high: integer() }).allow(null),
  line: Joi.string(),
  listing: grows({ site: Joi.string(), url: uri(), seen_on: date().allow(null), updated_on: date().allow(null) }).optional(),
})
  .allow(null)
  .description('Null when no figure is on file and always on a closed license. Only is_this_homes_own_rate true makes it a price.');

const checkHome = grows({
  license_number: Joi.string().pattern(/^\d{9}$/),
  name: Joi.string().description('The name the home goes by.'),
  licensed_name: Joi.string(),
  city: nullableText(),
  county: nullableText(),
  license_status: nullableText(),
  license_closed: Joi.boolean(),
  status_as_of: date().allow(null),
  beds: integer().allow(null),
  size_words: Joi.string(),
  clearances: grows({
    ...(Object.fromEntries(CLEARANCE_KEYS.map((key) => [key, triState()])) as Joi.PartialSchemaMap),
    as_of: date().allow(null),
    ...closedFields,
  }),
  medi_cal_alw: grows({
    value: Joi.string().valid('true', 'not_on_file'),
    line: Joi.string(),
    scope: nullableText(),
    list_as_of: date().allow(null),
    ...closedFields,
  }),
  price,
  state_record: grows({
    documents_on_file: integer().allow(null),
    latest_visit_date: date().allow(null),
    type_a_citations: integer().allow(null),
    type_b_citations: integer().allow(null),
    tallies_since_year: nullableText(),
  }),
  page: uri(),
  markdown: uri(),
  record: facilityDetail.optional(),
})
  .meta({ component: 'CheckHome' })
  .description('The compact home of a matched result; with detail: true it also carries `record`, the full v1 Facility record.');

const candidate = grows({
  license_number: Joi.string().pattern(/^\d{9}$/),
  name: Joi.string(),
  licensed_name: Joi.string(),
  city: nullableText(),
  county: nullableText(),
  address,
  beds: integer().allow(null),
  license_status: nullableText(),
  links: grows({ page: uri(), markdown: uri(), state_record: uri(), corrections: uri() }),
}).meta({ component: 'Candidate' });

export const checkResponse = envelope(
  'CheckResponse',
  grows({
    results: Joi.array().items(
      grows({
        input: Joi.string().description('The input as sent.'),
        status: Joi.string().valid('matched', 'ambiguous', 'not_found'),
        home: checkHome.allow(null),
        candidates: Joi.array().items(candidate).max(5).description('Empty unless ambiguous; at most 5, alphabetical by name.'),
      }),
    ),
    counts: grows({
      given: integer(),
      duplicates_merged: integer(),
      matched: integer(),
      ambiguous: integer(),
      not_found: integer(),
    }),
    honesty: grows({ order: Joi.string(), neutrality: Joi.string(), never_in_this_data: Joi.string(), fairness_note: Joi.string() }),
    data_dates: grows({ state_record_loaded_on: date().allow(null), alw_list_as_of: date().allow(null) }),
    display: Joi.string().description('A Markdown summary.'),
  }).meta({ component: 'CheckResult' }),
);

export const frontDoor = grows({
  api_version: Joi.string().valid('v1'),
  description: Joi.string(),
  endpoints: grows({ list: Joi.string(), facility: Joi.string(), reports: Joi.string(), guides: Joi.string(), batch_check: Joi.string() }),
  mcp: grows({ url: uri(), transport: Joi.string(), documentation: uri() }),
  openapi: uri(),
  documentation: uri(),
  terms: uri(),
  attribution: Joi.string(),
  ordering: Joi.string(),
  needs: Joi.array().items(Joi.string().valid(...NEED_KEYS)).optional(),
  demo_data: Joi.boolean().valid(true).optional().description('Present, true, only while the homes served are invented demo data.'),
  demo_notice: Joi.string().optional().description('Says in words that the homes served are invented (only with demo_data).'),
}).meta({ component: 'FrontDoor' });

export const health = grows({
  status: Joi.string().valid('ok', 'degraded'),
  reason: Joi.string().optional(),
  snapshot: grows({
    file: Joi.string(),
    snapshot_date: date().allow(null),
    created_at: dateTime().allow(null),
    run_id: nullableText(),
    roster_as_of: date().allow(null),
  }),
  overlay: grows({ loaded_at: dateTime().allow(null), reviews_held: integer(), handoff_mode: Joi.string().valid(...HANDOFF_MODES) }),
  usage: grows({ client_names: integer(), requests_with_client_name: integer() }),
});
