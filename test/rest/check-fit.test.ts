// Exact name matching in the batch check compares goes-by and licensed names across every license
// of any status; a trailing legal form does not tell names apart unless the input writes it out and
// it is exactly one license's name. More than one fit is ambiguous, candidates alphabetical by name
// then license, never a guess.
import test from 'ava';
import type Database from 'better-sqlite3';
import { nameKey } from '../../contract/names.ts';
import { baseNameKey } from '../../serve/records/name-fit.ts';
import { postJson, startServer, type TestServer } from '../helpers/server.ts';
import { publishNewerSnapshot, snapshotDir } from '../helpers/snapshot.ts';

const PENDING_NAME = 'DESERT ROSE ASSISTED LIVING';
const LICENSED_NAME = 'DESERT ROSE ASSISTED LIVING, INC.';
const CITY = 'INDIO';

/** Renames a license in every column and stored JSON that carries its name, status and city. */
function rename(db: Database.Database, license: string, name: string, status: string) {
  const old = db.prepare('SELECT name, licensed_name, city FROM facilities WHERE license_number = ?').get(license) as { name: string; licensed_name: string; city: string };
  const swap = (json: string) => json.replaceAll(JSON.stringify(old.name), JSON.stringify(name)).replaceAll(JSON.stringify(old.licensed_name), JSON.stringify(name));
  const row = db.prepare('SELECT record_json, home_json FROM facilities WHERE license_number = ?').get(license) as { record_json: string; home_json: string };
  db.prepare(
    `UPDATE facilities SET name = ?, licensed_name = ?, name_key = ?, licensed_name_key = ?, sort_key = ?, license_status = ?,
       city = ?, city_key = ?, record_json = ?, home_json = ? WHERE license_number = ?`,
  ).run(name, name, nameKey(name), nameKey(name), nameKey(name), status, CITY, CITY.toLowerCase(), swap(row.record_json), swap(row.home_json), license);
}

let server: TestServer;
let pending = '';
let licensed = '';
test.before(async () => {
  const dir = await snapshotDir();
  await publishNewerSnapshot(dir, '2099-01-01', (db) => {
    const two = db.prepare('SELECT license_number FROM facilities ORDER BY license_number LIMIT 2').all() as Array<{ license_number: string }>;
    // The LICENSED one gets the lower license number, so a license-first order would put it first.
    licensed = two[0]!.license_number;
    pending = two[1]!.license_number;
    rename(db, pending, PENDING_NAME, 'PENDING');
    rename(db, licensed, LICENSED_NAME, 'LICENSED');
  });
  server = await startServer({ snapshotsDir: dir });
});
test.after.always(async () => {
  await server?.close();
});

async function one(input: string) {
  const reply = await postJson(`${server.url}/api/v1/check`, { homes: [input] });
  if (reply.status !== 200) throw new Error(`${reply.status} ${reply.text}`);
  return reply.body.data.results[0];
}

test('the exact name of a PENDING license beside a LICENSED "... INC" in the same city is ambiguous, in the neutral order', async (t) => {
  for (const input of [PENDING_NAME, 'desert rose assisted living', `${PENDING_NAME}, ${CITY}`, 'Desert Rose Assisted Living LLC']) {
    const result = await one(input);
    t.is(result.status, 'ambiguous', input);
    t.is(result.home, null);
    t.deepEqual(
      result.candidates.map((c: { license_number: string }) => c.license_number),
      [pending, licensed],
      `${input}: alphabetical by name, then license`,
    );
    t.deepEqual(
      result.candidates.map((c: { license_status: string }) => c.license_status),
      ['PENDING', 'LICENSED'],
    );
  }
});

test('a name written out with its legal form, exactly one license\'s name, matches that license (issue 37)', async (t) => {
  for (const input of [LICENSED_NAME, 'desert rose assisted living inc', `${LICENSED_NAME}, ${CITY}`]) {
    const result = await one(input);
    t.is(result.status, 'matched', input);
    t.is(result.home.license_number, licensed, input);
  }
});

test('a license number still matches either one exactly', async (t) => {
  t.is((await one(pending)).status, 'matched');
  t.is((await one(licensed)).home.license_number, licensed);
});

test('legal forms at the end fold; the same words elsewhere do not', (t) => {
  t.is(baseNameKey(nameKey('Desert Rose Assisted Living, Inc.')), 'desert rose assisted living');
  t.is(baseNameKey(nameKey('Sunrise Care L.L.C.')), 'sunrise care');
  t.is(baseNameKey(nameKey('Harbor Homes LP Inc')), 'harbor homes');
  t.is(baseNameKey(nameKey('Company Care Home')), 'company care home');
  t.is(baseNameKey(nameKey('Inc')), 'inc', 'a name that is only a legal form keeps it');
});
