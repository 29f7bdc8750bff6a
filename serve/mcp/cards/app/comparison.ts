// The comparison card (compare_homes): one column per home in the tool's order (alphabetical),
// one row per fact as the tool gives them, tri-state values in the contract's words, each
// column's dates under its name. Nothing is highlighted and nothing sorts: the table has no
// control but its links.
import './jitless.ts';
import type { App } from '@modelcontextprotocol/ext-apps';
import { FAIRNESS_IN_WORDS } from '../../../words/wording.ts';
import { el, hostLink, root, startCard } from './shared.ts';
import { comparisonCellWords as cellWords, plainValue, type Comparison } from './words.ts';

function renderComparison(answer: Comparison, app: App): void {
  const main = root();
  main.append(
    el('h1', { text: 'Homes side by side' }),
    el('p', { class: 'note', 'data-field': 'order', text: answer.honesty.order }),
    el('p', { class: 'note', 'data-field': 'neutrality', text: answer.honesty.neutrality }),
  );
  const head = el('tr', {}, [
    el('th', { scope: 'col', text: 'Fact' }),
    ...answer.columns.map((column) =>
      el('th', { scope: 'col', 'data-license': column.license_number }, [
        el('span', { class: 'column-name', text: column.name }),
        el('br'),
        el('span', { class: 'source', text: `License ${column.license_number}` }),
        el('br'),
        el('span', { class: 'source', 'data-field': 'column-dates', text: `Roster as of ${plainValue(column.license.as_of)}; approvals as of ${plainValue(column.clearances.as_of)}` }),
      ]),
    ),
  ]);
  const body = answer.rows.map((row) =>
    el('tr', { 'data-row': row.key }, [
      el('th', { scope: 'row', text: row.label }),
      ...row.values.map((value, index) => {
        const column = answer.columns[index]!;
        if (row.key === 'state_record_url' && typeof value === 'string') return el('td', {}, [hostLink(app, value, `State record for ${column.name}`)]);
        const { words, detail } = cellWords(row.key, value, column);
        return el('td', {}, [el('span', { class: 'value', text: words }), detail ? el('span', { class: 'source', text: ` (${detail})` }) : null]);
      }),
    ]),
  );
  main.append(
    el('div', { class: 'table-scroll', role: 'region', 'aria-label': 'Comparison table', tabindex: '0' }, [
      el('table', {}, [el('caption', { class: 'note', text: `One column per home (${answer.columns.length}), one row per fact.` }), el('thead', {}, [head]), el('tbody', {}, body)]),
    ]),
    el('p', { class: 'note', 'data-field': 'openings', text: answer.honesty.never_in_this_data }),
    el('p', { class: 'note', 'data-field': 'fairness', text: FAIRNESS_IN_WORDS }),
    el('footer', {}, [
      el('p', { 'data-field': 'data_dates', text: `State record loaded ${answer.data_dates.state_record_loaded_on}; care approvals as of ${answer.data_dates.care_approvals_as_of}; waiver list as of ${answer.data_dates.alw_list_as_of}.` }),
    ]),
  );
}

startCard<Comparison>('comparison', renderComparison);
