// zod schemas shared by the MCP tools: the flat home records (compact and full), the batch check
// result, the honesty block and data dates, and the input pieces several tools take. The SDK turns
// each into the JSON Schema that tools/list advertises (object roots, additionalProperties: false),
// so every structuredContent must carry exactly these keys.
import { LANGUAGES } from '../words/language.ts';
import * as z from 'zod/v4';
import { CLEARANCE_KEYS, NEED_KEYS } from '../../contract/facts.ts';
import { asksForAvailability, asksForSort, NEUTRALITY, NO_AVAILABILITY } from '../words/wording.ts';
import { LOCATION_METHODS } from '../../contract/records.ts';

// ---- Output pieces -----------------------------------------------------------------------------

// One instance per shape, so the advertised schema writes each once (see json-schema.ts). A
// nested description says only what the field's name cannot, once: that dates are ISO
// (YYYY-MM-DD) and each as_of is the date of the state file its values come from is said by the
// record's description and by data_dates', not on every date; each honesty note (tri-state words,
// a price that is not the home's own, an absence that is not a no) sits on the shared shape.
const nullableDate = z.string().nullable();

export const triState = z
  .enum(['true', 'false', 'not_on_file'])
  .meta({ title: 'tri_state' })
  .describe("Both non-true values read 'not on file' in words; never present them as 'no'.");
const waiverValue = z
  .enum(['true', 'not_on_file'])
  .meta({ title: 'waiver_value' })
  .describe("not_on_file: absent from the state's waiver list, not a verified no.");
export const clearanceKey = z.enum(CLEARANCE_KEYS);
const address = z
  .object({ street: z.string().nullable(), city: z.string().nullable(), county: z.string().nullable(), zip: z.string().nullable() })
  .meta({ title: 'address' });
const point = z.object({ latitude: z.number(), longitude: z.number() });
const locationMethod = z.enum(LOCATION_METHODS).describe('zip_centroid: approximate.');
const locationValue = point.extend({ method: locationMethod });

export const dataDates = z
  .object({
    state_record_loaded_on: nullableDate,
    alw_list_as_of: nullableDate,
    care_approvals_as_of: nullableDate,
    snapshot_date: nullableDate,
  })
  .describe("Each source's own date (ISO), not this answer's.");

/**
 * Every tool's output schema allows these two (serve/mcp/tool.ts adds them to each): present only
 * while a demo snapshot is served, as REST's attribution.demo_data.
 */
export const demoNotice = {
  demo_data: z.literal(true).optional(),
  demo_notice: z.string().optional().describe('Invented demo data only: tell the user in these words.'),
};

export const honesty = z
  .object({
    order: z.string(),
    neutrality: z.string(),
    never_in_this_data: z.string(),
    fairness_note: z.string(),
  })
  .describe('Sentences to pass on with any list of homes.');

export const price = z
  .object({
    kind: z.enum(['home_listed', 'home_confirmed', 'covelight_estimate', 'area_typical']),
    is_this_homes_own_rate: z.boolean(),
    monthly_usd: z.number().int().nullable(),
    likely_range_usd: z.object({ low: z.number().int(), high: z.number().int() }).nullable(),
    line: z.string(),
    listing: z
      .object({
        site: z.string(),
        url: z.string(),
        seen_on: z.string().nullable(),
        updated_on: z.string().nullable(),
      })
      .optional(),
  })
  .nullable()
  .describe(
    "Starting rate a month; null if none is on file or the license is closed. monthly_usd is this home's price only if is_this_homes_own_rate (listing: where published), else an estimate or area figure; quote line with it.",
  );

const closedFields = {
  license_closed: z.boolean().describe('True: the values are history, not current approvals.'),
  closed_note: z.string().nullable().describe('Quote it with values of a closed license.'),
};

const clearanceValues = {
  dementia: triState,
  hospice: triState,
  non_ambulatory: triState.describe('What a wheelchair user needs.'),
  bedridden: triState,
};

export const mediCalAlw = z
  .object({
    value: waiverValue,
    line: z.string(),
    scope: z.string().nullable(),
    list_as_of: nullableDate,
    ...closedFields,
  })
  .describe("Medi-Cal Assisted Living Waiver, per the state's list. Quote line; scope says what the waiver pays for.");

export const stateRecordSummary = z.object({
  documents_on_file: z.number().int().nullable(),
  latest_visit_date: nullableDate,
  type_a_citations: z.number().int().nullable(),
  type_b_citations: z.number().int().nullable(),
  tallies_since_year: z.string().nullable(),
});

/** The export's tallies by visit type: one instance, so it is written once. */
const visitCount = z.number().int().nullable();
const byVisitType = z.object({ inspection: visitCount, other: visitCount, complaint: visitCount, total: visitCount });
const stateVisits = z
  .object({
    since_year: z.string().nullable(),
    visits: byVisitType,
    type_a: byVisitType,
    type_b: byVisitType,
    allegations: z.object({ total: visitCount, substantiated: visitCount, inconclusive: visitCount, unsubstantiated: visitCount, unfounded: visitCount }),
    as_of: nullableDate,
  })
  .nullable()
  .describe("From the state's weekly export, retrieved on as_of; counts cover since_year on. Substantiated is a finding on a complaint, not a verdict on the home.");

const statusNote = z.string().nullable().describe('Set for a status that is not a current license (an application): quote it.');

/** Compact flat record: every list and comparison. */
export const compactRecordShape = {
  license_number: z.string(),
  name: z.string(),
  licensed_name: z.string(),
  city: z.string().nullable(),
  county: z.string().nullable(),
  license: z.object({
    status: z.string().nullable(),
    closed: z.boolean(),
    closed_note: z.string().nullable(),
    status_note: statusNote,
    on_probation: triState,
    as_of: nullableDate,
  }),
  beds: z.number().int().nullable(),
  size_words: z.string(),
  clearances: z
    .object({
      ...clearanceValues,
      as_of: nullableDate,
      source_note: z.string().nullable().describe('Quote it when set.'),
      ...closedFields,
    })
    .describe('Care approvals on the license. A clearance under correction review reads not_on_file.'),
  medi_cal_alw: mediCalAlw,
  price,
  state_record: stateRecordSummary,
  state_record_url: z.string(),
  links: z.object({ page: z.string().describe('Cite this page.'), markdown: z.string() }),
  state_record_loaded_on: nullableDate,
  alw_list_as_of: nullableDate,
};
/** What every home record says of itself: its dates. */
const RECORD_DATES = 'Each as_of is the date of the state file its values come from; dates are ISO (YYYY-MM-DD).';
export const compactRecord = z.object(compactRecordShape).describe(`A home, compact flat record. ${RECORD_DATES}`);

/**
 * A list item: what a list needs of each home, and no more (issue 44: a list of 20 homes must fit an
 * assistant's context). A listed home is never closed and never an application, so the closed and
 * status notes are left out; each source's date stands once in data_dates, the waiver's scope once
 * in the list's notes; get_home (or compare_homes) gives the compact or full record.
 */
export const listedHome = z.object({
  license_number: z.string(),
  name: z.string(),
  licensed_name: z.string(),
  city: z.string().nullable(),
  county: z.string().nullable(),
  license: z.object({ status: z.string().nullable(), on_probation: triState, as_of: nullableDate }),
  beds: z.number().int().nullable(),
  clearances: z
    .object({ ...clearanceValues, as_of: nullableDate, source_note: z.string().nullable().describe('Quote it when set.') })
    .describe('Care approvals on the license. A clearance under correction review reads not_on_file.'),
  medi_cal_alw: waiverValue.describe("On the state's Medi-Cal Assisted Living Waiver list (as of data_dates.alw_list_as_of); not_on_file: absent, not a verified no."),
  price,
  state_record: stateRecordSummary,
  state_record_url: z.string(),
  page: z.string().describe('Cite this page.'),
  markdown: z.string(),
  state_record_loaded_on: nullableDate,
  alw_list_as_of: nullableDate,
  distance_km: z
    .number()
    .nullable()
    .describe('Straight-line, from the point given; null without one.'),
  distance_note: z.string().nullable().describe('Set when the distance is approximate.'),
});

export const fullRecord = z
  .object({
    license_number: z.string(),
    name: z.string(),
    licensed_name: z.string(),
    facility_type: z.string().nullable(),
    address: address.extend({ as_of: nullableDate }),
    location: locationValue.extend({ source_class: z.literal('machine_extracted'), note: z.string() }).nullable(),
    phone: z.object({
      number: z.string().nullable().describe('As on the state roster.'),
      as_of: nullableDate,
      note: z.string().nullable().describe('Set for a closed license: quote it with the number.'),
    }),
    licensee: z.object({ name: z.string().nullable(), as_of: nullableDate }),
    capacity: z.object({ beds: z.number().int().nullable(), size_words: z.string(), as_of: nullableDate }),
    operating_since_year: z.number().int().nullable(),
    license: z.object({
      status: z.string().nullable(),
      as_of: nullableDate,
      status_live: z.string().nullable().describe('As the data run last checked it; a call never checks live.'),
      status_live_checked_on: nullableDate,
      closed: z.boolean(),
      closed_note: z.string().nullable(),
      status_note: statusNote,
      on_probation: triState,
    }),
    clearances: compactRecordShape.clearances.extend({
      under_review: z
        .array(clearanceKey)
        .describe('Under correction review: read not_on_file until it closes.'),
    }),
    service_designations: z.object({
      codes: z
        .array(z.string())
        .nullable()
        .describe('Verbatim, less those of a clearance under review; null: not on file, never "none".'),
      as_of: nullableDate,
    }),
    medi_cal_alw: mediCalAlw,
    price,
    state_record: stateRecordSummary,
    state_documents: z.object({
      count: z.number().int().nullable(),
      since_year: z.string().nullable(),
      latest_date: nullableDate,
      as_of: nullableDate.describe('When the state documents were checked.'),
    }),
    state_visits: stateVisits,
    disputes: z.array(z.object({ field: z.string(), text: z.string(), approved_on: z.string() })),
    state_record_url: z.string(),
    links: compactRecordShape.links.extend({ corrections: z.string().describe('Where the user reports an error in this record.') }),
    state_record_loaded_on: nullableDate,
    alw_list_as_of: nullableDate,
    data_dates: dataDates,
  })
  .describe(`A home, full flat record. ${RECORD_DATES}`);

// ---- The batch check result (the same function as POST /api/v1/check) ----------------------------

const sourceClass = z.enum(['state', 'operator_attested', 'machine_extracted', 'third_party']);
const fact = <T extends z.ZodType>(value: T) =>
  z.object({ value, source_class: sourceClass, confirmed_on: z.string().nullable(), next_due: z.null(), ref: z.string() }).meta({ title: 'fact' });

const facilityRecord = z.object({
  license_number: z.string(),
  name: fact(z.string()),
  licensed_name: fact(z.string()),
  facility_type: fact(z.string().nullable()),
  license_status: fact(z.string().nullable()),
  license_status_live: fact(z.string().nullable()),
  on_probation: fact(triState),
  address: fact(address),
  location: fact(locationValue.nullable()),
  capacity: fact(z.number().int().nullable()),
  phone: fact(z.string().nullable()),
  licensee: fact(z.string().nullable()),
  operating_since_year: fact(z.number().int().nullable()),
  clearances: z.object({
    dementia: fact(triState),
    hospice: fact(triState),
    non_ambulatory: fact(triState),
    bedridden: fact(triState),
  }),
  alw_participation: fact(waiverValue),
  service_designations: fact(z.array(z.string()).nullable()),
  last_state_visit: fact(z.string().nullable()),
  state_documents: fact(
    z.object({ count: z.number().int(), since_year: z.string().nullable(), latest_date: z.string().nullable() }).nullable(),
  ),
  disputes: z.array(z.object({ field: z.string(), text: z.string(), approved_on: z.string() })),
  links: z.object({ facility_page: z.string(), corrections: z.string() }),
});

const checkedHome = z.object({
  license_number: z.string(),
  name: z.string(),
  licensed_name: z.string(),
  city: z.string().nullable(),
  county: z.string().nullable(),
  license_status: z.string().nullable(),
  license_closed: z.boolean(),
  status_as_of: z.string().nullable(),
  beds: z.number().int().nullable(),
  size_words: z.string(),
  clearances: z.object({ ...clearanceValues, as_of: z.string().nullable(), ...closedFields }),
  medi_cal_alw: mediCalAlw,
  price,
  state_record: stateRecordSummary,
  page: z.string(),
  markdown: z.string(),
  record: facilityRecord.optional().describe('The REST Facility record (detail: true only).'),
});

const candidate = z.object({
  license_number: z.string(),
  name: z.string(),
  licensed_name: z.string(),
  city: z.string().nullable(),
  county: z.string().nullable(),
  address,
  beds: z.number().int().nullable(),
  license_status: z.string().nullable(),
  links: z.object({ page: z.string(), markdown: z.string(), state_record: z.string(), corrections: z.string() }),
});

const checkResultItem = z.object({
  input: z.string(),
  status: z.enum(['matched', 'ambiguous', 'not_found']),
  home: checkedHome.nullable(),
  candidates: z.array(candidate).describe('Did-you-mean candidates, alphabetical; ask the user which one.'),
});

export const checkResult = z.object({
  results: z.array(checkResultItem).describe('One result per distinct input, in the order sent.'),
  counts: z.object({
    given: z.number().int(),
    duplicates_merged: z.number().int(),
    matched: z.number().int(),
    ambiguous: z.number().int(),
    not_found: z.number().int(),
  }),
  honesty: z.object({ order: z.string(), neutrality: z.string(), never_in_this_data: z.string(), fairness_note: z.string() }),
  data_dates: z.object({ state_record_loaded_on: z.string().nullable(), alw_list_as_of: z.string().nullable() }),
  display: z.string().describe('A Markdown summary a person can read as it is.'),
});

/**
 * check_homes' advertised output: the check result, with each home's detail record declared by
 * reference rather than spelled out (its schema is /openapi.json's Facility): tools/list is read
 * by every assistant, and the record's twenty facts would cost it 3 KB each time.
 */
export const checkToolOutput = checkResult.extend({
  results: z
    .array(
      checkResultItem.extend({
        home: checkedHome
          .extend({ record: z.unknown().optional().describe('detail: true only: the REST Facility record, as GET /api/v1/facilities/{license} gives it (schema: /openapi.json).') })
          .nullable(),
      }),
    )
    .describe('One result per distinct input, in the order sent.'),
});

// ---- Input pieces ------------------------------------------------------------------------------

/** The order of the list tools, named in a refusal by every tool that states no order of its own. */
const LIST_TOOLS_ORDER = 'By straight-line distance from a point you give, else alphabetical by name. Nothing is ranked.';

/**
 * A strict input object: an unknown argument is refused by name with the accepted ones listed,
 * and a sort/order/rank-like argument with the tool's own order and the neutrality sentence
 * (spec: refused with the reason, never ignored).
 */
export function strictInput<Shape extends z.ZodRawShape>(shape: Shape, order: string = LIST_TOOLS_ORDER) {
  const accepted = Object.keys(shape).join(', ');
  const refusal = `There is no sort, order or rank argument: results are always neutral. ${order} ${NEUTRALITY}`;
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        const keys = (issue as { keys: string[] }).keys;
        if (asksForSort(keys)) return `${refusal} Remove ${keys.join(', ')}. Accepted arguments: ${accepted}.`;
        if (asksForAvailability(keys)) return `${NO_AVAILABILITY} Remove ${keys.join(', ')}. Accepted arguments: ${accepted}.`;
        return `Unknown argument${keys.length === 1 ? '' : 's'} ${keys.join(', ')}. Accepted arguments: ${accepted}.`;
      }
      if (issue.code === 'invalid_type' && issue.path?.length === 0) return `Send the arguments as a JSON object. Accepted arguments: ${accepted}.`;
      return undefined;
    },
  });
}

/** An integer argument with a message that says what to send instead. */
export function integerArg(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

export function numberArg(name: string, min: number, max: number) {
  const message = `${name} must be a number from ${min} to ${max}`;
  return z.number({ error: message }).min(min, { error: message }).max(max, { error: message });
}

export function textArg(name: string, min: number, max: number) {
  const message = `${name} must be text of ${min} to ${max} characters`;
  return z.string({ error: message }).min(min, { error: message }).max(max, { error: message });
}

export const licenseArg = z
  .string({ error: 'license_number must be a 9-digit state license number as text, e.g. "015601295"' })
  .min(1, { error: 'license_number must not be empty' })
  .max(40, { error: 'license_number must be a 9-digit state license number; to find one by name, use check_homes or search' })
  .describe('9 digits (leading zeros may be left out); from a name, use check_homes or search.');

/** The language a family reads (en, es); results keep their field names and values either way. */
export const languageArg = z.enum(LANGUAGES, { error: `language must be one of: ${LANGUAGES.join(', ')}` }).optional();

/** The same argument on the tools that answer a family in either language (serve/mcp/language.ts picks it). */
export const answerLanguageArg = languageArg.describe("es: texts in Spanish, /es links; keys unchanged. Default: the host's locale, else en.");

export const needsArg = z
  .array(
    z.enum(NEED_KEYS as [string, ...string[]], {
      error: `each need must be one of ${NEED_KEYS.join(', ')} (wheelchair is matched against the non-ambulatory approval)`,
    }),
    { error: `needs must be a list of: ${NEED_KEYS.join(', ')}` },
  )
  .max(NEED_KEYS.length, { error: `needs takes at most ${NEED_KEYS.length} keys` })
  .describe('Care approvals the license must carry, ANDed (wheelchair: non-ambulatory). Only an explicit true matches.');

export const waiverArg = z
  .boolean({ error: 'waiver must be true or false' })
  .describe("true: only homes on the state's Medi-Cal Assisted Living Waiver list.");

export const pointArg = z
  .strictObject(
    {
      latitude: numberArg('near.latitude', -90, 90),
      longitude: numberArg('near.longitude', -180, 180),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'near takes exactly latitude and longitude (decimal degrees)' : undefined) },
  )
  .describe('A point in decimal degrees, e.g. {"latitude": 37.66, "longitude": -122.10}.');
