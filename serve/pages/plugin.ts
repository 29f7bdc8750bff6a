// The pages people read, one hapi plugin. Every page answers HTML, and the record and list pages
// and guides also answer their Markdown twin (`.md` added to the path, or Accept: text/markdown).
//
//   /facility/<name_slug>-<license>          a home (any status); other slugs 301 to this
//   /county                                  counties with licensed homes
//   /county/<county>[?page=]                 homes in a county
//   /county/<county>/<city>[?page=]          homes in a city
//   /care                                    the care types
//   /care/<need>[?county=][&page=]           need: wheelchair | dementia | hospice | bedridden
//   /waiver[?county=][&page=]                homes on the Assisted Living Waiver list, by county
//   /near-hospital                           hospitals by county
//   /near-hospital/<slug>-<facid>[?page=]    homes within 5 miles (straight line) of a hospital
//   /licensee/<slug>[?page=]                 the licenses one license holder holds
//   /changes[?county=&city=&since=&kind=&field=&license=&page=]  the change log, newest run first
//   /guides, /guides/<slug>                  the service's own guides
//   /corrections?license=&field=             the corrections form (GET shows it, POST stores)
//   /plan?h=<token>                          the family hand-off page (GET shows, POST asks)
//
// Unknown query parameters are ignored (people's links carry tracking tags), except sort, order
// and rank, refused with the order sentence; a malformed `page` or `county` is a 400 page. Errors on these paths are friendly HTML pages (error-page.ts).
import type { Plugin, Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import { sameOrigin } from '../web/form-guard.ts';
import { callerAddress, FixedWindowBudget } from '../http/rate-limit.ts';
import { OperatorStoreUnavailable, OperatorWrites } from '../operator/writes.ts';
import { requestSnapshot, shapeContext, type Services } from '../http/services.ts';
import type { ShapeContext } from '../records/context.ts';
import { correctionField, correctionsFormPage, correctionStoredPage, readCorrection } from './corrections.ts';
import { guideIndexPage, guidePage } from './guides.ts';
import { changesPage, readChangesQuery } from './changes-page.ts';
import { homePage } from './home-page.ts';
import {
  careIndexPage,
  carePage,
  cityPage,
  countyIndexPage,
  countyPage,
  licenseePage,
  nearHospitalIndexPage,
  nearHospitalPage,
  waiverPage,
} from './lists.ts';
import { LANGUAGES, pathIn, type Language } from '../words/language.ts';
import { answer, pageError, pageNumber, queryText, redirect, refuseSortParameter, type PageOrRedirect } from '../web/page.ts';

/** Per address and ten minutes: corrections stored, and attempts of any kind. */
export const CORRECTIONS_PER_WINDOW = 10;
export const CORRECTION_ATTEMPTS_PER_WINDOW = 60;
const CORRECTIONS_WINDOW_MS = 10 * 60_000;

function routes(services: Services): ServerRoute[] {
  const { baseUrl } = services.settings;
  const writes = new OperatorWrites(services.operatorStore, services.log);
  const correctionAttempts = new FixedWindowBudget(CORRECTION_ATTEMPTS_PER_WINDOW, CORRECTIONS_WINDOW_MS);
  const correctionStores = new FixedWindowBudget(CORRECTIONS_PER_WINDOW, CORRECTIONS_WINDOW_MS);
  const tooMany = (seconds: number) => pageError(429, 'Too many corrections were sent from this address. Please wait a few minutes and try again.', seconds);

  /** A GET page route; `build` gets the last path parameter with `.md` removed, and the page's language (`/es/...`: Spanish). */
  const page = (
    path: string,
    build: (context: ShapeContext, request: Request, param: string, language: Language) => PageOrRedirect,
    options: { param?: string; markdown?: boolean; language?: Language } = {},
  ): ServerRoute => ({
    method: 'GET',
    path: pathIn(options.language ?? 'en', path),
    options: { validate: { query: true } },
    handler: (request: Request, h: ResponseToolkit) => {
      refuseSortParameter(request.query);
      const raw = options.param ? String((request.params as Record<string, string>)[options.param] ?? '') : '';
      const markdown = options.param ? raw.endsWith('.md') : (options.markdown ?? false);
      const value = markdown ? raw.slice(0, -3) : raw;
      const built = build(shapeContext(request, services), request, value, options.language ?? 'en');
      if ('redirectTo' in built) return redirect(h, `${baseUrl}${built.redirectTo}${markdown ? '.md' : ''}`);
      return answer(request, h, baseUrl, built, markdown);
    },
  });

  /** The same page at `path` and `path.md`. */
  const twin = (path: string, build: (context: ShapeContext, request: Request, param: string, language: Language) => PageOrRedirect, language: Language = 'en'): ServerRoute[] => [
    page(path, build, { language }),
    page(`${path}.md`, build, { markdown: true, language }),
  ];

  /** A page in English at `path` and in Spanish at `/es` + `path`: one builder, told its language. */
  const bilingual = (make: (language: Language) => ServerRoute | ServerRoute[]): ServerRoute[] => LANGUAGES.flatMap(make);

  return [
    ...bilingual((language) => page('/facility/{home}', (context, _request, param) => homePage(context, param, language), { param: 'home', language })),
    ...bilingual((language) => twin('/county', (context) => countyIndexPage(context, language), language)),
    ...bilingual((language) =>
      page('/county/{county}', (context, request, param) => countyPage(context, param, pageNumber(request.query, language), language), { param: 'county', language }),
    ),
    ...bilingual((language) =>
      page(
        '/county/{county}/{city}',
        (context, request, param) => cityPage(context, String((request.params as { county: string }).county), param, pageNumber(request.query, language), language),
        { param: 'city', language },
      ),
    ),
    ...bilingual((language) => twin('/care', (context) => careIndexPage(context, language), language)),
    ...bilingual((language) =>
      page('/care/{need}', (context, request, param) => carePage(context, param, queryText(request.query, 'county', undefined, language), pageNumber(request.query, language), language), {
        param: 'need',
        language,
      }),
    ),
    ...bilingual((language) => twin('/waiver', (context, request) => waiverPage(context, queryText(request.query, 'county', undefined, language), pageNumber(request.query, language), language), language)),
    ...bilingual((language) => twin('/near-hospital', (context) => nearHospitalIndexPage(context, language), language)),
    ...bilingual((language) =>
      page('/near-hospital/{hospital}', (context, request, param) => nearHospitalPage(context, param, pageNumber(request.query, language), language), { param: 'hospital', language }),
    ),
    ...bilingual((language) =>
      page('/licensee/{holder}', (context, request, param) => licenseePage(context, param, pageNumber(request.query, language), language), { param: 'holder', language }),
    ),
    ...bilingual((language) => twin('/changes', (context, request) => changesPage(context, readChangesQuery(request.query), pageNumber(request.query, language), language), language)),
    ...bilingual((language) => twin('/guides', () => guideIndexPage(baseUrl, language), language)),
    ...bilingual((language) => page('/guides/{guide}', (_context, _request, param) => guidePage(baseUrl, param, language), { param: 'guide', language })),
    ...bilingual((language) =>
      page(
        '/corrections',
        (context, request) => {
          const license = queryText(request.query, 'license', 40, language);
          return correctionsFormPage(baseUrl, context.snapshot, { license, field: correctionField(queryText(request.query, 'field', 60, language)) }, [], false, language);
        },
        { language },
      ),
    ),
    ...LANGUAGES.map(
      (language): ServerRoute => ({
        method: 'POST',
        path: pathIn(language, '/corrections'),
        options: {
          validate: { query: true },
          payload: { parse: true, output: 'data', allow: ['application/x-www-form-urlencoded'], maxBytes: 32 * 1024 },
        },
        handler: async (request: Request, h: ResponseToolkit) => {
          if (!sameOrigin(request, baseUrl)) throw pageError(403, 'This form can only be sent from its own page on this site.');
          const caller = callerAddress(request, services.settings.trustedProxyHops);
          const attemptWait = await correctionAttempts.hit(caller);
          if (attemptWait > 0) throw tooMany(attemptWait);
          const snapshot = requestSnapshot(request, services.snapshots);
          const read = readCorrection(snapshot, request.payload, language);
          if (!read.ok) return answer(request, h, baseUrl, correctionsFormPage(baseUrl, snapshot, read.input, read.errors, false, language), false);
          const storeWait = await correctionStores.hit(caller);
          if (storeWait > 0) throw tooMany(storeWait);
          // The checked correction as stored, and as the form shows it again when it could not be.
          const correction = { ...read.value, license: read.value.row.license_number };
          try {
            await writes.storeCorrection(correction);
          } catch (error) {
            if (!(error instanceof OperatorStoreUnavailable)) throw error;
            return answer(request, h, baseUrl, correctionsFormPage(baseUrl, snapshot, correction, [], true, language), false);
          }
          return answer(request, h, baseUrl, correctionStoredPage(baseUrl, read.value, language), false);
        },
      }),
    ),
  ];
}

export const pagesPlugin: Plugin<Services> = {
  name: 'pages',
  register(server, services) {
    server.route(routes(services));
  },
};

