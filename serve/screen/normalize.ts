// Normalization before the personal-data screen looks: the same detail written with zero-width
// characters, look-alike letters, full-width forms, other scripts' digits or spelled-out digits
// must read the same as the plain one. Case is kept (a capital still hints at a name); the
// detectors lower-case where they match words.

/** Cyrillic and Greek letters that look like Latin ones, folded to the Latin letter they imitate. */
const CONFUSABLES: Record<string, string> = {
  // Cyrillic lower case
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  ѕ: 's', і: 'i', ї: 'i', ј: 'j', ԁ: 'd', ӏ: 'l', ԛ: 'q', ԝ: 'w', ɡ: 'g', һ: 'h', ь: 'b', п: 'n', г: 'r',
  // Cyrillic upper case
  А: 'A', В: 'B', Е: 'E', Ё: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y',
  Ѕ: 'S', І: 'I', Ї: 'I', Ј: 'J', Ԁ: 'D', Ӏ: 'I', Ԛ: 'Q', Ԝ: 'W', Һ: 'H',
  // Greek
  α: 'a', β: 'b', γ: 'y', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  // Latin letters of other shapes
  ı: 'i', ȷ: 'j', ſ: 's', ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D',
};
const CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'gu');

const APOSTROPHES = /[\u2018\u2019\u201B\u02BC\u02B9\u02BB\u02BD\u2032\u0060\u00B4\uFF07\u055A\uA78C]/g;

/** A decimal digit of any script, as its ASCII digit: decimal digits come in runs of ten from zero. */
function asciiDigit(char: string): string {
  const code = char.codePointAt(0)!;
  let zero = code;
  while (zero > 0 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero -= 1;
  return String((code - zero) % 10);
}

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const UNIT_WORD = UNITS.slice(1).join('|');
const TENS_WORD = String.raw`(?:${TENS.slice(2).join('|')})(?:-(?:${UNIT_WORD}))?`;
/** One spoken number of up to two digits: "five", "oh", "fifteen", "fifty-five". */
const SPOKEN = String.raw`(?:${TENS_WORD}|${TEENS.join('|')}|zero|oh|o|${UNIT_WORD})`;

/** A run's last token: a bare "o" there is the Spanish "or" after a number ("510 555 0100 o escriba"), never its last zero. */
const SPOKEN_LAST = String.raw`(?:${TENS_WORD}|${TEENS.join('|')}|zero|oh|${UNIT_WORD})`;

/** The digits a spoken token stands for: "oh" 0, "fifteen" 15, "fifty-five" 55, "forty" 40. */
function spokenDigits(token: string): string {
  const word = token.toLowerCase();
  if (/^\d+$/.test(word)) return word;
  if (word === 'oh' || word === 'o') return '0';
  if (UNITS.includes(word)) return String(UNITS.indexOf(word));
  if (TEENS.includes(word)) return String(10 + TEENS.indexOf(word));
  const [tens, unit] = word.split('-');
  return String(TENS.indexOf(tens!) * 10 + (unit ? UNITS.indexOf(unit) : 0));
}

/**
 * Four or more spoken digits or numbers in a row, in groups a comma, semicolon or dash may part:
 * "four one five, five five five, oh one three four", "four fifteen - five fifty-five - twenty-one
 * thirty-four". Shorter runs are ordinary prose.
 */
const SPELLED_RUN = new RegExp(String.raw`\b(?:(?:${SPOKEN}|\d{1,4})[\s,;.-]+){3,}(?:${SPOKEN_LAST}|\d{1,4})\b`, 'gi');

const SPOKEN_TOKEN = new RegExp(String.raw`${TENS_WORD}|\p{L}+|\d+`, 'giu');

/** A spoken run as dialed digits: each group's numbers joined, groups parted by a space; seven or ten digits in the usual 3-4 and 3-3-4 shape. */
function dialed(run: string): string {
  // Digits alone keep their own grouping ("14-661-37-02"): only spoken runs are read here.
  if (!/\p{L}/u.test(run)) return run;
  const groups = run
    .split(/\s*[,;]\s*|\s+-\s+|\.\s+/)
    .map((group) => {
      // "thirty one" is 31: a tens word, then a unit word, read as one number.
      const tokens = group.match(SPOKEN_TOKEN) ?? [];
      let digits = '';
      for (let i = 0; i < tokens.length; i += 1) {
        const token = tokens[i]!;
        const next = tokens[i + 1]?.toLowerCase();
        if (TENS.indexOf(token.toLowerCase()) >= 2 && next && UNITS.indexOf(next) >= 1) {
          digits += String(TENS.indexOf(token.toLowerCase()) * 10 + UNITS.indexOf(next));
          i += 1;
        } else {
          digits += spokenDigits(token);
        }
      }
      return digits;
    })
    .filter(Boolean);
  const all = groups.join('');
  if (all.length === 7 && groups.length !== 2) return `${all.slice(0, 3)} ${all.slice(3)}`;
  if (all.length === 10 && groups.length !== 3) return `${all.slice(0, 3)} ${all.slice(3, 6)} ${all.slice(6)}`;
  return groups.join(' ');
}

/** A number of up to three digits in words: "twelve", "twenty-six", "two hundred nineteen". */
const NUMBER_IN_WORDS = String.raw`(?:(?:${UNIT_WORD})\s+hundred(?:\s+(?:and\s+)?(?:${TENS_WORD}|${TEENS.join('|')}|${UNIT_WORD}))?|${TENS_WORD}|${TEENS.join('|')}|${UNIT_WORD})`;
/** A unit number written out after its unit word: "apartment twelve", "unit # four", "suite two hundred". */
const UNIT_IN_WORDS = new RegExp(
  String.raw`(\b(?:apt|apartment|unit|suite|ste|space|spc|bldg|building)\.?(?:\s+(?:number|no\.?|#))?\s*#?\s*)(${NUMBER_IN_WORDS})\b`,
  'gi',
);

function numberValue(words: string): number {
  const [hundreds, rest] = words.toLowerCase().split(/\s+hundred\s*(?:and\s+)?/);
  if (rest === undefined) return Number(spokenDigits(hundreds!.trim()));
  return UNITS.indexOf(hundreds!.trim()) * 100 + (rest ? Number(spokenDigits(rest.trim())) : 0);
}

/** A token of digits with the letters O, I or l among them ("O134", "OI11"): they stand for 0 and 1. */
const DIGITS_WITH_LETTERS = /\b(?=[\dOoIl]*\d)[\dOoIl]{2,}\b/g;

/** Hidden characters and look-alike letters out, accents kept: the first steps of both readings below. */
const unmasked = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(CONFUSABLE, (char) => CONFUSABLES[char]!);

/** The text as the screen reads it: same meaning, one spelling. */
export function normalizeForScreen(text: string): string {
  return (
    unmasked(text)
      // Accents and combining marks dropped: "Jóse" and "Jose" read alike, and marks inserted to split a word vanish.
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .normalize('NFC')
      .replace(APOSTROPHES, "'")
      .replace(/\p{Pd}/gu, '-')
      .replace(/\p{Zs}/gu, ' ')
      .replace(/\p{Nd}/gu, (char) => (/[0-9]/.test(char) ? char : asciiDigit(char)))
      .replace(UNIT_IN_WORDS, (_, unit: string, number: string) => `${unit}${numberValue(number)}`)
      .replace(SPELLED_RUN, dialed)
      .replace(DIGITS_WITH_LETTERS, (token) => token.replace(/o/gi, '0').replace(/[Il]/g, '1'))
  );
}

/**
 * The text as written, only without hidden characters and full-width forms: its accents and its
 * letters of other scripts kept (folding Cyrillic look-alikes would turn "Марта" into Latin "Mapta"),
 * for the name rules that read them (names.ts).
 */
export function normalizeKeepingMarks(text: string): string {
  return text.normalize('NFKC').replace(/\p{Cf}/gu, '').normalize('NFC').replace(/\p{Zs}/gu, ' ');
}
