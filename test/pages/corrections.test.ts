// The corrections form that links.corrections deep-links to: prefilled with the home and the
// field, asking for no personal data, storing a submission only in the operator store, and
// listed/exported for the operator by the CLI.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import { OPERATOR_STORE_FILE } from '../../contract/overlay.ts';
import { runOperatorCommand } from '../../serve/operator/cli.ts';
import { CORRECTIONS_PER_WINDOW } from '../../serve/pages/plugin.ts';
import { examples } from '../helpers/examples.ts';
import { assertHtml, BASE_URL, decode, mainText, pageServer, type PageServer } from './helpers.ts';

let pages: PageServer;
test.before(async () => {
  pages = await pageServer();
});
test.after.always(async () => {
  await pages?.close();
});

async function home() {
  const ex = await examples();
  return ex.one<{ license_number: string; name: string; record_json: string }>(
    'a listed home',
    'SELECT license_number, name, record_json FROM facilities WHERE listed = 1 ORDER BY sort_key',
  );
}

function stored(dir: string): Array<Record<string, unknown>> {
  const file = path.join(dir, OPERATOR_STORE_FILE);
  if (!fs.existsSync(file)) return [];
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT * FROM corrections ORDER BY id').all() as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
}

test('links.corrections opens the form prefilled with the home; the field preselected', async (t) => {
  const row = await home();
  const corrections = JSON.parse(row.record_json.replaceAll('{base_url}', BASE_URL)).links.corrections as string;
  t.is(corrections, `${BASE_URL}/corrections?license=${row.license_number}`);
  const reply = await pages.get(`/corrections?license=${row.license_number}&field=dementia`);
  assertHtml(t, reply, 'no-store');
  t.is(reply.headers.get('vary'), 'accept-encoding');
  const page = reply.text;
  t.true(decode(page).includes(row.name));
  t.regex(page, new RegExp(`<input type="hidden" name="license" value="${row.license_number}"[^>]*>`));
  t.regex(page, /<option value="dementia" selected>/);
  t.is((page.match(/ selected>/g) ?? []).length, 1);
  for (const field of ['what_is_wrong', 'should_say', 'source_url']) t.regex(page, new RegExp(`<label for="${field}">`));
  // No personal data is asked for.
  t.notRegex(page, /name="(name|your_name|email|e-mail|phone|telephone)"/i);
  t.regex(page, /Do not include your name, phone number, e-mail address/);
  t.notRegex(page, /type="email"|type="tel"/);
  t.regex(page, /<meta name="robots" content="noindex">/);

  // A field as the record names it also preselects; an unknown one preselects nothing.
  t.regex((await pages.get(`/corrections?license=${row.license_number}&field=clearances.hospice`)).text, /<option value="hospice" selected>/);
  t.regex((await pages.get(`/corrections?license=${row.license_number}&field=wheelchair`)).text, /<option value="non_ambulatory" selected>/);
  t.regex((await pages.get(`/corrections?license=${row.license_number}&field=bogus`)).text, /<option value="" selected>/);
  // Without a license (or with an unknown one) the form asks for the license number.
  const open = await pages.get('/corrections');
  assertHtml(t, open, 'no-store');
  t.regex(open.text, /<label for="license">License number of the home<\/label>/);
  t.regex((await pages.get('/corrections?license=<script>')).text, /value="&lt;script&gt;"|value=""/);
});

test.serial('a sort, order or rank parameter on the form is refused with the reason, never ignored', async (t) => {
  const row = await home();
  const reply = await pages.get(`/corrections?license=${row.license_number}&sort=name`);
  assertHtml(t, reply, 'no-store', 400);
  t.regex(mainText(reply.text), /There is no sort, order or rank parameter/);
});

test.serial('a submission is stored in the operator store and nowhere else; the CLI lists and exports it', async (t) => {
  const row = await home();
  const before = stored(pages.server.dir).length;
  const reply = await pages.post('/corrections', {
    license: row.license_number,
    field: 'phone',
    what_is_wrong: 'The phone number rings a different business.',
    should_say: '(510) 555-0100',
    source_url: 'https://www.ccld.dss.ca.gov/carefacilitysearch/FacDetail/' + row.license_number,
  });
  assertHtml(t, reply, 'no-store');
  t.regex(mainText(reply.text), /Thank you: your correction is stored for review/);
  t.false(reply.text.includes('rings a different business'), 'the confirmation does not echo the text');
  const rows = stored(pages.server.dir);
  t.is(rows.length, before + 1);
  t.like(rows.at(-1), {
    license_number: row.license_number,
    field: 'phone',
    what_is_wrong: 'The phone number rings a different business.',
    should_say: '(510) 555-0100',
  });
  const mode = fs.statSync(path.join(pages.server.dir, OPERATOR_STORE_FILE)).mode & 0o777;
  t.is(mode & 0o077, 0, 'the operator store is owner-only');

  // Nothing on the public surfaces shows it.
  const license = row.license_number;
  for (const url of [`/api/v1/facilities/${license}`, `/facility/x-${license}`, `/corrections?license=${license}`]) {
    const page = await pages.get(url);
    const target = page.status === 301 ? await pages.get(page.headers.get('location')!.slice(BASE_URL.length)) : page;
    t.false(target.text.includes('rings a different business'), url);
  }

  const lines: string[] = [];
  t.is(runOperatorCommand(['corrections', 'list'], { snapshotsDir: pages.server.dir, out: (line) => lines.push(line) }), 0);
  t.regex(lines.join('\n'), new RegExp(`corrections: ${before + 1}[\\s\\S]*${license} phone`));
  const exported: string[] = [];
  t.is(runOperatorCommand(['corrections', 'export'], { snapshotsDir: pages.server.dir, out: (line) => exported.push(line) }), 0);
  t.is(JSON.parse(exported.at(-1)!).what_is_wrong, 'The phone number rings a different business.');
});

test.serial('a submission that needs fixing comes back as the form with every problem named, 400, and nothing stored', async (t) => {
  const before = stored(pages.server.dir).length;
  const reply = await pages.post('/corrections', { license: '12', field: 'nonsense', what_is_wrong: '', should_say: 'x'.repeat(2001), source_url: 'javascript:alert(1)' });
  assertHtml(t, reply, 'no-store', 400);
  const text = mainText(reply.text);
  t.regex(text, /Enter the license number of a home on the state roster/);
  t.regex(text, /Choose what the correction is about/);
  t.regex(text, /Say what is wrong\./);
  t.regex(text, /at most 2000 characters/);
  t.regex(text, /The source link must be a web address/);
  t.is(stored(pages.server.dir).length, before);
  // Not a form post, a cross-site post, or a huge body: refused, nothing stored.
  const json = await fetch(`${pages.server.url}/corrections`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  t.is(json.status, 415);
  t.regex(json.headers.get('content-type') ?? '', /text\/html/);
  const row = await home();
  const crossSite = await pages.post(
    '/corrections',
    { license: row.license_number, field: 'phone', what_is_wrong: 'a', should_say: 'b' },
    { origin: 'https://evil.example' },
  );
  t.is(crossSite.status, 403);
  t.is(stored(pages.server.dir).length, before);
});

test.serial("a correction holding the sender's e-mail, an ID number, a birth date or (outside the phone field) a phone number is refused, 400, nothing stored", async (t) => {
  const row = await home();
  const before = stored(pages.server.dir).length;
  const cases: Array<[field: string, whatIsWrong: string, shouldSay: string, kind: RegExp]> = [
    ['dementia', 'The home does memory care.', 'Dementia care: yes. Write to me at jane dot doe at gmail dot com', /an e-mail address/],
    ['address', 'My mother lives here, Medicare 1EG4-TE5-MK73', 'The street is wrong.', /an identity or health-plan number/],
    ['capacity', 'Resident born 3/14/38 says there are 8 beds.', '8 beds', /a date of birth/],
    ['licensee', 'The license holder changed; call me at 510-555-0123.', 'The new holder.', /a phone number/],
    // An allowed detail found first (a street address, the phone in the phone field) must not hide a refused one.
    ['address', 'The street should read 1200 Main Street. My Medicare number is 1EG4-TE5-MK73.', 'The street.', /an identity or health-plan number/],
    ['phone', 'The number is (510) 555-0100; my SSN is 123-45-6789.', '(510) 555-0100', /an identity or health-plan number/],
  ];
  for (const [field, whatIsWrong, shouldSay, kind] of cases) {
    const reply = await pages.post('/corrections', { license: row.license_number, field, what_is_wrong: whatIsWrong, should_say: shouldSay });
    assertHtml(t, reply, 'no-store', 400);
    t.regex(mainText(reply.text), kind, field);
    t.regex(mainText(reply.text), /Leave out personal details/, field);
  }
  t.is(stored(pages.server.dir).length, before);
  // The home's own phone, in a correction of the phone field, is what the form is for.
  const phone = await pages.post('/corrections', { license: row.license_number, field: 'phone', what_is_wrong: 'Wrong number.', should_say: '(510) 555-0100' });
  t.is(phone.status, 200);
});

test.serial('over the store budget a correction is a 429 page with retry-after, and nothing is stored', async (t) => {
  const row = await home();
  const form = { license: row.license_number, field: 'capacity', what_is_wrong: 'The bed count is out of date.', should_say: 'Six beds.' };
  let reply = await pages.post('/corrections', form);
  for (let i = 0; i < CORRECTIONS_PER_WINDOW && reply.status === 200; i += 1) reply = await pages.post('/corrections', form);
  const before = stored(pages.server.dir).length;
  assertHtml(t, reply, 'no-store', 429);
  const retryAfter = Number(reply.headers.get('retry-after'));
  t.true(retryAfter > 0 && retryAfter <= 600, `retry-after ${reply.headers.get('retry-after')}`);
  t.is(stored(pages.server.dir).length, before);
});
