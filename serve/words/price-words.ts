// A home's price block in the family's language. The pipeline writes each price's English line
// once (pipeline/normalize/price.ts, contract ownRateLine); a Spanish reader gets the same facts
// in Spanish sentences built from the price's own fields, never the English line quoted as if it
// were "the record": the line is this service's sentence, not the state's, and an estimate or an
// area figure must say plainly, in the reader's language, that it is not this home's price.
// Each English template here is the sentence the pipeline serves (test/words/price-words.test.ts
// fills it and compares it with the served line), so the Spanish beside it cannot lag it.
import { isOwnRateKind, LISTING_OLD_AFTER_MONTHS, type CompactHome } from '../../contract/records.ts';
import { defineWords, say } from './catalog.ts';
import type { Language } from './language.ts';

type Price = NonNullable<CompactHome['price']>;

export const PRICE_WORDS = defineWords({
  estimate: {
    en: "Not this home's price: our estimate from {count} comparable homes within {km} km that publish their rates is {low} to {high} a month. Ask the home for its own rates.",
    es: {
      text: 'No es el precio de este centro: es una estimación nuestra, hecha con {count} centros parecidos a menos de {km} km que publican sus tarifas: de {low} a {high} al mes. Pregunte al centro por sus propias tarifas.',
      from: "Not this home's price: our estimate from {count} comparable homes within {km} km that publish their rates is {low} to {high} a month. Ask the home for its own rates.",
    },
  },
  areaTypical: {
    en: "Not this home's price: typical starting rates in {county} County run {low} to {high} a month{asOf}. Ask the home for its own rates.",
    es: {
      text: 'No es el precio de este centro: en el condado de {county}, las tarifas iniciales típicas van de {low} a {high} al mes{asOf}. Pregunte al centro por sus propias tarifas.',
      from: "Not this home's price: typical starting rates in {county} County run {low} to {high} a month{asOf}. Ask the home for its own rates.",
    },
  },
  areaAsOf: { en: ' (as of {date})', es: { text: ' (datos del {date})', from: ' (as of {date})' } },
  ownConfirmed: {
    en: "{amount}: this home's own starting rate, which {subject} says the home confirmed.{age} Rates change; confirm with the home.",
    es: {
      text: '{amount}: la tarifa inicial de este centro; según {subject}, el centro la confirmó.{age} Las tarifas cambian: confírmela con el centro.',
      from: "{amount}: this home's own starting rate, which {subject} says the home confirmed.{age} Rates change; confirm with the home.",
    },
  },
  // A dated subject takes a comma after it in English, in the middle of the sentence.
  ownConfirmedDated: {
    en: "{amount}: this home's own starting rate, which {subject}, says the home confirmed.{age} Rates change; confirm with the home.",
    es: {
      text: '{amount}: la tarifa inicial de este centro; según {subject}, el centro la confirmó.{age} Las tarifas cambian: confírmela con el centro.',
      from: "{amount}: this home's own starting rate, which {subject}, says the home confirmed.{age} Rates change; confirm with the home.",
    },
  },
  ownListed: {
    en: "{amount}: this home's own starting rate as published in {subject}, not confirmed by the home.{age} Confirm with the home.",
    es: {
      text: '{amount}: la tarifa inicial de este centro, tal como la publica {subject}; el centro no la ha confirmado.{age} Confírmela con el centro.',
      from: "{amount}: this home's own starting rate as published in {subject}, not confirmed by the home.{age} Confirm with the home.",
    },
  },
  amount: { en: '{usd} a month', es: { text: '{usd} al mes', from: '{usd} a month' } },
  listingDated: { en: 'the listing on {site}, last updated {date}', es: { text: 'el anuncio en {site}, actualizado por última vez el {date}', from: 'the listing on {site}, last updated {date}' } },
  listingUndated: {
    en: 'the listing on {site} (it gives no date of its own{seen})',
    es: { text: 'el anuncio en {site} (no indica su propia fecha{seen})', from: 'the listing on {site} (it gives no date of its own{seen})' },
  },
  listingSeen: { en: '; we read it on {date}', es: { text: '; lo leímos el {date}', from: '; we read it on {date}' } },
  listingOld: {
    en: ' That listing is more than {months} months old, so the rate may no longer hold.',
    es: {
      text: ' Ese anuncio tiene más de {months} meses, así que es posible que la tarifa ya no sea válida.',
      from: ' That listing is more than {months} months old, so the rate may no longer hold.',
    },
  },
});

const dollars = (usd: number) => `$${usd.toLocaleString('en-US')}`;

/**
 * The facts an area or estimate line names beyond its fields (the county's own spelling, the date
 * of the county table, how many homes an estimate drew on and within how far), read back from the
 * line the pipeline wrote: the one place they are stored. A line already said in Spanish (a Spanish
 * MCP answer's, shown by a card) reads back the same facts, so either language can be said from it.
 */
function lineFacts(line: string): { county: string | null; asOf: string | null; count: string | null; km: string | null; old: boolean } {
  return {
    // Judged by the pipeline against the data's date (contract listingIsOld) and said in the line.
    old: / months old, so the rate may no longer hold\.| meses, así que es posible que la tarifa ya no sea válida\./.test(line),
    county: (/typical starting rates in (.+?) County run/.exec(line) ?? /en el condado de (.+?), las tarifas iniciales típicas/.exec(line))?.[1] ?? null,
    asOf: /\((?:as of|datos del) (\d{4}-\d{2}-\d{2})\)/.exec(line)?.[1] ?? null,
    count: (/our estimate from (\d+) comparable homes/.exec(line) ?? /hecha con (\d+) centros parecidos/.exec(line))?.[1] ?? null,
    km: /(?:within|a menos de) (\d+(?:\.\d+)?) km/.exec(line)?.[1] ?? null,
  };
}

/** Whether a price line was written in English (the pipeline's), not said in Spanish already. */
const isEnglishLine = (line: string) => / a month\b|this home's own starting rate/.test(line);

/**
 * The price line in a language: English is the line as served; Spanish is the same facts in
 * Spanish sentences. Null when a Spanish sentence cannot be built from what the price carries (the
 * English line is then shown, marked as English, by the caller).
 */
export function priceLineIn(price: Price, language: Language): string | null {
  return language === 'en' && isEnglishLine(price.line) ? price.line : priceLineFromTemplates(price, language);
}

/**
 * The line built from the catalog's templates in a language: Spanish pages use it, and the test
 * holds its English to the served line, so the two languages cannot say different facts.
 */
export function priceLineFromTemplates(price: Price, language: Language): string | null {
  const facts = lineFacts(price.line);
  const range = price.likely_range_usd;
  if (isOwnRateKind(price.kind)) {
    const listing = price.listing;
    if (!listing || price.monthly_usd === null) return null;
    const subject = listing.updated_on
      ? say(PRICE_WORDS.listingDated, language, { site: listing.site, date: listing.updated_on })
      : say(PRICE_WORDS.listingUndated, language, { site: listing.site, seen: listing.seen_on ? say(PRICE_WORDS.listingSeen, language, { date: listing.seen_on }) : '' });
    const age = facts.old ? say(PRICE_WORDS.listingOld, language, { months: LISTING_OLD_AFTER_MONTHS }) : '';
    const amount = say(PRICE_WORDS.amount, language, { usd: dollars(price.monthly_usd) });
    if (price.kind !== 'home_confirmed') return say(PRICE_WORDS.ownListed, language, { amount, subject, age });
    return say(listing.updated_on ? PRICE_WORDS.ownConfirmedDated : PRICE_WORDS.ownConfirmed, language, { amount, subject, age });
  }
  if (!range) return null;
  const low = dollars(range.low);
  const high = dollars(range.high);
  if (price.kind === 'area_typical' && facts.county) {
    return say(PRICE_WORDS.areaTypical, language, { county: facts.county, low, high, asOf: facts.asOf ? say(PRICE_WORDS.areaAsOf, language, { date: facts.asOf }) : '' });
  }
  if (price.kind === 'covelight_estimate' && facts.count && facts.km) return say(PRICE_WORDS.estimate, language, { count: facts.count, km: facts.km, low, high });
  return null;
}
