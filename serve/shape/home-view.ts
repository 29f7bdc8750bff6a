// One home's record in plain words: what its HTML page and its Markdown twin both say, in the
// same order. A function of the home record (its detail Facility and compact home carry the
// operator overlay) and the state's report list; no other source, no ranking,
// no availability claim, and every non-true value reads "not on file".
import { CLEARANCE_KEYS, licenseStatusMeaning, type ClearanceKey, type TriState } from '../../contract/facts.ts';
import type { RosterShape } from '../../contract/snapshot-schema.ts';
import { correctionsLink } from '../../contract/records.ts';
import type { HomeRecord } from '../records/home-record.ts';
import { reportsByLicense, type ReportRow } from '../records/query.ts';
import { homeChanges } from './change-lines.ts';
import { licenseeSlug } from '../records/places.ts';
import type { ShapeContext } from '../records/context.ts';
import { homePagePath } from '../web/links.ts';
import { telHref } from '../web/phone.ts';
import { guideCatalog } from '../words/guides/catalog.ts';
import { approvalsSourceWords, CITATIONS_GUIDE_SLUG, rosterDateWords } from '../words/wording.ts';
import { homeQuestions } from './call-plan.ts';
import { waiverLine } from './waiver-line.ts';
import { fill, say, wordsIn } from '../words/catalog.ts';
import { pathIn, type Language } from '../words/language.ts';
import { HOME_WORDS, retrievedIn, SIZE_WORDS, statusIn } from '../words/home-page-words.ts';
import { APPROVAL_LABEL_WORDS, approvalOnRecordIn, asOfIn, READING_WORDS, SOURCE_WORDS, triStateIn } from '../words/home-words.ts';
import { SHARED_WORDS } from '../words/family-words.ts';
import { priceLineIn } from '../words/price-words.ts';

/** How many of the newest reports a page lists; the state's page has the rest. */
export const REPORTS_SHOWN = 30;

/** One home in plain words: its record's facts, and the quick answers drawn from them. */
export type HomeView = ReturnType<typeof homeView>;
type ViewFacts = ReturnType<typeof viewFacts>;

function typeWords(type: string | null, language: Language): string {
  if (type && /ELDERLY/i.test(type)) return say(HOME_WORDS.typeRcfe, language);
  return type ? say(HOME_WORDS.typeOther, language, { type }) : say(HOME_WORDS.typeUnknown, language);
}

/** "City, Name County", without the part not on file ('' when neither is). */
export function placeWords(city: string | null, county: string | null, language: Language = 'en'): string {
  return [city, county ? say(HOME_WORDS.county, language, { county }) : null].filter(Boolean).join(', ');
}

/** The view in a language (English unless asked): the record's values stay verbatim either way. */
export function homeView(context: ShapeContext, homeRecord: HomeRecord, language: Language = 'en') {
  const facts = viewFacts(context, homeRecord, language);
  return { ...facts, quickAnswers: quickAnswers(facts) };
}

function viewFacts(context: ShapeContext, homeRecord: HomeRecord, language: Language) {
  const baseUrl = context.filler.baseUrl;
  const w = wordsIn(HOME_WORDS, language);
  const asOf = (date: string | null) => asOfIn(language, date);
  const { row, license } = homeRecord;
  const record = homeRecord.detail;
  const home = homeRecord.compact;
  // Closed as the pipeline decided it: the roster's words, or a fresher live record that says closed.
  const rosterMeaning = licenseStatusMeaning(row.license_status);
  const meaning = { ...rosterMeaning, closed: row.closed === 1, listed: rosterMeaning.listed && row.closed !== 1 };
  const underReview = new Set(homeRecord.underReview);
  const canonicalUrl = `${baseUrl}${pathIn(language, homePagePath(row.name, license))}`;
  // A Spanish page's corrections links open the Spanish form.
  const formUrl = (url: string) => (language === 'en' ? url : url.replace(`${baseUrl}/corrections`, `${baseUrl}${pathIn(language, '/corrections')}`));
  const correctionsUrl = (field: string) => formUrl(`${correctionsLink(license, baseUrl)}&field=${field}`);
  const title = row.name;
  const address = record.address.value;
  const place = placeWords(address.city, address.county, language) || w.placeNotOnFile;
  // The stored closed note is English service words: a Spanish page says its own.
  const closedNote = meaning.closed ? (language === 'en' ? home.clearances.closed_note : null) ?? w.closedNote : null;

  const capacity = record.capacity.value;
  const line = [
    fill(w.licenseNumber, { license }),
    place,
    capacity === null ? w.bedsNotOnFile : fill(capacity === 1 ? w.bedOne : w.bedMany, { n: capacity }),
    SIZE_WORDS[home.size_words] ? say(SIZE_WORDS[home.size_words]!, language) : home.size_words,
  ].join(' · ');

  const licensee = record.licensee.value;
  const since = record.operating_since_year.value;
  const statusText = record.license_status.value ?? 'not on file';
  // The roster's date by the roster's shape: the export's is the day the state served it, the portal file's its own.
  const rosterDated =
    language === 'en'
      ? rosterDateWords(record.license_status.confirmed_on, context.snapshot.meta.rosterShape).aside
      : rosterAsideIn(language, record.license_status.confirmed_on, context.snapshot.meta.rosterShape);
  const sentence =
    // "en el condado de X" when no city comes first (Spanish needs the article there).
    fill(w.isA, { title, type: typeWords(record.facility_type.value, language), place: !address.city && address.county ? say(HOME_WORDS.countyAlone, language, { county: address.county }) : place }) +
    `${licensee ? fill(w.licensedTo, { licensee }) : ''}${since ? fill(w.firstLicensed, { since }) : ''}` +
    fill(w.statusOnRecord, { dated: rosterDated, status: record.license_status.value ? statusIn(language, statusText) : language === 'en' ? statusText : w.notOnFileShort }) +
    (meaning.probation ? w.onProbation : '') +
    (meaning.pending ? w.pendingNotListed : !meaning.listed && !meaning.closed ? w.notListed : '');

  const waiver = record.alw_participation;
  // A list row that may be this home but was tied to no one license: the line says so (waiver-line.ts).
  const storedLine = home.medi_cal_alw.line;
  const shownLine = waiverLine(context.snapshot, license, home.medi_cal_alw);
  const unresolvedWaiverSaid = shownLine !== storedLine ? shownLine : null;
  // Each line: its corrections-form field, its words ("not on file (under a correction review)"),
  // its source ("per the state's approvals file as of 2026-11-09") and a note after it, or null.
  const approvals = [
    ...CLEARANCE_KEYS.map((key) => {
      const fact = record.clearances[key];
      const held = underReview.has(key);
      return {
        field: key,
        label: say(APPROVAL_LABEL_WORDS[key], language),
        value: fact.value,
        underReview: held,
        words: held ? say(READING_WORDS.underReview, language) : triStateIn(language, fact.value),
        source: approvalSourceIn(language, context.snapshot.meta.approvalsRead, asOf(fact.confirmed_on), fact.value, CLEARANCE_KEYS.map((k) => record.clearances[k].value)),
        note: null,
        correctionsUrl: correctionsUrl(key),
      };
    }),
    {
      field: 'alw_participation',
      label: say(APPROVAL_LABEL_WORDS.alw_participation, language),
      value: waiver.value,
      underReview: false,
      words: triStateIn(language, waiver.value),
      source: `${say(SOURCE_WORDS.waiver, language)}${asOf(waiver.confirmed_on)}`,
      note:
        language === 'en'
          ? waiver.value === 'true' ? home.medi_cal_alw.scope : (unresolvedWaiverSaid ?? w.waiverAbsence)
          : waiver.value === 'true' ? say(SHARED_WORDS.waiverScope, language) : unresolvedWaiverSaid ? w.waiverUnresolved : w.waiverAbsence,
      correctionsUrl: correctionsUrl('alw_participation'),
    },
  ];

  // Only the compact home's price block; a closed license has none. In Spanish its facts are said in
  // Spanish (words/price-words.ts); only a line that cannot be rebuilt is shown in its English.
  const spokenRate = !meaning.closed && home.price ? priceLineIn(home.price, language) : null;
  const rateLine = !meaning.closed && home.price ? (spokenRate ?? home.price.line) : null;
  const rateLineLanguage: Language = spokenRate === null ? 'en' : language;
  const noRate = meaning.closed ? w.noRateClosed : w.noRate;

  const reports = reportsByLicense(context.snapshot, license);
  const documents = record.state_documents?.value ?? null;
  const documentCount = documents ? Math.max(documents.count, reports.length) : reports.length > 0 ? reports.length : null;
  const shown = reports.slice(0, REPORTS_SHOWN);

  const phone = record.phone.value;
  const needsOnFile = CLEARANCE_KEYS.filter((key) => record.clearances[key].value === 'true');
  const questionNeeds = needsOnFile.map((key) => (key === 'non_ambulatory' ? 'wheelchair' : key));

  return {
    language,
    license,
    title,
    // The name on the license, when it differs from the name the home goes by.
    licensedName: row.licensed_name !== row.name ? row.licensed_name : null,
    canonicalUrl,
    markdownUrl: `${canonicalUrl}.md`,
    line,
    sentence,
    status: {
      text: statusText,
      closed: meaning.closed,
      /** Closed by the state's live record while the roster still lists the license. */
      closedLive: meaning.closed && !rosterMeaning.closed,
      probation: meaning.probation,
      liveStatus: record.license_status_live.value,
      liveCheckedOn: record.license_status_live.confirmed_on,
    },
    closedNote,
    approvals,
    /** The waiver line when a list row may be this home but was tied to no one license (else null). */
    waiverUnresolved: unresolvedWaiverSaid && language !== 'en' ? w.waiverUnresolved : unresolvedWaiverSaid,
    rateLine,
    /** The language the rate line is in: the page's, or English where no Spanish could be built. */
    rateLineLanguage,
    noRate,
    fairness: say(SHARED_WORDS.fairness, language),
    visits: {
      lastVisit: record.last_state_visit.value,
      documents: documentCount,
      documentsSince: documents?.since_year ?? null,
      latestDocument: documents?.latest_date ?? null,
      typeA: home.state_record.type_a_citations,
      typeB: home.state_record.type_b_citations,
      talliesSince: home.state_record.tallies_since_year,
      // The export's visits, citations by visit type and complaint outcomes, with the day it was retrieved.
      exported: homeRecord.restDetail.state_visits.value,
      exportedOn: homeRecord.restDetail.state_visits.confirmed_on,
      // Type A and Type B in one plain sentence, and the guide that says more.
      citationTypes: say(SHARED_WORDS.citationTypes, language),
      citationsGuide: guideCatalog(baseUrl, language).find((guide) => guide.slug === CITATIONS_GUIDE_SLUG)!,
      stateRecordUrl: row.state_record_url,
      reports: shown,
      // Reports the state lists beyond those shown.
      more: Math.max(0, (documentCount ?? 0) - shown.length),
    },
    call: {
      phone,
      telHref: telHref(phone),
      // A closed license takes no residents: nothing to ask it.
      // One list with the call plan's (call-plan.ts): the same record asks the same questions everywhere.
      questions: meaning.closed ? [] : homeQuestions(homeRecord, questionNeeds, context.snapshot.meta.snapshotDate, language),
      openings: say(SHARED_WORDS.openingsByPhone, language),
      closedWarning: meaning.closed ? w.closedWarning : null,
    },
    // Only licensees with a license-holder page (see places.ts) are linked.
    licensee: { name: licensee, pageSlug: licensee ? licenseeSlug(context.snapshot, licensee) : null },
    address,
    corrections: {
      url: formUrl(record.links.corrections),
      disputes: record.disputes,
    },
    rosterAsOf: record.license_status.confirmed_on,
    rosterDated,
    // The home's logged changes on the state record, newest first.
    changes: homeChanges(context, baseUrl, license, language),
  };
}

function approvalAnswer(view: ViewFacts, key: ClearanceKey): string {
  const w = wordsIn(HOME_WORDS, view.language);
  const approval = view.approvals.find((a) => a.field === key)!;
  // Both non-true values read "not on file"; the sentence says which the record holds. A closed
  // license has no home to ask.
  const ask = view.status.closed ? '' : w.askTheHomeTail;
  const onRecord = approvalOnRecordIn(view.language, key, approval.value as TriState);
  const recorded =
    approval.value === 'true'
      ? fill(w.aYes, { onRecord, source: approval.source })
      : approval.underReview
        ? w.aUnderReview
        : approval.value === 'false'
          ? fill(w.aStated, { onRecord: capitalized(onRecord), source: approval.source })
          : fill(w.aSilent, { onRecord: capitalized(onRecord), source: approval.source, ask });
  return asRecordedWhileOpen(view, recorded);
}

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** On a closed license an approval or waiver answer is history (spec: never presented as current). */
function asRecordedWhileOpen(view: ViewFacts, recorded: string): string {
  if (!view.status.closed) return recorded;
  return fill(say(HOME_WORDS.whileOpen, view.language), { recorded: `${recorded.charAt(0).toLowerCase()}${recorded.slice(1)}` });
}

/** The roster's date in a sentence, in a language (wording.ts rosterDateWords in English). */
function rosterAsideIn(language: Language, date: string | null, shape: RosterShape): string {
  if (shape === 'export') return retrievedIn(language, date);
  return date ? say(HOME_WORDS.rosterDated, language, { date }) : say(HOME_WORDS.rosterUndated, language);
}

/** The source of one care approval (wording.ts approvalsSourceWords in English). */
function approvalSourceIn(language: Language, approvalsRead: boolean, asOfWords: string, value: TriState, values: readonly TriState[]): string {
  if (language === 'en') return approvalsSourceWords(approvalsRead, asOfWords, value, values);
  if (approvalsRead) return `${say(SOURCE_WORDS.approvals, language)}${asOfWords}`;
  if (value === 'true') return `${say(HOME_WORDS.clientServedSource, language)}${asOfWords}`;
  return say(values.includes('true') ? HOME_WORDS.approvalsFromClientServed : HOME_WORDS.noApprovalsFile, language);
}

function quickAnswers(view: ViewFacts) {
  const w = wordsIn(HOME_WORDS, view.language);
  const waiver = view.approvals.find((a) => a.field === 'alw_participation')!;
  const { visits } = view;
  const status = statusIn(view.language, view.status.text);
  const waiverAsOf = waiver.source.slice(say(SOURCE_WORDS.waiver, view.language).length);
  const openings = view.call.openings;
  return [
    {
      question: w.qLicensed,
      answer: view.status.closedLive
        ? fill(w.aNoLonger, { note: view.closedNote ?? '' }).trim()
        : view.status.closed
        ? fill(w.aNoLongerStatus, { status, note: view.closedNote ?? '' }).trim()
        : fill(w.aListedAs, { status, dated: view.rosterAsOf ? view.rosterDated : '' }) + (view.status.probation ? w.onProbation : ''),
    },
    { question: w.qDementia, answer: approvalAnswer(view, 'dementia') },
    { question: w.qWheelchair, answer: approvalAnswer(view, 'non_ambulatory') },
    { question: w.qHospice, answer: approvalAnswer(view, 'hospice') },
    { question: w.qBedridden, answer: approvalAnswer(view, 'bedridden') },
    {
      question: w.qWaiver,
      answer: asRecordedWhileOpen(
        view,
        waiver.value === 'true'
          ? fill(w.aWaiverYes, { asOf: waiverAsOf, note: waiver.note ?? '' }).trim()
          : view.waiverUnresolved
            ? view.waiverUnresolved
            : fill(w.aWaiverNotOnFile, { asOf: waiverAsOf, ask: view.status.closed ? '' : w.askTheHomeTail }).trim(),
      ),
    },
    {
      question: w.qCost,
      answer: view.rateLine ? (view.language !== 'en' && view.rateLineLanguage === view.language ? view.rateLine : fill(w.aRateQuoted, { line: view.rateLine })) : view.noRate,
    },
    {
      question: w.qOpening,
      answer: view.status.closed
        ? fill(w.aOpeningClosed, { openings: view.language === 'en' ? `${openings.charAt(0).toLowerCase()}${openings.slice(1)}` : openings })
        : `${openings}${view.call.phone ? fill(w.aOpeningPhone, { phone: view.call.phone }) : ''}`,
    },
    {
      question: w.qLastVisit,
      answer: visits.lastVisit
        ? fill(w.aLastVisit, { date: visits.lastVisit, retrieved: visits.exported ? retrievedIn(view.language, visits.exportedOn) : '' })
        : w.aNoLastVisit,
    },
  ];
}

/**
 * The export's visits, citations by visit type and complaint outcomes in plain words, each count
 * with its years and the day the record was retrieved; no count at all without a visit on record
 * (its years are unknown). Empty without the export's figures.
 */
export function visitWords(view: ViewFacts): string[] {
  const w = wordsIn(HOME_WORDS, view.language);
  const v = view.visits.exported;
  if (!v) return [];
  const on = retrievedIn(view.language, view.visits.exportedOn);
  if (v.since_year === null) return [fill(w.noVisitOnRecord, { on })];
  const n = (count: number | null) => (count === null ? w.notOnFileShort : String(count));
  const byType = (c: { inspection: number | null; other: number | null; complaint: number | null; total: number | null }) =>
    fill(w.byVisitType, { total: n(c.total), inspection: n(c.inspection), other: n(c.other), complaint: n(c.complaint) });
  const a = v.allegations;
  const year = v.since_year;
  return [
    fill(w.visitsSince, { year, on, total: n(v.visits.total), inspection: n(v.visits.inspection), complaint: n(v.visits.complaint), other: n(v.visits.other) }),
    fill(w.citationsByType, { year, a: byType(v.type_a), b: byType(v.type_b) }),
    `${fill(w.allegationsSince, {
      year,
      total: n(a.total),
      substantiated: n(a.substantiated),
      inconclusive: n(a.inconclusive),
      unsubstantiated: n(a.unsubstantiated),
      unfounded: n(a.unfounded),
    })} ${say(SHARED_WORDS.substantiated, view.language)}`,
  ];
}

/** "4 documents since 2025, newest 2025-11-28" and the citation tallies, in words. */
export function documentWords(view: ViewFacts): { documents: string; citations: string } {
  const w = wordsIn(HOME_WORDS, view.language);
  const v = view.visits;
  const since = v.documentsSince ? fill(w.documentsSince, { year: v.documentsSince, newest: v.latestDocument ? fill(w.documentsNewest, { date: v.latestDocument }) : '' }) : '';
  const documents = v.documents === null ? w.documentsNotOnFile : fill(w.documents, { n: v.documents, since });
  // A count without its years is not shown.
  const citations =
    (v.typeA === null && v.typeB === null) || !v.talliesSince
      ? v.exported && !v.talliesSince
        ? w.citationsNoVisit
        : w.citationsNotOnFile
      : fill(w.citationsSince, { year: v.talliesSince, a: v.typeA ?? w.notOnFileShort, b: v.typeB ?? w.notOnFileShort });
  return { documents, citations };
}

/** A report's line: the state's own date, type and title verbatim, with the service's words for what is missing. */
export function reportWords(report: ReportRow, language: Language = 'en'): string {
  const w = wordsIn(HOME_WORDS, language);
  const parts = [report.date ?? w.reportDateNotOnFile, report.type ?? w.reportTypeNotOnFile, report.title ?? w.reportUntitled];
  return `${parts.join(' · ')}${report.control_number ? fill(w.controlNumber, { number: report.control_number }) : ''}`;
}
