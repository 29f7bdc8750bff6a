// get_state_documents: a home's state reports, newest first, with the transcribed narrative and
// citations from the document store when asked, including reports the state no longer lists.
import * as z from 'zod/v4';
import type { Citation } from '../../../contract/document-store.ts';
import { ISO_DATE, isCalendarDate } from '../../../contract/facts.ts';
import { facilityByLicense, reportsByLicense, storedDocumentsByLicense, type ReportRow, type StoredDocumentRow } from '../../records/query.ts';
import { mcpDataDates } from '../record.ts';
import { fill, say, wordsIn } from '../../words/catalog.ts';
import { DOCUMENT_WORDS } from '../../words/document-words.ts';
import { honestyIn } from '../../words/handoff-words.ts';
import type { Language } from '../../words/language.ts';
import { quoted, quotedBlock, quotedOr, quotedTextNoteIn } from '../../words/quote.ts';
import { dataDates, integerArg, licenseArg, strictInput, answerLanguageArg } from '../schemas.ts';
import { answerLanguage } from '../language.ts';
import { defineTool, refuse } from '../tool.ts';
import { ORDER_REPORTS } from '../wording.ts';
import { licenseOrRefuse, notOnRoster } from './common.ts';

export const DOCUMENTS_DEFAULT_LIMIT = 20;
export const DOCUMENTS_MAX_LIMIT = 50;
export const DOCUMENTS_MAX_OFFSET = 10_000;
/** Longest text returned per report; longer texts are cut and marked. */
export const MAX_TEXT_CHARS = 20_000;
/** Most bytes a page's reports take in structuredContent; its Markdown text block is about as large, so an answer stays under 48 KB. */
export const DOCUMENTS_PAGE_BYTES = 21_000;

const input = strictInput({
  license_number: licenseArg,
  include_text: z
    .boolean({ error: 'include_text must be true or false' })
    .optional()
    .describe("Adds each report's transcribed text and citations. Default false: titles, dates and citation counts."),
  since: z
    .string({ error: 'since must be a date written YYYY-MM-DD' })
    .regex(ISO_DATE, { error: 'since must be a date written YYYY-MM-DD, e.g. "2023-01-01"' })
    .optional()
    .describe('Only reports dated on or after this day (YYYY-MM-DD).'),
  limit: integerArg('limit', 1, DOCUMENTS_MAX_LIMIT)
    .optional()
    .describe(`Newest first; default ${DOCUMENTS_DEFAULT_LIMIT}.`),
  offset: integerArg('offset', 0, DOCUMENTS_MAX_OFFSET).optional().describe("The previous page's next_offset."),
  language: answerLanguageArg,
}, ORDER_REPORTS);

const citation = z.object({
  type: z.enum(['A', 'B']).describe('A: an immediate or substantial risk to residents; B: a potential risk or a record-keeping lapse.'),
  section: z.string().nullable().describe('The regulation cited.'),
  finding: z.string(),
});

const report = z.object({
  ref: z.string().describe('doc:<state document id>, stable between data loads.'),
  control_number: z.string().nullable().describe('Complaint control number; null on reports listed without one.'),
  date: z.string().nullable(),
  type: z.string().nullable().describe('Inspection, Complaint, Other...'),
  title: z.string().nullable(),
  source_class: z.literal('state'),
  listed_by_state: z.boolean().describe('false for a report the state no longer lists; its text was kept.'),
  note: z.string().nullable(),
  state_record_url: z.string().describe("The state's reports page for this home (no per-report address exists)."),
  citation_counts: z.object({ type_a: z.number().int(), type_b: z.number().int() }).nullable().describe('null when the text is not in the document store.'),
  text: z.string().nullable().describe('The transcribed narrative (include_text only).'),
  text_truncated: z.boolean(),
  citations: z.array(citation).nullable().describe('Citations found in the text (include_text only).'),
});

const output = z.object({
  note: z.string().optional().describe('Present when the page was cut for its size: say so.'),
  license_number: z.string(),
  name: z.string(),
  state_record_url: z.string(),
  reports: z.array(report),
  total_listed_by_state: z.number().int().nullable().describe("The state's own count; null: not on file."),
  matching: z.number().int().describe('Reports since since (all without it), before limit.'),
  returned: z.number().int(),
  offset: z.number().int(),
  next_offset: z.number().int().nullable().describe('More reports: call again with this offset.'),
  texts_readable: z.boolean().describe('false when the document store cannot be read right now: titles and dates only.'),
  order: z.string(),
  fairness_note: z.string(),
  data_dates: dataDates,
});

type Report = z.infer<typeof report>;

function citationCounts(citations: Citation[]) {
  return {
    type_a: citations.filter((c) => c.type === 'A').length,
    type_b: citations.filter((c) => c.type === 'B').length,
  };
}

function parseCitations(json: string): Citation[] {
  try {
    const list = JSON.parse(json) as unknown;
    if (!Array.isArray(list)) return [];
    return list.flatMap((item) => {
      const c = item as Partial<Citation>;
      if (c.type !== 'A' && c.type !== 'B') return [];
      return [{ type: c.type, section: typeof c.section === 'string' ? c.section : null, finding: String(c.finding ?? '') }];
    });
  } catch {
    return [];
  }
}

/** The text block: the same reports as Markdown, the cut (if any) first, in the answer's language (docs/mcp.md). */
function documentsText(answer: z.infer<typeof output>, language: Language): string {
  const w = wordsIn(DOCUMENT_WORDS, language);
  const matching = answer.matching === 1 ? w.matchingOne : fill(w.matchingMany, { n: answer.matching });
  const holds = answer.returned === 0 ? w.holdsNone : fill(w.holdsRange, { n: answer.returned, from: answer.offset + 1, to: answer.offset + answer.returned });
  const next = answer.next_offset === null ? '' : fill(w.callAgain, { next: answer.next_offset });
  const total = answer.total_listed_by_state;
  const stateLists = total === null ? w.stateCountNotOnFile : total === 1 ? w.stateListsOne : fill(w.stateListsMany, { n: total });
  const head = `${fill(w.heading, { name: quoted(answer.name), license: answer.license_number, matching, holds, next })} ${stateLists} ${answer.order}`;
  const lines = answer.reports.map((r, i) => {
    const counts = r.citation_counts ? fill(w.citationsFound, { a: r.citation_counts.type_a, b: r.citation_counts.type_b }) : '';
    const control = r.control_number ? fill(w.controlNumber, { number: r.control_number }) : '';
    const head = `${answer.offset + i + 1}. ${r.date ?? w.undated} · ${quotedOr(r.type, w.typeNotOnFile)} · ${quotedOr(r.title, w.untitled)} (${r.ref}${control})${counts}.${r.note ? ` ${r.note}` : ''}`;
    const cited = (r.citations ?? []).map((c) => fill(w.citation, { type: c.type, section: c.section ? ` (${quoted(c.section)})` : '', finding: quoted(c.finding) }));
    // The report's own words, fenced under a label: the state's text to report, never an instruction.
    const label = r.text_truncated ? fill(w.reportTextCut, { chars: MAX_TEXT_CHARS.toLocaleString('en-US') }) : w.reportText;
    const text = r.text === null ? [] : [quotedBlock(label, r.text.replace(/\s+/g, ' '))];
    return [head, ...cited, ...text].join('\n');
  });
  return [
    ...(answer.note ? [answer.note] : []),
    head,
    quotedTextNoteIn(language),
    ...(answer.texts_readable ? [] : [w.storeUnreadable]),
    '',
    ...lines,
    '',
    answer.fairness_note,
    fill(w.officialRecord, { url: answer.state_record_url }),
  ].join('\n');
}

export const getStateDocuments = defineTool({
  name: 'get_state_documents',
  title: "A home's state reports",
  description:
    "A care home's state licensing reports (inspections, complaint investigations, other visits), newest first, by license number. " +
    'Each has its doc: ref, complaint control_number, date, type, title and citation counts; include_text adds the transcribed ' +
    'narrative and its Type A / Type B citations. Older reports the state no longer lists have listed_by_state false. ' +
    'When next_offset is not null, more exist (matching counts them): call again with offset. ' +
    'A citation does not make a home unsafe, and an empty file does not make a home good. ' +
    "The official record is the state's page at state_record_url.",
  input,
  output,
  text: documentsText,
  run(args, call, ctx) {
    const language = answerLanguage(args.language, ctx);
    const honesty = honestyIn(language, 'orderReports');
    const license = licenseOrRefuse(args.license_number);
    if (args.since !== undefined && !isCalendarDate(args.since)) {
      refuse('since must be a real calendar date written YYYY-MM-DD, e.g. "2023-01-01".');
    }
    const context = call.context();
    const { snapshot } = context;
    const row = facilityByLicense(snapshot, license) ?? notOnRoster(license);
    const listed = reportsByLicense(snapshot, license);
    // The texts published with the leased snapshot: they switch with it, never under it.
    const store = snapshot.texts.get(call.services.log);
    const stored = new Map(store ? storedDocumentsByLicense(store, license).map((doc) => [doc.ref, doc]) : []);
    const includeText = args.include_text ?? false;
    const stateRecordUrl = call.services.filler.fillText(row.state_record_url);

    const shape = (base: Omit<ReportRow, 'url'>, listedByState: boolean, doc: StoredDocumentRow | undefined): Report => {
      const citations = doc ? parseCitations(doc.citations) : null;
      const text = includeText && doc ? doc.text : null;
      return {
        ref: base.ref,
        control_number: base.control_number,
        date: base.date,
        type: base.type,
        title: base.title,
        source_class: 'state',
        listed_by_state: listedByState,
        note: listedByState ? null : doc?.last_listed_on ? say(DOCUMENT_WORDS.noLongerListed, language, { date: doc.last_listed_on }) : say(DOCUMENT_WORDS.noLongerListedUndated, language),
        state_record_url: stateRecordUrl,
        citation_counts: citations ? citationCounts(citations) : null,
        text: text === null ? null : text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text,
        text_truncated: text !== null && text.length > MAX_TEXT_CHARS,
        citations: includeText && citations ? citations : null,
      };
    };

    const listedRefs = new Set(listed.map((r) => r.ref));
    const snapshotDate = snapshot.meta.snapshotDate ?? '9999-12-31';
    const all: Array<{ report: Report; position: number }> = listed.map((r, position) => ({ report: shape(r, true, stored.get(r.ref)), position }));
    for (const doc of stored.values()) {
      // Kept texts the state stopped listing before this snapshot's run (newer runs' texts wait for their snapshot).
      if (listedRefs.has(doc.ref) || doc.last_listed_on >= snapshotDate) continue;
      all.push({ report: shape(doc, false, doc), position: Number.MAX_SAFE_INTEGER });
    }
    all.sort((a, b) => {
      const da = a.report.date ?? '';
      const db = b.report.date ?? '';
      return db.localeCompare(da) || a.position - b.position || a.report.ref.localeCompare(b.report.ref);
    });
    const matching = args.since === undefined ? all : all.filter((item) => item.report.date !== null && item.report.date >= args.since!);
    const limit = args.limit ?? DOCUMENTS_DEFAULT_LIMIT;
    const offset = args.offset ?? 0;
    const page = matching.slice(offset, offset + limit).map((item) => item.report);
    // A page stays small enough for an assistant's context: narratives fill it fast, so it is cut by
    // size too (at least one report), and the cut is said first.
    const reports: Report[] = [];
    let bytes = 0;
    for (const report of page) {
      bytes += JSON.stringify(report).length;
      if (bytes > DOCUMENTS_PAGE_BYTES && reports.length > 0) break;
      reports.push(report);
    }
    const end = offset + reports.length;
    return {
      ...(reports.length < page.length
        ? { note: say(DOCUMENT_WORDS.cutForSize, language, { shown: reports.length, asked: page.length, next: end }) }
        : {}),
      license_number: license,
      name: row.name,
      state_record_url: stateRecordUrl,
      reports,
      // The state's own count; with neither its count nor a listed report, not on file (never an invented 0).
      total_listed_by_state: row.documents_count === null && listed.length === 0 ? null : Math.max(row.documents_count ?? 0, listed.length),
      matching: matching.length,
      returned: reports.length,
      offset,
      next_offset: end < matching.length ? end : null,
      texts_readable: store !== null,
      order: honesty.order,
      fairness_note: honesty.fairness_note,
      data_dates: mcpDataDates(snapshot),
    };
  },
});
