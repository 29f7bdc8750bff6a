// The site's own unversioned endpoints under /api/facilities: page-shaped, for the home page's
// type-ahead, map and list. They may change without notice and carry no tri-state promise, yet
// they are validated, rate-limited (all /api paths: 240 a minute per IP) and never expose more
// than v1 does: no availability, no rank or score, no price, no personal data.
import Boom from '@hapi/boom';
import type { Lifecycle, Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { CLEARANCE_KEYS, NEEDS, NEED_KEYS, triStateWords, type ClearanceKey } from '../../contract/facts.ts';
import type { LatLon } from '../../contract/geo.ts';
import { licenseNumberFrom, nameKey } from '../../contract/names.ts';
import { homeRecord, licensesFailingNeeds } from '../records/home-record.ts';
import { noQuery } from '../http/input-schemas.ts';
import { failValidation, inputs } from '../http/validation.ts';
import { wholeNumber } from '../http/whole-number.ts';
import { requestSnapshot, shapeContext, type Services } from '../http/services.ts';
import { stateAttribution } from '../shape/envelope.ts';
import { FAIRNESS_NOTE, NEUTRALITY, NEVER_IN_THIS_DATA, NO_SORT_PARAMETER } from '../words/wording.ts';
import { siteIndexOf, type Box, type SiteHome, type SiteIndex } from '../shape/homes-index.ts';

/** Cache-Control per endpoint. all-points also answers with an ETag (one body per snapshot). */
export const SITE_CACHE_CONTROL = {
  suggest: 'public, max-age=300, s-maxage=300, stale-while-revalidate=300',
  inBounds: 'public, max-age=300, s-maxage=300, stale-while-revalidate=300',
  allPoints: 'public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400',
  summary: 'public, max-age=300, s-maxage=300, stale-while-revalidate=300',
} as const;

export const UNVERSIONED =
  "This is one of the site's own unversioned endpoints: page-shaped, it may change without notice and carries no tri-state promise. Build on /api/v1.";

export const SUGGEST_ORDER = 'Alphabetical within each kind (counties, cities, homes). Nothing is ranked.';
export const IN_BOUNDS_ORDER = {
  name_asc: 'Alphabetical by facility name, then license number. Nothing is ranked.',
  distance: 'Nearest first by straight-line distance from the point you chose, then alphabetical. Nothing is ranked.',
} as const;
export const NO_SORT_IN_BOUNDS =
  'There is no sort parameter: homes are alphabetical by name (then license number), or nearest first from a point you give with near=latitude,longitude. Nothing is ranked.';

/** The largest box in-bounds answers: California fits (about 9.7 degrees tall, 10.3 wide). */
export const MAX_BOX_DEGREES = 12;
export const SUGGEST_LIMIT = { default: 8, max: 20 };
export const IN_BOUNDS_LIMIT = { default: 50, max: 200 };

const JSON_TYPE = 'application/json; charset=utf-8';

/** One edge of the box: a latitude within ±90 or a longitude within ±180 degrees. */
function boxEdge(name: string, kind: 'latitude' | 'longitude') {
  const limit = kind === 'latitude' ? 90 : 180;
  return Joi.number()
    .min(-limit)
    .max(limit)
    .required()
    .messages({ '*': `${name} must be given once, as a ${kind} between -${limit} and ${limit} (the box is south, west, north, east in degrees)` });
}

const needsSchema = Joi.string()
  .max(200)
  .custom((value: string, helpers) => {
    const clearances = new Set<ClearanceKey>();
    for (const raw of value.split(',')) {
      const clearance = NEEDS[raw.trim().toLowerCase()];
      if (!clearance) return helpers.error('needs.unknown', { need: raw.trim().slice(0, 40) });
      clearances.add(clearance);
    }
    return [...clearances];
  })
  .messages({
    'needs.unknown': `Unknown need "{#need}". Accepted needs: ${NEED_KEYS.join(', ')}.`,
    '*': `needs must be given once, as comma-separated keys from: ${NEED_KEYS.join(', ')}`,
  });

const NEAR_MESSAGE = 'near must be given once, as latitude,longitude in degrees (for example near=38.58,-121.49)';

const nearSchema = Joi.string()
  .max(60)
  .custom((value: string, helpers) => {
    const parts = value.split(',').map((part) => part.trim());
    const numbers = parts.map((part) => (/^-?\d+(\.\d+)?$/.test(part) ? Number(part) : Number.NaN));
    const [lat, lon] = numbers;
    if (numbers.length !== 2 || lat === undefined || lon === undefined || !(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180)) {
      return helpers.error('near.invalid');
    }
    return { latitude: lat, longitude: lon } satisfies LatLon;
  })
  .messages({ '*': NEAR_MESSAGE });

export const suggestQuery = Joi.object({
  q: Joi.string()
    .trim()
    .min(2)
    .max(80)
    .required()
    .messages({ '*': 'q must be given once, as 2 to 80 characters of a home name, a city, a county or a license number' }),
  limit: wholeNumber(1, SUGGEST_LIMIT.max, `limit must be an integer between 1 and ${SUGGEST_LIMIT.max}`).default(SUGGEST_LIMIT.default),
});

export const inBoundsQuery = Joi.object({
  south: boxEdge('south', 'latitude'),
  west: boxEdge('west', 'longitude'),
  north: boxEdge('north', 'latitude'),
  east: boxEdge('east', 'longitude'),
  needs: needsSchema,
  near: nearSchema,
  limit: wholeNumber(1, IN_BOUNDS_LIMIT.max, `limit must be an integer between 1 and ${IN_BOUNDS_LIMIT.max}`).default(IN_BOUNDS_LIMIT.default),
})
  .custom((value: Box, helpers) => {
    if (value.south > value.north) return helpers.error('box.order', { what: 'south must not be greater than north' });
    if (value.west > value.east) return helpers.error('box.order', { what: 'west must not be greater than east (boxes across the 180th meridian are not served)' });
    if (value.north - value.south > MAX_BOX_DEGREES || value.east - value.west > MAX_BOX_DEGREES) {
      return helpers.error('box.size');
    }
    return value;
  })
  .messages({
    'box.order': '{#what}',
    'box.size': `The box may be at most ${MAX_BOX_DEGREES} degrees tall and ${MAX_BOX_DEGREES} degrees wide (all of California fits); zoom in.`,
  });

export const summaryParams = Joi.object({
  license: Joi.string()
    .pattern(/^#?\d[\d -]{0,10}$/)
    .required()
    .messages({ '*': 'license must be a license number: up to 9 digits, for example 197600123' }),
});

interface InBoundsQuery extends Box {
  needs?: ClearanceKey[];
  near?: LatLon;
  limit: number;
}

function json(h: ResponseToolkit, value: unknown) {
  return h.response(JSON.stringify(value)).type(JSON_TYPE);
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function allPointsBody(index: SiteIndex, asOf: string | null, attribution: unknown): string {
  // Arrays, not objects: the map needs ~8,000 of these at once. Five decimals is about a metre.
  const points = index.located.map((home) => [home.license_number, round(home.latitude!, 5), round(home.longitude!, 5)]);
  return JSON.stringify({
    fields: ['license_number', 'latitude', 'longitude'],
    points,
    total: points.length,
    as_of: asOf,
    summary: '/api/facilities/{license_number}',
    unversioned: UNVERSIONED,
    attribution,
  });
}

/** A GET of the site's own API: its Cache-Control, its inputs, and the sort refusal its 400 gives. */
function get(path: string, cacheControl: string, schemas: Parameters<typeof inputs>[0], handler: Lifecycle.Method, noSort = NO_SORT_PARAMETER): ServerRoute {
  return {
    method: 'GET',
    path,
    options: { cache: { otherwise: cacheControl }, validate: { ...inputs(schemas), failAction: failValidation(undefined, noSort) } },
    handler,
  };
}

export function siteApiRoutes(services: Services): ServerRoute[] {
  const { baseUrl } = services.settings;
  const attribution = (request: Request) => {
    const { meta } = requestSnapshot(request, services.snapshots);
    return stateAttribution(baseUrl, meta.snapshotDate, meta.demoData);
  };

  return [
    get('/api/facilities/suggest', SITE_CACHE_CONTROL.suggest, { query: suggestQuery }, (request, h) => {
      const { q, limit } = request.query as unknown as { q: string; limit: number };
      const snapshot = requestSnapshot(request, services.snapshots);
      return json(h, { q, ...suggestions(services, request, siteIndexOf(snapshot), q, limit), attribution: attribution(request) });
    }),
    get(
      '/api/facilities/in-bounds',
      SITE_CACHE_CONTROL.inBounds,
      { query: inBoundsQuery },
      (request, h) => {
        const query = request.query as unknown as InBoundsQuery;
        const context = shapeContext(request, services);
        const needs = query.needs ?? [];
        const underReview = licensesFailingNeeds(context.overlay, needs);
        const near = query.near ?? null;
        const box: Box = { south: query.south, west: query.west, north: query.north, east: query.east };
        const index = siteIndexOf(context.snapshot);
        const found = index.inBounds(box, needs, underReview, near, query.limit);
        const unlocated = index.notOnMap(needs, underReview, query.limit);
        return json(h, {
          box,
          near,
          needs: needs.length > 0 ? needs : null,
          homes: found.items.map(({ home, miles }) => ({
            license_number: home.license_number,
            name: home.name,
            city: home.city,
            county: home.county,
            latitude: home.latitude,
            longitude: home.longitude,
            page: `${baseUrl}${home.path}`,
            ...(miles === null ? {} : { distance_miles: round(miles, 1) }),
          })),
          total: found.total,
          limit: query.limit,
          truncated: found.total > found.items.length,
          // Homes the map cannot show (no location on file), named so none disappears silently.
          not_on_map: {
            total: unlocated.total,
            homes: unlocated.items.map((home) => ({ license_number: home.license_number, name: home.name, city: home.city, county: home.county, page: `${baseUrl}${home.path}` })),
          },
          order: near ? 'distance' : 'name_asc',
          order_sentence: near ? IN_BOUNDS_ORDER.distance : IN_BOUNDS_ORDER.name_asc,
          neutrality: NEUTRALITY,
          never_in_this_data: NEVER_IN_THIS_DATA,
          unversioned: UNVERSIONED,
          attribution: attribution(request),
        });
      },
      NO_SORT_IN_BOUNDS,
    ),
    get('/api/facilities/all-points', SITE_CACHE_CONTROL.allPoints, { query: noQuery }, (request, h) => {
      const snapshot = requestSnapshot(request, services.snapshots);
      const { body, etag } = siteIndexOf(snapshot).allPoints(
        (index) => allPointsBody(index, snapshot.meta.snapshotDate, attribution(request)),
        baseUrl,
      );
      // hapi answers 304 itself when If-None-Match carries this tag.
      return h.response(body).type(JSON_TYPE).etag(etag);
    }),
    get('/api/facilities/{license}', SITE_CACHE_CONTROL.summary, { params: summaryParams, query: noQuery }, (request, h) => {
      const given = (request.params as { license: string }).license;
      const context = shapeContext(request, services);
      const found = homeRecord(context, licenseNumberFrom(given) ?? given);
      if (!found) throw Boom.notFound(`No home with license number ${given} is on the roster.`);
      const { compact: home, facility: record } = found;
      const words = Object.fromEntries(CLEARANCE_KEYS.map((key) => [key, triStateWords(home.clearances[key])]));
      return json(h, {
        license_number: home.license_number,
        name: home.name,
        licensed_name: home.licensed_name,
        address: record.address.value,
        phone: record.phone.value,
        capacity: home.beds,
        size_words: home.size_words,
        license_status: home.license_status,
        license_closed: home.license_closed,
        status_as_of: home.status_as_of,
        care_approvals: { ...words, as_of: home.clearances.as_of, closed_note: home.clearances.closed_note },
        assisted_living_waiver: home.medi_cal_alw.line,
        state_record: {
          documents_on_file: home.state_record.documents_on_file,
          latest_visit_date: home.state_record.latest_visit_date,
        },
        location: record.location.value,
        links: {
          page: home.page,
          markdown: home.markdown,
          state_record: found.row.state_record_url,
          corrections: record.links.corrections,
        },
        never_in_this_data: NEVER_IN_THIS_DATA,
        fairness_note: FAIRNESS_NOTE,
        unversioned: UNVERSIONED,
        attribution: attribution(request),
      });
    }),
  ];
}

export type Suggestions = ReturnType<typeof suggestions>;

function suggestedHome(home: Pick<SiteHome, 'license_number' | 'name' | 'city' | 'county' | 'license_status'>, licenseClosed: boolean, page: string) {
  const { license_number, name, city, county, license_status } = home;
  return { license_number, name, city, county, license_status, license_closed: licenseClosed, page };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * What matches as typed: counties, cities and listed homes with a word starting with the query,
 * each kind alphabetical; a license number also finds its home whatever its status. Used by the
 * type-ahead and by the home page's plain search (`/?q=`).
 */
export function suggestions(services: Services, request: Request, index: SiteIndex, q: string, limit: number) {
  const { baseUrl } = services.settings;
  const key = nameKey(q.replace(/\s+county\s*$/i, '')) || nameKey(q);
  const counties = index.matchCounties(key, limit);
  const cities = index.matchCities(key, limit);
  const homes = index.matchHomes(key, limit);
  let homeItems = homes.items.map((home) => suggestedHome(home, false, `${baseUrl}${home.path}`));
  let homesTotal = homes.total;
  const license = licenseNumberFrom(q);
  if (license && !homeItems.some((item) => item.license_number === license)) {
    const context = shapeContext(request, services);
    const record = homeRecord(context, license);
    if (record) {
      // A license number is a look-up: its home is shown whatever its status, in name order.
      homeItems.push(suggestedHome(record.compact, record.compact.license_closed, record.compact.page));
      homeItems.sort((a, b) => collator.compare(a.name, b.name) || a.license_number.localeCompare(b.license_number));
      homeItems = homeItems.slice(0, limit);
      homesTotal += 1;
    }
  }
  return {
    counties: counties.items.map((entry) => ({ county: entry.county, listed_homes: entry.listedHomes, page: `${baseUrl}${entry.path}` })),
    cities: cities.items.map((entry) => ({
      city: entry.city,
      county: entry.county,
      listed_homes: entry.listedHomes,
      page: `${baseUrl}${entry.path}`,
    })),
    homes: homeItems,
    totals: { counties: counties.total, cities: cities.total, homes: homesTotal },
    truncated: counties.total > counties.items.length || cities.total > cities.items.length || homesTotal > homeItems.length,
    order: SUGGEST_ORDER,
    neutrality: NEUTRALITY,
    unversioned: UNVERSIONED,
  };
}
