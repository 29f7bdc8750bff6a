// The change log said in Spanish (issue 51): get_home's recent changes as homeRecentChanges builds
// them with a language (get_home passes it once merged), and find_homes' changed_since notes and
// left_the_list lines for a Spanish ask, each written from the English served for the same ask.
import test from 'ava';
import type { Client } from '@modelcontextprotocol/client';
import { serveChangedHomes } from '../helpers/changes.ts';
import { BASE_URL } from '../helpers/server.ts';
import { connect, errorText, LEGACY } from '../mcp/helpers.ts';
import { homeRecentChanges } from '../../serve/mcp/changes.ts';
import { servedPairProblem } from '../../serve/words/catalog.ts';
import { ALL_CATALOGS } from '../../serve/words/catalogs.ts';
import { CHANGE_WORDS, noChangesLoggedIn } from '../../serve/words/change-words.ts';
import { changesKeptSince } from '../../serve/records/changes.ts';

const served = serveChangedHomes(test);
const catalogs = Object.values(ALL_CATALOGS);

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${errorText(result)}`);
  return result.structuredContent;
}

test('homeRecentChanges says a home\'s changes and their note in Spanish; in English, what get_home serves today', async (t) => {
  const { services } = served.server.app;
  const snapshot = services.snapshots.acquire();
  const client = await connect(`${served.server.url}/mcp`, 'modern');
  try {
    const reader = { snapshot, overlay: services.overlays.current, filler: services.filler };
    const [a] = served.fixture.homes;
    const english = homeRecentChanges(reader, BASE_URL, a!.license_number);
    t.deepEqual(english, (await call(client, 'get_home', { license_number: a!.license_number })).changes);
    const spanish = homeRecentChanges(reader, BASE_URL, a!.license_number, 'es');
    t.is(spanish.latest[0]!.line, 'Titular de la licencia cambió de «FIRST NEW HOLDER LLC» a «SECOND NEW HOLDER LLC» (lista del estado del 2030-02-05)');
    t.is(spanish.note, CHANGE_WORDS.fairness.es.text);
    spanish.latest.forEach((change, i) => t.is(servedPairProblem(english.latest[i]!.line, change.line, catalogs), null, change.line));
    t.deepEqual(spanish.latest.map((c) => [c.observed_on, c.new_value]), english.latest.map((c) => [c.observed_on, c.new_value]));
    const quiet = homeRecentChanges(reader, BASE_URL, served.fixture.quiet, 'es');
    t.deepEqual(quiet.latest, []);
    t.is(quiet.note, `${noChangesLoggedIn('es', changesKeptSince(snapshot))} ${CHANGE_WORDS.fairness.es.text}`);
    t.regex(quiet.note, /^El historial de cambios de este servicio/);
  } finally {
    snapshot.release();
    await client.close();
  }
});

test('find_homes in Spanish with changed_since: a license gone from the roster is in left_the_list with its line in Spanish, and every note is Spanish', async (t) => {
  const client = await connect(`${served.server.url}/mcp`, LEGACY[0]);
  try {
    const [, , c] = served.fixture.homes;
    const args = { county: c!.county, changed_since: '2030-01-01' };
    const en = await call(client, 'find_homes', args);
    const es = await call(client, 'find_homes', { ...args, language: 'es' });
    const gone = es.left_the_list.find((home: any) => home.license_number === c!.license_number);
    t.is(gone?.line, 'La licencia ya no está en la lista del estado (lista del estado del 2030-01-05)', JSON.stringify(es.left_the_list));
    t.is(en.left_the_list.find((home: any) => home.license_number === c!.license_number).line, 'License no longer on the state roster (state roster of 2030-01-05)');
    en.notes.forEach((note: string, i: number) => t.is(servedPairProblem(note, es.notes[i], catalogs), null, es.notes[i]));
    t.regex(es.notes.find((n: string) => n.startsWith('Solo los centros'))!, /^Solo los centros cuyo registro del estado cambió desde el 2030-01-01 \(vea los cambios de cada centro con get_home\)\. El historial de cambios de este servicio empezó/);
    t.true(es.homes.length > 0 && es.homes.every((home: any) => home.page.startsWith(`${BASE_URL}/es/`)));
  } finally {
    await client.close();
  }
});
