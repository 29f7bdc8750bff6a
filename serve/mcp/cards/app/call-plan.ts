// The call-plan card (start_family_request): each home's roster phone and the questions to ask,
// the signed link, what happens next, and the sentences that nothing was sent to any home and that
// an assistant cannot consent for the family. It asks for nothing: no field, no form.
import './jitless.ts';
import type * as z from 'zod/v4';
import type { App } from '@modelcontextprotocol/ext-apps';
import type { startFamilyRequest } from '../../tools/start-family-request.ts';
import { telHref } from '../../../web/phone.ts';
import { el, hostLink, root, startCard } from './shared.ts';
import { plainValue, asOf, SOURCES } from './words.ts';

type Plan = z.infer<(typeof startFamilyRequest)['output']>;

function renderPlan(plan: Plan, app: App): void {
  const main = root();
  main.append(
    el('h1', { text: "The family's call plan" }),
    el('p', { class: 'note', 'data-field': 'relay', text: plan.relay_sentence }),
    el('p', {}, [el('strong', { text: 'The plan link: ' }), hostLink(app, plan.link, `Open the plan (works until ${plan.expires_on})`)]),
  );
  main.append(
    el('section', { 'aria-labelledby': 'h-homes' }, [
      el('h2', { id: 'h-homes', text: 'Homes to call' }),
      el('p', { class: 'note', 'data-field': 'order', text: plan.honesty.order }),
      el(
        'ol',
        { class: 'homes' },
        plan.homes.map((home) => {
          const href = home.phone ? telHref(home.phone) : null;
          return el('li', { 'data-license': home.license_number }, [
            el('h3', { text: home.name }),
            el('p', {}, [
              el('span', { text: 'Phone on the state roster: ' }),
              home.phone && href ? el('a', { href, class: 'value', text: home.phone }) : el('span', { class: 'value', text: plainValue(home.phone) }),
              el('span', { class: 'source', text: ` (${SOURCES.roster}, ${asOf(home.phone_as_of)})` }),
            ]),
            el('p', { class: 'sub', text: `${plainValue(home.city)} · license ${home.license_number} · ${plainValue(home.license_status)}` }),
            el('h4', { text: 'Questions to ask' }),
            el('ul', {}, home.questions_to_ask.map((question) => el('li', { text: question }))),
            el('p', {}, [hostLink(app, home.page, `${home.name}: page`), ' · ', hostLink(app, home.state_record_url, "the state's record")]),
          ]);
        }),
      ),
    ]),
    el('section', { 'aria-labelledby': 'h-next' }, [
      el('h2', { id: 'h-next', text: 'What happens next' }),
      el('ul', { 'data-field': 'what_happens_next' }, plan.what_happens_next.map((step) => el('li', { text: step }))),
    ]),
    el('section', { 'aria-labelledby': 'h-consent' }, [
      el('h2', { id: 'h-consent', text: 'Consent' }),
      el('p', { 'data-field': 'consent', text: plan.consent.sentence }),
      el('p', { class: 'note', 'data-field': 'privacy', text: plan.privacy }),
    ]),
    el('p', { class: 'note', 'data-field': 'openings', text: plan.honesty.never_in_this_data }),
    el('footer', {}, [el('p', { 'data-field': 'data_dates', text: `State record loaded ${plan.data_dates.state_record_loaded_on}; care approvals as of ${plan.data_dates.care_approvals_as_of}.` })]),
  );
}

startCard<Plan>('call-plan', renderPlan);
