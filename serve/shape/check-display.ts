// The batch check's `display`: a Markdown summary a person can read as it is.
import { CLEARANCE_KEYS, triStateWords } from '../../contract/facts.ts';
import type { CheckResult, CheckResultItem } from '../check.ts';
import { FAIRNESS_NOTE, NEUTRALITY, NEVER_IN_THIS_DATA } from '../wording.ts';

const CLEARANCE_WORDS = { dementia: 'dementia', hospice: 'hospice', non_ambulatory: 'non-ambulatory', bedridden: 'bedridden' };

/** Text from input or the record, made inert in Markdown. */
function md(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').replace(/([\\`*_[\]<>|#~])/g, '\\$1');
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function line(result: CheckResultItem, position: number): string {
  const head = `${position}. "${md(result.input)}"`;
  if (result.status === 'not_found') return `${head}: no home on the state roster matches.`;
  if (result.status === 'ambiguous') {
    const options = result.candidates
      .map((c) => `${md(c.name)} (license ${c.license_number}, ${md(c.city) || 'city not on file'}, ${md(c.license_status) || 'status not on file'})`)
      .join('; ');
    return `${head}: not matched; it could be one of these, ask which one: ${options}.`;
  }
  const home = result.home!;
  const place = [home.city, home.county ? `${home.county} County` : null].filter(Boolean).map(md).join(', ');
  const approvals = CLEARANCE_KEYS.map((key) => `${CLEARANCE_WORDS[key]} ${triStateWords(home.clearances[key])}`).join('; ');
  const closed = home.license_closed ? ` ${md(home.clearances.closed_note)}` : '';
  return (
    `${head}: **${md(home.name)}** (license ${home.license_number}${place ? `, ${place}` : ''}). ` +
    `Status: ${md(home.license_status) || 'not on file'}. Care approvals${home.clearances.as_of ? ` as of ${home.clearances.as_of}` : ''}: ${approvals}.${closed}`
  );
}

export function checkDisplay(
  results: CheckResultItem[],
  counts: CheckResult['counts'],
  dates: CheckResult['data_dates'],
): string {
  const loaded = dates.state_record_loaded_on ? ` (state record loaded ${dates.state_record_loaded_on})` : '';
  const summary =
    `**Checked ${plural(results.length, 'home', 'homes')} against the state licensing record${loaded}.** ` +
    `${counts.matched} matched, ${counts.ambiguous} need a choice, ${counts.not_found} not found` +
    (counts.duplicates_merged > 0 ? `; ${plural(counts.duplicates_merged, 'duplicate', 'duplicates')} merged.` : '.');
  return [summary, '', ...results.map((result, i) => line(result, i + 1)), '', NEUTRALITY, NEVER_IN_THIS_DATA, FAIRNESS_NOTE].join('\n');
}
