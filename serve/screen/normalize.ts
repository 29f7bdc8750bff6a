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

const DIGIT_WORDS: Record<string, string> = {
  zero: '0', oh: '0', o: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9',
};
/** Four or more digit words (or digits) in a row: "four one five five ...". Shorter runs are ordinary prose. */
const SPELLED_RUN = /\b(?:(?:zero|oh|o|one|two|three|four|five|six|seven|eight|nine|\d)[\s,.-]+){3,}(?:zero|oh|o|one|two|three|four|five|six|seven|eight|nine|\d)\b/gi;

/** A token of digits with the letters O, I or l among them ("O134", "OI11"): they stand for 0 and 1. */
const DIGITS_WITH_LETTERS = /\b(?=[\dOoIl]*\d)[\dOoIl]{2,}\b/g;

/** The text as the screen reads it: same meaning, one spelling. */
export function normalizeForScreen(text: string): string {
  return (
    text
      .normalize('NFKC')
      .replace(/\p{Cf}/gu, '')
      .replace(CONFUSABLE, (char) => CONFUSABLES[char]!)
      // Accents and combining marks dropped: "Jóse" and "Jose" read alike, and marks inserted to split a word vanish.
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .normalize('NFC')
      .replace(APOSTROPHES, "'")
      .replace(/\p{Pd}/gu, '-')
      .replace(/\p{Zs}/gu, ' ')
      .replace(/\p{Nd}/gu, (char) => (/[0-9]/.test(char) ? char : asciiDigit(char)))
      .replace(SPELLED_RUN, (run) => run.replace(/[a-z]+/gi, (word) => DIGIT_WORDS[word.toLowerCase()] ?? word).replace(/[\s,.-]+/g, ' '))
      .replace(DIGITS_WITH_LETTERS, (token) => token.replace(/o/gi, '0').replace(/[Il]/g, '1'))
  );
}
