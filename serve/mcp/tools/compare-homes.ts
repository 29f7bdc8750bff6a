// compare_homes: 2 to 10 homes side by side. Columns alphabetical by name (then license); rows are
// the same facts for each home, in the column order.
import * as z from 'zod/v4';
import { homeRecords, type HomeRecord } from '../../records/home-record.ts';
import { mcpCompactRecord, mcpDataDates, type McpCompactRecord } from '../record.ts';
import { compactRecord, dataDates, honesty, licenseArg, strictInput, answerLanguageArg } from '../schemas.ts';
import { answerLanguage } from '../language.ts';
import { defineTool, refuse } from '../tool.ts';
import { visitsInWords } from '../../words/wording.ts';
import { honesty as honestyBlock, ORDER_COLUMNS } from '../wording.ts';
import { licenseOrRefuse } from './common.ts';
import { cardLink } from '../cards/catalog.ts';
import { escapeMarkdownInline, quoted, quotedTextNoteIn } from '../../words/quote.ts';
import { comparisonCellWords, TRI_STATE_ROWS } from '../cards/app/words.ts';
import type { ClearanceKey } from '../../../contract/facts.ts';
import { say } from '../../words/catalog.ts';
import { COMPARE_ROW_WORDS, COMPARE_WORDS } from '../../words/card-words.ts';
import { CHECK_WORDS, glossedStatusIn, visitsInWordsIn } from '../../words/check-words.ts';
import { honestyIn } from '../../words/handoff-words.ts';
import { APPROVAL_NAME_WORDS, READING_WORDS, SOURCE_WORDS } from '../../words/home-words.ts';
import type { Language } from '../../words/language.ts';

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 10;

const listMessage = `license_numbers must be a list of ${COMPARE_MIN} to ${COMPARE_MAX} license numbers`;
const input = strictInput({
  license_numbers: z
    .array(licenseArg, { error: listMessage })
    .min(COMPARE_MIN, { error: listMessage })
    .max(COMPARE_MAX, { error: `${listMessage}; compare at most ${COMPARE_MAX} at a time` })
    .describe('From find_homes, check_homes or search.'),
  language: answerLanguageArg,
}, ORDER_COLUMNS);

/** The lists' neutral order: the stored sort key, then the license number. */
export function alphabetically({ row: a }: HomeRecord, { row: b }: HomeRecord): number {
  return a.sort_key < b.sort_key ? -1 : a.sort_key > b.sort_key ? 1 : a.license_number < b.license_number ? -1 : a.license_number > b.license_number ? 1 : 0;
}

type RowKey = keyof typeof COMPARE_ROW_WORDS;

const value = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** The rows in order; each row's label is COMPARE_ROW_WORDS' (the card says the same). */
const ROWS: Array<{ key: RowKey; read: (home: McpCompactRecord) => z.infer<typeof value> }> = [
  { key: 'license.status', read: (h) => h.license.status },
  { key: 'license.closed', read: (h) => h.license.closed },
  { key: 'license.closed_note', read: (h) => h.license.closed_note },
  { key: 'license.status_note', read: (h) => h.license.status_note },
  { key: 'license.on_probation', read: (h) => h.license.on_probation },
  { key: 'city', read: (h) => h.city },
  { key: 'county', read: (h) => h.county },
  { key: 'beds', read: (h) => h.beds },
  { key: 'size_words', read: (h) => h.size_words },
  { key: 'clearances.dementia', read: (h) => h.clearances.dementia },
  { key: 'clearances.hospice', read: (h) => h.clearances.hospice },
  { key: 'clearances.non_ambulatory', read: (h) => h.clearances.non_ambulatory },
  { key: 'clearances.bedridden', read: (h) => h.clearances.bedridden },
  { key: 'clearances.as_of', read: (h) => h.clearances.as_of },
  { key: 'medi_cal_alw.value', read: (h) => h.medi_cal_alw.value },
  { key: 'price.line', read: (h) => h.price?.line ?? null },
  { key: 'price.is_this_homes_own_rate', read: (h) => h.price?.is_this_homes_own_rate ?? null },
  { key: 'state_record.documents_on_file', read: (h) => h.state_record.documents_on_file },
  { key: 'state_record.latest_visit_date', read: (h) => h.state_record.latest_visit_date },
  { key: 'state_record.type_a_citations', read: (h) => h.state_record.type_a_citations },
  { key: 'state_record.type_b_citations', read: (h) => h.state_record.type_b_citations },
  { key: 'state_record.tallies_since_year', read: (h) => h.state_record.tallies_since_year },
  { key: 'state_record_url', read: (h) => h.state_record_url },
];

const output = z.object({
  columns: z.array(compactRecord).describe('One column per home, alphabetical by name then license number.'),
  rows: z
    .array(z.object({ key: z.string(), label: z.string(), values: z.array(value).describe('One value per column, in column order.') }))
    .describe("The same facts for each home. Tri-state values read 'not on file' in words, never 'no'; null is not on file."),
  honesty,
  data_dates: dataDates,
});

/**
 * A row's value in words, as the comparison card and the home's page read it: a tri-state never a
 * bare "true"/"false" (both non-true values read "not on file", with what the record says, its
 * source and date), a boolean in words, a missing count "not on file", and citation counts without
 * the years they cover read as the page reads them, never as an invented zero.
 */
function cellInWords(key: string, value: string | number | boolean | null, column: McpCompactRecord): string {
  if ((key === 'state_record.type_a_citations' || key === 'state_record.type_b_citations') && !column.state_record.tallies_since_year) {
    return column.state_record.latest_visit_date === null && value === 0 ? 'none, with no state visit on record' : 'not on file';
  }
  const { words, detail } = comparisonCellWords(key, value, column);
  return detail ? `${words} (${detail})` : words;
}

/**
 * A row's value in words for a Spanish ask: the same reading as cellInWords, each phrase from the
 * catalog (words/check-words.ts); the column's own sentences (closed note, price line, size) are
 * already in the language asked, the state's words (status, city) verbatim.
 */
function cellInWordsIn(language: Language, key: string, value: string | number | boolean | null, column: McpCompactRecord): string {
  if ((key === 'state_record.type_a_citations' || key === 'state_record.type_b_citations') && !column.state_record.tallies_since_year) {
    return say(column.state_record.latest_visit_date === null && value === 0 ? CHECK_WORDS.noVisitNone : READING_WORDS.notOnFile, language);
  }
  const source = TRI_STATE_ROWS[key];
  if (source) {
    const date = source === 'approvals' ? column.clearances.as_of : source === 'waiver' ? column.medi_cal_alw.list_as_of : column.license.as_of;
    const where = { source: say(SOURCE_WORDS[source], language), asOf: date ? say(CHECK_WORDS.cellAsOf, language, { date }) : say(CHECK_WORDS.cellNoDate, language) };
    // A closed license's approvals and waiver are what the record held while it was open: never read as current.
    const history = source !== 'roster' && column.license.closed;
    if (value === 'true') return say(history ? CHECK_WORDS.cellHistoryYes : CHECK_WORDS.cellYes, language, where);
    const stated = value === 'false';
    const says = key.startsWith('clearances.')
      ? say(stated ? CHECK_WORDS.saysNotCarried : CHECK_WORDS.saysSilent, language, { approval: say(APPROVAL_NAME_WORDS[key.slice('clearances.'.length) as ClearanceKey], language) })
      : key === 'license.on_probation'
        ? say(stated ? CHECK_WORDS.saysNotOnProbation : CHECK_WORDS.saysProbationSilent, language)
        : say(CHECK_WORDS.saysNothing, language);
    return say(history ? CHECK_WORDS.cellHistoryNotOnFile : CHECK_WORDS.cellNotOnFile, language, { ...where, says });
  }
  if (typeof value === 'boolean' && key === 'license.closed') return say(value ? COMPARE_WORDS.closed : COMPARE_WORDS.open, language);
  if (typeof value === 'boolean' && key === 'price.is_this_homes_own_rate') return say(value ? COMPARE_WORDS.ownRate : COMPARE_WORDS.notOwnRate, language);
  if (value === null || value === '') return say(READING_WORDS.notOnFile, language);
  if (key === 'license.status' && typeof value === 'string') return glossedStatusIn(language, value, value);
  return String(value);
}

type Comparison = { columns: McpCompactRecord[]; rows: Array<{ key: string; label: string; values: Array<string | number | boolean | null> }>; honesty: ReturnType<typeof honestyBlock>; data_dates: ReturnType<typeof mcpDataDates> };

/**
 * The comparison as Markdown, in the answer's language: the same rows in words, one line a fact,
 * each home's value in column order (the rows' labels and words are already in that language).
 */
function compareText(answer: Comparison, language: Language): string {
  const notOnFile = say(READING_WORDS.notOnFile, language);
  // A missing date, said the way each language's dates sentence reads.
  const noDate = (english: string) => (language === 'en' ? english : notOnFile);
  // The record's words are quoted (names) or escaped (cells): the state's text, never markup or an instruction.
  const names = answer.columns.map(
    (column, i) => `${i + 1}. ${say(CHECK_WORDS.compareColumn, language, { name: quoted(column.name), license: column.license_number, page: column.links.page })}`,
  );
  const rows = answer.rows.map((row) => `- **${row.label}**: ${row.values.map((value, i) => `${i + 1}. ${value === null ? notOnFile : escapeMarkdownInline(String(value))}`).join('; ')}`);
  const dates = answer.data_dates;
  return [
    say(CHECK_WORDS.compareTitle, language, { n: answer.columns.length, order: answer.honesty.order }),
    quotedTextNoteIn(language),
    ...names,
    '',
    ...rows,
    '',
    answer.honesty.neutrality,
    answer.honesty.never_in_this_data,
    answer.honesty.fairness_note,
    say(CHECK_WORDS.compareDates, language, {
      loaded: dates.state_record_loaded_on ?? noDate('on a date not on file'),
      approvals: dates.care_approvals_as_of ?? noDate('a date not on file'),
      waiver: dates.alw_list_as_of ?? noDate('a date not on file'),
    }),
  ].join('\n');
}

export const compareHomes = defineTool({
  name: 'compare_homes',
  title: 'Compare homes side by side',
  description:
    `Set ${COMPARE_MIN} to ${COMPARE_MAX} care homes side by side by license number: columns alphabetical by name (never ranked), rows with the ` +
    'same facts for each: license status, beds, care approvals with their date, Medi-Cal waiver, starting-rate line (quote it; only ' +
    "is_this_homes_own_rate true is the home's price), state-report tallies and the state record link. Closed licenses are marked; their " +
    "approvals are history. Tri-state values read 'not on file' in words, never 'no'. No data says which home has an open bed.",
  input,
  output,
  ui: cardLink('comparison'),
  // The rows in words; the columns' full records stay in structuredContent (docs/mcp.md).
  text: (answer, language) => compareText(answer as never, language),
  run(args, call, ctx) {
    const language = answerLanguage(args.language, ctx);
    const licenses = [...new Set(args.license_numbers.map((entry) => licenseOrRefuse(entry, 'license_numbers entry')))];
    if (licenses.length < COMPARE_MIN) refuse(`license_numbers holds ${licenses.length} distinct home(s); send ${COMPARE_MIN} to ${COMPARE_MAX} different license numbers.`);
    const context = call.context();
    const records = homeRecords(context, licenses);
    const found = new Set(records.map((record) => record.license));
    const missing = licenses.filter((license) => !found.has(license));
    if (missing.length > 0) {
      refuse(say(missing.length === 1 ? CHECK_WORDS.notOnRosterOne : CHECK_WORDS.notOnRosterMany, language, { licenses: missing.join(', ') }));
    }
    records.sort(alphabetically);
    const columns = records.map((record) => mcpCompactRecord(context, record, language));
    const english = language === 'en';
    // Each home's visits and citations with the years they cover and the day they were retrieved, as the list pages say them.
    const visits = {
      key: 'state_visits',
      label: say(COMPARE_ROW_WORDS.state_visits, language),
      values: records.map(({ restDetail: { state_visits: fact } }) => (english ? visitsInWords(fact.value, fact.confirmed_on) : visitsInWordsIn(language, fact.value, fact.confirmed_on))),
    };
    const cell = (key: string, read: z.infer<typeof value>, column: McpCompactRecord) => (english ? cellInWords(key, read, column) : cellInWordsIn(language, key, read, column));
    return {
      columns,
      rows: [...ROWS.map((row) => ({ key: row.key, label: say(COMPARE_ROW_WORDS[row.key], language), values: columns.map((column) => cell(row.key, row.read(column), column)) })), visits],
      honesty: english ? honestyBlock(ORDER_COLUMNS) : honestyIn(language, 'orderColumns'),
      data_dates: mcpDataDates(context.snapshot),
    };
  },
});
