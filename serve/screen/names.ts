// People's names in normalized text (see normalize.ts). Capitals are a hint, never required: a
// lower-case given name from the list counts, a word-like one ("rose", "will") needs capitals.
import { isGivenName, isPlainGivenName } from './given-names.ts';
import { NOT_A_SURNAME, ORDINARY_WORDS } from './words.ts';

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
    'korean chinese vietnamese spanish mexican filipino japanese armenian russian persian farsi iranian indian punjabi hindi tagalog ' +
    'cantonese mandarin english german italian french portuguese polish ukrainian arabic hmong lao laotian cambodian khmer thai samoan ' +
    'latino latina hispanic asian catholic christian jewish muslim buddhist hindu sikh baptist mormon lutheran methodist orthodox ' +
    'protestant adventist veteran vet navy army marine marines usmc coast type als copd chf ptsd tbi wwii ww2 korea vietnam'
  ).split(/\s+/),
);

const RELATIVES =
  'mother|mom|mum|mommy|mama|momma|father|dad|daddy|papa|pop|parent|husband|wife|spouse|partner|son|daughter|brother|sister|sibling|' +
  'grandmother|grandma|granny|nana|grandfather|grandpa|granddad|aunt|auntie|uncle|niece|nephew|cousin|friend|neighbou?r|' +
  'mother-in-law|father-in-law|stepmother|stepfather|stepmom|stepdad|fianc[eé]e?|relative|client|patient|resident|caregiver|' +
  // Spanish, as normalize.ts leaves it (accents dropped): "mi madre Maria", "mi esposo Jose".
  'madre|padre|esposo|esposa|hijo|hija|abuela|abuelo|abuelita|abuelito|tia|tio|hermano|hermana|suegra|suegro|amiga|amigo|vecina|vecino';
/** A relative, then an optional naming phrase, then a word: "my mom jane", "dad is bob", "Dad's name is Robert". */
const RELATIVE_NAME = new RegExp(
  String.raw`\b(?:${RELATIVES})(?:-in-law)?\b('s)?(\s+(?:name\s+is|is\s+named|is\s+called|named|called|goes\s+by|first\s+name\s+is|se\s+llama|is|was|=|:))?\s*([,:(-]?)\s*(${WORD})`,
  'giu',
);
/** People named by their role: "nurse Patricia", "ask for aide Tom". Only a given name counts after these. */
const ROLE_NAME = new RegExp(String.raw`\b(?:nurse|aide|caregiver|doctor|therapist|social\s+worker|case\s+manager|chaplain|pastor|neighbou?r|friend)\s+(${WORD})`, 'giu');
/** Asking for someone by a given name: "ask for Linda", "contact Susan", "reach Tom". */
const ASK_FOR = new RegExp(String.raw`\b(?:ask\s+for|contact|reach|speak\s+(?:to|with)|talk\s+to|resident\s+name|patient\s+name|first\s+name)\s+(${WORD})`, 'giu');
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
const APOSTROPHE_NAME = /(?<![\p{L}'])(?:o|d|mc|mac|di|de|da|du)'(?!clock\b)\p{L}{2,}(?=\s*([\p{L}-]*))/giu;
/** Words after a surname-shaped word that make it a place's name: "O'Connor Hospital", "McKinley Park" (not "the McKinley family"). */
const INSTITUTION_WORDS = new Set(
  'hospital medical center centre clinic health healthcare park house home manor school college university memorial regional care residence village lodge court gardens'.split(' '),
);
/** Mc and Mac surnames written with their inner capital: "McDonald", "MacLeod". */
const MC_NAME = /\b(?:Mc|Mac)\p{Lu}\p{Ll}+(?=\s*([\p{L}-]*))/gu;
/** "I'm Jane", "this is Jane", signatures: "thanks, Jane". */
const SELF_NAMED = new RegExp(String.raw`\b(?:i\s+am|i'm|this\s+is|signed|regards|sincerely|thanks|thank\s+you|cheers|love)\s*,?\s+(${WORD})`, 'giu');
/** "Last, First": "Smith, Jane". */
const LAST_FIRST = new RegExp(String.raw`(?<![\p{L}'-])(?=(${WORD})\s*,\s*(${WORD})(?:\s+(${WORD}))?)`, 'gu');

const isCapitalized = (word: string): boolean => /^\p{Lu}/u.test(word);
const bare = (word: string): string => word.replace(/'s$/i, '').replace(/['.-]+$/, '').toLowerCase();
const isOrdinary = (word: string): boolean => ORDINARY_WORDS.has(bare(word)) || NOT_A_NAME.has(bare(word));

/** A word that can stand as a surname after a given name: not an ordinary word, not a place or institution word. */
function canBeSurname(word: string, capitalsRequired: boolean): boolean {
  const plain = bare(word);
  if (plain.length < 2 || !/^\p{L}/u.test(plain)) return false;
  if (isOrdinary(word) || NOT_A_SURNAME.has(plain)) return false;
  // "Canyon Grove III": a numeral after a home's name.
  if (/^(?:ii|iii|iv|vi{0,3})$/.test(plain)) return false;
  return !capitalsRequired || isCapitalized(word);
}

/** "Jean-Pierre", "Mary-Kate": every part a given name. */
const isHyphenatedGivenName = (word: string): boolean => word.includes('-') && word.split('-').every((part) => isPlainGivenName(part));

/** Given name + surname (or initial): "Jane Doe", "jane doe", "Maria L. Garcia", "Robert K.". */
function hasNamePair(text: string): boolean {
  // A pair never spans punctuation: "Fremont, Newark" is two places.
  return text.split(/[,;:()!?"/]|\s-\s/u).some(hasNamePairInPhrase);
}

function hasNamePairInPhrase(phrase: string): boolean {
  const words = phrase.split(/[^\p{L}\p{N}'.-]+/u).filter(Boolean);
  for (let i = 0; i < words.length - 1; i += 1) {
    const given = words[i]!.replace(/[.']+$/, '');
    if (!isGivenName(given) && !isHyphenatedGivenName(given)) continue;
    // A word-like given name ("Rose", "Will") counts only written as a name, capitalized, before a capitalized surname.
    const capitalsRequired = !isPlainGivenName(given);
    if (capitalsRequired && !isCapitalized(given)) continue;
    if (i > 0 && PLACE_PREFIX.has(words[i - 1]!.toLowerCase())) continue;
    let next = words[i + 1]!;
    let after = words[i + 2];
    // A middle initial: "Maria L. Garcia".
    if (/^\p{L}\.?$/u.test(next) && after && canBeSurname(after, capitalsRequired)) {
      next = after;
      after = words[i + 3];
    } else if (/^\p{Lu}\.+$/u.test(next)) {
      return true;
    }
    if (!canBeSurname(next, capitalsRequired)) continue;
    // "John Muir Medical Center": an institution named after a person.
    if (after && NOT_A_SURNAME.has(bare(after))) continue;
    return true;
  }
  return false;
}

/** A word that names someone when it follows a relative, a naming phrase or a greeting. */
function namesSomeone(word: string, naming: boolean): boolean {
  // "Spanish-speaking": a compound led by an ordinary word.
  if (isOrdinary(word) || isOrdinary(word.split('-')[0]!)) return false;
  // "Mom ALS", "Dad WWII vet": a short all-capitals word that is no given name is an abbreviation.
  if (!naming && /^[\p{Lu}\d]{2,5}$/u.test(word) && !isGivenName(word)) return false;
  return naming || isPlainGivenName(bare(word)) || isCapitalized(word);
}

/**
 * California hospitals and places named after a person that families write without "hospital" after
 * them ("near John Muir", "Alta Bates"): read as the institution they are, not as a person.
 */
const PERSON_NAMED_INSTITUTIONS =
  /\b(?:john\s+muir|alta\s+bates|martin\s+luther\s+king(?:\s+jr\.?)?|mark\s+twain|henry\s+mayo|ronald\s+reagan|lucile\s+packard|hazel\s+hawkins|ronald\s+mcdonald|george\s+mark|frank\s+r\.?\s+howard|rady|kaiser|mercy)\b/giu;

export function hasName(original: string): boolean {
  const text = original.replace(PERSON_NAMED_INSTITUTIONS, 'hospital');
  // "O'Connor Hospital", "McClellan Park": a surname-shaped word before an institution or place word names a place.
  for (const match of [...text.matchAll(APOSTROPHE_NAME), ...text.matchAll(MC_NAME)]) {
    if (!INSTITUTION_WORDS.has(bare(match[1]!))) return true;
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
      if (isGivenName(bare(word))) return true;
      if (!phrase) continue;
    }
    // "Mother's Touch Care Home", "mom's doctor": after a bare possessive, as after a bare "is", only a given name counts.
    if ((phrase && !naming) || (possessive && !phrase)) {
      if (isPlainGivenName(bare(word)) || (isCapitalized(word) && isGivenName(bare(word)))) return true;
      continue;
    }
    if (namesSomeone(word, naming)) return true;
  }
  if (VIETNAMESE_NAME_IS.test(text) || CHINESE_NAME.test(text)) return true;
  const vietnamese = VIETNAMESE_NAME.exec(text);
  if (vietnamese && !NOT_A_SURNAME.has(bare(vietnamese[1] ?? vietnamese[2]!))) return true;
  for (const match of text.matchAll(NAME_THEN_RELATIVE)) {
    if (isGivenName(bare(match[1]!)) && !isOrdinary(match[1]!)) return true;
  }
  for (const match of text.matchAll(ASK_FOR)) {
    if (!isOrdinary(match[1]!) && isPlainGivenName(bare(match[1]!))) return true;
  }
  for (const match of text.matchAll(ROLE_NAME)) {
    const word = match[1]!;
    if (!isOrdinary(word) && (isPlainGivenName(bare(word)) || (isCapitalized(word) && isGivenName(bare(word))))) return true;
  }
  for (const match of text.matchAll(NAME_IS)) {
    if (!isOrdinary(match[1]!)) return true;
  }
  for (const match of text.matchAll(HONORIFIC)) {
    if (!isOrdinary(match[1]!) && /^\p{L}{2,}/u.test(match[1]!)) return true;
  }
  for (const match of text.matchAll(SELF_NAMED)) {
    if (isGivenName(bare(match[1]!)) && !isOrdinary(match[1]!)) return true;
  }
  for (const match of text.matchAll(LAST_FIRST)) {
    const [, last, first, following] = match as unknown as [string, string, string, string | undefined];
    if (!isPlainGivenName(bare(first)) || !canBeSurname(last, false)) continue;
    // "Fresno, Clovis or Madera" is a list of places; "Smith, Jane" is not followed by another place or item.
    if (following && /^(?:or|and)$/i.test(following)) continue;
    return true;
  }
  return hasNamePair(text);
}
