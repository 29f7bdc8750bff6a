// One home's record in plain words: what its HTML page and its Markdown twin both say, in the
// same order. A function of the home record (its detail Facility and compact home carry the
// operator overlay) and the state's report list; no other source, no ranking,
// no availability claim, and every non-true value reads "not on file".
import { APPROVAL_LABELS, CLEARANCE_KEYS, licenseStatusMeaning, triStateWords, WAIVER_LABEL, type ClearanceKey, type TriState } from '../../contract/facts.ts';
import { correctionsLink } from '../../contract/records.ts';
import type { HomeRecord } from '../records/home-record.ts';
import { reportsByLicense, type ReportRow } from '../records/query.ts';
import { homeChanges } from './change-lines.ts';
import { licenseeSlug } from '../records/places.ts';
import type { ShapeContext } from '../records/context.ts';
import { homePagePath } from '../web/links.ts';
import { telHref } from '../web/phone.ts';
import { guideCatalog } from '../words/guides/catalog.ts';
import {
  approvalOnRecord,
  CLOSED_PHONE,
  PENDING_APPLICATION,
  approvalsSourceWords,
  CITATION_TYPES,
  CITATIONS_GUIDE_SLUG,
  FACT_SOURCES,
  FAIRNESS_IN_WORDS,
  OPENINGS_BY_PHONE,
  retrievedOn,
  rosterDateWords,
  SUBSTANTIATED_IN_WORDS,
} from '../words/wording.ts';
import { homeQuestions } from './call-plan.ts';
import { waiverLine } from './waiver-line.ts';

/** How many of the newest reports a page lists; the state's page has the rest. */
export const REPORTS_SHOWN = 30;

/** One home in plain words: its record's facts, and the quick answers drawn from them. */
export type HomeView = ReturnType<typeof homeView>;
type ViewFacts = ReturnType<typeof viewFacts>;

function asOf(date: string | null): string {
  return date ? ` as of ${date}` : ' (the source gives no date)';
}


function typeWords(type: string | null): string {
  if (type && /ELDERLY/i.test(type)) return 'residential care facility for the elderly (RCFE)';
  return type ? `licensed care facility (type on the roster: ${type})` : 'licensed care facility';
}

/** "City, Name County", without the part not on file ('' when neither is). */
export function placeWords(city: string | null, county: string | null): string {
  return [city, county ? `${county} County` : null].filter(Boolean).join(', ');
}

export function homeView(context: ShapeContext, homeRecord: HomeRecord) {
  const facts = viewFacts(context, homeRecord);
  return { ...facts, quickAnswers: quickAnswers(facts) };
}

function viewFacts(context: ShapeContext, homeRecord: HomeRecord) {
  const baseUrl = context.filler.baseUrl;
  const { row, license } = homeRecord;
  const record = homeRecord.detail;
  const home = homeRecord.compact;
  // Closed as the pipeline decided it: the roster's words, or a fresher live record that says closed.
  const rosterMeaning = licenseStatusMeaning(row.license_status);
  const meaning = { ...rosterMeaning, closed: row.closed === 1, listed: rosterMeaning.listed && row.closed !== 1 };
  const underReview = new Set(homeRecord.underReview);
  const canonicalUrl = `${baseUrl}${homePagePath(row.name, license)}`;
  const correctionsUrl = (field: string) => `${correctionsLink(license, baseUrl)}&field=${field}`;
  const title = row.name;
  const address = record.address.value;
  const place = placeWords(address.city, address.county) || 'place not on file';
  const closedNote = meaning.closed ? (home.clearances.closed_note ?? 'This license is closed.') : null;

  const capacity = record.capacity.value;
  const line = [
    `License ${license}`,
    place,
    capacity === null ? 'licensed beds not on file' : `${capacity} licensed bed${capacity === 1 ? '' : 's'}`,
    home.size_words,
  ].join(' · ');

  const licensee = record.licensee.value;
  const since = record.operating_since_year.value;
  const statusText = record.license_status.value ?? 'not on file';
  // The roster's date by the roster's shape: the export's is the day the state served it, the portal file's its own.
  const rosterDated = rosterDateWords(record.license_status.confirmed_on, context.snapshot.meta.rosterShape).aside;
  const sentence =
    `${title} is a ${typeWords(record.facility_type.value)} in ${place}` +
    `${licensee ? `, licensed to ${licensee}` : ''}${since ? `, first licensed in ${since}` : ''}. ` +
    `Status on the state's record${rosterDated}: ${statusText}.` +
    (meaning.probation ? ' The license is on probation.' : '') +
    (meaning.pending ? ` ${PENDING_APPLICATION} It is not in the lists on this site.` : !meaning.listed && !meaning.closed ? ' A license with this status is not in the lists on this site.' : '');

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
        label: APPROVAL_LABELS[key],
        value: fact.value,
        underReview: held,
        words: held ? 'not on file (under a correction review)' : triStateWords(fact.value),
        source: approvalsSourceWords(context.snapshot.meta.approvalsRead, asOf(fact.confirmed_on), fact.value, CLEARANCE_KEYS.map((k) => record.clearances[k].value)),
        note: null,
        correctionsUrl: correctionsUrl(key),
      };
    }),
    {
      field: 'alw_participation',
      label: WAIVER_LABEL,
      value: waiver.value,
      underReview: false,
      words: triStateWords(waiver.value),
      source: `${FACT_SOURCES.waiver}${asOf(waiver.confirmed_on)}`,
      note: waiver.value === 'true' ? home.medi_cal_alw.scope : (unresolvedWaiverSaid ?? 'Absence from the list is not a verified no.'),
      correctionsUrl: correctionsUrl('alw_participation'),
    },
  ];

  // Only the compact home's price block, quoted; a closed license has none.
  const rateLine = !meaning.closed && home.price ? home.price.line : null;
  const noRate = meaning.closed
    ? 'No starting rate is shown: this license is closed.'
    : 'No starting rate is on file for this home. Ask the home for its rates.';

  const reports = reportsByLicense(context.snapshot, license);
  const documents = record.state_documents?.value ?? null;
  const documentCount = documents ? Math.max(documents.count, reports.length) : reports.length > 0 ? reports.length : null;
  const shown = reports.slice(0, REPORTS_SHOWN);

  const phone = record.phone.value;
  const needsOnFile = CLEARANCE_KEYS.filter((key) => record.clearances[key].value === 'true');
  const questionNeeds = needsOnFile.map((key) => (key === 'non_ambulatory' ? 'wheelchair' : key));

  return {
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
    waiverUnresolved: unresolvedWaiverSaid,
    rateLine,
    noRate,
    fairness: FAIRNESS_IN_WORDS,
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
      citationTypes: CITATION_TYPES,
      citationsGuide: guideCatalog(baseUrl).find((guide) => guide.slug === CITATIONS_GUIDE_SLUG)!,
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
      questions: meaning.closed ? [] : homeQuestions(homeRecord, questionNeeds, context.snapshot.meta.snapshotDate),
      openings: OPENINGS_BY_PHONE,
      closedWarning: meaning.closed ? CLOSED_PHONE : null,
    },
    // Only licensees with a license-holder page (see places.ts) are linked.
    licensee: { name: licensee, pageSlug: licensee ? licenseeSlug(context.snapshot, licensee) : null },
    address,
    corrections: {
      url: record.links.corrections,
      disputes: record.disputes,
    },
    rosterAsOf: record.license_status.confirmed_on,
    rosterDated,
    // The home's logged changes on the state record, newest first.
    changes: homeChanges(context, baseUrl, license),
  };
}

function approvalAnswer(view: ViewFacts, key: ClearanceKey): string {
  const approval = view.approvals.find((a) => a.field === key)!;
  // Both non-true values read "not on file"; the sentence says which the record holds. A closed
  // license has no home to ask.
  const askTheHome = view.status.closed ? '' : '; ask the home';
  const onRecord = approvalOnRecord(key, approval.value as TriState);
  const recorded =
    approval.value === 'true'
      ? `Yes: ${onRecord}, ${approval.source}.`
      : approval.underReview
        ? `Not on file: this approval is under a correction review, so it reads "not on file" until the review closes.`
        : approval.value === 'false'
          ? `${capitalized(onRecord)}, ${approval.source}.`
          : `${capitalized(onRecord)}, ${approval.source}. That is not a no${askTheHome}.`;
  return asRecordedWhileOpen(view, recorded);
}

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** On a closed license an approval or waiver answer is history (spec: never presented as current). */
function asRecordedWhileOpen(view: ViewFacts, recorded: string): string {
  if (!view.status.closed) return recorded;
  return `This license is closed, so the home takes no residents under it. While it was open, the record held: ${recorded.charAt(0).toLowerCase()}${recorded.slice(1)}`;
}

function quickAnswers(view: ViewFacts) {
  const waiver = view.approvals.find((a) => a.field === 'alw_participation')!;
  const { visits } = view;
  return [
    {
      question: 'Is this home licensed?',
      answer: view.status.closedLive
        ? `No longer. ${view.closedNote ?? ''}`.trim()
        : view.status.closed
        ? `No longer: the state roster lists this license as ${view.status.text}. ${view.closedNote ?? ''}`.trim()
        : `The state's record lists this license as ${view.status.text}${view.rosterAsOf ? view.rosterDated : ''}.` +
          (view.status.probation ? ' The license is on probation.' : ''),
    },
    { question: 'Does it take residents with dementia?', answer: approvalAnswer(view, 'dementia') },
    { question: 'Can it care for someone who uses a wheelchair or cannot walk unaided?', answer: approvalAnswer(view, 'non_ambulatory') },
    { question: 'Can a resident receive hospice care there?', answer: approvalAnswer(view, 'hospice') },
    { question: 'Can it care for a bedridden resident?', answer: approvalAnswer(view, 'bedridden') },
    {
      question: 'Does it take the Medi-Cal Assisted Living Waiver?',
      answer: asRecordedWhileOpen(
        view,
        waiver.value === 'true'
          ? `Yes: it is on the state's Assisted Living Waiver list${waiver.source.replace(/^per the state's Assisted Living Waiver list/, '')}. ${waiver.note ?? ''}`.trim()
          : view.waiverUnresolved
            ? view.waiverUnresolved
            : `Not on file: it is not on the state's Assisted Living Waiver list${waiver.source.replace(/^per the state's Assisted Living Waiver list/, '')}. Absence from the list is not a verified no${view.status.closed ? '' : '; ask the home'}.`,
      ),
    },
    {
      question: 'How much does it cost?',
      answer: view.rateLine ? `"${view.rateLine}"` : view.noRate,
    },
    {
      question: 'Does it have an opening?',
      answer: view.status.closed
        ? `This license is closed. For homes with an open license: ${OPENINGS_BY_PHONE.charAt(0).toLowerCase()}${OPENINGS_BY_PHONE.slice(1)}`
        : `${OPENINGS_BY_PHONE}${view.call.phone ? ` The number on the state roster is ${view.call.phone}.` : ''}`,
    },
    {
      question: 'When did the state last visit?',
      answer: visits.lastVisit
        ? `The state's record shows a last visit on ${visits.lastVisit}${visits.exported ? retrievedOn(visits.exportedOn) : ''}.`
        : 'Not on file: the state record gives no last visit date.',
    },
  ];
}

/**
 * The export's visits, citations by visit type and complaint outcomes in plain words, each count
 * with its years and the day the record was retrieved; no count at all without a visit on record
 * (its years are unknown). Empty without the export's figures.
 */
export function visitWords(view: ViewFacts): string[] {
  const v = view.visits.exported;
  if (!v) return [];
  const on = retrievedOn(view.visits.exportedOn);
  if (v.since_year === null) return [`No state visit is on the state's record${on}.`];
  const n = (count: number | null) => (count === null ? 'not on file' : String(count));
  const byType = (c: { inspection: number | null; other: number | null; complaint: number | null; total: number | null }) =>
    `${n(c.total)} (${n(c.inspection)} at inspections, ${n(c.other)} at other visits, ${n(c.complaint)} from complaints)`;
  const a = v.allegations;
  return [
    `State visits since ${v.since_year}${on}: ${n(v.visits.total)} (${n(v.visits.inspection)} inspections, ${n(v.visits.complaint)} complaint investigations, ${n(v.visits.other)} other visits).`,
    `Citations since ${v.since_year}: Type A ${byType(v.type_a)}; Type B ${byType(v.type_b)}.`,
    `Complaint allegations since ${v.since_year}: ${n(a.total)} (${n(a.substantiated)} substantiated, ${n(a.inconclusive)} inconclusive, ${n(a.unsubstantiated)} unsubstantiated, ${n(a.unfounded)} unfounded). ${SUBSTANTIATED_IN_WORDS}`,
  ];
}

/** "4 documents since 2025, newest 2025-11-28" and the citation tallies, in words. */
export function documentWords(view: ViewFacts): { documents: string; citations: string } {
  const v = view.visits;
  const since = v.documentsSince ? ` (since ${v.documentsSince}${v.latestDocument ? `, newest ${v.latestDocument}` : ''})` : '';
  const documents = v.documents === null ? 'Documents the state lists: not on file.' : `Documents the state lists: ${v.documents}${since}.`;
  // A count without its years is not shown.
  const citations =
    (v.typeA === null && v.typeB === null) || !v.talliesSince
      ? v.exported && !v.talliesSince
        ? 'Type A and Type B citations: none, with no state visit on record.'
        : 'Type A and Type B citations: not on file.'
      : `Citations since ${v.talliesSince}: ${v.typeA ?? 'not on file'} Type A, ${v.typeB ?? 'not on file'} Type B.`;
  return { documents, citations };
}

export function reportWords(report: ReportRow): string {
  const parts = [report.date ?? 'date not on file', report.type ?? 'type not on file', report.title ?? 'untitled'];
  return `${parts.join(' · ')}${report.control_number ? ` (control number ${report.control_number})` : ''}`;
}
