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
    for (let end = at; end <= text.length; end += 1) {
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

/**
 * Whether a text of several catalog sentences joined by a space (a note and the fairness sentence
 * after it) was written sentence by sentence from the English served: the Spanish is cut after a
 * sentence's end, each part read back, and the English must be those parts' English joined the same way.
 */
function writtenAsSentences(english: string, spanish: string, catalogs: readonly Catalog[], parts = 3): boolean {
  if (parts < 2) return false;
  for (const cut of spanish.matchAll(/[.:;!?»)] (?=\S)/g)) {
    const head = spanish.slice(0, cut.index + 1);
    const tail = spanish.slice(cut.index + 2);
    for (const first of englishWrittenFor(head, catalogs).map((text) => text.trim())) {
      if (!english.startsWith(`${first} `)) continue;
      const rest = english.slice(first.length + 1);
      if (englishWrittenFor(tail, catalogs).some((text) => text.trim() === rest) || writtenAsSentences(rest, tail, catalogs, parts - 1)) return true;
    }
  }
  return false;
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
  let written = englishWrittenFor(spanish, catalogs).map((text) => text.trim());
  if (written.includes(english.trim())) return null;
  if (writtenAsSentences(english.trim(), spanish.trim(), catalogs)) return null;
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
