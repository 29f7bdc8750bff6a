// The asks of issue 51 (a family in two languages, played through the official SDK client),
// replayed against a real server over a fresh seed snapshot: each answer must be true to the record
// and in the language asked.
import test from 'ava';
import { examples } from '../helpers/examples.ts';
import { BASE_URL } from '../helpers/server.ts';
import { readsAsNo } from '../../serve/words/home-words.ts';
import { askingClient } from './helpers.ts';

const asking = askingClient(test);
const { call } = asking;

const licensesWhere = async (sql: string, ...params: unknown[]) =>
  (await examples()).all<{ license_number: string }>(`SELECT license_number FROM facilities WHERE ${sql}`, ...params).map((row) => row.license_number).sort();
const ids = (out: any) => out.results.map((r: any) => r.id).sort();

test('3. search reads Spanish place and care words, finds what the English ask finds, and says what it read, in Spanish', async (t) => {
  const cases: Array<[string, string, RegExp]> = [
    ['hogares en Hayward', 'homes in Hayward', /el lugar como «hayward»/],
    ['demencia en Hayward', 'memory care in Hayward', /«demencia» como la aprobación del estado para atender a personas con demencia/],
    ['asilos en San José', 'homes in San Jose', /el lugar como «san jose»/],
    ['silla de ruedas en Sacramento', 'wheelchair homes in Sacramento', /«silla de ruedas» como la aprobación del estado para residentes que no pueden salir solos/],
    ['hogares en el código postal 95123', '95123', /Se leyó «95123» como código postal/],
  ];
  for (const [spanish, english, said] of cases) {
    const es = await call('search', { query: spanish });
    const en = await call('search', { query: english });
    t.true(en.results.length > 0, english);
    t.deepEqual(ids(es), ids(en), spanish);
    t.regex(es.note, said, `${spanish}: ${es.note}`);
    t.false(/\bthe\b|\bhomes?\b/.test(es.note), `${spanish}: the note is Spanish: ${es.note}`);
    t.true(es.results.every((r: any) => r.url.startsWith(`${BASE_URL}/es/facility/`)), spanish);
    t.true(en.results.every((r: any) => r.url.startsWith(`${BASE_URL}/facility/`)), english);
  }
  t.deepEqual(ids(await call('search', { query: 'hogares en el código postal 95123' })), await licensesWhere("listed = 1 AND zip LIKE '95123%'"));
  // "asilo" is the family's word: the answer says what these homes are, never calls them nursing homes.
  t.regex((await call('search', { query: 'asilos en San José' })).note, /no son centros de enfermería especializada/);
});

test('3. Spanish ranking and opening words get the notes "best" and "open beds" get, in Spanish; the place still applies', async (t) => {
  const best = await call('search', { query: 'el mejor asilo en San José' });
  t.deepEqual(ids(best), ids(await call('search', { query: 'best homes in San Jose' })));
  t.regex(best.note, /^«mejor»: el registro del estado no puede decir cuál centro es el mejor/);
  const beds = await call('search', { query: 'camas disponibles' });
  t.deepEqual(beds.results, []);
  t.regex(beds.note, /^«camas», «disponibles»: el registro del estado no puede decir cuál centro tiene un lugar disponible/);
  const mejor = await call('search', { query: 'mejor' });
  t.regex(mejor.note, /^«mejor»: el registro del estado no puede decir/);
  for (const note of [best.note, beds.note, mejor.note]) t.false(readsAsNo(note), note);
  // English asks keep their English notes.
  t.regex((await call('search', { query: 'best homes in San Jose' })).note, /^"best": the state record cannot say which home is best/);
});

test('13. "94541" names the cities of the nearest ZIP codes, not a whole postal area; a county with no listed home is not told to try a neighbour', async (t) => {
  const ex = await examples();
  t.is(ex.value<number>("SELECT COUNT(*) FROM facilities WHERE substr(zip, 1, 5) = '94541'"), 0);
  const nearest = ex.all<{ city: string }>("SELECT DISTINCT city FROM facilities WHERE substr(zip, 1, 4) = '9454'").map((r) => r.city);
  const area = ex.all<{ city: string }>("SELECT DISTINCT city FROM facilities WHERE substr(zip, 1, 3) = '945'").map((r) => r.city);
  t.true(nearest.length > 0 && area.length > nearest.length + 5);
  const note: string = (await call('search', { query: '94541' })).note;
  t.true(note.includes(`starting 9454 are in ${nearest.sort().join(', ')}:`), note);
  const fresno = (await asking.refusal('find_homes', { county: 'Fresno' })).text;
  t.regex(fresno, /No listed home is in FRESNO County/);
  t.false(/neighbou?ring/i.test(fresno), fresno);
  const spanish: string = (await call('search', { query: 'demencia en Fresno' })).note;
  t.regex(spanish, /Ningún centro de la lista está en el condado de FRESNO/);
  t.false(/vecino|neighbou?ring/i.test(spanish), spanish);
});
