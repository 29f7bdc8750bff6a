// Pieces several tools share: reading a license number argument, and the notes a single home carries.
import { licenseNumberFrom } from '../../../contract/names.ts';
import { wordsIn } from '../../words/catalog.ts';
import type { Language } from '../../words/language.ts';
import { RECORD_WORDS } from '../../words/record-words.ts';
import { refuse } from '../tool.ts';

export function shown(input: string): string {
  const text = input.replace(/\s+/g, ' ').trim();
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** The 9-digit license an argument means, or a refusal saying how to find one. */
export function licenseOrRefuse(input: string, argument = 'license_number'): string {
  const license = licenseNumberFrom(input);
  if (license === null) {
    refuse(
      `${argument} "${shown(input)}" is not a license number: send the 9-digit state license number (e.g. "015601295"). ` +
        'To find a license number from a home\'s name, call check_homes or search.',
    );
  }
  return license;
}

export function notOnRoster(license: string): never {
  return refuse(
    `No home with license number ${license} is on the state roster. Check the number, or look the home up by name with check_homes or search.`,
  );
}

/** How to pass a home's record on honestly, in the language asked (words/record-words.ts). */
export function readingNotesIn(language: Language) {
  const w = wordsIn(RECORD_WORDS, language);
  return { not_on_file: w.readingNotOnFile, never_in_this_data: w.readingNever, fairness_note: w.readingFairness, price: w.readingPrice };
}

