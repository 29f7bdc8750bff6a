// A home's price block in Spanish says the price's facts in Spanish (issue 51, point 1): an area
// figure or an estimate says first, in Spanish, that it is not this home's price; nothing calls
// this service's English sentence "the record". The catalog's English templates are held to the
// lines the pipeline serves, so the Spanish beside them cannot lag the English.
import test from 'ava';
import { ownRateLine, type CompactHome } from '../../contract/records.ts';
import { createPricer } from '../../pipeline/normalize/price.ts';
import { catalogProblems } from '../../serve/words/catalog.ts';
import { PRICE_WORDS, priceLineFromTemplates, priceLineIn } from '../../serve/words/price-words.ts';
import { examples } from '../helpers/examples.ts';
import { mainText, pageServer } from '../pages/helpers.ts';

type Price = NonNullable<CompactHome['price']>;

const listing = (over: Partial<{ site: string; url: string; seen_on: string | null; updated_on: string | null; confirmed_by_home: boolean }> = {}) => ({
  site: 'seniorlist.example',
  url: 'https://seniorlist.example/a',
  seen_on: '2026-11-01',
  updated_on: '2025-08-19',
  confirmed_by_home: false,
  ...over,
});

/** Every kind of price line the pipeline writes, from its own code. */
function servedPrices(): Price[] {
  const own = (l: ReturnType<typeof listing>): Price => ({
    kind: l.confirmed_by_home ? 'home_confirmed' : 'home_listed',
    is_this_homes_own_rate: true,
    monthly_usd: 4550,
    likely_range_usd: null,
    line: ownRateLine(4550, l, '2026-12-01'),
    listing: { site: l.site, url: l.url, seen_on: l.seen_on, updated_on: l.updated_on },
  });
  const homes = [0, 1, 2, 3].map((i) => ({ license_number: `01000000${i}`, closed: false, latitude: 37.6 + i * 0.001, longitude: -122.08, capacity: 6, county: 'Alameda' }));
  const pricer = createPricer({
    homes: [...homes, { license_number: '019999999', closed: false, latitude: 37.6, longitude: -122.08, capacity: 6, county: 'Alameda' }, { license_number: '018888888', closed: false, latitude: 34, longitude: -118, capacity: 6, county: 'Los Angeles' }],
    listings: homes.slice(0, 3).map((home, i) => ({ license_number: home.license_number, monthly_usd: 4000 + i * 500, site: 'seniorlist.example', url: 'https://seniorlist.example/x', seen_on: '2026-11-01', updated_on: '2026-10-01', confirmed_by_home: false })),
    countyRates: new Map([['los angeles', { county: 'Los Angeles', typical_start_usd: 5000, low_usd: 4250, high_usd: 7150, as_of: '2026-10-01' }]]),
    runDate: '2026-12-01',
  } as unknown as Parameters<typeof createPricer>[0]);
  const estimate = pricer({ license_number: '019999999', closed: false, latitude: 37.6, longitude: -122.08, capacity: 6, county: 'Alameda' } as never)!;
  const area = pricer({ license_number: '018888888', closed: false, latitude: 34, longitude: -118, capacity: 6, county: 'Los Angeles' } as never)!;
  return [
    own(listing()),
    own(listing({ confirmed_by_home: true })),
    own(listing({ updated_on: '2026-10-01' })),
    own(listing({ confirmed_by_home: true, updated_on: null })),
    own(listing({ updated_on: null, seen_on: null })),
    estimate as Price,
    area as Price,
  ];
}

test('the catalog English is the English the pipeline serves, kind by kind, so no Spanish sentence can lag it', (t) => {
  const prices = servedPrices();
  t.deepEqual(prices.map((price) => price.kind), ['home_listed', 'home_confirmed', 'home_listed', 'home_confirmed', 'home_listed', 'covelight_estimate', 'area_typical']);
  for (const price of prices) t.is(priceLineFromTemplates(price, 'en'), price.line, price.kind);
  t.deepEqual(catalogProblems(PRICE_WORDS, 'PRICE_WORDS'), []);
});

test('in Spanish, a figure that is not this home\'s price says so first, in Spanish, with its county, date and range; an own rate keeps its listing, date and age', (t) => {
  const [listed, confirmed, recent, , undated, estimate, area] = servedPrices();
  t.is(
    priceLineIn(area!, 'es'),
    'No es el precio de este centro: en el condado de Los Angeles, las tarifas iniciales típicas van de $4,250 a $7,150 al mes (datos del 2026-10-01). Pregunte al centro por sus propias tarifas.',
  );
  t.regex(priceLineIn(estimate!, 'es')!, /^No es el precio de este centro: es una estimación nuestra, hecha con 3 centros parecidos a menos de 15 km que publican sus tarifas: de \$\d,\d{3} a \$\d,\d{3} al mes\./);
  t.is(
    priceLineIn(listed!, 'es'),
    '$4,550 al mes: la tarifa inicial de este centro, tal como la publica el anuncio en seniorlist.example, actualizado por última vez el 2025-08-19; el centro no la ha confirmado. Ese anuncio tiene más de 12 meses, así que es posible que la tarifa ya no sea válida. Confírmela con el centro.',
  );
  t.regex(priceLineIn(confirmed!, 'es')!, /según el anuncio en seniorlist\.example, actualizado por última vez el 2025-08-19, el centro la confirmó\. Ese anuncio tiene más de 12 meses/);
  t.false(priceLineIn(recent!, 'es')!.includes('más de 12 meses'), 'a recent listing is not called old');
  t.is(priceLineIn(undated!, 'es'), '$4,550 al mes: la tarifa inicial de este centro, tal como la publica el anuncio en seniorlist.example (no indica su propia fecha); el centro no la ha confirmado. Confírmela con el centro.');
  // English is the served line, unchanged.
  t.is(priceLineIn(area!, 'en'), area!.line);
});

test('a line already said in Spanish (a Spanish MCP answer shown by a card) says the same facts again in either language', (t) => {
  for (const price of servedPrices()) {
    const spanish = priceLineIn(price, 'es')!;
    const answered = { ...price, line: spanish };
    t.is(priceLineIn(answered, 'es'), spanish, price.kind);
    t.is(priceLineIn(answered, 'en'), price.line, `${price.kind}: the English is rebuilt, not the Spanish passed off as English`);
  }
});

test('a Spanish home page with an area figure says in Spanish that it is not this home\'s price, and never calls the line the record', async (t) => {
  const ex = await examples();
  const row = ex.one<{ license_number: string; name_slug: string; county: string }>(
    'a listed home priced by its area',
    "SELECT license_number, name_slug, county FROM facilities WHERE listed = 1 AND closed = 0 AND price_kind = 'area_typical' ORDER BY sort_key",
  );
  const pages = await pageServer();
  t.teardown(() => pages.close());
  for (const suffix of ['', '.md']) {
    const reply = await pages.get(`/es/facility/${row.name_slug}-${row.license_number}${suffix}`);
    t.is(reply.status, 200);
    const text = suffix ? reply.text : mainText(reply.text);
    t.regex(text, /Tarifa inicial: No es el precio de este centro: en el condado de .+, las tarifas iniciales típicas van de \$[\d,]+ a \$[\d,]+ al mes/);
    t.false(text.includes("Not this home's price"), 'no English price line on the Spanish page');
    t.false(text.includes('tal como está en el registro'), 'the service\'s sentence is never called the record');
  }
});
