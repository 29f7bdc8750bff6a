// A home's record as a card (get_home): name, place, beds and license status, each fact with its source and
// date; care approvals and the waiver in the tri-state words; the closed note on a closed license;
// the state documents summarised with the fairness sentence; links to the page, the corrections
// form and the state record. Drawn from get_home's structuredContent alone.
import type * as z from 'zod/v4';
import type { App } from '@modelcontextprotocol/ext-apps';
import { APPROVAL_LABELS, CLEARANCE_KEYS, WAIVER_LABEL } from '../../../../contract/facts.ts';
import { approvalOnRecord, FAIRNESS_IN_WORDS, retrievedOn, STATE_SOURCE, SERVICE_NAME, SUBSTANTIATED_IN_WORDS } from '../../../words/wording.ts';
import type { getHome } from '../../tools/get-home.ts';
import { el, hostLink } from './shared.ts';
import { asOf, plainValue, SOURCES, triStateReading } from './words.ts';

export type HomeAnswer = z.infer<(typeof getHome)['output']>;

/** One row of facts: label, value (class "value": the words a reader takes away) and where it comes from. */
function factRow(label: string, value: string, detail: string | null, field?: string): HTMLElement {
  return el('div', { class: 'fact', ...(field ? { 'data-field': field } : {}) }, [
    el('dt', { text: label }),
    el('dd', {}, [el('span', { class: 'value', text: value }), detail ? el('span', { class: 'source', text: ` (${detail})` }) : null]),
  ]);
}

/**
 * The last visit, the visits, citations by visit type and complaint outcomes, each count with its
 * years and the day the record was retrieved from the state; no count without its years.
 */
function visitRows(visits: HomeAnswer['home']['state_visits'], tallies: HomeAnswer['home']['state_record']): HTMLElement[] {
  const n = (count: number | null) => plainValue(count);
  if (!visits) {
    // No export figures: the compact tallies, shown only with their years.
    return [
      factRow('Latest state visit', plainValue(tallies.latest_visit_date), SOURCES.documents, 'latest_visit'),
      factRow(
        tallies.tallies_since_year ? `Citations since ${tallies.tallies_since_year}` : 'Citations',
        !tallies.tallies_since_year || (tallies.type_a_citations === null && tallies.type_b_citations === null)
          ? 'not on file'
          : `${n(tallies.type_a_citations)} Type A, ${n(tallies.type_b_citations)} Type B`,
        SOURCES.documents,
        'citations',
      ),
    ];
  }
  const source = `${SOURCES.visits}${retrievedOn(visits.as_of)}`;
  const since = visits.since_year;
  if (!since) return [factRow('State visits', 'none on record', source, 'visits')];
  const byType = (c: { inspection: number | null; other: number | null; complaint: number | null; total: number | null }) =>
    `${n(c.total)} (${n(c.inspection)} at inspections, ${n(c.other)} at other visits, ${n(c.complaint)} from complaints)`;
  const a = visits.allegations;
  return [
    factRow('Latest state visit', plainValue(tallies.latest_visit_date), source, 'latest_visit'),
    factRow(
      `State visits since ${since}`,
      `${n(visits.visits.total)} (${n(visits.visits.inspection)} inspections, ${n(visits.visits.complaint)} complaint investigations, ${n(visits.visits.other)} other visits)`,
      source,
      'visits',
    ),
    factRow(`Citations since ${since}`, `Type A ${byType(visits.type_a)}; Type B ${byType(visits.type_b)}`, source, 'citations'),
    factRow(
      `Complaint allegations since ${since}`,
      `${n(a.total)} (${n(a.substantiated)} substantiated, ${n(a.inconclusive)} inconclusive, ${n(a.unsubstantiated)} unsubstantiated, ${n(a.unfounded)} unfounded)`,
      source,
      'allegations',
    ),
  ];
}

/** Draws get_home's answer into `main` (the home card, or the homes card after a choice). */
export function renderHome(main: HTMLElement, answer: HomeAnswer, app: App): void {
  const { home } = answer;
  const closed = home.license.closed;
  const place = [home.address.city, home.address.county ? `${home.address.county} County` : null].filter(Boolean).join(', ');

  main.append(
    el('header', {}, [
      el('h1', { text: home.name }),
      home.licensed_name && home.licensed_name !== home.name ? el('p', { class: 'sub', text: `Licensed as ${home.licensed_name}` }) : null,
      el('p', { class: 'sub', text: `License ${home.license_number}${place ? ` · ${place}` : ''}` }),
    ]),
  );
  if (closed) main.append(el('p', { class: 'closed', role: 'note', text: home.license.closed_note ?? 'This license is closed.' }));

  const street = [home.address.street, home.address.city, home.address.zip].filter(Boolean).join(', ');
  main.append(
    el('section', { 'aria-labelledby': 'h-license' }, [
      el('h2', { id: 'h-license', text: 'License and home' }),
      el('dl', {}, [
        factRow('License status', plainValue(home.license.status), `${SOURCES.roster}, ${asOf(home.license.as_of)}`, 'license_status'),
        home.license.status_live
          ? factRow("Status on the state's live record", home.license.status_live, `checked ${home.license.status_live_checked_on ?? 'on a date not on file'}`, 'status_live')
          : null,
        home.license.on_probation === 'true' ? factRow('On probation', 'yes', `${SOURCES.roster}, ${asOf(home.license.as_of)}`, 'on_probation') : null,
        factRow('Licensed beds', home.capacity.beds === null ? 'not on file' : `${home.capacity.beds} (${home.capacity.size_words})`, `${SOURCES.roster}, ${asOf(home.capacity.as_of)}`, 'beds'),
        factRow('Address', street || 'not on file', `${SOURCES.roster}, ${asOf(home.address.as_of)}`, 'address'),
        factRow('Phone', plainValue(home.phone.number), [`${SOURCES.roster}, ${asOf(home.phone.as_of)}`, home.phone.note].filter(Boolean).join('. '), 'phone'),
        factRow('Licensee', plainValue(home.licensee.name), `${SOURCES.roster}, ${asOf(home.licensee.as_of)}`, 'licensee'),
      ]),
    ]),
  );

  const underReview = new Set<string>(home.clearances.under_review);
  main.append(
    el('section', { 'aria-labelledby': 'h-care' }, [
      el('h2', { id: 'h-care', text: closed ? 'Care approvals (history: held while the license was open)' : 'Care approvals' }),
      el(
        'dl',
        {},
        CLEARANCE_KEYS.map((key) => {
          if (underReview.has(key)) return factRow(APPROVAL_LABELS[key], 'not on file', 'under a correction review until it closes', key);
          const reading = triStateReading(home.clearances[key], SOURCES.approvals, home.clearances.as_of, (stated) => approvalOnRecord(key, stated));
          return factRow(APPROVAL_LABELS[key], reading.words, home.clearances.source_note ? null : reading.detail, key);
        }),
      ),
      home.clearances.source_note ? el('p', { class: 'source', 'data-field': 'approvals-source', text: home.clearances.source_note }) : null,
      el('dl', {}, [
        (() => {
          const waiver = home.medi_cal_alw;
          const reading = triStateReading(waiver.value, SOURCES.waiver, waiver.list_as_of);
          return factRow(WAIVER_LABEL, reading.words, reading.detail, 'medi_cal_alw');
        })(),
      ]),
      // The waiver's own line and, when it is on the list, its scope sentence: the record's words.
      el('p', { class: 'note', 'data-field': 'medi_cal_alw_line', text: home.medi_cal_alw.line }),
      home.medi_cal_alw.scope ? el('p', { class: 'note', 'data-field': 'medi_cal_alw_scope', text: home.medi_cal_alw.scope }) : null,
    ]),
  );

  if (home.price) {
    main.append(el('section', { 'aria-labelledby': 'h-price' }, [el('h2', { id: 'h-price', text: 'Starting rate' }), el('p', { 'data-field': 'price', text: home.price.line })]));
  }

  const documents = home.state_documents;
  const tallies = home.state_record;
  main.append(
    el('section', { 'aria-labelledby': 'h-documents' }, [
      el('h2', { id: 'h-documents', text: 'State documents' }),
      el('dl', {}, [
        factRow(
          'Documents the state lists',
          documents ? `${documents.count}${documents.since_year ? ` since ${documents.since_year}` : ''}${documents.latest_date ? `, newest ${documents.latest_date}` : ''}` : 'not on file',
          `${SOURCES.documents}, ${asOf(documents?.as_of)}`,
          'documents',
        ),
        ...visitRows(home.state_visits, tallies),
      ]),
      home.state_visits?.since_year ? el('p', { class: 'note', 'data-field': 'substantiated', text: SUBSTANTIATED_IN_WORDS }) : null,
      el('p', { class: 'note', 'data-field': 'fairness', text: FAIRNESS_IN_WORDS }),
    ]),
  );

  main.append(
    el('p', { class: 'note', 'data-field': 'openings', text: answer.reading_notes.never_in_this_data }),
    el('nav', { 'aria-label': 'Links for this home' }, [
      el('ul', {}, [
        el('li', {}, [hostLink(app, home.links.page, "This home's page")]),
        el('li', {}, [hostLink(app, home.links.corrections, 'Report something wrong (corrections form)')]),
        el('li', {}, [hostLink(app, home.state_record_url, "The state's record")]),
      ]),
    ]),
    el('footer', {}, [
      el('p', {
        'data-field': 'data_dates',
        text:
          `Data from the ${STATE_SOURCE}, compiled by ${SERVICE_NAME}. State record loaded ${answer.data_dates.state_record_loaded_on}; ` +
          `care approvals as of ${answer.data_dates.care_approvals_as_of}; waiver list as of ${answer.data_dates.alw_list_as_of}.`,
      }),
    ]),
  );
}
