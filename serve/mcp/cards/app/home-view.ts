// A home's record as a card (get_home): name, place, beds and license status, each fact with its source and
// date; care approvals and the waiver in the tri-state words; the closed note on a closed license;
// the state documents summarised with the fairness sentence; links to the page, the corrections
// form and the state record. Drawn from get_home's structuredContent alone.
import type * as z from 'zod/v4';
import type { App } from '@modelcontextprotocol/ext-apps';
import { CLEARANCE_KEYS, type ClearanceKey } from '../../../../contract/facts.ts';
import { approvalOnRecord, SERVICE_NAME } from '../../../words/wording.ts';
import type { getHome } from '../../tools/get-home.ts';
import { cardLanguage, el, hostLink } from './shared.ts';
import { asOf, plainValue, triStateReading } from './words.ts';
import { fill, say, wordsIn } from '../../../words/catalog.ts';
import { CARD_WORDS } from '../../../words/card-words.ts';
import { SHARED_WORDS, SHELL_WORDS } from '../../../words/family-words.ts';
import { HOME_WORDS, retrievedIn, SIZE_WORDS, statusGloss, statusIn } from '../../../words/home-page-words.ts';
import { APPROVAL_LABEL_WORDS, asOfIn, READING_WORDS, SOURCE_WORDS, triStateIn } from '../../../words/home-words.ts';
import type { Language } from '../../../words/language.ts';
import { priceLineIn } from '../../../words/price-words.ts';

/** The price line in the card's language; only a line no Spanish sentence can carry is shown in English, marked so. */
function priceParagraph(price: NonNullable<Parameters<typeof priceLineIn>[0]>, language: Language): HTMLElement {
  const spoken = priceLineIn(price, language);
  if (spoken !== null) return el('p', { 'data-field': 'price', text: spoken });
  const paragraph = el('p', { 'data-field': 'price', text: `${say(HOME_WORDS.startingRateQuoted, language)} ` });
  paragraph.append(el('q', { lang: 'en', text: price.line }));
  return paragraph;
}

export type HomeAnswer = z.infer<(typeof getHome)['output']>;

/** One row of facts: label, value (class "value": the words a reader takes away) and where it comes from. */
function factRow(label: string, value: string, detail: string | null, field?: string): HTMLElement {
  return el('div', { class: 'fact', ...(field ? { 'data-field': field } : {}) }, [
    el('dt', { text: label }),
    el('dd', {}, [el('span', { class: 'value', text: value }), detail ? el('span', { class: 'source', text: ` (${detail})` }) : null]),
  ]);
}

/** A fact's source with its date, as the card says it: "per …, as of …" (English) or "según … al …" (Spanish). */
function sourced(language: Language, source: string, date: string | null | undefined): string {
  return language === 'en' ? `${source}, ${asOf(date)}` : `${source}${asOfIn(language, date ?? null)}`;
}

/**
 * A tri-state value in the card's language: "yes" or "not on file" and where it comes from; never
 * "no". For an approval, a stated false says the license does not carry it (the contract's words).
 */
function reading(language: Language, value: string | null | undefined, source: string, date: string | null | undefined, approval?: ClearanceKey): { words: string; detail: string } {
  if (language === 'en') return triStateReading(value, source, date, approval ? (stated) => approvalOnRecord(approval, stated) : undefined);
  const where = sourced(language, source, date);
  if (value === 'true') return { words: triStateIn(language, 'true'), detail: where };
  return { words: triStateIn(language, 'not_on_file'), detail: say(value === 'false' ? CARD_WORDS.recordStatesNot : CARD_WORDS.recordSilent, language, { source: where }) };
}

/**
 * The last visit, the visits, citations by visit type and complaint outcomes, each count with its
 * years and the day the record was retrieved from the state; no count without its years.
 */
function visitRows(language: Language, visits: HomeAnswer['home']['state_visits'], tallies: HomeAnswer['home']['state_record']): HTMLElement[] {
  const w = wordsIn(CARD_WORDS, language);
  const notOnFile = say(HOME_WORDS.notOnFileShort, language);
  const n = (count: number | null) => (count === null ? notOnFile : plainValue(count));
  const documentsSource = say(SOURCE_WORDS.documents, language);
  if (!visits) {
    // No export figures: the compact tallies, shown only with their years.
    return [
      factRow(w.latestVisit, tallies.latest_visit_date || notOnFile, documentsSource, 'latest_visit'),
      factRow(
        tallies.tallies_since_year ? fill(w.citationsSince, { year: tallies.tallies_since_year }) : w.citations,
        !tallies.tallies_since_year || (tallies.type_a_citations === null && tallies.type_b_citations === null)
          ? notOnFile
          : fill(w.typeAB, { a: n(tallies.type_a_citations), b: n(tallies.type_b_citations) }),
        documentsSource,
        'citations',
      ),
    ];
  }
  const source = `${say(SOURCE_WORDS.visits, language)}${retrievedIn(language, visits.as_of ?? null)}`;
  const since = visits.since_year;
  if (!since) return [factRow(w.visits, w.noVisits, source, 'visits')];
  const byType = (c: { inspection: number | null; other: number | null; complaint: number | null; total: number | null }) =>
    say(HOME_WORDS.byVisitType, language, { total: n(c.total), inspection: n(c.inspection), other: n(c.other), complaint: n(c.complaint) });
  const a = visits.allegations;
  return [
    factRow(w.latestVisit, tallies.latest_visit_date || notOnFile, source, 'latest_visit'),
    factRow(
      fill(w.visitsSince, { year: since }),
      fill(w.visitCounts, { total: n(visits.visits.total), inspection: n(visits.visits.inspection), complaint: n(visits.visits.complaint), other: n(visits.visits.other) }),
      source,
      'visits',
    ),
    factRow(fill(w.citationsSince, { year: since }), fill(w.citationsByType, { a: byType(visits.type_a), b: byType(visits.type_b) }), source, 'citations'),
    factRow(
      fill(w.allegationsSince, { year: since }),
      fill(w.allegationCounts, { total: n(a.total), substantiated: n(a.substantiated), inconclusive: n(a.inconclusive), unsubstantiated: n(a.unsubstantiated), unfounded: n(a.unfounded) }),
      source,
      'allegations',
    ),
  ];
}

/** A state status string in a Spanish card: its English words marked English (a screen reader says them so), the gloss after them. */
function markStatus(row: HTMLElement, language: Language, status: string): HTMLElement {
  if (language === 'en') return row;
  const gloss = statusGloss(language, status);
  row.querySelector('.value')?.replaceChildren(el('span', { lang: 'en', text: status }), gloss ? ` (${gloss})` : '');
  return row;
}

/** A home page's or the corrections form's address in the card's language (the Spanish ones sit under /es). */
function pageIn(language: Language, url: string): string {
  // A Spanish answer links the Spanish pages already: the card links its own language's.
  const english = url.replace(/\/es\/(facility|corrections)([/?])/, '/$1$2');
  return language === 'es' ? english.replace(/\/(facility|corrections)([/?])/, '/es/$1$2') : english;
}

/** Draws get_home's answer into `main` (the home card, or the homes card after a choice), in the host's language. */
export function renderHome(main: HTMLElement, answer: HomeAnswer, app: App): void {
  const language = cardLanguage(app);
  const w = wordsIn(CARD_WORDS, language);
  const english = language === 'en';
  // The answer's own sentences are shown as they are only where the card speaks the answer's language
  // (a Spanish answer links the /es pages); otherwise the card says them from its catalog.
  const answerWords = english && !/\/es\/facility\//.test(answer.home.links.page);
  const notOnFile = say(HOME_WORDS.notOnFileShort, language);
  const value = (text: string | number | null | undefined) => (text === null || text === undefined || text === '' ? notOnFile : plainValue(text));
  const roster = say(SOURCE_WORDS.roster, language);
  const { home } = answer;
  const closed = home.license.closed;
  const place = [home.address.city, home.address.county ? say(HOME_WORDS.county, language, { county: home.address.county }) : null].filter(Boolean).join(', ');

  main.append(
    el('header', {}, [
      el('h1', { text: home.name }),
      home.licensed_name && home.licensed_name !== home.name ? el('p', { class: 'sub', text: fill(w.licensedAs, { name: home.licensed_name }) }) : null,
      el('p', { class: 'sub', text: `${say(HOME_WORDS.licenseNumber, language, { license: home.license_number })}${place ? ` · ${place}` : ''}` }),
    ]),
  );
  // The record's closed note is English service words: a Spanish card says its own.
  if (closed) main.append(el('p', { class: 'closed', role: 'note', text: (answerWords ? home.license.closed_note : null) ?? say(HOME_WORDS.closedNote, language) }));
  if (!english) main.append(el('p', { class: 'note', 'data-field': 'english-prevails', text: w.englishPrevails }));

  const street = [home.address.street, home.address.city, home.address.zip].filter(Boolean).join(', ');
  // The size words as the answer gave them, in either language, said in the card's.
  const sizeEntry = Object.values(SIZE_WORDS).find((entry) => entry.en === home.capacity.size_words || entry.es.text === home.capacity.size_words);
  const size = sizeEntry ? say(sizeEntry, language) : home.capacity.size_words;
  main.append(
    el('section', { 'aria-labelledby': 'h-license' }, [
      el('h2', { id: 'h-license', text: w.licenseAndHome }),
      el('dl', {}, [
        home.license.status
          ? markStatus(factRow(w.licenseStatus, statusIn(language, home.license.status), sourced(language, roster, home.license.as_of), 'license_status'), language, home.license.status)
          : factRow(w.licenseStatus, notOnFile, sourced(language, roster, home.license.as_of), 'license_status'),
        home.license.status_live
          ? markStatus(factRow(w.liveStatus, home.license.status_live, fill(w.checked, { date: home.license.status_live_checked_on ?? w.checkedUnknown }), 'status_live'), language, home.license.status_live)
          : null,
        home.license.on_probation === 'true' ? factRow(w.onProbation, say(READING_WORDS.yes, language), sourced(language, roster, home.license.as_of), 'on_probation') : null,
        factRow(w.beds, home.capacity.beds === null ? notOnFile : `${home.capacity.beds} (${size})`, sourced(language, roster, home.capacity.as_of), 'beds'),
        factRow(w.address, street || notOnFile, sourced(language, roster, home.address.as_of), 'address'),
        // A closed home's phone carries the warning the page gives (in Spanish, the catalog's words for it).
        factRow(w.phone, value(home.phone.number), [sourced(language, roster, home.phone.as_of), home.phone.note ? (answerWords ? home.phone.note : say(HOME_WORDS.closedWarning, language)) : null].filter(Boolean).join('. '), 'phone'),
        factRow(w.licensee, value(home.licensee.name), sourced(language, roster, home.licensee.as_of), 'licensee'),
      ]),
    ]),
  );

  const underReview = new Set<string>(home.clearances.under_review);
  // Without an approvals file the record carries a note in English: a Spanish card says the same in Spanish.
  const sourceNote = home.clearances.source_note
    ? answerWords
      ? home.clearances.source_note
      : say(CLEARANCE_KEYS.some((key) => home.clearances[key] === 'true') ? HOME_WORDS.approvalsFromClientServed : HOME_WORDS.noApprovalsFile, language)
    : null;
  const waiver = home.medi_cal_alw;
  main.append(
    el('section', { 'aria-labelledby': 'h-care' }, [
      el('h2', { id: 'h-care', text: closed ? w.careApprovalsHistory : w.careApprovals }),
      el(
        'dl',
        {},
        CLEARANCE_KEYS.map((key) => {
          const label = say(APPROVAL_LABEL_WORDS[key], language);
          if (underReview.has(key)) return factRow(label, english ? 'not on file' : say(READING_WORDS.notOnFile, language), w.underReview, key);
          const read = reading(language, home.clearances[key], say(SOURCE_WORDS.approvals, language), home.clearances.as_of, key);
          return factRow(label, read.words, sourceNote ? null : read.detail, key);
        }),
      ),
      sourceNote ? el('p', { class: 'source', 'data-field': 'approvals-source', text: sourceNote }) : null,
      el('dl', {}, [
        (() => {
          const read = reading(language, waiver.value, say(SOURCE_WORDS.waiver, language), waiver.list_as_of);
          return factRow(say(APPROVAL_LABEL_WORDS.alw_participation, language), read.words, read.detail, 'medi_cal_alw');
        })(),
      ]),
      // The waiver's own line and, when it is on the list, its scope sentence: the record's words (in Spanish, the service's).
      el('p', {
        class: 'note',
        'data-field': 'medi_cal_alw_line',
        text: answerWords ? waiver.line : waiver.value === 'true' ? fill(w.waiverOn, { asOf: asOfIn(language, waiver.list_as_of ?? null) }) : say(HOME_WORDS.waiverAbsence, language),
      }),
      waiver.scope ? el('p', { class: 'note', 'data-field': 'medi_cal_alw_scope', text: answerWords ? waiver.scope : say(SHARED_WORDS.waiverScope, language) }) : null,
    ]),
  );

  if (home.price) {
    const rate = say(HOME_WORDS.startingRate, language);
    main.append(
      el('section', { 'aria-labelledby': 'h-price' }, [
        el('h2', { id: 'h-price', text: rate }),
        priceParagraph(home.price, language),
      ]),
    );
  }

  const documents = home.state_documents;
  const tallies = home.state_record;
  main.append(
    el('section', { 'aria-labelledby': 'h-documents' }, [
      el('h2', { id: 'h-documents', text: w.stateDocuments }),
      el('dl', {}, [
        factRow(
          w.documentsListed,
          documents && documents.count !== null
            ? `${documents.count}${documents.since_year ? fill(w.documentsSince, { year: documents.since_year }) : ''}${documents.latest_date ? fill(w.documentsNewest, { date: documents.latest_date }) : ''}`
            : notOnFile,
          sourced(language, say(SOURCE_WORDS.documents, language), documents?.as_of),
          'documents',
        ),
        ...visitRows(language, home.state_visits, tallies),
      ]),
      home.state_visits?.since_year ? el('p', { class: 'note', 'data-field': 'substantiated', text: say(SHARED_WORDS.substantiated, language) }) : null,
      el('p', { class: 'note', 'data-field': 'fairness', text: say(SHARED_WORDS.fairness, language) }),
    ]),
  );

  main.append(
    el('p', { class: 'note', 'data-field': 'openings', text: answerWords ? answer.reading_notes.never_in_this_data : say(SHARED_WORDS.openingsByPhone, language) }),
    el('nav', { 'aria-label': w.links }, [
      el('ul', {}, [
        el('li', {}, [hostLink(app, pageIn(language, home.links.page), w.homePage)]),
        el('li', {}, [hostLink(app, pageIn(language, home.links.corrections), w.corrections)]),
        el('li', {}, [hostLink(app, home.state_record_url, w.stateRecord)]),
      ]),
    ]),
    el('footer', {}, [
      el('p', {
        'data-field': 'data_dates',
        text: fill(w.footer, {
          source: say(SHARED_WORDS.stateSource, language),
          service: SERVICE_NAME,
          loaded: answer.data_dates.state_record_loaded_on,
          approvals: answer.data_dates.care_approvals_as_of,
          waiver: answer.data_dates.alw_list_as_of,
        }),
      }),
    ]),
  );
}
