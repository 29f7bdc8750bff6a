// People's names in normalized text (see normalize.ts). Capitals are a hint, never required: a
// lower-case given name from the list counts, a word-like one ("rose", "will") needs capitals.
import { isEnglishWord, wordsNotEnglish } from './english-words.ts';
import { isGivenName, isPlaceWord, isPlainGivenName as isPlainEnglishGivenName, isWiderGivenName } from './given-names.ts';
import { CARE_SHORTHAND, NOT_A_SURNAME, ORDINARY_WORDS, STREET_TYPES_AFTER, STREET_TYPES_BEFORE, UNPUNCTUATED_CONTRACTIONS } from './words.ts';

const WORD = String.raw`[\p{L}][\p{L}'-]*`;

/** Words before a given name that make it part of a place or a saint's name (San Jose, St. Paul, Contra Costa). */
const PLACE_PREFIX = new Set('san santa st st. saint los las la el del de mount mt mt. fort ft port lake contra sierra'.split(' '));

/** Words after a relative or "name is" that are never the name itself. */
const NOT_A_NAME = new Set(
  (
    'alzheimer alzheimers parkinson dementia hospice medi-cal medicare medicaid va memory care home county city bay area los san ' +
    'santa el la las del new monday tuesday wednesday thursday friday saturday sunday january february march april june july ' +
    'august september october november december please thanks thank hi hello dear mr mrs ms dr here unknown private withheld ' +
    // Languages, origins, faiths, service and conditions families write after a relative: "my mom Korean speaking", "Dad Navy veteran".
    'tieng korean chinese vietnamese spanish mexican filipino japanese armenian russian persian farsi iranian indian punjabi hindi tagalog ' +
    'cantonese mandarin english german italian french portuguese polish ukrainian arabic hmong lao laotian cambodian khmer thai samoan ' +
    'latino latina hispanic asian catholic christian jewish muslim buddhist hindu sikh baptist mormon lutheran methodist orthodox ' +
    'protestant adventist veteran vet navy army marine marines usmc coast type als copd chf ptsd tbi wwii ww2 korea vietnam'
  ).split(/\s+/),
);

/** Particles inside surnames: "Isaiah-Jolijn de Bruijn", "Ludwig van Beethoven". */
const SURNAME_PARTICLES = 'de|da|di|del|della|van|von|der|den|ter|ten|le|la|du|dos|das|bin|ibn|al|el';
/** Spanish words that may stand before a kin word in a Spanish sentence ("para la abuela", "con mi tio"). */
const SPANISH_FUNCTION_WORDS = new Set('la el los las de del con para por y que a al mi su tu'.split(' '));
const PARTICLE = new RegExp(`^(?:${SURNAME_PARTICLES})$`);
/** Words after which a capitalized run is a street's or a place's name: "the home on Quinta Laura Rocha". */
const PLACE_PREPOSITIONS = new Set('on along down off up past onto near in at from to en cerca'.split(' '));

/** Spanish kin words, as normalize.ts leaves them (accents dropped): "mi madre Maria", "mi esposo Jose". */
const SPANISH_KIN =
  'madre|padre|esposo|esposa|hijo|hija|abuela|abuelo|abuelita|abuelito|tia|tio|hermano|hermana|suegra|suegro|amiga|amigo|vecina|vecino';
const SPANISH_KIN_WORD = new RegExp(`^(?:${SPANISH_KIN})\\b`, 'i');

/** The kin words, each also with "grand", "great", "step", "god" or "ex" before it and "in-law" after it. */
const KIN =
  'mother|mom|mum|mommy|mama|momma|father|dad|daddy|papa|pop|parent|husband|hubby|wife|spouse|partner|son|daughter|child|kid|brother|' +
  'sister|sibling|grandmother|grandma|granny|nana|grandfather|grandpa|granddad|grandson|granddaughter|grandchild|aunt|auntie|uncle|' +
  'niece|nephew|cousin|friend|neighbou?r|roommate|fianc[eé]e?|relative|client|patient|resident|caregiver|' +
  // Spanish (below) and Tagalog grandparents and parents.
  `${SPANISH_KIN}|lola|lolo|nanay|tatay`;
/** "ma" and "pa" name a parent only after "my", "our", "her", ...: "my ma Enteng". */
const RELATIVES = String.raw`(?:(?:best\s+)?(?:great[\s-]?)*(?:grand|step|god|ex)?-?(?:${KIN})(?:[\s-]in[\s-]law)?|(?<=\b(?:my|our|his|her|their)\s)(?:ma|pa))`;
const RELATIVE_WORD = new RegExp(String.raw`^${RELATIVES}$`, 'iu');
/** A relative, then an optional naming phrase, then a word: "my mom jane", "dad is bob", "Dad's name is Robert". */
const RELATIVE_NAME = new RegExp(
  String.raw`\b${RELATIVES}\b('s)?(\s*[=:]|\s+(?:name\s+is|is\s+named|is\s+called|named|called|goes\s+by|first\s+name\s+is|se\s+llama|is|was)\b)?\s*([,(-]?)\s*(${WORD})`,
  'giu',
);
/** People named by their role: "nurse Patricia", "ask for aide Tom". Only a given name counts after these. */
const ROLE_NAME = new RegExp(String.raw`\b(?:nurse|aide|caregiver|doctor|therapist|social\s+worker|case\s+manager|chaplain|pastor|neighbou?r|friend)\s+(${WORD})`, 'giu');
/** Asking for someone by a given name: "ask for Linda", "contact Susan", "reach Tom". */
const ASK_FOR = new RegExp(
  String.raw`\b(?:ask\s+for|contact|reach|speak\s+(?:to|with)|talk\s+to|resident\s+name|patient\s+name|first\s+name)\s+(${WORD})(?:\s+(?:(?:${SURNAME_PARTICLES})\s+)?(${WORD}))?`,
  'giu',
);
/** "my name is X", "her name: X", "name = X". */
const NAME_IS = new RegExp(String.raw`\b(?:name\s*(?:is|:|=)|se\s+llama|(?:su\s+)?nombre\s+es|llamad[oa])\s*(${WORD})`, 'giu');
/** Vietnamese "ten la Lan" ("tên là", name is), lower-case "la" and a capital after it, so "ten La Jolla homes" passes. */
const VIETNAMESE_NAME_IS = /\bten la (\p{Lu}\p{L}*)/u;
/** Common Vietnamese family names, written first, then a capitalized given or middle name: "Nguyen Thi Mai", "Tran Van An". */
const VIETNAMESE_NAME =
  /\b(?:(?:Nguyen|Tran|Pham|Hoang|Huynh|Phan|Vu|Vo|Dang|Bui|Duong|Truong|Dinh|Ngo|Luong|Trinh)\s+(Thi|Van|\p{Lu}\p{Ll}+)|(?:Le|Do|Ho|Ly)\s+(Thi|Van))\b/u;
/** Chinese: a relative or a pronoun, then "is called" or "name is", then a name; or a family name and a title ("王女士"). */
const CHINESE_NAME =
  /(?:妈妈|母亲|妈|爸爸|父亲|爸|奶奶|爷爷|外婆|外公|丈夫|妻子|太太|老公|老婆|儿子|女儿|姐姐|妹妹|哥哥|弟弟|我|她|他)(?:的名字)?(?:叫|名叫|名字是|名字叫|姓名是)\s*\p{Script=Han}|[王李张刘陈杨黄赵吴周徐孙马朱胡郭何林高罗郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡蒋余杜叶程魏苏吕丁任卢姚沈钟姜崔谭陆范汪廖石金贾夏方邹熊白孟秦邱侯江尹薛段雷黎史龙陶贺顾毛郝龚邵钱严武戴莫孔汤](?:女士|先生|太太|小姐|阿姨|伯伯)/u;
/** A given name, then the relative it names in parentheses: "Frank (my dad)". */
const NAME_THEN_RELATIVE = new RegExp(String.raw`(${WORD})\s*\(\s*(?:(?:my|his|her|our|mi|su)\s+)?(?:${RELATIVES})(?:-in-law)?\s*\)`, 'giu');
/** An honorific and a word: "Mrs. Garcia", "dr patel" ("Dr. visits" is ordinary words and passes). */
const HONORIFIC = new RegExp(String.raw`\b(?:mr|mrs|ms|mx|miss|dr|prof|sr|sra|srta|senora|senor|senorita|dona)\.?\s+(${WORD})`, 'giu');
/** Apostrophe surnames in any case: "O'Brien", "mary o'brien", "D'Angelo"; not "o'clock". */
const APOSTROPHE_NAME = /(?<![\p{L}'-])(?:o|d|mc|mac|di|de|da|du)'(?!clock\b)\p{L}{2,}(?=\s*([\p{L}-]*))/giu;
/** Words after a surname-shaped word that make it a place's name: "O'Connor Hospital", "McKinley Park" (not "the McKinley family"). */
const INSTITUTION_WORDS = new Set(
  'hospital medical center centre clinic health healthcare park house home manor school college university memorial regional care residence village lodge court gardens'.split(' '),
);
/** Mc and Mac surnames written with their inner capital: "McDonald", "MacLeod". */
const MC_NAME = /\b(?:Mc|Mac)\p{Lu}\p{Ll}+(?=\s*([\p{L}-]*))/gu;
/** "I'm Jane", "this is Jane", signatures: "thanks, Jane". */
const SELF_NAMED = new RegExp(String.raw`\b(?:i\s+am|i'm|this\s+is|signed|regards|sincerely|thanks|thank\s+you|cheers|love)\s*,?\s+(${WORD})`, 'giu');
/** "Thanks, Karimán Nurdiyanti": a signature after its comma, and the word after it. */
const SIGNATURE = new RegExp(String.raw`\b(?:signed|regards|sincerely|thanks|thank\s+you|cheers)\s*,\s*(${WORD})(?:\s+(${WORD}))?`, 'giu');
/** "Last, First": "Smith, Jane". */
const LAST_FIRST = new RegExp(String.raw`(?<![\p{L}'-])(?=(${WORD})\s*,\s*(${WORD})(?:\s+(${WORD}))?)`, 'gu');

const isCapitalized = (word: string): boolean => /^\p{Lu}/u.test(word);
/** A given name that is evidence on its own, in any case: of the English list (not word-like) or of the wider one. */
const isPlainGivenName = (word: string): boolean => isPlainEnglishGivenName(word) || isWiderGivenName(word);
const bare = (word: string): string => word.replace(/'s$/i, '').replace(/['.-]+$/, '').toLowerCase();
const isOrdinary = (word: string): boolean => ORDINARY_WORDS.has(bare(word)) || NOT_A_NAME.has(bare(word));

/**
 * A word where a name may stand that is no English word, care shorthand or kin word: "bartolomea",
 * "thanh", "roxane-erin" ("recently", "afib", "doesnt", "spanish-speaking" are not).
 */
function isForeignWord(word: string): boolean {
  const plain = bare(word);
  if (plain.length < 3 || isOrdinary(word) || CARE_SHORTHAND.has(plain) || UNPUNCTUATED_CONTRACTIONS.has(plain) || RELATIVE_WORD.test(plain)) return false;
  const parts = plain.split('-').filter((part) => part.length >= 3);
  return parts.length > 0 && !isOrdinary(parts[0]!) && parts.some((part) => !isEnglishWord(part) && !ORDINARY_WORDS.has(part));
}

const UNSPACED = String.raw`\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}`;
const SCRIPT_BOUNDARY = new RegExp(String.raw`(?<=\p{Script=Latin})(?=[${UNSPACED}])|(?<=[${UNSPACED}])(?=\p{Script=Latin})`, 'gu');

/** A word in a script other than Latin (Han, Hangul, Cyrillic, Arabic, Hebrew, Armenian, Thai ...). */
const isOtherScript = (word: string): boolean => /(?=\p{L})\P{Script=Latin}/u.test(word);

/** USPS street types that are also common surnames ("Jane Wells", "David Brooks"): after a given name they stay a surname. */
const SURNAME_STREET_TYPES = new Set('wells ford fords brook brooks mill mills lane green greens field fields key keys pike dale glen glens forest hollow knoll forge'.split(' '));
const isStreetType = (word: string): boolean => STREET_TYPES_AFTER.has(bare(word)) && !SURNAME_STREET_TYPES.has(bare(word));

/** A word that can stand as a surname after a given name: not an ordinary word, not a place or institution word. */
function canBeSurname(word: string, capitalsRequired: boolean): boolean {
  const plain = bare(word);
  if (plain.length < 2 || !/^\p{L}/u.test(plain) || isOtherScript(plain)) return false;
  if (isOrdinary(word) || NOT_A_SURNAME.has(plain) || isStreetType(word)) return false;
  // "Canyon Grove III": a numeral after a home's name.
  if (/^(?:ii|iii|iv|vi{0,3})$/.test(plain)) return false;
  return !capitalsRequired || isCapitalized(word);
}

/** "Jean-Pierre", "Mary-Kate": every part a given name. */
const isHyphenatedGivenName = (word: string): boolean =>
  word.includes('-') && !isOrdinary(word) && word.split('-').every((part) => isPlainEnglishGivenName(part) || isGivenName(part) || isWiderGivenName(part));

/** Given name + surname (or initial): "Jane Doe", "jane doe", "Maria L. Garcia", "Robert K.". */
type EnglishBesides = (...names: string[]) => boolean;

function hasNamePair(text: string, marked: string, englishBesides: EnglishBesides): boolean {
  // Two or more English words of care notes ("for", "very", "needs"): the note is plainly in English.
  const plainlyEnglish = text.split(/[^\p{L}']+/u).filter((word) => word.length >= 3 && ORDINARY_WORDS.has(word.toLowerCase())).length >= 2;
  // A note that is only a name, in lower case: "margarida batista" (not "los gatos" or "paso robles", places; not a note in Vietnamese).
  const onlyAName = /^\s*\p{L}[\p{L}'-]*(?:\s+\p{L}[\p{L}'-]*){1,2}\s*[.!]?\s*$/u.test(text) && !VIETNAMESE_LETTER.test(marked);
  // A pair never spans punctuation: "Fremont, Newark" is two places.
  return text.split(/[,;:()!?"/]|\s-\s/u).some((phrase) => hasNamePairInPhrase(phrase, englishBesides, plainlyEnglish || onlyAName) || (plainlyEnglish && hasForeignPair(phrase, englishBesides)));
}

/**
 * In a note plainly in English, two words in a row in lower case that are no English words, and no
 * others like them: a name no list holds ("rajinder dubashi gets agitated"). After "in", "near" and
 * the like they are a place ("near los gatos").
 */
function hasForeignPair(phrase: string, englishBesides: EnglishBesides): boolean {
  const words = phrase.split(/[^\p{L}'-]+/u).filter(Boolean);
  for (let i = 0; i + 1 < words.length; i += 1) {
    const [first, second] = [words[i]!, words[i + 1]!];
    if (isCapitalized(first) || isCapitalized(second) || !isForeignWord(first) || !isForeignWord(second)) continue;
    if ([first, second].some((word) => PLACE_PREFIX.has(bare(word)) || NOT_A_SURNAME.has(bare(word)) || isStreetType(word))) continue;
    if (words.slice(Math.max(0, i - 3), i).some((word) => PLACE_PREPOSITIONS.has(word.toLowerCase()) || STREET_TYPES_BEFORE.has(word.toLowerCase()))) continue;
    if (englishBesides(bare(first), bare(second))) return true;
  }
  return false;
}

function hasNamePairInPhrase(phrase: string, englishBesides: EnglishBesides, plainlyEnglish: boolean): boolean {
  const words = phrase.split(/[^\p{L}\p{N}'.-]+/u).filter(Boolean);
  for (let i = 0; i < words.length - 1; i += 1) {
    const given = words[i]!.replace(/[.']+$/, '');
    if ((!isGivenName(given) && !isHyphenatedGivenName(given) && !isWiderGivenName(given)) || isOrdinary(given)) continue;
    // "her granny delightfully": a kin word is no given name here.
    if (RELATIVE_WORD.test(given)) continue;
    // A word-like given name ("Rose", "Will") counts only written as a name, capitalized, before a capitalized surname.
    // (A name only the wider list holds, capitalized, needs a capitalized surname too: "Campbell que acepte" is a town.)
    const capitalsRequired = !isPlainEnglishGivenName(given) && !isHyphenatedGivenName(given) && (isCapitalized(given) || !isWiderGivenName(given));
    if (capitalsRequired && !isCapitalized(given)) continue;
    // In lower case, only in English text: "gan benh vien" is Vietnamese, not "Gan Benh".
    if (!isCapitalized(given) && !englishBesides(bare(given), bare(words[i + 1]!))) continue;
    // "San Jose", "Calle Juan Perez", "Alameda Carlos": a place's or a street's name.
    const before = words[i - 1]?.toLowerCase().replace(/\.$/, '');
    if (before && (PLACE_PREFIX.has(before) || PLACE_PREFIX.has(`${before}.`) || STREET_TYPES_BEFORE.has(before))) continue;
    if (STREET_TYPES_BEFORE.has(given.toLowerCase()) || isPlaceWord(given) || inPlaceName(words, i)) continue;
    // "the home on Carole Field", "off Christie Keys": after "on" or "off", a name and any street type is a street.
    if (before && PLACE_PREPOSITIONS.has(before) && STREET_TYPES_AFTER.has(bare(words[i + 1]!))) continue;
    let next = words[i + 1]!;
    let after = words[i + 2];
    // "Sami de Graaf", "Myla van de Brink": particles belong to the surname after them.
    let particles = i + 1;
    while (particles < words.length - 1 && PARTICLE.test(words[particles]!)) particles += 1;
    if (particles > i + 1 && isCapitalized(given) && isCapitalized(words[particles]!)) {
      next = words[particles]!;
      after = words[particles + 1];
    }
    // A middle initial: "Maria L. Garcia".
    if (/^\p{L}\.?$/u.test(next) && after && canBeSurname(after, capitalsRequired)) {
      next = after;
      after = words[i + 3];
    } else if (/^\p{Lu}\.+$/u.test(next)) {
      return true;
    }
    if (!canBeSurname(next, capitalsRequired)) continue;
    // "Rosalia looked quiet": after a capitalized given name, a lower-case English word is no surname; so too after a name only the wider list holds.
    if ((isCapitalized(given) || !isGivenName(given)) && !isCapitalized(next) && isEnglishWord(bare(next))) continue;
    // "Selma que acepte": a lower-case word after a capitalized name, in a note of another language.
    if (isCapitalized(given) && !isCapitalized(next) && !englishBesides(bare(next))) continue;
    if (!isGivenName(given) && !isHyphenatedGivenName(given)) {
      // A name only the wider list holds: "near Sutter Roseville" is a hospital, and in lower case the note must plainly be English
      // ("for miron marzec, 70, is very social"; "can cham soc ban dem" is Vietnamese).
      if (before && PLACE_PREPOSITIONS.has(before)) continue;
      if (!isCapitalized(given) && !plainlyEnglish) continue;
    }
    // "John Muir Medical Center", "Cesar Chavez St": an institution or a street named after a person.
    if (after && (NOT_A_SURNAME.has(bare(after)) || isStreetType(after))) continue;
    return true;
  }
  return false;
}

/** The word at i follows a capitalized run led by "on", "along", ...: "on Gran Subida Rosa Contreras" is a street. */
function inPlaceName(words: string[], i: number): boolean {
  let k = i - 1;
  let names = 0;
  while (k >= 0 && isCapitalized(words[k]!)) {
    // "Boulevard Alondra Romina Becerra", "Prolongacion Miguel Angel Quinones", "Rancho Palos Verdes": a street type or a place word opens the run.
    if (STREET_TYPES_BEFORE.has(words[k]!.toLowerCase().replace(/\.$/, '')) || isPlaceWord(words[k]!)) return true;
    if (isGivenName(words[k]!.replace(/[.']+$/, ''))) names += 1;
    k -= 1;
  }
  return names === 0 && k < i - 1 && k >= 0 && PLACE_PREPOSITIONS.has(words[k]!.toLowerCase());
}

/** A word that names someone when it follows a relative, a naming phrase or a greeting. */
function namesSomeone(word: string, naming: boolean): boolean {
  // "Spanish-speaking": a compound led by an ordinary word.
  if (isOrdinary(word) || isOrdinary(word.split('-')[0]!)) return false;
  // "Mom ALS", "Dad WWII vet": a short all-capitals word that is no given name is an abbreviation.
  if (!naming && /^[\p{Lu}\d]{2,5}$/u.test(word) && !isGivenName(word)) return false;
  // "grandma merrily prefers": an English adverb in lower case, though "Merrily" is also a name.
  if (!naming && !isCapitalized(word) && /ly$/.test(word) && isEnglishWord(word)) return false;
  return naming || isPlainGivenName(bare(word)) || isCapitalized(word);
}

/**
 * California hospitals and places named after a person that families write without "hospital" after
 * them ("near John Muir", "Alta Bates"): read as the institution they are, not as a person.
 */
const PERSON_NAMED_INSTITUTIONS =
  /\b(?:john\s+muir|alta\s+bates|martin\s+luther\s+king(?:\s+jr\.?)?|mark\s+twain|henry\s+mayo|ronald\s+reagan|lucile\s+packard|hazel\s+hawkins|ronald\s+mcdonald|george\s+mark|frank\s+r\.?\s+howard|rady|kaiser|mercy|sutter)\b/giu;

export function hasName(original: string, marked?: string): boolean {
  // A note in capitals reads as one in lower case: "MY MOTHER-IN-LAW LUIZA" as "my mother-in-law luiza".
  const cased = /\p{Ll}/u.test(original) ? original : original.toLowerCase();
  // Chinese, Japanese, Korean and Thai run on into Latin words without a space: "离Mercy General Hospital近一点".
  const text = cased.replace(PERSON_NAMED_INSTITUTIONS, 'Hospital').replace(SCRIPT_BOUNDARY, ' ');
  // Words of another language in the note; with two or more besides a candidate name, the note is not in English.
  const foreign = wordsNotEnglish(text).filter(
    (word) => !isOrdinary(word) && !CARE_SHORTHAND.has(bare(word)) && !UNPUNCTUATED_CONTRACTIONS.has(bare(word)) && !RELATIVE_WORD.test(bare(word)),
  );
  const englishBesides: EnglishBesides = (...names) => foreign.filter((word) => !names.includes(bare(word))).length < 2;
  const nextWord = (end: number): string => bare(/^\s*,?\s*([\p{L}][\p{L}'-]*)/u.exec(text.slice(end))?.[1] ?? '');
  // "O'Connor Hospital", "McClellan Park": a surname-shaped word before an institution or place word names a place.
  for (const match of [...text.matchAll(APOSTROPHE_NAME), ...text.matchAll(MC_NAME)]) {
    // "Passage d'Abbeville", "Rue d'Alesia": a French street's name.
    const before = /(\p{L}+)\.?\s+$/u.exec(text.slice(0, match.index))?.[1]?.toLowerCase() ?? '';
    const following = bare(match[1]!);
    // "McLaughlin Harbor", "O'Connor Hospital": a place named after a person.
    if (!INSTITUTION_WORDS.has(following) && !STREET_TYPES_AFTER.has(following) && !STREET_TYPES_BEFORE.has(before)) return true;
  }
  for (const match of text.matchAll(RELATIVE_NAME)) {
    const possessive = match[1] !== undefined;
    const phrase = match[2]?.trim().toLowerCase();
    // "dad is bob": after a bare "is" only a given name counts ("dad is sick" passes).
    const naming = phrase !== undefined && !['is', 'was'].includes(phrase);
    const word = match[4]!;
    // "dad (frank)": a given name in parentheses after a relative is that relative's name.
    // "Dad (Korean War vet)", "Dad - Vietnam vet": after a bracket or a dash only a given name names the relative.
    if (match[3] === '(' || match[3] === '-') {
      if (isGivenName(bare(word)) || isOtherScript(word)) return true;
      if (!phrase) continue;
    }
    // "Resident: boz, cilvenaz", "Mom = Ewa": after a colon or an equals sign, any word that is no ordinary or English word.
    if (phrase === ':' || phrase === '=') {
      if (namesSomeone(word, false) || isOtherScript(word) || isForeignWord(word)) return true;
      continue;
    }
    // "mi madre necesita ayuda": Spanish phrasing ("mi", "su", a Spanish kin word) is read by the given-name lists alone.
    // ("our tia aminte" is English phrasing.)
    const owner = /\b(\p{L}+)\s+$/u.exec(text.slice(0, match.index))?.[1]?.toLowerCase() ?? '';
    const spanishKin = SPANISH_KIN_WORD.test(match[0]);
    const after = nextWord(match.index + match[0].length);
    const spanish =
      /^(?:mi|mis|su|sus|tu|nuestr[ao]s?)$/.test(owner) ||
      (spanishKin && (SPANISH_FUNCTION_WORDS.has(owner) || (owner === '' && !(after && isEnglishWord(after)))));
    const english = !spanish && englishBesides(bare(word), after);
    // "Mother's Touch Care Home", "mom's doctor": after a bare possessive, as after a bare "is", only a given name counts.
    if ((phrase && !naming) || (possessive && !phrase)) {
      if (isPlainGivenName(bare(word)) || (isCapitalized(word) && isGivenName(bare(word)))) return true;
      // "my grandmother is Ladislau": after "is", also a capitalized word that is no English word.
      if (!possessive && ((english && isCapitalized(word) && isForeignWord(word)) || isOtherScript(word))) return true;
      // "her mother-in-law is cristina-estela": a hyphenated word of given names.
      if (!possessive && word.includes('-') && word.split('-').every((part) => isPlainGivenName(part) || isGivenName(part))) return true;
      // "grandma is egizia, uses a walker": after "is", a word that is no English word, alone before a comma or the end.
      if (!possessive && english && isForeignWord(word) && /^\s*(?:[,.;!?]|$)/.test(text.slice(match.index + match[0].length))) return true;
      // "my papa is giyas bolatli": after "is", two words in a row that are no English words.
      const next = nextWord(match.index + match[0].length);
      if (!possessive && english && isForeignWord(word) && next && isForeignWord(next) && !/^\s*,/.test(text.slice(match.index + match[0].length))) return true;
      continue;
    }
    // "my mom giuseppina", "dad 王丽": in English text, a word right after a relative that is no English word is a name.
    if (namesSomeone(word, naming) || isOtherScript(word) || (english && isForeignWord(word))) return true;
  }
  if (VIETNAMESE_NAME_IS.test(text) || CHINESE_NAME.test(text)) return true;
  const vietnamese = VIETNAMESE_NAME.exec(text);
  if (vietnamese && !NOT_A_SURNAME.has(bare(vietnamese[1] ?? vietnamese[2]!))) return true;
  for (const match of text.matchAll(NAME_THEN_RELATIVE)) {
    const word = match[1]!;
    if (isOrdinary(word)) continue;
    // ("josé luis crespo suárez (our grandmother)": the bracketed relative says a name comes before it, in any language.)
    if (isGivenName(bare(word)) || isOtherScript(word) || isForeignWord(word)) return true;
  }
  for (const match of text.matchAll(ASK_FOR)) {
    const [, word, next] = match as unknown as [string, string, string | undefined];
    if (isOrdinary(word)) continue;
    // "ask for Mareta Nicastro", "ask for Isaiah-Jolijn de Bruijn": a capitalized given name that is no English word, and a surname.
    if (isPlainGivenName(bare(word)) || isOtherScript(word)) return true;
    // In lower case, two words that are no English words: "ask for wuraola omojola".
    if (isForeignWord(word) && next && (isCapitalized(word) ? canBeSurname(next, true) : isForeignWord(next) && englishBesides(bare(word), bare(next)))) return true;
  }
  for (const match of text.matchAll(ROLE_NAME)) {
    const word = match[1]!;
    if (!isOrdinary(word) && (isPlainGivenName(bare(word)) || (isCapitalized(word) && isGivenName(bare(word))))) return true;
  }
  for (const match of text.matchAll(NAME_IS)) {
    if (!isOrdinary(match[1]!)) return true;
  }
  for (const match of text.matchAll(HONORIFIC)) {
    const word = match[1]!;
    // "Del Mar Dr looked": "Dr" for Drive, then a lower-case English word.
    if (/^dr\b/i.test(match[0]) && !isCapitalized(word) && isEnglishWord(word)) continue;
    if (!isOrdinary(word) && /^\p{L}{2,}/u.test(word)) return true;
  }
  for (const match of text.matchAll(SELF_NAMED)) {
    const word = match[1]!;
    if (!isOrdinary(word) && (isGivenName(bare(word)) || isOtherScript(word))) return true;
  }
  for (const match of text.matchAll(SIGNATURE)) {
    // "thanks, Melissandre Fernandez", "thanks, kariman nurdiyanti": a name of words that are no English words ("thanks, see you soon" passes).
    const [, word, next] = match as unknown as [string, string, string | undefined];
    if (isForeignWord(word) && (isCapitalized(word) || (next !== undefined && isForeignWord(next)))) return true;
  }
  for (const match of text.matchAll(LAST_FIRST)) {
    const [, last, first, following] = match as unknown as [string, string, string, string | undefined];
    if (!isPlainGivenName(bare(first)) || !canBeSurname(last, false)) continue;
    // "Fresno, Clovis or Madera" is a list of places; "Smith, Jane" is not followed by another place or item.
    if (following && /^(?:or|and)$/i.test(following)) continue;
    return true;
  }
  return hasNamePair(text, marked ?? text, englishBesides) || hasSurnameBySuffix(text, englishBesides) || hasNameThenAge(text) || hasSubjectName(text) || hasOtherScriptName((marked ?? text).replace(SCRIPT_BOUNDARY, ' ')) || hasMarkedName(marked ?? text, englishBesides);
}

/** Letters only Vietnamese writes (a horn, a breve, a dot below, a hook, two marks on one letter): "ơ", "ư", "ạ", "ế". */
const VIETNAMESE_LETTER = /[ăơưạảẹẻẽỉịọỏụủỳỵỷỹấầẩẫậắằẳẵặếềểễệốồổỗộớờởỡợứừửữự]/iu;

/** A word written with an accent or another mark on a Latin letter: "Lập", "Güldemeister", "hà". */
const MARKED = (word: string): boolean => /[\p{Script=Latin}]/u.test(word) && word.normalize('NFD') !== word.normalize('NFC') && /\p{M}/u.test(word.normalize('NFD'));
const withoutMarks = (word: string): string => bare(word.normalize('NFD').replace(/\p{M}/gu, ''));

/**
 * In a note otherwise in English, a name as written with its accents: two or more marked words in
 * a row and no other marked word in the note ("Lập Nghiệp Tăng", "trọng việt", "Müfid Kasapoğlu"),
 * or a marked word right after a relative ("my grandma hà"). Read from the text before normalize.ts
 * drops the marks, where "Thế Tường" would read "The Tuong". A note in Vietnamese or Spanish has
 * marked words all through and other words that are not English, and passes.
 */
function hasMarkedName(marked: string, englishBesides: EnglishBesides): boolean {
  const words = marked.split(/[\s,;:()!?"]+/u).filter(Boolean);
  const isMarked = words.map(MARKED);
  const count = isMarked.filter(Boolean).length;
  for (let i = 0; i < words.length; i += 1) {
    if (!isMarked[i]) continue;
    let end = i;
    while (end + 1 < words.length && isMarked[end + 1]) end += 1;
    const run = words.slice(i, end + 1);
    const before = i > 0 ? withoutMarks(words[i - 1]!) : '';
    const afterRelative = RELATIVE_WORD.test(before);
    // "near Prolongación Coruña", "on Calle Año Nuevo": a street's or a place's name.
    const place =
      PLACE_PREPOSITIONS.has(before) ||
      STREET_TYPES_BEFORE.has(before) ||
      STREET_TYPES_BEFORE.has(withoutMarks(run[0]!)) ||
      PLACE_PREFIX.has(withoutMarks(run[0]!)) ||
      inPlaceName(words.map((word) => word.normalize('NFD').replace(/\p{M}/gu, '')), i);
    // "tiếng Việt" is the language.
    if (run.some((word) => NOT_A_NAME.has(withoutMarks(word)))) {
      i = end;
      continue;
    }
    // The run is the whole note ("Müfid Kasapoğlu"), or the words around it are English.
    // The run is the whole note and written as a name, capitalized ("Müfid Kasapoğlu"; "chăm sóc" is Vietnamese for care), or the words around it are English.
    const englishAround =
      (words.length === run.length && run.some((word) => isCapitalized(word))) ||
      (words.length - run.length >= 2 && englishBesides(...words.slice(i, end + 2).map(withoutMarks)));
    // After a relative the name may have unmarked words among its marked ones ("my grandma hà giang lê").
    if (!place && run.length <= 4 && englishAround && ((run.length >= 2 && run.length === count) || (afterRelative && count <= 4))) return true;
    i = end;
  }
  return false;
}

/**
 * Endings that make a word a family name in the languages of California's families: Polish and
 * Ukrainian (-ski, -wicz, -czyk, -enko, -chuk), Serbian and Russian (-vich), Turkish (-oglu),
 * Armenian (-yan, -ian), Georgian (-shvili, -dze), Greek (-poulos, -akis, -idis), Romanian (-escu),
 * Scandinavian (-sson), Italian (-elli, -etti, -ucci, -ini), German (-mann, -meister), Indian (-vedi, -swamy, -murthy).
 */
const SURNAME_ENDING =
  /(?:ski|ska|sky|skyi|wicz|czyk|czak|chuk|enko|vich|oglu|[iy]an|shvili|dze|poulos|akis|idis|ides|escu|eanu|sson|dottir|elli|etti|ucci|otti|acci|ini|mann|meister|vedi|swamy|murthy)$/;

/** A word that is a family name by its ending: "Mikulski", "Kasapoglu", "Petrosyan", "Chaturvedi" (not "Christian" or "Zucchini"). */
const isSurnameByEnding = (word: string): boolean => {
  const plain = bare(word);
  return plain.length >= 5 && SURNAME_ENDING.test(plain) && !isEnglishWord(plain) && !isOrdinary(word) && !NOT_A_SURNAME.has(plain) && !isPlaceWord(plain);
};

/** A word, then a family name known by its ending: "Agrypina Mikulski", "Bhadran-Tara Chaturvedi", in lower case too in an English note. */
function hasSurnameBySuffix(text: string, englishBesides: EnglishBesides): boolean {
  for (const phrase of text.split(/[,;:()!?"/]|\s-\s/u)) {
    const words = phrase.split(/[^\p{L}'-]+/u).filter(Boolean);
    for (let i = 0; i + 1 < words.length; i += 1) {
      const [first, second] = [words[i]!, words[i + 1]!];
      if (!isSurnameByEnding(second) || isCapitalized(first) !== isCapitalized(second)) continue;
      if (isOrdinary(first) || RELATIVE_WORD.test(bare(first)) || isPlaceWord(first) || PLACE_PREFIX.has(bare(first)) || STREET_TYPES_BEFORE.has(bare(first))) continue;
      if (!/^\p{L}{2,}/u.test(first) || (i > 0 && PLACE_PREPOSITIONS.has(words[i - 1]!.toLowerCase()) && !isGivenName(first))) continue;
      if (isCapitalized(first) ? !isEnglishWord(bare(first)) || isGivenName(first) : isForeignWord(first) && englishBesides(bare(first), bare(second))) return true;
    }
  }
  return false;
}

/** Two capitalized words that open a sentence, then a verb of care notes: "Ronke Ilupeju is coming home", "Agape Pizzo needs help". */
const SUBJECT_PAIR = new RegExp(String.raw`(?:^|[.!?]\s+)(${WORD})\s+(${WORD})\s+(is|was|has|had|needs|uses|can|gets|likes|loves|lives|wants|prefers|forgets|fell|falls|wanders|speaks|only|still|will|would)\b`, 'gu');

/**
 * A sentence's subject that is a name no list holds: two capitalized words, neither an English
 * word nor a place or street word, before a verb ("Yorba Linda is close" and "Walnut Creek has"
 * are towns, "Mom Jane" is caught elsewhere).
 */
function hasSubjectName(text: string): boolean {
  for (const [, first, second] of text.matchAll(SUBJECT_PAIR) as IterableIterator<[string, string, string]>) {
    if (!isCapitalized(first) || !isCapitalized(second) || /^\p{Lu}+$/u.test(first)) continue;
    if ([first, second].some((word) => isEnglishWord(bare(word)) || isOrdinary(word) || isPlaceWord(word) || PLACE_PREFIX.has(bare(word)) || NOT_A_SURNAME.has(bare(word)) || isStreetType(word) || STREET_TYPES_BEFORE.has(bare(word)))) continue;
    return true;
  }
  return false;
}

/** A name and the person's age after it between commas: "Hauke Guldemeister, 87, forgets her pills", "slamet wibisono, 69,". */
const NAME_THEN_AGE = new RegExp(String.raw`((?:${WORD}\s+){0,4}${WORD})\s*,\s*(\d{2,3})\s*(?:,|y/?o\b|yrs?\b|years\b)`, 'gu');

function hasNameThenAge(text: string): boolean {
  for (const match of text.matchAll(NAME_THEN_AGE)) {
    const age = Number(match[2]);
    if (age < 40 || age > 110) continue;
    const words = match[1]!.split(/\s+/);
    // The name is the words after the last ordinary one ("for"); a place word or a place preposition before it makes it a place ("near Yorba Linda, 85").
    let start = words.length;
    while (start > 0 && !isOrdinary(words[start - 1]!) && !PLACE_PREPOSITIONS.has(words[start - 1]!.toLowerCase())) start -= 1;
    if (start > 0 && PLACE_PREPOSITIONS.has(words[start - 1]!.toLowerCase())) continue;
    const name = words.slice(start);
    if (name.length === 0 || name.length > 4 || name.some((word) => NOT_A_SURNAME.has(bare(word)) || isStreetType(word) || PLACE_PREFIX.has(bare(word)))) continue;
    if (name.length >= 2 ? name.some((word) => isForeignWord(word) || isPlainGivenName(bare(word))) : isPlainGivenName(bare(name[0]!))) return true;
  }
  return false;
}

/** Common Chinese family names, for a bare name in Han characters: "伍梓馨 needs help" (not "中文" or "广东话"). */
const HAN_SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林高罗郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡蒋余杜叶程魏苏吕丁任卢姚沈钟姜崔谭陆范汪廖石金贾夏方邹熊白孟秦邱侯江尹薛段雷黎史龙陶贺顾毛郝龚邵钱严武戴莫孔汤伍柳倪常庞乔简易欧司上諸張劉陳楊黃趙吳孫馬鄭謝許馮鄧蕭葉蘇呂盧鍾譚陸鄒賀顧龔錢湯';

/**
 * In a note written in Latin letters, a name in another script: two words of it in a row ("北川 蓮",
 * "Ավետ Զաքարյան", "อริสา จินดาพล"), two to four Han characters led by a family name ("伍梓馨"), or
 * a word of it that opens the note before an English verb ("봉하엘 needs help"). One word of another
 * script elsewhere is no name ("a caregiver who speaks 한국어").
 */
function hasOtherScriptName(text: string): boolean {
  const words = text.split(/[\s,;:()!?"]+/u).filter((word) => /\p{L}/u.test(word));
  const other = words.filter(isOtherScript);
  if (other.length === 0 || other.length * 2 > words.length) return false;
  // Two short words with a space between: a Chinese sentence's phrases, parted by commas, are no name.
  const spaced = text.split(/\s+/u);
  const short = (word: string): boolean => isOtherScript(word) && [...word].length <= (/\p{Script=Han}/u.test(word) ? 4 : 16);
  for (let i = 0; i < spaced.length - 1; i += 1) if (short(spaced[i]!) && short(spaced[i + 1]!)) return true;
  if (isOtherScript(words[0]!) && words[1] && /^\p{Ll}/u.test(words[1]) && isEnglishWord(words[1])) return true;
  return other.some((word) => /^\p{Script=Han}{2,4}$/u.test(word) && HAN_SURNAMES.includes(word[0]!));
}
