// The comparison card (compare_homes): one column per home in the tool's order (alphabetical),
// one row per fact as the tool gives them, tri-state values in the contract's words, each
// column's dates under its name. Nothing is highlighted and nothing sorts: the table has no
// control but its links.
import './jitless.ts';
import { answerLanguageOf } from '../../../words/handoff-words.ts';
import type { App } from '@modelcontextprotocol/ext-apps';
import { cardLanguage, el, hostLink, root, startCard } from './shared.ts';
import { fill, say, wordsIn, type Entry } from '../../../words/catalog.ts';
import { CARD_WORDS, COMPARE_ROW_WORDS, COMPARE_WORDS } from '../../../words/card-words.ts';
import { SHARED_WORDS } from '../../../words/family-words.ts';
import { HOME_WORDS, SIZE_WORDS, statusIn } from '../../../words/home-page-words.ts';
import { asOfIn, SOURCE_WORDS, triStateIn } from '../../../words/home-words.ts';
import type { Language } from '../../../words/language.ts';
import { RELAY_WORDS } from '../../../words/relay-words.ts';
import { comparisonCellWords, plainValue, TRI_STATE_ROWS, type Cell } from './words.ts';
import type * as z from 'zod/v4';
import type { compareHomes } from '../../tools/compare-homes.ts';

type Comparison = z.infer<(typeof compareHomes)['output']>;

/** Rows whose values are plain booleans, in words that never read as a verdict. */
const BOOLEAN_WORDS: Record<string, [Entry, Entry]> = {
  'license.closed': [COMPARE_WORDS.closed, COMPARE_WORDS.open],
  'price.is_this_homes_own_rate': [COMPARE_WORDS.ownRate, COMPARE_WORDS.notOwnRate],
};

const SOURCE_KEYS = { approvals: 'approvals', waiver: 'waiver', roster: 'roster' } as const;

/** A cell in the card's language: in English as the tools word it (words.ts), else from the catalog. */
function cellWords(language: Language, key: string, value: Cell, column: Comparison['columns'][number]): { words: string; detail: string | null } {
  if (language === 'en') return comparisonCellWords(key, value, column);
  const source = TRI_STATE_ROWS[key];
  if (source) {
    const date = source === 'approvals' ? column.clearances.as_of : source === 'waiver' ? column.medi_cal_alw.list_as_of : column.license.as_of;
    const reading = typeof value === 'string' ? value : null;
    const where = `${say(SOURCE_WORDS[SOURCE_KEYS[source]], language)}${asOfIn(language, date ?? null)}`;
    // A closed license's approvals and waiver are what the record held while it was open: never read as current.
    const history = source !== 'roster' && column.license.closed ? ` (${say(CARD_WORDS.history, language)})` : '';
    if (reading === 'true') return { words: `${triStateIn(language, 'true')}${history}`, detail: where };
    return { words: `${triStateIn(language, 'not_on_file')}${history}`, detail: say(reading === 'false' ? CARD_WORDS.recordStatesNot : CARD_WORDS.recordSilent, language, { source: where }) };
  }
  if (typeof value === 'boolean' && BOOLEAN_WORDS[key]) return { words: say(BOOLEAN_WORDS[key]![value ? 0 : 1], language), detail: null };
  if (value === null || value === '') return { words: say(HOME_WORDS.notOnFileShort, language), detail: null };
  if (key === 'size_words' && typeof value === 'string' && SIZE_WORDS[value]) return { words: say(SIZE_WORDS[value]!, language), detail: null };
  if (key === 'license.status' && typeof value === 'string') return { words: statusIn(language, value), detail: null };
  return { words: plainValue(value), detail: null };
}

/** A column's date, or what the card says when the source gives none. */
function datedIn(language: Language): (date: string | null | undefined) => string {
  return (date) => (date ? date : language === 'en' ? plainValue(date) : say(HOME_WORDS.notOnFileShort, language));
}

function renderComparison(answer: Comparison, app: App): void {
  const main = root();
  const language = cardLanguage(app);
  const english = language === 'en';
  const w = wordsIn(COMPARE_WORDS, language);
  const dated = datedIn(language);
  // A Spanish ask links the homes' Spanish pages (and says its own sentences in Spanish).
  const askedInSpanish = answerLanguageOf(answer.honesty.order) === 'es';
  // The tool's own sentences are shown as they are only where the card reads in the answer's language.
  const answerWords = english && !askedInSpanish;
  // A row the Spanish catalog does not know keeps the tool's English label, marked so.
  const rowLabel = (key: string, label: string) => {
    const entry = (COMPARE_ROW_WORDS as Record<string, Entry>)[key];
    if (answerWords || !entry) return { text: label, lang: answerWords ? null : askedInSpanish ? 'es' : 'en' };
    return { text: say(entry, language), lang: null };
  };
  main.append(
    el('h1', { text: w.title }),
    el('p', { class: 'note', 'data-field': 'order', text: answerWords ? answer.honesty.order : w.order }),
    el('p', { class: 'note', 'data-field': 'neutrality', text: answerWords ? answer.honesty.neutrality : say(RELAY_WORDS.neutrality, language) }),
  );
  const head = el('tr', {}, [
    el('th', { scope: 'col', text: w.fact }),
    ...answer.columns.map((column) =>
      el('th', { scope: 'col', 'data-license': column.license_number }, [
        el('span', { class: 'column-name', text: column.name }),
        el('br'),
        el('span', { class: 'source', text: fill(w.license, { license: column.license_number }) }),
        el('br'),
        el('span', {
          class: 'source',
          'data-field': 'column-dates',
          text: fill(w.columnDates, { roster: dated(column.license.as_of), approvals: dated(column.clearances.as_of) }),
        }),
      ]),
    ),
  ]);
  const body = answer.rows.map((row) => {
    const label = rowLabel(row.key, row.label);
    return el('tr', { 'data-row': row.key }, [
      el('th', label.lang ? { scope: 'row', lang: label.lang, text: label.text } : { scope: 'row', text: label.text }),
      ...row.values.map((rowWords, index) => {
        const column = answer.columns[index]!;
        // The rows carry words for the model; the card words the column's own value in its language.
        const value = columnValue(column, row.key, rowWords);
        if (row.key === 'state_record_url' && typeof value === 'string') return el('td', {}, [hostLink(app, value, fill(w.stateRecordFor, { name: column.name }))]);
        const { words, detail } = cellWords(language, row.key, value, column);
        // A rate line is the tool's sentence, in the language it was asked in: marked where the card reads in another.
        const lineLanguage = askedInSpanish ? 'es' : 'en';
        const cellLang: Record<string, string> = lineLanguage !== language && row.key === 'price.line' && typeof value === 'string' ? { lang: lineLanguage } : {};
        return el('td', {}, [el('span', { class: 'value', ...cellLang, text: words }), detail ? el('span', { class: 'source', text: ` (${detail})` }) : null]);
      }),
    ]);
  });
  main.append(
    el('div', { class: 'table-scroll', role: 'region', 'aria-label': w.table, tabindex: '0' }, [
      el('table', {}, [el('caption', { class: 'note', text: fill(w.caption, { n: answer.columns.length }) }), el('thead', {}, [head]), el('tbody', {}, body)]),
    ]),
    el('p', { class: 'note', 'data-field': 'openings', text: answerWords ? answer.honesty.never_in_this_data : say(SHARED_WORDS.openingsByPhone, language) }),
    el('p', { class: 'note', 'data-field': 'fairness', text: say(SHARED_WORDS.fairness, language) }),
    el('footer', {}, [
      el('p', {
        'data-field': 'data_dates',
        text: fill(w.dates, { loaded: answer.data_dates.state_record_loaded_on, approvals: answer.data_dates.care_approvals_as_of, waiver: answer.data_dates.alw_list_as_of }),
      }),
    ]),
  );
}

startCard<Comparison>('comparison', renderComparison);

/** A column's own value at a row's key ("clearances.dementia"), or `fallback` when the column has no such field. */
function columnValue(column: Comparison['columns'][number], key: string, fallback: Cell): Cell {
  let value: unknown = column;
  for (const part of key.split('.')) value = value === null || value === undefined ? undefined : (value as Record<string, unknown>)[part];
  if (key.startsWith('price.') && column.price === null) return null;
  return value === undefined || (typeof value === 'object' && value !== null) ? fallback : (value as Cell);
}
