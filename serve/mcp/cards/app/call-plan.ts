// The call-plan card (start_family_request): each home's roster phone and the questions to ask,
// the signed link, what happens next, and the sentences that nothing was sent to any home and that
// an assistant cannot consent for the family. It asks for nothing: no field, no form.
import './jitless.ts';
import type * as z from 'zod/v4';
import type { App } from '@modelcontextprotocol/ext-apps';
import type { startFamilyRequest } from '../../tools/start-family-request.ts';
import { telHref } from '../../../web/phone.ts';
import { cardLanguage, el, hostLink, root, startCard } from './shared.ts';
import { fill, say, wordsIn } from '../../../words/catalog.ts';
import { CARD_WORDS } from '../../../words/card-words.ts';
import { SHARED_WORDS } from '../../../words/family-words.ts';
import { HOME_WORDS, statusIn } from '../../../words/home-page-words.ts';
import { asOfIn, SOURCE_WORDS } from '../../../words/home-words.ts';
import { LIST_WORDS } from '../../../words/list-words.ts';
import { PLAN_WORDS } from '../../../words/plan-words.ts';
import { RELAY_WORDS } from '../../../words/relay-words.ts';
import { SERVICE_NAME } from '../../../words/wording.ts';
import { plainValue, asOf, SOURCES } from './words.ts';

type Plan = z.infer<(typeof startFamilyRequest)['output']>;

function renderPlan(plan: Plan, app: App): void {
  const main = root();
  const language = cardLanguage(app);
  const english = language === 'en';
  const w = wordsIn(CARD_WORDS, language);
  const notOnFile = say(HOME_WORDS.notOnFileShort, language);
  const value = (text: string | null) => (text === null || text === '' ? notOnFile : plainValue(text));
  // In Spanish the card says in its own words what the tool says to the assistant in English.
  const nextSteps = english
    ? plan.what_happens_next
    : [say(RELAY_WORDS.nothingSent, language), say(plan.mode === 'coordination_available' ? PLAN_WORDS.orAsk : PLAN_WORDS.selfServe, language, { service: SERVICE_NAME })];
  main.append(
    el('h1', { text: w.planTitle }),
    el('p', { class: 'note', 'data-field': 'relay', text: plan.relay_sentence }),
    el('p', {}, [el('strong', { text: w.planLink }), hostLink(app, plan.link, fill(w.openPlan, { date: plan.expires_on }))]),
  );
  main.append(
    el('section', { 'aria-labelledby': 'h-homes' }, [
      el('h2', { id: 'h-homes', text: w.homesToCall }),
      el('p', { class: 'note', 'data-field': 'order', text: english ? plan.honesty.order : w.orderAsSent }),
      el(
        'ol',
        { class: 'homes' },
        plan.homes.map((home) => {
          const href = home.phone ? telHref(home.phone) : null;
          const source = english ? `${SOURCES.roster}, ${asOf(home.phone_as_of)}` : `${say(SOURCE_WORDS.roster, language)}${asOfIn(language, home.phone_as_of)}`;
          return el('li', { 'data-license': home.license_number }, [
            el('h3', { text: home.name }),
            el('p', {}, [
              el('span', { text: w.rosterPhone }),
              home.phone && href ? el('a', { href, class: 'value', text: home.phone }) : el('span', { class: 'value', text: value(home.phone) }),
              el('span', { class: 'source', text: ` (${source})` }),
            ]),
            el('p', {
              class: 'sub',
              text: english
                ? `${plainValue(home.city)} · license ${home.license_number} · ${plainValue(home.license_status)}`
                : `${value(home.city)} · ${say(LIST_WORDS.license, language, { license: home.license_number })} · ${home.license_status ? statusIn(language, home.license_status) : notOnFile}`,
            }),
            el('h4', { text: w.questions }),
            el('ul', {}, home.questions_to_ask.map((question) => el('li', { text: question }))),
            el('p', {}, [hostLink(app, english ? home.page : home.page.replace(/\/facility\//, '/es/facility/'), fill(w.pageOf, { name: home.name })), ' · ', hostLink(app, home.state_record_url, w.stateRecordShort)]),
          ]);
        }),
      ),
    ]),
    el('section', { 'aria-labelledby': 'h-next' }, [
      el('h2', { id: 'h-next', text: w.next }),
      el('ul', { 'data-field': 'what_happens_next' }, nextSteps.map((step) => el('li', { text: step }))),
    ]),
    el('section', { 'aria-labelledby': 'h-consent' }, [
      el('h2', { id: 'h-consent', text: w.consent }),
      el('p', { 'data-field': 'consent', text: english ? plan.consent.sentence : plan.mode === 'coordination_available' ? w.consentAsked : w.consentNone }),
      el('p', { class: 'note', 'data-field': 'privacy', text: english ? plan.privacy : w.privacy }),
    ]),
    el('p', { class: 'note', 'data-field': 'openings', text: english ? plan.honesty.never_in_this_data : say(SHARED_WORDS.openingsByPhone, language) }),
    el('footer', {}, [el('p', { 'data-field': 'data_dates', text: fill(w.datesShort, { loaded: plan.data_dates.state_record_loaded_on, approvals: plan.data_dates.care_approvals_as_of }) })]),
  );
}

startCard<Plan>('call-plan', renderPlan);
