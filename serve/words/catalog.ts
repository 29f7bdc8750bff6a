// The catalog of a family's words: each sentence one key, with its English and its Spanish, and
// for the Spanish the English it was written from, so a changed English sentence shows its
// Spanish twin as stale (catalogProblems). Spanish is written by hand from ../shared glossary
// (spanish-terms.ts), never produced by a translation service at run time.
import type { Language } from './language.ts';
import { SPANISH_TRAPS } from './spanish-terms.ts';

export interface Entry {
  en: string;
  /** The Spanish text and the English text it was written from. */
  es: { text: string; from: string };
}

export type Catalog = Readonly<Record<string, Entry>>;

/** A catalog, typed by its keys. */
export function defineWords<const C extends Record<string, Entry>>(catalog: C): C {
  return catalog;
}

/** What fills a place: text or a number, inserted as it is (a missing value reads as a template literal would). */
export type PlaceValues = Readonly<Record<string, string | number | null | undefined>>;

/** Text with `{name}` places filled (values are inserted as they are: the record stays verbatim). */
export function fill(text: string, values: PlaceValues = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** One entry's text in a language, its places filled. */
export function say(entry: Entry, language: Language, values?: PlaceValues): string {
  return fill(language === 'es' ? entry.es.text : entry.en, values);
}

/** A catalog read in one language: `words.key` is that key's text, `words.fill('key', {...})` fills its places. */
export function wordsIn<C extends Catalog>(catalog: C, language: Language): { [K in keyof C]: string } {
  const out = {} as { [K in keyof C]: string };
  for (const key of Object.keys(catalog) as Array<keyof C>) out[key] = say(catalog[key]!, language);
  return out;
}

const places = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');

/**
 * What is wrong with a catalog, one line each: a key without Spanish, Spanish written from an
 * English text that has since changed (stale), places that differ between the two, a glossary
 * trap in the Spanish. Empty when all is well.
 */
export function catalogProblems(catalog: Catalog, name = 'catalog'): string[] {
  const problems: string[] = [];
  for (const [key, entry] of Object.entries(catalog)) {
    const at = `${name}.${key}`;
    if (!entry.en?.trim()) problems.push(`${at}: no English text`);
    if (!entry.es?.text?.trim()) {
      problems.push(`${at}: no Spanish text`);
      continue;
    }
    if (entry.es.from !== entry.en) problems.push(`${at}: the Spanish is stale: it was written from "${entry.es.from}", the English is now "${entry.en}"`);
    if (places(entry.en) !== places(entry.es.text)) problems.push(`${at}: the Spanish fills other places than the English`);
    problems.push(...spanishTrapsIn(entry.es.text).map((trap) => `${at}: ${trap}`));
  }
  return problems;
}

/** The glossary's traps a Spanish text falls into, with why each misleads. */
export function spanishTrapsIn(text: string): string[] {
  return SPANISH_TRAPS.filter((trap) => trap.pattern.test(text)).map((trap) => `uses "${trap.term}": ${trap.why}`);
}

type Token = { literal: string } | { place: string };
const tokensOf = (template: string): Token[] =>
  template.split(/(\{\w+\})/).filter(Boolean).map((part) => (/^\{\w+\}$/.test(part) ? { place: part.slice(1, -1) } : { literal: part }));

/** Every way `text` fills `template`'s places (at most `limit`), as place values. */
function fillings(template: Token[], text: string, limit = 50): Array<Record<string, string>> {
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
    // The last place takes the rest of the text.
    for (let end = i === template.length - 1 ? text.length : at; end <= text.length; end += 1) {
      // A place followed by text ends only where that text begins.
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

/**
 * The English texts a served Spanish text was written from, by the catalogs: each entry whose
 * Spanish it fills, with its places' values read back the same way (a value that is itself catalog
 * Spanish becomes its English; any other value, such as the record's own words, stays). Empty when
 * no catalog entry fills it.
 */
export function englishWrittenFor(spanish: string, catalogs: readonly Catalog[], depth = 3): string[] {
  if (depth === 0) return [];
  const out = new Set<string>();
  for (const catalog of catalogs) {
    for (const entry of Object.values(catalog)) {
      const template = tokensOf(entry.es.text);
      const first = template[0];
      const last = template[template.length - 1];
      if (first && 'literal' in first && !spanish.startsWith(first.literal)) continue;
      if (last && 'literal' in last && !spanish.endsWith(last.literal)) continue;
      if (!template.every((token) => !('literal' in token) || spanish.includes(token.literal))) continue;
      // A template of places alone ("{a}{b}") fills any text: it says nothing of where the text came from.
      if (!template.some((token) => 'literal' in token && token.literal.trim().length > 1)) continue;
      for (const values of fillings(template, spanish)) {
        // Each place's value as written, or the English it was written from when it is catalog Spanish.
        let choices: Array<Record<string, string>> = [{}];
        for (const [name, value] of Object.entries(values)) {
          const options = [value, ...(value ? englishWrittenFor(value, catalogs, depth - 1) : [])];
          // A list of catalog texts joined by commas ("a, b") reads back item by item.
          if (value.includes(', ')) {
            let lists = [''];
            for (const [i, item] of value.split(', ').entries()) {
              const readings = [item, ...englishWrittenFor(item, catalogs, depth - 1)];
              lists = lists.flatMap((list) => readings.map((reading) => (i === 0 ? reading : `${list}, ${reading}`))).slice(0, 50);
            }
            options.push(...lists);
          }
          choices = choices.flatMap((choice) => options.map((option) => ({ ...choice, [name]: option }))).slice(0, 50);
        }
        for (const choice of choices) out.add(fill(entry.es.from, choice));
      }
    }
  }
  return [...out];
}

const literalsFit = (template: Token[], text: string) =>
  template.every((token) => !('literal' in token) || text.includes(token.literal)) &&
  (!('literal' in template[0]!) || text.startsWith(template[0].literal)) &&
  (!('literal' in template[template.length - 1]!) || text.endsWith((template[template.length - 1] as { literal: string }).literal));

/** Where a text may be cut between two sentences (after the end of one, before the next). */
const SENTENCE_CUT = /\. (?=\S)/g;

/**
 * Whether a Spanish text was written, by the catalogs, from the English served beside it, read
 * guided by that English: one entry's Spanish fills the Spanish and its English fills the English,
 * place by place the same value or (nested) a pair the catalogs wrote; a Markdown mark, a list
 * ("a; b") and a run of sentences (a note, then the fairness sentence) are read part by part.
 */
export function writtenFrom(english: string, spanish: string, catalogs: readonly Catalog[], depth = 6): boolean {
  const entries = catalogs.flatMap((catalog) => Object.values(catalog));
  const known = new Map<string, boolean>();
  const read = (en: string, es: string, left: number): boolean => {
    if (en === es) return true;
    if (left === 0) return false;
    const key = `${left}\u0000${en}\u0000${es}`;
    const kept = known.get(key);
    if (kept !== undefined) return kept;
    known.set(key, false);
    const found = pairWritten(en, es, left);
    known.set(key, found);
    return found;
  };
  const pairWritten = (en: string, es: string, left: number): boolean => {
    // A Markdown line's marks (a quote, a list item, bold) are the surface's, not the catalog's.
    // (A numbered line may echo what was sent, quoted, before its text: the same in both languages.)
    const item = /^(?:\d+\. (?:"[^"\n]*": )?|- )/.exec(en)?.[0];
    if (item && es.startsWith(item)) return read(en.slice(item.length), es.slice(item.length), left);
    for (const [open, close] of [['> ', ''], ['**', '**']] as const) {
      if (en.startsWith(open) && es.startsWith(open) && en.endsWith(close) && es.endsWith(close) && en.length > open.length + close.length) {
        return read(en.slice(open.length, en.length - close.length), es.slice(open.length, es.length - close.length), left);
      }
    }
    for (const separator of ['; ', ', ']) {
      const enItems = en.split(separator);
      const esItems = es.split(separator);
      if (enItems.length > 1 && enItems.length === esItems.length && enItems.every((part, i) => read(part, esItems[i]!, left - 1))) return true;
    }
    for (const entry of entries) {
      const esTemplate = tokensOf(entry.es.text);
      const enTemplate = tokensOf(entry.en);
      if (!esTemplate.some((token) => 'literal' in token && token.literal.trim().length > 1)) continue;
      if (!literalsFit(esTemplate, es) || !literalsFit(enTemplate, en)) continue;
      for (const esValues of fillings(esTemplate, es, 200)) {
        for (const enValues of fillings(enTemplate, en, 200)) {
          if (Object.keys(esValues).every((place) => place in enValues && read(enValues[place]!, esValues[place]!, left - 1))) return true;
        }
      }
    }
    // Sentences the catalogs wrote one by one, served as one text (a note, then the fairness sentence):
    // tried last, and only on the text as served, never inside a place.
    const esCuts = [...es.matchAll(SENTENCE_CUT)];
    const enCuts = [...en.matchAll(SENTENCE_CUT)];
    // A few sentences only: a whole page of them is no note (and would cost a cut per pair).
    if (left < depth || esCuts.length > 6 || enCuts.length > 6) return false;
    for (const esCut of esCuts) {
      for (const enCut of enCuts) {
        if (read(en.slice(0, enCut.index + 1), es.slice(0, esCut.index + 1), left - 1) && read(en.slice(enCut.index + 2), es.slice(esCut.index + 2), left)) return true;
      }
    }
    return false;
  };
  return read(english, spanish, depth);
}

/**
 * Whether a Spanish text a surface serves was written from the English it serves beside it, in
 * the same call: the stale check on what is served today, not on the catalog's own English (a
 * surface that builds its English elsewhere would otherwise let its Spanish twin lag unseen).
 */
export function servedPairProblem(english: string, spanish: string, catalogs: readonly Catalog[]): string | null {
  // A text of lines (a Markdown message) is checked line by line.
  const enLines = english.split('\n');
  const esLines = spanish.split('\n');
  if (esLines.length > 1 && enLines.length === esLines.length) {
    const problems = esLines.map((line, i) => (line === enLines[i] ? null : servedPairProblem(enLines[i]!, line, catalogs))).filter(Boolean);
    return problems.length > 0 ? problems.join('; ') : null;
  }
  if (writtenFrom(english.trim(), spanish.trim(), catalogs)) return null;
  // Not written from it: what it was written from, to say so (listing every reading of a long text costs seconds: a short one only).
  if (spanish.length > 400) return `the Spanish "${spanish}" was not written from the English served, "${english}"`;
  let written = englishWrittenFor(spanish, catalogs).map((text) => text.trim());
  if (written.includes(english.trim())) return null;
  // A Markdown line's marks (a quote, bold, a list item) are the surface's, not the catalog's.
  const unmarked = (text: string) => text.replace(/^\s*(?:>\s*|-\s+|\d+\.\s+)?/, '').replace(/^\*\*([^*]*)\*\*$/, '$1');
  if (unmarked(spanish) !== spanish && englishWrittenFor(unmarked(spanish), catalogs).includes(unmarked(english))) return null;
  if (written.length === 0) written = englishWrittenFor(unmarked(spanish), catalogs);
  return written.length === 0
    ? `no catalog entry gives the Spanish "${spanish}"`
    : `the Spanish "${spanish}" was written from "${written[0]}", but the English served is "${english}"`;
}

/**
 * A sentence the service wrote in English elsewhere (the pipeline's stored notes), said in
 * `language`: the first entry whose English it fills, with its places' values (dates, the record's
 * own words) carried over as they are. Null when no entry wrote it: the caller keeps the English.
 */
export function sayServed(english: string, entries: readonly Entry[], language: Language): string | null {
  if (language === 'en') return english;
  for (const entry of entries) {
    const template = tokensOf(entry.en);
    const first = template[0];
    if (first && 'literal' in first && !english.startsWith(first.literal)) continue;
    const [values] = fillings(template, english, 1);
    if (values) return say(entry, language, values);
  }
  return null;
}
