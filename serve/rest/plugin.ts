// The REST v1 surface: thin routes. Each declares its validation, its Cache-Control (spec
// "Caching") and its OpenAPI description next to the handler; the work is in the query layer,
// the shapers and the check.
import Boom from '@hapi/boom';
import type { Plugin, Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import { licenseNumberFrom, placeKey } from '../../contract/names.ts';
import { checkHomes, type CheckInput } from '../shape/check.ts';
import { demoFields } from '../http/demo.ts';
import { guideCatalog, guidesReviewedOn } from '../words/guides/catalog.ts';
import { openApiDocs } from './route-docs.ts';
import { homeRecord, licensesFailingNeeds, type HomeRecord } from '../records/home-record.ts';
import { listedHomesOf } from '../records/listed-homes.ts';
import { reportsByLicense } from '../records/query.ts';
import { requestSnapshot, shapeContext, type Services } from '../http/services.ts';
import type { Snapshot } from '../records/snapshot.ts';
import { editorialAttribution, envelopeJson, stateAttribution } from '../shape/envelope.ts';
import { restDetailJson, restListJson } from '../shape/facility.ts';
import { frontDoor } from './front-door.ts';
import {
  checkBody,
  checkHeaders,
  facilityListQuery,
  licenseParams,
  MAX_REPORTS_PAGE,
  noQuery,
  reportsQuery,
  type FacilityListQuery,
  type ReportsQuery,
} from '../http/input-schemas.ts';
import * as responses from './response-schemas.ts';
import { CACHE_CONTROL } from '../http/cache-control.ts';
import { failPayload, failValidation, inputs } from '../http/validation.ts';
import { CHECK_ORDER, GUIDES_ORDER, noSortParameterIn, REPORTS_ORDER } from '../words/wording.ts';

function json(h: ResponseToolkit, body: string | Buffer) {
  return h.response(body).type('application/json; charset=utf-8');
}

/** A state-record answer: `data` (JSON text) in the v1 envelope, attributed to the state's data of `date` (by default the snapshot's). */
export function stateJson(h: ResponseToolkit, baseUrl: string, snapshot: Snapshot, data: string, date = snapshot.meta.snapshotDate) {
  return json(h, envelopeJson(data, stateAttribution(baseUrl, date, snapshot.meta.demoData)));
}

/** The license a path names: its nine digits (a shorter number zero-padded), else as given. */
export function licenseOf(given: string): string {
  return licenseNumberFrom(given) ?? given;
}

/** The spec's 404 for a license not on the roster. */
function notOnRoster(given: string): Boom.Boom {
  const shown = given.length > 40 ? `${given.slice(0, 40)}…` : given;
  return Boom.notFound(`No home with license number ${shown} is on the roster.`);
}

/** The requested license's record, or the spec's 404. */
export function recordOr404(services: Services, request: Request, license: string): HomeRecord {
  const record = homeRecord(shapeContext(request, services), licenseOf(license));
  if (!record) throw notOnRoster(license);
  return record;
}

function routes(services: Services): ServerRoute[] {
  const { baseUrl } = services.settings;
  const failAction = failValidation();

  return [
    {
      method: 'GET',
      path: '/api/v1',
      options: {
        cache: { otherwise: CACHE_CONTROL.frontDoor },
        validate: { ...inputs({ query: noQuery }), failAction },
        plugins: openApiDocs({
          operationId: 'getFrontDoor',
          summary: 'Front door: where every endpoint is',
          description: 'The one plain object of the API (not an envelope).',
          tag: 'About',
          ok: { schema: responses.frontDoor, description: 'Endpoints, MCP server, OpenAPI, terms, attribution and ordering.' },
          errors: [400, 429, 500],
        }),
      },
      handler: (request, h) => h.response({ ...frontDoor(baseUrl), ...demoFields(requestSnapshot(request, services.snapshots).meta.demoData) }),
    },
    {
      method: 'GET',
      path: '/api/v1/facilities',
      options: {
        cache: { otherwise: CACHE_CONTROL.facilities },
        validate: { ...inputs({ query: facilityListQuery }), failAction },
        plugins: openApiDocs({
          operationId: 'listFacilities',
          summary: 'List licensed homes, alphabetical by name then license number',
          description:
            'Only licenses whose status is LICENSED, LICENSED/PENDING INCREASE or PROBATIONARY LICENSE (any capitalization). ' +
            'Page with offset + limit until total is reached. A filter that matches nothing, or an offset at or past total, ' +
            'returns 200 with an empty list and the true total. Any other parameter is refused with 400; there is no sort parameter.',
          tag: 'Facilities',
          ok: { schema: responses.facilityList, description: 'One page of Facility records.' },
          errors: [400, 429, 500],
        }),
      },
      handler: (request, h) => {
        const query = request.query as unknown as FacilityListQuery;
        const context = shapeContext(request, services);
        const needs = query.needs ?? [];
        const { licenses } = listedHomesOf(context.snapshot).select({
          countyKey: query.county === undefined ? null : placeKey(query.county),
          cityKey: query.city === undefined ? null : placeKey(query.city),
          clearances: needs,
          excluded: licensesFailingNeeds(context.overlay, needs),
          waiver: query.waiver === 'true',
        });
        const page = licenses.slice(query.offset, query.offset + query.limit);
        const data = `{"facilities":[${restListJson(context, page)}],"total":${licenses.length},"limit":${query.limit},"offset":${query.offset},"order":"name_asc"}`;
        return stateJson(h, baseUrl, context.snapshot, data);
      },
    },
    {
      method: 'GET',
      path: '/api/v1/facilities/{license}',
      options: {
        cache: { otherwise: CACHE_CONTROL.facility },
        validate: { ...inputs({ params: licenseParams, query: noQuery }), failAction },
        plugins: openApiDocs({
          operationId: 'getFacility',
          summary: 'One home by license number, any status (closed licenses included)',
          description:
            'The Facility record plus state_documents. There is no closed flag: when license_status.value contains CLOSED, ' +
            'the clearance and waiver values are what the record held while open.',
          tag: 'Facilities',
          ok: { schema: responses.facilityDetailResponse, description: 'The Facility record with state_documents.' },
          errors: [400, 404, 429, 500],
        }),
      },
      handler: (request, h) => {
        const { license } = request.params as { license: string };
        const context = shapeContext(request, services);
        const data = restDetailJson(context, licenseOf(license));
        if (data === undefined) throw notOnRoster(license);
        return stateJson(h, baseUrl, context.snapshot, data);
      },
    },
    {
      method: 'GET',
      path: '/api/v1/facilities/{license}/reports',
      options: {
        cache: { otherwise: CACHE_CONTROL.reports },
        validate: { ...inputs({ params: licenseParams, query: reportsQuery }), failAction: failValidation(undefined, noSortParameterIn(REPORTS_ORDER)) },
        plugins: openApiDocs({
          operationId: 'listFacilityReports',
          summary: "A home's state documents (reports), newest first, the whole list",
          description:
            'Report url is null today (the state publishes no stable per-document address): use state_record_url. ' +
            `Narrative text is not in this endpoint. One answer holds at most ${MAX_REPORTS_PAGE} reports (the whole list of any home the state lists); ` +
            'past that, or with a smaller limit, page with offset until next_offset is null.',
          tag: 'Facilities',
          ok: { schema: responses.reportsResponse, description: 'Every report the state lists for the license.' },
          errors: [400, 404, 429, 500],
        }),
      },
      handler: (request, h) => {
        const { row } = recordOr404(services, request, (request.params as { license: string }).license);
        const context = shapeContext(request, services);
        const { limit, offset } = request.query as unknown as ReportsQuery;
        const listed = reportsByLicense(context.snapshot, row.license_number);
        const reports = listed.slice(offset, offset + limit).map(({ ref, control_number, ...rest }) => ({ ref, control_number, source_class: 'state', ...rest }));
        const data = JSON.stringify({
          license_number: row.license_number,
          state_record_url: row.state_record_url,
          reports,
          // The state's own count of what it lists; it can exceed what one index answer carried.
          total: Math.max(row.documents_count ?? 0, listed.length),
          limit,
          offset,
          next_offset: offset + limit < listed.length ? offset + limit : null,
        });
        return stateJson(h, baseUrl, context.snapshot, services.filler.fillText(data));
      },
    },
    {
      method: 'GET',
      path: '/api/v1/guides',
      options: {
        cache: { otherwise: CACHE_CONTROL.guides },
        validate: { ...inputs({ query: noQuery }), failAction: failValidation(undefined, noSortParameterIn(GUIDES_ORDER)) },
        plugins: openApiDocs({
          operationId: 'listGuides',
          summary: "Editorial guides (the service's own words), the whole list",
          description:
            'Every guide the service publishes (choosing a home, what each care approval means, reading a state report, the ' +
            'Assisted Living Waiver, ...), each with its slug, title, description, page URL and publication and review dates. ' +
            "Guides are the service's own words, not the state's record; the attribution is dated with the latest review. " +
            'No parameters: the list is short and never paged.',
          tag: 'Guides',
          ok: { schema: responses.guidesResponse, description: 'Every guide.' },
          errors: [400, 429, 500],
        }),
      },
      handler: (_request, h) => {
        const guides = guideCatalog(baseUrl);
        const data = JSON.stringify({ guides, total: guides.length });
        return json(h, envelopeJson(data, editorialAttribution(baseUrl, guidesReviewedOn())));
      },
    },
    {
      method: 'POST',
      path: '/api/v1/check',
      options: {
        cache: { otherwise: CACHE_CONTROL.check },
        payload: {
          // Any Content-Type is read as JSON, so every unreadable body gets the same 400 sentence.
          override: 'application/json',
          maxBytes: services.settings.checkBodyMaxBytes,
          failAction: failPayload(services.settings.checkBodyMaxBytes),
        },
        validate: { ...inputs({ headers: checkHeaders, query: noQuery, payload: checkBody }), failAction: failValidation('check_homes', noSortParameterIn(CHECK_ORDER)) },
        plugins: openApiDocs({
          operationId: 'checkHomes',
          summary: 'Batch check: up to 100 license numbers or names against the state record',
          description:
            'Matching per entry: exact license number, then exact name (goes-by or licensed; "name, city" narrows to a city), ' +
            'then a fuzzy did-you-mean. A name that fits several licenses, or only resembles one, is ambiguous with at most ' +
            `5 candidates (alphabetical), never a guess. Duplicates (same text ignoring case and spacing) are merged and counted. ` +
            `Results keep the order the inputs were sent. One request is one unit of budget. Bodies over ` +
            `${services.settings.checkBodyMaxBytes} bytes get 413. The REST twin of the MCP tool check_homes.`,
          tag: 'Check',
          ok: { schema: responses.checkResponse, description: 'One result per distinct input, in the order sent.' },
          errors: [400, 413, 429, 500],
        }),
      },
      handler: (request, h) => {
        const clientName = request.headers['x-client-name'];
        if (typeof clientName === 'string') services.usage.count(clientName);
        const context = shapeContext(request, services);
        return stateJson(h, baseUrl, context.snapshot, JSON.stringify(checkHomes(context, request.payload as CheckInput)), context.snapshot.meta.rosterAsOf);
      },
    },
  ];
}

export const restPlugin: Plugin<Services> = {
  name: 'rest-v1',
  register(server, services) {
    server.route(routes(services));
  },
};
