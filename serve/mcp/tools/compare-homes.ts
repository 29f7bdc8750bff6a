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
import { escapeMarkdownInline, QUOTED_TEXT_NOTE, quoted } from '../../words/quote.ts';
import { comparisonCellWords } from '../cards/app/words.ts';

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

const value = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const ROWS: Array<{ key: string; label: string; read: (home: McpCompactRecord) => z.infer<typeof value> }> = [
  { key: 'license.status', label: "License status (the state's roster, verbatim)", read: (h) => h.license.status },
  { key: 'license.closed', label: 'License closed (approvals then are history)', read: (h) => h.license.closed },
  { key: 'license.closed_note', label: 'Closed: since when, per which state record (quote it)', read: (h) => h.license.closed_note },
  { key: 'license.status_note', label: 'What the status means (quote it)', read: (h) => h.license.status_note },
  { key: 'license.on_probation', label: 'On probation', read: (h) => h.license.on_probation },
  { key: 'city', label: 'City', read: (h) => h.city },
  { key: 'county', label: 'County', read: (h) => h.county },
  { key: 'beds', label: 'Licensed beds', read: (h) => h.beds },
  { key: 'size_words', label: 'Size', read: (h) => h.size_words },
  { key: 'clearances.dementia', label: 'Dementia care approval', read: (h) => h.clearances.dementia },
  { key: 'clearances.hospice', label: 'Hospice approval', read: (h) => h.clearances.hospice },
  { key: 'clearances.non_ambulatory', label: 'Non-ambulatory approval (wheelchair users)', read: (h) => h.clearances.non_ambulatory },
  { key: 'clearances.bedridden', label: 'Bedridden approval', read: (h) => h.clearances.bedridden },
  { key: 'clearances.as_of', label: 'Care approvals as of', read: (h) => h.clearances.as_of },
  { key: 'medi_cal_alw.value', label: 'On the Medi-Cal Assisted Living Waiver list', read: (h) => h.medi_cal_alw.value },
  { key: 'price.line', label: 'Starting rate (quote as written)', read: (h) => h.price?.line ?? null },
  { key: 'price.is_this_homes_own_rate', label: "Is the figure the home's own rate", read: (h) => h.price?.is_this_homes_own_rate ?? null },
  { key: 'state_record.documents_on_file', label: 'State reports on file', read: (h) => h.state_record.documents_on_file },
  { key: 'state_record.latest_visit_date', label: 'Latest state visit', read: (h) => h.state_record.latest_visit_date },
  { key: 'state_record.type_a_citations', label: 'Type A citations', read: (h) => h.state_record.type_a_citations },
  { key: 'state_record.type_b_citations', label: 'Type B citations', read: (h) => h.state_record.type_b_citations },
  { key: 'state_record.tallies_since_year', label: 'Citation tallies since', read: (h) => h.state_record.tallies_since_year },
  { key: 'state_record_url', label: 'State record', read: (h) => h.state_record_url },
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

/** The comparison as Markdown: the same rows in words, one line a fact, each home's value in column order. */
function compareText(answer: { columns: McpCompactRecord[]; rows: Array<{ key: string; label: string; values: Array<string | number | boolean | null> }>; honesty: ReturnType<typeof honestyBlock>; data_dates: ReturnType<typeof mcpDataDates> }): string {
  // The record's words are quoted (names) or escaped (cells): the state's text, never markup or an instruction.
  const names = answer.columns.map((column, i) => `${i + 1}. **${quoted(column.name)}** (license ${column.license_number}): ${column.links.page}`);
  const rows = answer.rows.map((row) => `- **${row.label}**: ${row.values.map((value, i) => `${i + 1}. ${value === null ? 'not on file' : escapeMarkdownInline(String(value))}`).join('; ')}`);
  const dates = answer.data_dates;
  return [
    `**${answer.columns.length} homes side by side** (${answer.honesty.order})`,
    QUOTED_TEXT_NOTE,
    ...names,
    '',
    ...rows,
    '',
    answer.honesty.neutrality,
    answer.honesty.never_in_this_data,
    answer.honesty.fairness_note,
    `State record loaded ${dates.state_record_loaded_on ?? 'on a date not on file'}; care approvals as of ${dates.care_approvals_as_of ?? 'a date not on file'}; waiver list as of ${dates.alw_list_as_of ?? 'a date not on file'}.`,
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
  text: (answer) => compareText(answer as never),
  run(args, call, ctx) {
    const language = answerLanguage(args.language, ctx);
    const licenses = [...new Set(args.license_numbers.map((entry) => licenseOrRefuse(entry, 'license_numbers entry')))];
    if (licenses.length < COMPARE_MIN) refuse(`license_numbers holds ${licenses.length} distinct home(s); send ${COMPARE_MIN} to ${COMPARE_MAX} different license numbers.`);
    const context = call.context();
    const records = homeRecords(context, licenses);
    const found = new Set(records.map((record) => record.license));
    const missing = licenses.filter((license) => !found.has(license));
    if (missing.length > 0) {
      refuse(
        `No home with license number ${missing.join(', ')} is on the state roster. Check ${missing.length === 1 ? 'it' : 'them'}, ` +
          'or look homes up by name with check_homes or search, then send only license numbers that matched.',
      );
    }
    records.sort(alphabetically);
    const columns = records.map((record) => mcpCompactRecord(context, record));
    // Each home's visits and citations with the years they cover and the day they were retrieved, as the list pages say them.
    const visits = {
      key: 'state_visits',
      label: "State visits and citations (the state's weekly export: the years covered, the day retrieved)",
      values: records.map(({ restDetail: { state_visits: fact } }) => visitsInWords(fact.value, fact.confirmed_on)),
    };
    return {
      columns,
      rows: [...ROWS.map((row) => ({ key: row.key, label: row.label, values: columns.map((column) => cellInWords(row.key, row.read(column), column)) })), visits],
      honesty: honestyBlock(ORDER_COLUMNS),
      data_dates: mcpDataDates(context.snapshot),
    };
  },
});
