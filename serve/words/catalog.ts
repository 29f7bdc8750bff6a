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
