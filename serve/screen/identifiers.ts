// Identity and health-plan numbers and dates of birth in normalized, lower-cased text (see
// normalize.ts). Families write them into notes ("DOB 3/14/38", "Medicare 1EG4-TE5-MK73") as they
// would on an intake form; none of them may reach the service.

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|' +
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|se?ptiembre|octubre|noviembre|diciembre';
/** A day-and-month date: "03/14/1938", "1938-03-14", "March 14, 1938", "14th of March". */
const DATE = String.raw`(?:\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}[/.-]\d{1,2}[/.-]\d{1,2}|(?:${MONTHS})\.?\s+\d{1,2}(?:st|nd|rd|th)?\b|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+|de\s+)?(?:${MONTHS}))`;
/** Words that make the date after them a birth date (English, Spanish, Vietnamese without marks, Chinese). */
const BIRTH_WORDS = String.raw`(?:\bd\.?o\.?b\b\.?|\bdate\s+of\s+birth\b|\bbirth\s*date\b|\bbirthday\b|\bborn\b(?:\s+on)?|\bfecha\s+de\s+nacimiento\b|\bnaci[oa]\b(?:\s+el)?|\bnacido\b|\bnacida\b|\bngay\s+sinh\b|\bsinh\s+ngay\b|出生(?:日期)?|生日)`;
const BIRTH_DATE = new RegExp(String.raw`${BIRTH_WORDS}[^a-z0-9]{0,6}(?:is\s+|was\s+|el\s+|on\s+)?${DATE}`, 'u');

const MBI_LETTER = '[ac-hjkmnp-rt-y]';
const MBI_ANY = '[ac-hjkmnp-rt-y0-9]';
/** A Medicare Beneficiary Identifier, with or without its dashes: "1EG4-TE5-MK73". */
const MEDICARE_ID = new RegExp(
  String.raw`(?<![a-z0-9])[1-9]${MBI_LETTER}${MBI_ANY}\d-?${MBI_LETTER}${MBI_ANY}\d-?${MBI_LETTER}{2}\d{2}(?![a-z0-9])`,
);
/** A Social Security number in its 3-2-4 groups ("123-45-6789", "123 45 6789"), also as an old Medicare number with a letter after. */
const SSN = /(?<![\d-])\d{3}([-. ])\d{2}\1\d{4}(?![\d-])/;
/** A Medi-Cal client index number: eight digits and a letter ("91234567A"). */
const MEDI_CAL_CIN = /(?<![a-z0-9])\d{8}[a-z](?![a-z0-9])/;
/** Words that name an identity or member number (a home's license number is not among them). */
const ID_WORDS =
  /(?:\bss\s*#|\b(?:ssn|social\s+security|seguro\s+social|medicare|mbi|medi-?cal|cin|member\s+(?:id|number|no)|policy\s+(?:id|number|no)|insurance\s+(?:id|number|no)|driver'?s\s+licen[cs]e|passport|id\s+(?:number|no))\b|\bid\s*#)/g;
/** What follows such a word: an optional "number is", then groups that each hold a digit ("1eg4-te5-mk73", "123 45 6789"). */
const ID_AFTER = /^[^a-z0-9]{0,12}(?:(?:number|no|id|is|#)[^a-z0-9]{0,4})?([a-z]*\d[a-z0-9]*(?:[\s-][a-z]*\d[a-z0-9]*)*)/;

/** An ID word followed by at least five digits: "medicare 100 days" is a measure, "medicare 1eg4-te5-mk73" a number. */
function hasLabelledId(lower: string): boolean {
  for (const match of lower.matchAll(ID_WORDS)) {
    const after = ID_AFTER.exec(lower.slice(match.index + match[0].length, match.index + match[0].length + 40));
    if (after && after[1]!.replace(/\D/g, '').length >= 5) return true;
  }
  return false;
}

export function hasIdNumber(lower: string): boolean {
  return SSN.test(lower) || MEDICARE_ID.test(lower) || MEDI_CAL_CIN.test(lower) || hasLabelledId(lower);
}

export function hasBirthDate(lower: string): boolean {
  return BIRTH_DATE.test(lower);
}
