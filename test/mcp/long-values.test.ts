// Lengths have limits (issue 52): a roster whose one home is named with 100,000 characters (and
// whose licensee and street run as long), run through the pipeline and served. The run warns and
// cuts each to MAX_STATE_TEXT_LENGTH with a note; the page address stays short and opens; get_home
// and compare_homes answer about as small as for any other home.
import test from 'ava';
import type { Client } from '@modelcontextprotocol/client';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_SLUG_LENGTH, MAX_STATE_TEXT_LENGTH, nameSlug } from '../../contract/names.ts';
import { settingsFromEnv } from '../../serve/http/settings.ts';
import { editedSeedSnapshots } from '../helpers/edited-seeds.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { connect } from './helpers.ts';

const LONG = 100_000;
let server: TestServer;
let client: Client;
let long: string;
let other: string;

test.before(async () => {
  let first = true;
  const snapshotsDir = await editedSeedSnapshots({
    roster: (row) => {
      if (!first || row['Facility Status'] !== 'LICENSED') return;
      first = false;
      row['Facility Name'] = `${row['Facility Name']} ${'VERY LONG NAME '.repeat(LONG / 15)}`.slice(0, LONG);
      row['Licensee'] = 'L'.repeat(LONG);
      row['Facility Address'] = `${row['Facility Address']} ${'X'.repeat(LONG)}`;
    },
  });
  const file = fs.readdirSync(snapshotsDir).find((name) => name.startsWith('rcfe-') && name.endsWith('.sqlite'))!;
  const db = new Database(path.join(snapshotsDir, file), { readonly: true });
  long = (db.prepare('SELECT license_number FROM facilities ORDER BY length(name) DESC LIMIT 1').get() as { license_number: string }).license_number;
  other = (db.prepare('SELECT license_number FROM facilities WHERE listed = 1 AND license_number <> ? ORDER BY sort_key LIMIT 1').get(long) as { license_number: string }).license_number;
  db.close();
  server = await startServer({ snapshotsDir, mcp: { ...settingsFromEnv({}).mcp, rateLimit: 1_000_000 } });
  client = await connect(`${server.url}/mcp`, 'modern');
});

test.after.always(async () => {
  await client?.close();
  await server?.close();
});

test('a slug is at most MAX_SLUG_LENGTH characters, cut at a word, and the same for the same name', (t) => {
  const name = 'GOLDEN OAKS '.repeat(10_000);
  t.true(nameSlug(name).length <= MAX_SLUG_LENGTH);
  t.true(nameSlug(name).split('-').every((word) => word === 'golden' || word === 'oaks'), 'cut at a word');
  t.is(nameSlug(name), nameSlug(name));
  t.is(nameSlug('Casa de Oro, Inc.'), 'casa-de-oro-inc', 'a real name is untouched');
});

test('a 100,000-character name, licensee and street are cut with a note; the page address is short and opens', async (t) => {
  const record = server.app.services.snapshots.current.db.prepare('SELECT name, licensee, street, name_slug FROM facilities WHERE license_number = ?').get(long) as Record<string, string>;
  for (const field of ['name', 'licensee', 'street'] as const) {
    t.true(record[field]!.length < MAX_STATE_TEXT_LENGTH + 80, `${field} is ${record[field]!.length} characters`);
    t.regex(record[field]!, /… \[cut: \d+ characters on the state's file\]$/, `${field} says it was cut`);
  }
  t.true(record.name_slug!.length <= MAX_SLUG_LENGTH);
  // The license alone leads to the page's own address (on the server's BASE_URL), which opens here.
  const moved = await fetch(`${server.url}/facility/${long}`, { redirect: 'manual' });
  t.is(moved.status, 301);
  const address = new URL(moved.headers.get('location')!).pathname;
  t.true(address.length < 120, `the address is ${address.length} characters`);
  t.true(address.endsWith(`-${long}`));
  const page = await fetch(`${server.url}${address}`, { redirect: 'manual' });
  t.is(page.status, 200);
  t.regex(await page.text(), /\[cut: \d+ characters on the state/, 'the page says the name was cut');
});

test('get_home and compare_homes about a home with a 100,000-character name answer as small as for any home', async (t) => {
  const size = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    t.falsy(result.isError, JSON.stringify(result.content).slice(0, 200));
    return JSON.stringify(result).length;
  };
  const home = await size('get_home', { license_number: long });
  const usual = await size('get_home', { license_number: other });
  t.true(home < usual + 4_000, `get_home: ${home} bytes against ${usual}`);
  const compared = await size('compare_homes', { license_numbers: [long, other] });
  t.true(compared < 40_000, `compare_homes: ${compared} bytes`);
  const answer = (await client.callTool({ name: 'get_home', arguments: { license_number: long } })).structuredContent as any;
  t.regex(answer.home.name, /\[cut: \d+ characters on the state's file\]$/, 'the answer says the name was cut');
});
