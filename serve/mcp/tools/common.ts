// Pieces several tools share: reading a license number argument, and the notes a single home carries.
import { licenseNumberFrom } from '../../../contract/names.ts';
import { FAIRNESS_NOTE, NEVER_IN_THIS_DATA } from '../../words/wording.ts';
import { refuse } from '../tool.ts';
import { NOT_ON_FILE_WORDS } from '../wording.ts';

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

export const READING_NOTES = {
  not_on_file: NOT_ON_FILE_WORDS,
  never_in_this_data: NEVER_IN_THIS_DATA,
  fairness_note: FAIRNESS_NOTE,
  price:
    "Quote price.line for any figure: only price.is_this_homes_own_rate true is the home's own starting rate; other kinds are estimates or area figures, not the home's price.",
};
