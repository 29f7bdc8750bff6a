// The plan-calls-and-visits page a family opens from a signed hand-off link: `/plan?h=<token>`.
//
// - Valid and within 7 days: the homes preselected (checkboxes, each with its roster phone and
//   questions to ask) and a folded note that an assistant chose them and no home was told.
// - After 7 days: the same homes, without the note and without the assistant's name.
// - Tampered or unreadable: a clear 400 page; nothing opens.
// - The operator's mode decides what happens next: `self_serve_only` (nothing is sent to any
//   home; the family calls) or `coordination_available` (also a form: a consent sentence the
//   family ticks themselves, their own name and phone; nothing is sent before submit, and the
//   request is stored only in the operator store).
//
// The page shows nothing but what the signed link carries (licenses, care needs as fixed words, a
// timing choice, the MCP client's name) and the licenses' own record. It echoes what a family
// typed only when the operator store failed (503, so they need not type it again); the POST's
// fields are never logged.
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import { licenseNumberFrom } from '../../contract/names.ts';
import { answer, NO_STORE, pageError, refuseSortParameter, type PageDoc } from '../web/page.ts';
import { callPlan } from '../shape/call-plan.ts';
import { shapeContext, type Services } from '../http/services.ts';
import { html, type SafeHtml } from '../web/html.ts';
import { homePagePath } from '../web/links.ts';
import { OPENINGS_BY_PHONE, SERVICE_NAME } from '../words/wording.ts';
import { placeWords } from '../shape/home-view.ts';
import { fill, say, wordsIn, type Entry } from '../words/catalog.ts';
import { SHARED_WORDS } from '../words/family-words.ts';
import { HOME_WORDS, statusIn } from '../words/home-page-words.ts';
import { PLAN_WORDS } from '../words/plan-words.ts';
import { LANGUAGES, pathIn, type Language } from '../words/language.ts';
import { telHref } from '../web/phone.ts';
import { callerAddress, FixedWindowBudget } from '../http/rate-limit.ts';
import { formList, formText, printable, sameOrigin } from '../web/form-guard.ts';
import { HANDOFF_PATH, type HandoffPayload } from '../http/handoff-link.ts';
import { NOT_SAVED, OperatorStoreUnavailable, type OperatorWrites } from '../operator/writes.ts';

/** What the family ticks, word for word (stored with the request). */
export const CONSENT_SENTENCE = fill(PLAN_WORDS.consent.en, { service: SERVICE_NAME });

/** The consent sentence in the language the family read it in (stored as they read it). */
const consentIn = (language: Language) => say(PLAN_WORDS.consent, language, { service: SERVICE_NAME });

const MAX_HOMES = 5;
const NAME_MAX = 100;
const PHONE_MAX = 30;
/** Per address and ten minutes: requests stored (a family sends one), and attempts of any kind. */
export const PLAN_REQUESTS_PER_WINDOW = 5;
export const PLAN_ATTEMPTS_PER_WINDOW = 30;
const SUBMISSION_WINDOW_MS = 10 * 60_000;

const TIMING_WORDS: Record<string, Entry> = {
  as_soon_as_possible: PLAN_WORDS.timing_as_soon_as_possible,
  within_a_month: PLAN_WORDS.timing_within_a_month,
  within_three_months: PLAN_WORDS.timing_within_three_months,
  just_researching: PLAN_WORDS.timing_just_researching,
};

/** Care needs as the link carries them (`needs` keys; clearance keys are read too). */
const NEED_WORDS: Record<string, Entry> = {
  dementia: PLAN_WORDS.need_dementia,
  wheelchair: PLAN_WORDS.need_wheelchair,
  hospice: PLAN_WORDS.need_hospice,
  bedridden: PLAN_WORDS.need_bedridden,
};

function needKeys(payload: HandoffPayload): string[] {
  const keys = (Array.isArray(payload.needs) ? payload.needs : []).map((need) => (need === 'non_ambulatory' ? 'wheelchair' : need));
  return [...new Set(keys.filter((key) => typeof key === 'string' && Object.hasOwn(NEED_WORDS, key)))];
}

/** The licenses a link names: well-formed, distinct, at most five, in the link's order. */
function linkLicenses(payload: HandoffPayload): string[] {
  const licenses = payload.licenses.map((item) => (typeof item === 'string' ? licenseNumberFrom(item) : null));
  return [...new Set(licenses.filter((license) => license !== null))].slice(0, MAX_HOMES);
}

/** The MCP client's name as the link carries it, made plain and short. */
function clientWords(client: unknown): string | null {
  if (typeof client !== 'string') return null;
  const plain = client.replace(/[\u0000-\u001f\u007f]/g, '').replace(/\s+/g, ' ').trim().slice(0, 80);
  return plain || null;
}

type PlanHome = ReturnType<typeof planHomes>[number];
type PlanState = NonNullable<ReturnType<typeof openPlan>>;

/** The plan a token opens, or null when the token is missing, too long or not validly signed. */
function openPlan(request: Request, services: Services, token: unknown, language: Language = 'en') {
  if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return null;
  const opening = services.handoff.open(token);
  if (!opening.valid) return null;
  const homes = planHomes(request, services, opening.payload, language);
  // The licenses of the plan's open homes (all ticked unless the family chose).
  const openLicenses: ReadonlySet<string> = new Set(homes.filter((home) => home.open).map((home) => home.license));
  return { token, opening, homes, openLicenses, needs: needKeys(opening.payload), mode: services.overlays.current.handoffMode };
}

/** The homes of the link, in its order, with their questions: the same plan start_family_request sent. */
function planHomes(request: Request, services: Services, payload: HandoffPayload, language: Language) {
  return callPlan(shapeContext(request, services), linkLicenses(payload), needKeys(payload), language);
}

function homeBlock(baseUrl: string, state: PlanState, home: PlanHome, checked: boolean, language: Language): SafeHtml {
  const w = wordsIn(PLAN_WORDS, language);
  const licenseWords = (license: string) => say(HOME_WORDS.licenseNumber, language, { license });
  if (!home.record) {
    return html`<li class="plan-home"><p>${fill(w.noLongerOnRoster, { license: home.license })}</p></li>`;
  }
  const row = home.record.row;
  const url = `${baseUrl}${pathIn(language, homePagePath(row.name, row.license_number))}`;
  const place = placeWords(row.city, row.county, language);
  const phone = home.record.facility.phone.value;
  const tel = telHref(phone);
  const id = `home-${row.license_number}`;
  if (home.closed) {
    return html`<li class="plan-home"><p><strong>${row.name}</strong></p>
<p>${licenseWords(row.license_number)}${place ? html` · ${place}` : ''}. <strong>${w.closed}</strong> <a href="${url}">${w.itsRecord}</a>.</p></li>`;
  }
  return html`<li class="plan-home">
<div class="check"><input type="checkbox" id="${id}" name="home" value="${row.license_number}"${checked ? html` checked` : ''}>
<label for="${id}">${row.name}</label></div>
<p class="muted">${licenseWords(row.license_number)}${place ? html` · ${place}` : ''} · ${row.license_status ? statusIn(language, row.license_status) : w.statusNotOnFile}</p>
<p>${fill(say(HOME_WORDS.phone, language), { phone: '' }).trimEnd()} ${phone ? (tel ? html`<a href="${tel}">${phone}</a>` : phone) : say(HOME_WORDS.notOnFileShort, language)}</p>
<p>${w.questions}</p>
<ul>${home.questions.map((question) => html`<li>${question}</li>`)}</ul>
<p><a href="${url}">${w.homeRecord}</a></p>
</li>`;
}

function selectedFrom(request: Request, state: PlanState): ReadonlySet<string> {
  const asked = request.query.home;
  if (asked === undefined) return state.openLicenses;
  const list = (Array.isArray(asked) ? asked : [asked]).filter((item): item is string => typeof item === 'string');
  return new Set([...state.openLicenses].filter((license) => list.includes(license)));
}

function planPage(
  services: Services,
  state: PlanState,
  options: { selected: ReadonlySet<string>; errors?: string[]; status?: number; callList?: boolean; notSaved?: { name: string; phone: string } },
  language: Language = 'en',
): PageDoc {
  const baseUrl = services.settings.baseUrl;
  const w = wordsIn(PLAN_WORDS, language);
  const service = { service: SERVICE_NAME };
  const openings = say(SHARED_WORDS.openingsByPhone, language);
  const { opening, mode } = state;
  const client = clientWords(opening.payload.client);
  const timingEntry = typeof opening.payload.timing === 'string' ? TIMING_WORDS[opening.payload.timing] : undefined;
  const timing = timingEntry ? say(timingEntry, language) : undefined;
  const coordination = mode === 'coordination_available' && state.openLicenses.size > 0;
  const errors = options.errors ?? [];
  // Shown back only when the store failed: the family's own answer to their own submission, never cached.
  const typed = options.notSaved;
  const shown = options.callList ? state.homes.filter((home) => options.selected.has(home.license)) : state.homes;

  const homesList = html`<ul class="plan-homes">${shown.map((home) => homeBlock(baseUrl, state, home, options.selected.has(home.license), language))}</ul>`;
  const homesFieldset = html`<fieldset><legend>${w.homesLegend}</legend>${homesList}</fieldset>`;
  const action = `${baseUrl}${pathIn(language, HANDOFF_PATH)}`;

  const next = coordination
    ? html`<section aria-labelledby="next"><h2 id="next">${w.next}</h2>
<p>${w.callYourself} ${openings}</p>
<p>${fill(w.orAsk, service)}</p>
</section>`
    : html`<section aria-labelledby="next"><h2 id="next">${w.next}</h2>
<p>${w.selfServe} ${openings}</p>
<p>${w.nothingStored}</p>
</section>`;

  const form = coordination
    ? html`<form method="post" action="${action}">
<input type="hidden" name="h" value="${state.token}">
${homesFieldset}
${next}
<fieldset><legend>${fill(w.askLegend, service)}</legend>
<div class="check"><input type="checkbox" id="consent" name="consent" value="yes" required${typed ? html` checked` : ''}>
<label for="consent">${consentIn(language)}</label></div>
<label for="family_name">${w.yourName}</label>
<input type="text" id="family_name" name="family_name" autocomplete="name" maxlength="${NAME_MAX}" required value="${typed?.name ?? ''}">
<label for="family_phone">${w.yourPhone}</label>
<input type="tel" id="family_phone" name="family_phone" autocomplete="tel" maxlength="${PHONE_MAX}" required aria-describedby="phone-hint" value="${typed?.phone ?? ''}">
<p class="hint" id="phone-hint">${w.phoneHint}</p>
<p><button type="submit">${fill(w.askButton, service)}</button></p>
</fieldset>
</form>`
    : html`<form method="get" action="${action}">
<input type="hidden" name="h" value="${state.token}">
${homesFieldset}
${state.openLicenses.size > 0 ? html`<p><button type="submit">${w.onlyTicked}</button></p>` : ''}
</form>
${next}`;

  const body = html`<h1>${w.title}</h1>
${
  errors.length > 0
    ? html`<div class="note error" role="alert"><h2>${errors.length === 1 ? w.fixThis : w.fixThese}</h2><ul>${errors.map((error) => html`<li>${error}</li>`)}</ul>
<p>${w.notShownAgain}</p></div>`
    : ''
}
${typed ? html`<div class="note error" role="alert" id="not-saved"><p>${NOT_SAVED}</p></div>` : ''}
<p>${w.intro}</p>
${
  opening.expired
    ? html`<p class="muted">${w.expired}</p>`
    : html`<details><summary>${w.whoChose}</summary>
<p>${fill(w.chosen, { client: client ? fill(w.client, { name: client }) : '' })}</p></details>`
}
${state.needs.length > 0 ? html`<p>${fill(w.needs, { needs: state.needs.map((need) => say(NEED_WORDS[need]!, language)).join('; ') })}</p>` : ''}
${timing ? html`<p>${fill(w.timing, { timing })}</p>` : ''}
${form}`;

  return planDoc(
    baseUrl,
    { title: w.title, description: w.description, body, status: options.status ?? 200 },
    language,
    `${baseUrl}${pathIn(language === 'en' ? 'es' : 'en', HANDOFF_PATH)}?h=${encodeURIComponent(state.token)}`,
    `?h=${encodeURIComponent(state.token)}`,
  );
}

/** The token is in the address: never send it to another site in a Referer, never index or cache the page. */
function planDoc(baseUrl: string, page: Pick<PageDoc, 'title' | 'description' | 'body' | 'status'>, language: Language = 'en', translationUrl?: string, query = ''): PageDoc {
  const headers = { 'referrer-policy': 'same-origin', 'x-robots-tag': 'noindex' };
  // A plan's own address carries its link (`?h=`): without it the address answers 400, so the
  // canonical and the hreflang alternate name the address with it.
  return { ...page, canonicalUrl: `${baseUrl}${pathIn(language, HANDOFF_PATH)}${query}`, cacheControl: NO_STORE, noindex: true, headers, language, translationUrl };
}

function invalidLinkPage(baseUrl: string, language: Language = 'en'): PageDoc {
  const w = wordsIn(PLAN_WORDS, language);
  return planDoc(
    baseUrl,
    {
      title: w.invalidTitle,
      description: w.invalidDescription,
      status: 400,
      body: html`<h1>${w.invalidTitle}</h1>
<p>${w.invalidText}</p>
<p>${w.invalidAsk} <a href="${baseUrl}${pathIn(language, '/')}">${w.searchYourself}</a>.</p>`,
    },
    language,
  );
}

function sentPage(services: Services, homes: PlanHome[]): PageDoc {
  const baseUrl = services.settings.baseUrl;
  return planDoc(baseUrl, {
    title: 'Your request is stored',
    description: 'Your request to arrange calls or visits is stored.',
    body: html`<h1>Your request is stored</h1>
<p>We have your request to arrange calls or visits with ${homes.length === 1 ? 'this home' : `these ${homes.length} homes`}:</p>
<ul>${homes.map((home) => html`<li>${home.record!.row.name} (license ${home.license})</li>`)}</ul>
<p>No visit is arranged until a home agrees. We cannot promise when you will hear back.</p>
<p>You can still call the homes yourself. ${OPENINGS_BY_PHONE}</p>
<p><a href="${baseUrl}/">Search for other licensed homes</a></p>`,
  });
}

function notArrangingPage(services: Services, state: PlanState, language: Language): PageDoc {
  const doc = planPage(services, state, { selected: state.openLicenses, status: 409 }, language);
  return {
    ...doc,
    body: html`<div class="note" role="alert"><p>${SERVICE_NAME} is not arranging visits right now, so nothing was sent to any home and nothing was stored. Please call the homes yourself.</p></div>${doc.body}`,
  };
}

/** Checks a family's request; problems in words, never repeating what was typed. */
function readRequest(payload: unknown, state: PlanState): { ok: true; homes: PlanHome[]; name: string; phone: string } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const ticked = formList(payload, 'home', MAX_HOMES * 2, 20);
  const openByLicense = new Map(state.homes.filter((home) => home.open).map((home) => [home.license, home]));
  const homes = (ticked ?? []).map((item) => openByLicense.get(licenseNumberFrom(item) ?? '')).filter((home) => home !== undefined);
  const distinct = [...new Map(homes.map((home) => [home.license, home])).values()];
  if (ticked === null || distinct.length === 0 || distinct.length !== new Set(ticked).size) {
    errors.push('Tick at least one home of this plan.');
  }
  const consent = formText(payload, 'consent', 10);
  if (consent !== 'yes') errors.push('To ask us to contact homes, tick the consent box yourself.');
  const name = formText(payload, 'family_name', NAME_MAX + 50);
  if (typeof name !== 'string' || name.length < 2 || name.length > NAME_MAX || !printable(name) || !/\p{L}/u.test(name) || /[<>@]/.test(name)) {
    errors.push(`Type your name (2 to ${NAME_MAX} characters).`);
  }
  const phone = formText(payload, 'family_phone', PHONE_MAX + 50);
  const digits = typeof phone === 'string' ? phone.replace(/\D/g, '').length : 0;
  if (typeof phone !== 'string' || phone.length > PHONE_MAX || !/^[0-9+().\-\s]+$/.test(phone) || digits < 7 || digits > 15) {
    errors.push('Type a phone number we can call (digits, spaces, +, -, parentheses).');
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, homes: distinct, name: name as string, phone: phone as string };
}

export function planRoutes(services: Services, writes: OperatorWrites): ServerRoute[] {
  const baseUrl = services.settings.baseUrl;
  const attempts = new FixedWindowBudget(PLAN_ATTEMPTS_PER_WINDOW, SUBMISSION_WINDOW_MS);
  const stores = new FixedWindowBudget(PLAN_REQUESTS_PER_WINDOW, SUBMISSION_WINDOW_MS);
  const tooMany = (seconds: number) => pageError(429, 'Too many requests were sent from this address. Please wait a few minutes and try again.', seconds);

  // The plan in English at /plan and in Spanish at /es/plan: one page, told its language.
  return LANGUAGES.flatMap((language): ServerRoute[] => [
    {
      method: 'GET',
      path: pathIn(language, HANDOFF_PATH),
      options: { validate: { query: true } },
      handler: (request: Request, h: ResponseToolkit) => {
        refuseSortParameter(request.query);
        const state = openPlan(request, services, request.query.h, language);
        if (!state) return answer(request, h, baseUrl, invalidLinkPage(baseUrl, language), false);
        const callList = request.query.home !== undefined && state.mode !== 'coordination_available';
        return answer(request, h, baseUrl, planPage(services, state, { selected: selectedFrom(request, state), callList }, language), false);
      },
    },
    {
      method: 'POST',
      path: pathIn(language, HANDOFF_PATH),
      options: {
        validate: { query: true },
        payload: {
          parse: true,
          output: 'data',
          allow: ['application/x-www-form-urlencoded'],
          maxBytes: 16 * 1024,
        },
      },
      handler: async (request: Request, h: ResponseToolkit) => {
        if (!sameOrigin(request, baseUrl)) throw pageError(403, 'This form can only be sent from its own page on this site.');
        const caller = callerAddress(request, services.settings.trustedProxyHops);
        const attemptWait = await attempts.hit(caller);
        if (attemptWait > 0) throw tooMany(attemptWait);
        const payload = request.payload as unknown;
        const state = openPlan(request, services, formText(payload, 'h', 4096), language);
        if (!state) return answer(request, h, baseUrl, invalidLinkPage(baseUrl, language), false);
        if (state.mode !== 'coordination_available') return answer(request, h, baseUrl, notArrangingPage(services, state, language), false);
        const read = readRequest(payload, state);
        if (!read.ok) {
          return answer(request, h, baseUrl, planPage(services, state, { selected: state.openLicenses, errors: read.errors, status: 400 }, language), false);
        }
        const storeWait = await stores.hit(caller);
        if (storeWait > 0) throw tooMany(storeWait);
        try {
          await writes.storeCoordinationRequest({
            licenses: read.homes.map((home) => home.license),
            needs: state.needs,
            timing: typeof state.opening.payload.timing === 'string' && TIMING_WORDS[state.opening.payload.timing] ? state.opening.payload.timing : null,
            familyName: read.name,
            familyPhone: read.phone,
            // The sentence as the family read and ticked it.
            consent: consentIn(language),
            // After 7 days a request is no longer attributed to the assistant.
            assistantClient: state.opening.expired ? null : clientWords(state.opening.payload.client),
            linkExpiresAt: new Date(Math.min(Math.max(0, Number(state.opening.payload.expires) || 0), 253_402_300_799) * 1000),
          });
        } catch (error) {
          if (!(error instanceof OperatorStoreUnavailable)) throw error;
          const selected = new Set(read.homes.map((home) => home.license));
          const notSaved = { name: read.name, phone: read.phone };
          return answer(request, h, baseUrl, planPage(services, state, { selected, notSaved, status: 503 }, language), false);
        }
        return answer(request, h, baseUrl, sentPage(services, read.homes), false);
      },
    },
  ]);
}
