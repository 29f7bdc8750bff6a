// MCP search with a name plus a place: every word is matched across the home's name, city and
// county ("acacia san jose", "acacia, san jose", "Acacia Court, San Jose CA"), results stay
// alphabetical, and a search that finds nothing says so with a hint. Driven by a real SDK client.
import test from 'ava';
import { nameKey } from '../../contract/names.ts';
import { examples } from '../helpers/examples.ts';
import { askingClient } from './helpers.ts';

const { call } = askingClient(test);

const search = (query: string): Promise<any> => call('search', { query });

interface Home {
  license_number: string;
  name: string;
  city: string;
  county: string;
  sort_key: string;
}

/** A listed home in a two-word city, whose name's first word is not itself a place or care word. */
async function homeInTwoWordCity(): Promise<Home> {
  return (await examples()).one<Home>(
    'a listed home in a city of two words',
    `SELECT license_number, name, city, county, sort_key FROM facilities
      WHERE listed = 1 AND city LIKE '% %' AND city NOT LIKE '% % %' AND length(name) > 8
        AND lower(substr(name, 1, instr(name, ' ') - 1)) NOT IN ('the', 'a', 'care', 'home', 'senior', 'assisted')
      ORDER BY sort_key LIMIT 1`,
  );
}

test('a name plus a place finds the home however it is typed', async (t) => {
  const home = await homeInTwoWordCity();
  const first = nameKey(home.name).split(' ')[0]!;
  const twoWords = nameKey(home.name).split(' ').slice(0, 2).join(' ');
  const queries = [
    `${first} ${home.city.toLowerCase()}`,
    `${first}, ${home.city.toLowerCase()}`,
    `${home.name}, ${home.city} CA`,
    `${twoWords.toUpperCase()}, ${home.city}, California`,
    `${first} ${home.county} County`,
  ];
  for (const query of queries) {
    const found = await search(query);
    t.true(
      found.results.some((result: any) => result.id === home.license_number),
      `${query}: ${JSON.stringify(found.results.map((r: any) => r.title))}`,
    );
    t.is(found.note, undefined, query);
  }
});

test('every result carries every word in its name, city or county, and the list is alphabetical', async (t) => {
  const home = await homeInTwoWordCity();
  const first = nameKey(home.name).split(' ')[0]!;
  const found = await search(`${first} ${home.city}`);
  const ex = await examples();
  const rows = found.results.map((result: any) =>
    ex.one<Home>(`home ${result.id}`, `SELECT license_number, name, city, county, sort_key FROM facilities WHERE license_number = '${result.id}'`),
  );
  const words = nameKey(`${first} ${home.city}`).split(' ');
  for (const row of rows) {
    const text = ` ${nameKey(row.name)} ${nameKey(row.city)} ${nameKey(row.county)}`;
    t.true(words.every((word) => text.includes(` ${word}`)), row.name);
    t.true(` ${nameKey(row.name)}`.includes(` ${first}`), `${row.name}: the name word is in the name`);
  }
  const keys = rows.map((row: Home) => [row.sort_key, row.license_number].join('|'));
  t.deepEqual(keys, [...keys].sort(), 'alphabetical, nothing ranked');
});

test('a search that finds nothing says so, with a hint', async (t) => {
  for (const query of ['zzzzqqqq', 'zzzzqqqq san jose']) {
    const found = await search(query);
    t.deepEqual(found.results, []);
    t.regex(found.note, /^No home matched "zzzzqqqq( san jose)?"\. Try the home's name alone .*find_homes/);
  }
});

test('a search that finds more homes than it shows says so, and where to see them all', async (t) => {
  const ex = await examples();
  const county = ex.one<{ county: string; listed: number }>(
    'a county with more listed homes than search shows',
    'SELECT MIN(county) AS county, COUNT(*) AS listed FROM facilities WHERE listed = 1 GROUP BY county_key HAVING COUNT(*) > 20 ORDER BY COUNT(*) DESC',
  );
  const found = await search(`${county.county} County`);
  t.is(found.results.length, 20);
  t.regex(found.note, /^More homes match .* than the 20 shown .*find_homes with county or city/);
});
