// A home's page and its Markdown twin: the record in plain words, in the spec's order, with the
// canonical address, the redirect from any other slug, closed licenses, not-on-file wording, and
// nothing that ranks, claims an opening or shows personal data.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import test, { type ExecutionContext } from 'ava';
import { parse } from 'csv-parse/sync';
import { CITATION_TYPES, FAIRNESS_IN_WORDS, OPENINGS_BY_PHONE } from '../../serve/words/wording.ts';
import { examples } from '../helpers/examples.ts';
import { seedRosterRows } from '../helpers/seed-roster.ts';
import {
  assertHtml,
  assertMarkdownHeaders,
  AVAILABILITY_OR_RANKING,
  BASE_URL,
  links,
  mainText,
  pageServer,
  RECORD_CACHE,
  type PageServer,
} from './helpers.ts';

let pages: PageServer;
test.before(async () => {
  pages = await pageServer();
});
test.after.always(async () => {
  await pages?.close();
});

interface Row {
  license_number: string;
  name: string;
  name_slug: string;
  licensed_name: string;
  city: string;
  county: string;
  capacity: number | null;
  size_words: string;
  phone: string | null;
  home_json: string;
}

const COLUMNS = 'license_number, name, name_slug, licensed_name, city, county, capacity, size_words, phone, home_json';

async function listedHome(): Promise<Row> {
  const ex = await examples();
  return ex.one<Row>(
    'a listed home with dementia true, a reports list and an own price',
    `SELECT ${COLUMNS} FROM facilities WHERE listed = 1 AND dementia = 'true' AND capacity IS NOT NULL
       AND documents_count > 0 AND price_kind IN ('home_listed', 'home_confirmed') ORDER BY sort_key`,
  );
}

/** Each piece appears in the text after the one before it. */
function inOrder(t: ExecutionContext, text: string, order: string[]): void {
  let at = -1;
  for (const piece of order) {
    const found = text.indexOf(piece, at + 1);
    t.true(found > at, `"${piece}" after the previous piece`);
    at = found;
  }
}

const pagePath = (row: { name_slug: string; license_number: string }) => `/facility/${row.name_slug}-${row.license_number}`;

test('a home page: the record in plain words, HTML, five-minute caching, its canonical address and twin link', async (t) => {
  const row = await listedHome();
  const reply = await pages.get(pagePath(row));
  assertHtml(t, reply, RECORD_CACHE);
  t.regex(reply.headers.get('vary') ?? '', /Accept/);
  const canonical = `${BASE_URL}${pagePath(row)}`;
  t.true(reply.text.includes(`<link rel="canonical" href="${canonical}">`));
  t.true(reply.text.includes(`<link rel="alternate" type="text/markdown" href="${canonical}.md">`));
  const text = mainText(reply.text);
  const home = JSON.parse(row.home_json);
  t.true(text.includes(`License ${row.license_number} · ${row.city}, ${row.county} County · ${row.capacity} licensed beds · ${row.size_words}`));
  t.true(text.includes(`Dementia care: yes, per the state's approvals file as of ${home.clearances.as_of}`));
  t.true(text.includes(`Starting rate: ${home.price.line}`), 'the price line, quoted');
  t.true(text.includes(FAIRNESS_IN_WORDS));
  t.true(text.includes(OPENINGS_BY_PHONE));
  t.true(text.includes(`Phone (state roster): ${row.phone}`));
  t.true(links(reply.text).some((href) => href.startsWith(`${BASE_URL}/corrections?license=${row.license_number}&field=dementia`)));
  t.true(links(reply.text).some((href) => href.startsWith('tel:+1')));
  t.true(links(reply.text).includes(`https://www.ccld.dss.ca.gov/carefacilitysearch/FacDetail/${row.license_number}`));
  // Reports newest first.
  const ex = await examples();
  const dates = ex.all<{ date: string }>('SELECT date FROM reports WHERE license_number = ? ORDER BY position', row.license_number).map((r) => r.date);
  const shown = dates.slice(0, 30).map((date) => text.indexOf(date, text.indexOf('Reports, newest first')));
  t.true(shown.every((at) => at > 0));
  t.deepEqual([...shown].sort((a, b) => a - b), shown);
  t.deepEqual([...dates].sort().reverse(), dates);
});

test('the Markdown twin: exact headers by .md and by Accept, content in the spec order with quick answers, citations name the HTML page', async (t) => {
  const row = await listedHome();
  const canonical = `${BASE_URL}${pagePath(row)}`;
  const byPath = await pages.get(`${pagePath(row)}.md`);
  assertMarkdownHeaders(t, byPath, canonical, false);
  const byAccept = await pages.get(pagePath(row), { accept: 'text/markdown' });
  assertMarkdownHeaders(t, byAccept, canonical, true);
  t.is(byAccept.text, byPath.text);

  const md = byPath.text;
  const home = JSON.parse(row.home_json);
  const order = [
    `# ${row.name}`,
    `License ${row.license_number} · `,
    `${row.name} is a residential care facility for the elderly`,
    '## How to call',
    `Phone (state roster): ${row.phone}`,
    '## Care approvals',
    `- Dementia care: yes, per the state's approvals file as of ${home.clearances.as_of}.`,
    '## Starting rate',
    'Starting rate: "',
    `Full page: ${canonical}\n`,
    'A citation does not make a home unsafe, and an empty file does not make a home good.',
    '## State visits and documents',
    `${CITATION_TYPES} Guide: [`,
    '## Changes on the state record',
    `The whole change log of this home: ${BASE_URL}/changes?license=${row.license_number}`,
    '## Corrections',
    '## Quick answers',
    '- **Does it take residents with dementia?** Yes',
    '- **Does it have an opening?** No website knows which homes have an open bed today',
    'Source: California Department of Social Services, Community Care Licensing Division',
  ];
  inOrder(t, md, order);
  // Every link to this site names an HTML page, never a .md address.
  const urls = md.match(/https?:\/\/[^\s)>\]]+/g) ?? [];
  t.true(urls.length > 3);
  for (const url of urls) t.false(url.endsWith('.md'), url);
  t.true(md.includes(home.price.line.replace(/([\\`*_[\]<>|#~!{}])/g, '\\$1')));
});

test('a home page puts the roster phone and how to call right after the summary, explains Type A and B, links its change log as a page and never itself', async (t) => {
  const row = await listedHome();
  const canonical = `${BASE_URL}${pagePath(row)}`;
  const reply = await pages.get(pagePath(row));
  const text = mainText(reply.text);
  const order = [
    row.name,
    `License ${row.license_number} · `,
    `${row.name} is a residential care facility for the elderly`,
    'How to call',
    `Phone (state roster): ${row.phone}`,
    'Questions to ask',
    OPENINGS_BY_PHONE,
    'Care approvals',
    'Starting rate',
    'State visits and documents',
    `${CITATION_TYPES} Guide: Reading a state inspection or complaint report`,
    'Changes on the state record',
    'Corrections',
    'Quick answers',
  ];
  inOrder(t, text, order);
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(reply.text)![1]!;
  t.false(links(main).includes(canonical), 'no link from the page to itself');
  t.false(text.includes('Full page:'));
  t.true(links(main).includes(`${BASE_URL}/guides/reading-a-state-report`), 'the citations guide');
  t.true(links(main).includes(`${BASE_URL}/changes?license=${row.license_number}`), 'the change log as a page');
  t.false(links(main).some((href) => href.includes('/api/v1/')), 'no JSON link for a family');
  // The linked guide and change log are pages that answer.
  for (const href of [`/guides/reading-a-state-report`, `/changes?license=${row.license_number}`]) t.is((await pages.get(href)).status, 200, href);
});

test('an old or wrong slug, or the bare license number, answers 301 to the canonical page; .md keeps its .md', async (t) => {
  const row = await listedHome();
  const canonical = `${BASE_URL}${pagePath(row)}`;
  for (const wrong of [`/facility/old-name-${row.license_number}`, `/facility/${row.license_number}`, `/facility/${row.name_slug}-${Number(row.license_number)}`]) {
    const reply = await pages.get(wrong);
    t.is(reply.status, 301, wrong);
    t.is(reply.headers.get('location'), canonical);
  }
  const md = await pages.get(`/facility/whatever-${row.license_number}.md`);
  t.is(md.status, 301);
  t.is(md.headers.get('location'), `${canonical}.md`);
  const missing = await pages.get('/facility/no-such-home-000000001');
  assertHtml(t, missing, 'no-store', 404);
  t.regex(mainText(missing.text), /No home with this license number is on the state roster/);
  t.is((await pages.get('/facility/not-a-license')).status, 404);
});

test('a closed license opens, says clearly it is closed and that approvals are history, and shows no price', async (t) => {
  const ex = await examples();
  const row = ex.one<Row>('a closed license with a care approval', `SELECT ${COLUMNS} FROM facilities WHERE closed = 1 AND (hospice = 'true' OR non_ambulatory = 'true' OR dementia = 'true')`);
  const reply = await pages.get(pagePath(row));
  assertHtml(t, reply, RECORD_CACHE);
  const text = mainText(reply.text);
  t.regex(text, /This license (closed on \d{4}-\d{2}-\d{2}|is closed)\. Care approvals and waiver values are what the record held while it was open; they are history, not current approvals\./);
  t.true(text.includes('What the record held while the license was open (history, not current approvals)'));
  t.true(text.includes('No starting rate is shown: this license is closed.'));
  t.false(text.includes('Starting rate: '));
  t.true(text.includes('This license is closed, so the home takes no residents under it.'));
  const md = (await pages.get(`${pagePath(row)}.md`)).text;
  t.true(md.includes('history, not current approvals'));
});

test('a closed license on the waiver list: the quick answer gives the waiver as history, never as current', async (t) => {
  const ex = await examples();
  const row = ex.one<Row>('a closed license on the waiver list', `SELECT ${COLUMNS} FROM facilities WHERE closed = 1 AND alw_participation = 'true'`);
  for (const reply of [await pages.get(pagePath(row)), await pages.get(`${pagePath(row)}.md`)]) {
    const text = reply.text.includes('<main') ? mainText(reply.text) : reply.text;
    t.regex(text, /Does it take the Medi-Cal Assisted Living Waiver\?\W+This license is closed, so the home takes no residents under it\. While it was open, the record held: yes/);
    t.notRegex(text, /Does it take the Medi-Cal Assisted Living Waiver\?\W+Yes/);
  }
});

test('not-on-file values read "not on file", never "no", including a real negative in the record', async (t) => {
  const ex = await examples();
  const row = ex.one<Row>('a home with a false and a not_on_file clearance', `SELECT ${COLUMNS} FROM facilities WHERE listed = 1 AND bedridden = 'false' AND hospice = 'not_on_file'`);
  for (const reply of [await pages.get(pagePath(row)), await pages.get(`${pagePath(row)}.md`)]) {
    const text = reply.text.includes('<main') ? mainText(reply.text) : reply.text;
    t.regex(text, /Bedridden residents: not on file, per the state's approvals file/);
    t.regex(text, /Hospice care \(hospice waiver\): not on file, per/);
    // The stated negative says what the record states; the silence says it is silence.
    t.regex(text, /Can it care for a bedridden resident\?\W+Not on file: this license does not carry the bedridden approval/);
    t.regex(text, /Can a resident receive hospice care there\?\W+Not on file: the record does not say whether this license carries the hospice waiver/);
    t.notRegex(text, /:\s*no\b(?! website| longer)/i, 'no approval or answer reads "no"');
    t.notRegex(text, /\bNo\b(?! (website|starting rate|home pays|longer|visit|response))/);
  }
});

test('no page claims an opening, ranks, or shows an administrator name', async (t) => {
  const ex = await examples();
  const roster = seedRosterRows() as Array<{ facility_number: string; facility_administrator: string; licensee: string }>;
  const rows = ex.all<Row>(`SELECT ${COLUMNS} FROM facilities ORDER BY license_number`);
  let checked = 0;
  for (const row of rows.filter((_, i) => i % 7 === 0)) {
    const administrator = roster.find((r) => r.facility_number.padStart(9, '0') === row.license_number)?.facility_administrator.trim();
    for (const reply of [await pages.get(pagePath(row)), await pages.get(`${pagePath(row)}.md`)]) {
      t.is(reply.status, 200);
      const text = reply.text.includes('<main') ? mainText(reply.text) : reply.text;
      t.notRegex(text, AVAILABILITY_OR_RANKING, row.license_number);
      if (administrator && administrator.length > 3 && !row.licensed_name.includes(administrator)) {
        const licensee = roster.find((r) => r.facility_number.padStart(9, '0') === row.license_number)?.licensee ?? '';
        if (!licensee.includes(administrator)) t.false(text.toUpperCase().includes(administrator.toUpperCase()), `${row.license_number} shows its administrator`);
      }
      checked += 1;
    }
  }
  t.true(checked > 50);
});

test.serial('a clearance under review reads "not on file (under a correction review)" on the page and its twin', async (t) => {
  const row = await listedHome();
  t.is(pages.operator('review', 'open', row.license_number, 'dementia').code, 0);
  try {
    const text = mainText((await pages.get(pagePath(row))).text);
    t.true(text.includes('Dementia care: not on file (under a correction review)'));
    t.true(text.includes('this approval is under a correction review'));
    t.true((await pages.get(`${pagePath(row)}.md`)).text.includes('- Dementia care: not on file (under a correction review)'));
  } finally {
    pages.operator('review', 'close', row.license_number, 'dementia');
  }
  t.true(mainText((await pages.get(pagePath(row))).text).includes('Dementia care: yes'));
});

test.serial('an approved dispute annotation shows in the corrections section', async (t) => {
  const row = await listedHome();
  pages.operator('dispute', 'add', row.license_number, 'phone', '2026-11-02', 'The licensee reports the phone number changed.');
  const text = mainText((await pages.get(pagePath(row))).text);
  t.true(text.includes('Notes approved after a correction request: phone: The licensee reports the phone number changed. (approved 2026-11-02)'));
});

test('record text with Markdown and HTML characters is inert on both forms', async (t) => {
  const { homeMarkdown } = await import('../../serve/shape/home-markdown.ts');
  const { facilityByLicense } = await import('../../serve/records/query.ts');
  const app = pages.server.app;
  const snapshot = app.services.snapshots.acquire();
  try {
    const row = facilityByLicense(snapshot, (await listedHome()).license_number)!;
    const tricky = { ...row, name: '*Bold* [x](javascript:alert(1)) <script>alert(1)</script> # H' };
    const { buildRecord } = await import('../../serve/records/home-record.ts');
    const record = buildRecord(tricky, app.services.overlays.current, app.services.filler);
    const result = homeMarkdown({ snapshot, overlay: app.services.overlays.current, filler: app.services.filler }, record);
    t.true(result.markdown.startsWith('# \\*Bold\\* \\[x\\](javascript:alert(1)) \\<script\\>alert(1)\\</script\\> \\# H\n'));
    t.false(result.markdown.includes('<script>'));
    t.is(result.title, tricky.name);
    t.true(result.canonicalUrl.startsWith(`${BASE_URL}/facility/bold-x-javascript-alert-1-script-alert-1-script-h-`));
  } finally {
    snapshot.release();
  }
});
