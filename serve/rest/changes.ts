// The change log's own surfaces: GET /api/v1/changes and GET /api/v1/facilities/{license}/history
// (REST v1, additive: same envelope, attribution, validation and Cache-Control as the list), and
// the Atom feeds /changes.atom and /county/<slug>/changes.atom.
import Boom from '@hapi/boom';
import type { Plugin, ServerRoute } from '@hapi/hapi';
import { placeKey } from '../../contract/names.ts';
import { CACHE_CONTROL } from '../http/cache-control.ts';
import { licenseOf, recordOr404, stateJson } from './plugin.ts';
import { licenseParams, noQuery } from '../http/input-schemas.ts';
import { openApiDocs } from './route-docs.ts';
import { failValidation, inputs } from '../http/validation.ts';
import { shapeContext, type Services } from '../http/services.ts';
import type { ShapeContext } from '../records/context.ts';
import { countyBySlug } from '../records/places.ts';
import { ATOM_TYPE, FEED_ENTRIES, atomFeed, type FeedOptions } from './feed.ts';
import { historyOf, listChanges, type ChangeFilter } from '../records/changes.ts';
import { changesQuery, changesResponse, historyResponse, type ChangesQuery } from './changes-schemas.ts';
import { CHANGES_FAIRNESS, CHANGES_ORDER, changeJson } from '../shape/changes.ts';
import { noSortParameterIn } from '../words/wording.ts';

function restRoutes(services: Services): ServerRoute[] {
  const { baseUrl } = services.settings;
  const failAction = failValidation(undefined, noSortParameterIn(CHANGES_ORDER));
  return [
    {
      method: 'GET',
      path: '/api/v1/changes',
      options: {
        cache: { otherwise: CACHE_CONTROL.facilities },
        validate: { ...inputs({ query: changesQuery }), failAction },
        plugins: openApiDocs({
          operationId: 'listChanges',
          summary: 'Changes on the state record: licenses added, removed, and fields changed, newest run first',
          description:
            `Every change the pipeline has seen between successive snapshots, values verbatim with their own source dates. ${CHANGES_ORDER} ` +
            'county, city, limit and offset follow the list\'s rules. A filter that matches nothing returns 200 with an empty list. ' +
            `Any other parameter is refused with 400; there is no sort parameter. ${CHANGES_FAIRNESS}`,
          tag: 'Changes',
          ok: { schema: changesResponse, description: 'One page of changes.' },
          errors: [400, 429, 500],
        }),
      },
      handler: (request, h) => {
        const query = request.query as unknown as ChangesQuery;
        const context = shapeContext(request, services);
        const page = listChanges(
          context,
          {
            since: query.since ?? null,
            countyKey: query.county === undefined ? null : placeKey(query.county),
            cityKey: query.city === undefined ? null : placeKey(query.city),
            kind: query.kind ?? null,
            field: query.field ?? null,
          },
          query.limit,
          query.offset,
        );
        const items = page.rows.map((row) => changeJson(baseUrl, row, context.overlay.reviewsOf(row.license_number))).join(',');
        const data = `{"changes":[${items}],"total":${page.total},"limit":${query.limit},"offset":${query.offset},"order":"run_desc_name_asc","note":${JSON.stringify(CHANGES_FAIRNESS)}}`;
        return stateJson(h, baseUrl, context.snapshot, data);
      },
    },
    {
      method: 'GET',
      path: '/api/v1/facilities/{license}/history',
      options: {
        cache: { otherwise: CACHE_CONTROL.facility },
        validate: { ...inputs({ params: licenseParams, query: noQuery }), failAction },
        plugins: openApiDocs({
          operationId: 'getFacilityHistory',
          summary: "A home's whole change log, newest first",
          description: `Every logged change of one license (a removed license keeps its history). 404 as for the detail. ${CHANGES_FAIRNESS}`,
          tag: 'Changes',
          ok: { schema: historyResponse, description: 'The whole log of the license.' },
          errors: [400, 404, 429, 500],
        }),
      },
      handler: (request, h) => {
        const given = (request.params as { license: string }).license;
        const context = shapeContext(request, services);
        const license = licenseOf(given);
        const rows = historyOf(context, license);
        // A license with no logged change is answered only when it is on the roster, as the detail is.
        if (rows.length === 0) recordOr404(services, request, given);
        const items = rows.map((row) => changeJson(baseUrl, row, context.overlay.reviewsOf(license))).join(',');
        const data = `{"license_number":${JSON.stringify(license)},"changes":[${items}],"total":${rows.length},"note":${JSON.stringify(CHANGES_FAIRNESS)}}`;
        return stateJson(h, baseUrl, context.snapshot, data);
      },
    },
  ];
}

const ANY_CHANGE: ChangeFilter = { since: null, countyKey: null, cityKey: null, kind: null, field: null };

function feedRoutes(services: Services): ServerRoute[] {
  const { baseUrl } = services.settings;
  /** The newest changes the filter matches, as the feed at selfPath about the page at pagePath. */
  const feed = (context: ShapeContext, filter: ChangeFilter, about: Pick<FeedOptions, 'selfPath' | 'pagePath' | 'title'>) => {
    const { meta } = context.snapshot;
    return atomFeed({ baseUrl, ...about, snapshotDate: meta.snapshotDate, demo: meta.demoData }, listChanges(context, filter, FEED_ENTRIES, 0).rows);
  };
  return [
    {
      method: 'GET',
      path: '/changes.atom',
      options: { cache: { otherwise: CACHE_CONTROL.facilities } },
      handler: (request, h) => {
        const title = "Changes on California's licensing record of elder-care homes";
        return h.response(feed(shapeContext(request, services), ANY_CHANGE, { selfPath: '/changes.atom', pagePath: '/', title })).type(ATOM_TYPE);
      },
    },
    {
      method: 'GET',
      path: '/county/{county}/changes.atom',
      options: { cache: { otherwise: CACHE_CONTROL.facilities } },
      handler: (request, h) => {
        const context = shapeContext(request, services);
        const slug = (request.params as { county: string }).county;
        const county = countyBySlug(context.snapshot, slug);
        if (!county) throw Boom.notFound(`No county with licensed homes is called "${slug.slice(0, 40)}". The counties are listed at ${baseUrl}/county.`);
        const title = `Changes on the state record: care homes in ${county.name} County`;
        const about = { selfPath: `/county/${county.slug}/changes.atom`, pagePath: `/county/${county.slug}`, title };
        return h.response(feed(context, { ...ANY_CHANGE, countyKey: county.key }, about)).type(ATOM_TYPE);
      },
    },
  ];
}

export const changesPlugin: Plugin<Services> = {
  name: 'changes',
  register(server, services) {
    server.route([...restRoutes(services), ...feedRoutes(services)]);
  },
};
