// A served pair read guided by the English served: whether a Spanish text was written, by the
// catalogs, from the English text served beside it (serve/words/catalog.ts servedPairProblem asks
// the same by listing every English a Spanish text could come from, which a line of a dozen nested
// sentences, such as a check display's, puts past its bounds).
import { type Entry } from '../../serve/words/catalog.ts';
import { ALL_CATALOGS } from '../../serve/words/catalogs.ts';

const ENTRIES: Entry[] = Object.values(ALL_CATALOGS).flatMap((catalog) => Object.values(catalog));

type Token = { literal: string } | { place: string };
const tokensOf = (template: string): Token[] =>
  template.split(/(\{\w+\})/).filter(Boolean).map((part) => (/^\{\w+\}$/.test(part) ? { place: part.slice(1, -1) } : { literal: part }));

/** Every way `text` fills a template's places (at most `limit`). */
function fillings(template: Token[], text: string, limit = 200): Array<Record<string, string>> {
  const found: Array<Record<string, string>> = [];
  const walk = (i: number, at: number, values: Record<string, string>) => {
    if (found.length >= limit) return;
    if (i === template.length) {
      if (at === text.length) found.push({ ...values });
      return;
    }
    const token = template[i]!;
    if ('literal' in token) {
      if (text.startsWith(token.literal, at)) walk(i + 1, at + token.literal.length, values);
      return;
    }
    const next = template[i + 1];
    for (let end = i === template.length - 1 ? text.length : at; end <= text.length; end += 1) {
      if (next && 'literal' in next && !text.startsWith(next.literal, end)) continue;
      if (token.place in values && values[token.place] !== text.slice(at, end)) continue;
      const had = token.place in values;
      values[token.place] = text.slice(at, end);
      walk(i + 1, end, values);
      if (!had) delete values[token.place];
    }
  };
  walk(0, 0, {});
  return found;
}

const literalsFit = (template: Token[], text: string) =>
  template.every((token) => !('literal' in token) || text.includes(token.literal)) &&
  (!('literal' in template[0]!) || text.startsWith(template[0].literal)) &&
  (!('literal' in template[template.length - 1]!) || text.endsWith((template[template.length - 1] as { literal: string }).literal));

/**
 * Whether a Spanish text was written, by the catalogs, from the English served beside it: one
 * entry's Spanish fills it and its English fills the English, place by place the same value or
 * (nested) a pair the catalogs wrote; lists ("a; b") item by item. servedPairProblem answers the
 * same by reading every English a Spanish text could come from, which a check line's dozen nested
 * sentences put past its bounds; this reads the pair guided by the English served.
 */
const pairsRead = new Map<string, boolean>();
export function writtenFrom(english: string, spanish: string, depth = 6): boolean {
  if (english === spanish) return true;
  if (depth === 0) return false;
  const key = `${depth}\u0000${english}\u0000${spanish}`;
  const known = pairsRead.get(key);
  if (known !== undefined) return known;
  pairsRead.set(key, false);
  const read = pairWritten(english, spanish, depth);
  pairsRead.set(key, read);
  return read;
}

function pairWritten(english: string, spanish: string, depth: number): boolean {
  // A Markdown line's marks (a quote, a list item, bold) are the surface's, not the catalog's.
  const item = /^(?:\d+\. |- )/.exec(english)?.[0];
  if (item && spanish.startsWith(item)) return writtenFrom(english.slice(item.length), spanish.slice(item.length), depth);
  for (const [open, close] of [['> ', ''], ['**', '**']]) {
    if (english.startsWith(open!) && spanish.startsWith(open!) && english.endsWith(close!) && spanish.endsWith(close!) && english.length > open!.length + close!.length) {
      return writtenFrom(english.slice(open!.length, english.length - close!.length), spanish.slice(open!.length, spanish.length - close!.length), depth);
    }
  }
  for (const separator of ['; ', ', ']) {
    const en = english.split(separator);
    const es = spanish.split(separator);
    if (en.length > 1 && en.length === es.length && en.every((item, i) => writtenFrom(item, es[i]!, depth - 1))) return true;
  }
  for (const entry of ENTRIES) {
    const esTemplate = tokensOf(entry.es.text);
    const enTemplate = tokensOf(entry.en);
    if (!esTemplate.some((token) => 'literal' in token && token.literal.trim().length > 1)) continue;
    if (!literalsFit(esTemplate, spanish) || !literalsFit(enTemplate, english)) continue;
    for (const es of fillings(esTemplate, spanish)) {
      for (const en of fillings(enTemplate, english)) {
        if (Object.keys(es).every((place) => place in en && writtenFrom(en[place]!, es[place]!, depth - 1))) return true;
      }
    }
  }
  return false;
}

