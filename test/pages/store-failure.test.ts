// When the operator store cannot be written, a family's correction or coordination request comes
// back as they typed it, with status 503 and a plain sentence; nothing is stored, not even half.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import { OPERATOR_STORE_FILE } from '../../contract/overlay.ts';
import { examples } from '../helpers/examples.ts';
import { assertHtml, decode, pageServer, type PageServer } from './helpers.ts';

const SENTENCE = 'We could not save this; nothing was sent. Try again in a minute.';

let pages: PageServer;
test.before(async () => {
  pages = await pageServer({ overlayPollMs: 3_600_000 });
});
test.after.always(async () => {
  await pages?.close();
});

async function listedHomes(count: number) {
  const ex = await examples();
  return ex.all<{ license_number: string; name: string }>(
    `SELECT license_number, name FROM facilities WHERE listed = 1 AND phone IS NOT NULL ORDER BY sort_key LIMIT ${count}`,
  );
}

function rows(table: string): unknown[] {
  const db = new Database(path.join(pages.server.dir, OPERATOR_STORE_FILE), { readonly: true });
  try {
    return db.prepare(`SELECT * FROM ${table}`).all();
  } finally {
    db.close();
  }
}

/** Puts a directory where the store file is, so no write can open it; returns the undo. */
function breakStore(): () => void {
  const file = path.join(pages.server.dir, OPERATOR_STORE_FILE);
  const aside = `${file}.aside`;
  if (fs.existsSync(file)) fs.renameSync(file, aside);
  fs.mkdirSync(file);
  return () => {
    fs.rmSync(file, { recursive: true });
    if (fs.existsSync(aside)) fs.renameSync(aside, file);
  };
}

test.serial('a correction that cannot be stored: 503, the form holds what was typed, nothing is stored', async (t) => {
  const [home] = await listedHomes(1);
  const form = {
    license: home!.license_number,
    field: 'phone',
    what_is_wrong: 'The number rings a closed office <since June>',
    should_say: 'The home answers on its second line & fax',
    source_url: 'https://example.org/letter?id=7',
  };
  const restore = breakStore();
  let reply;
  try {
    reply = await pages.post('/corrections', form);
  } finally {
    restore();
  }
  assertHtml(t, reply, 'no-store', 503);
  const page = reply.text;
  t.true(decode(page).includes(SENTENCE));
  t.regex(page, new RegExp(`<input type="hidden" name="license" value="${home!.license_number}"[^>]*>`));
  t.regex(page, /<option value="phone" selected>/);
  t.true(decode(page).includes(`>${form.what_is_wrong}</textarea>`), 'the text is kept, escaped');
  t.true(page.includes('&lt;since June&gt;'));
  t.true(decode(page).includes(`>${form.should_say}</textarea>`));
  t.true(decode(page).includes(`value="${form.source_url}"`));

  // The same form sent again once the store is back is stored exactly once.
  const again = await pages.post('/corrections', form);
  t.is(again.status, 200);
  t.is(rows('corrections').length, 1);
});

test.serial('a coordination request that cannot be stored: 503, name, phone, consent and ticked homes kept, nothing stored', async (t) => {
  t.is(pages.operator('mode', 'coordination_available').code, 0);
  const homes = await listedHomes(3);
  const token = pages.server.app.services.handoff.sign({ licenses: homes.map((h) => h.license_number), needs: ['dementia'], timing: 'within_a_month', client: 'Helper Assistant' }).token;
  const ticked = [homes[0]!.license_number, homes[2]!.license_number];
  const form = { h: token, home: ticked, consent: 'yes', family_name: "Quillon O'Vantastic", family_phone: '(415) 555-0199' };
  const before = rows('coordination_requests').length;
  const restore = breakStore();
  let reply;
  try {
    reply = await pages.post('/plan', form);
  } finally {
    restore();
  }
  assertHtml(t, reply, 'no-store', 503);
  const page = decode(reply.text);
  t.true(page.includes(SENTENCE));
  t.regex(reply.text, /name="family_name"[^>]*value="Quillon O&#39;Vantastic"|name="family_name"[^>]*value="Quillon O&#x27;Vantastic"/);
  t.regex(reply.text, /name="family_phone"[^>]*value="\(415\) 555-0199"/);
  t.regex(reply.text, /name="consent" value="yes" required checked>/);
  for (const home of homes) {
    const checked = new RegExp(`value="${home.license_number}"[^>]*checked`).test(reply.text);
    t.is(checked, ticked.includes(home.license_number), home.license_number);
  }
  t.is(rows('coordination_requests').length, before);

  const again = await pages.post('/plan', form);
  t.is(again.status, 200);
  t.is(rows('coordination_requests').length, before + 1);
});
