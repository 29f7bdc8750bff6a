// The fresher status decides closure (issue 35): the seed homes the roster lists as LICENSED
// (2026-11-16) and the state's live record shows closed (checked on the seed run's date) are closed
// on every surface: left out of the REST and MCP lists and their counts, `closed: true` with a note
// naming both sources and both dates in get_home, check_homes and the REST check, refused by
// start_family_request, their approvals read as history on the page.
import { quoted } from '../serve/words/quote.ts';
import test from 'ava';
import type { Client } from '@modelcontextprotocol/client';
import { examples, type Examples } from './helpers/examples.ts';
import { call, postJson } from './helpers/server.ts';
import { CLOSED_PHONE, HELD_WHILE_OPEN } from '../serve/words/wording.ts';
import { connect, errorText, startMcpServer, structuredAnswer, type McpTestServer } from './mcp/helpers.ts';

interface LiveClosed {
  license_number: string;
  name: string;
  county: string;
  city: string;
  license_status: string;
  license_status_live: string;
  live_status_checked_on: string;
  roster_as_of: string;
}

let server: McpTestServer;
let client: Client;
let ex: Examples;
let homes: LiveClosed[];

test.before(async () => {
  ex = await examples();
  homes = ex.all<LiveClosed>(
    `SELECT license_number, name, county, city, license_status, license_status_live, live_status_checked_on, roster_as_of FROM facilities
     WHERE closed = 1 AND license_status = 'LICENSED' ORDER BY license_number`,
  );
  server = await startMcpServer();
  client = await connect(server.mcpUrl, 'modern', 'live-closure');
});
test.after.always(async () => {
  await client?.close();
  await server?.close();
});

const tool = (name: string, args: Record<string, unknown>) => structuredAnswer(client, name, args);

/** The dated statement naming both sources and both dates; the note's second sentence says the approvals are history. */
const statementOf = (home: LiveClosed) =>
  `The state's live record, checked on ${home.live_status_checked_on}, shows this license as "${home.license_status_live}"; ` +
  `the state roster of ${home.roster_as_of} still listed it as LICENSED.`;
const noteOf = (home: LiveClosed) =>
  `${statementOf(home)} Care approvals and waiver values are what the record held while it was open; they are history, not current approvals.`;

test('five seed homes are on the roster as LICENSED and closed by the live record checked after it', (t) => {
  t.is(homes.length, 5);
  for (const home of homes) {
    t.regex(home.license_status_live, /^Closed, /);
    t.true(home.live_status_checked_on > home.roster_as_of, home.license_number);
    t.is(ex.value('SELECT listed FROM facilities WHERE license_number = ?', home.license_number), 0);
  }
});

test('lists leave them out, counts included: REST and find_homes', async (t) => {
  for (const home of homes) {
    const listed = ex.value<number>('SELECT COUNT(*) FROM facilities WHERE listed = 1 AND county = ?', home.county);
    const rest = (await call(`${server.url}/api/v1/facilities?county=${encodeURIComponent(home.county)}&limit=100`)).body;
    t.is(rest.data.total, listed, home.county);
    t.false(rest.data.facilities.some((f: { license_number: string }) => f.license_number === home.license_number));
    const found = await tool('find_homes', { county: home.county, limit: 50 });
    t.false(found.homes.some((h: { license_number: string }) => h.license_number === home.license_number), home.license_number);
  }
});

test('get_home, check_homes and the REST check say closed, with the dated note naming both sources', async (t) => {
  for (const home of homes) {
    // The v1 record has no closed flag (spec): it carries both statuses, each with its own date.
    const record = (await call(`${server.url}/api/v1/facilities/${home.license_number}`)).body.data;
    t.like(record.license_status, { value: 'LICENSED', confirmed_on: home.roster_as_of });
    t.like(record.license_status_live, { value: home.license_status_live, confirmed_on: home.live_status_checked_on });

    const full = (await tool('get_home', { license_number: home.license_number })).home;
    // license.status is the roster's, under its own date, as REST says; the live status is status_live with its check date (issue 44).
    t.like(full.license, { closed: true, status: 'LICENSED', as_of: home.roster_as_of, status_live: home.license_status_live, status_live_checked_on: home.live_status_checked_on });
    t.is(full.license.closed_note, noteOf(home));
    t.true(full.clearances.license_closed);
    t.is(full.price, null);

    const checked = await tool('check_homes', { homes: [home.license_number] });
    t.true(checked.results[0].home.license_closed);
    t.false(checked.display.includes('Status: LICENSED'), checked.display);
    // The state's words quoted (serve/words/quote.ts).
    t.true(checked.display.includes(`Status: ${quoted(home.license_status_live)}.`), checked.display);

    const rest = (await postJson(`${server.url}/api/v1/check`, { homes: [home.license_number] })).body;
    t.true(rest.data.results[0].home.license_closed);
    // The display says the dated statement, the phone warning, then the approvals under the shared words for history.
    t.true(rest.data.display.includes(`${statementOf(home)} ${CLOSED_PHONE} ${HELD_WHILE_OPEN}`), rest.data.display);
  }
});

test('start_family_request refuses them; compare_homes marks them closed', async (t) => {
  const home = homes[0]!;
  const open = ex.value<string>("SELECT license_number FROM facilities WHERE listed = 1 AND license_number <> ? ORDER BY license_number LIMIT 1", home.license_number);
  const refused = await client.callTool({ name: 'start_family_request', arguments: { license_numbers: [open, home.license_number], care_needs: ['dementia'] } });
  t.true(refused.isError);
  t.regex(errorText(refused), new RegExp(`License ${home.license_number} \\(.*\\) is closed`));
  const compared = await tool('compare_homes', { license_numbers: [open, home.license_number] });
  t.true(compared.columns.find((c: { license_number: string }) => c.license_number === home.license_number).license.closed);
});

test('the page says no longer licensed and shows approvals as history', async (t) => {
  const home = homes[0]!;
  const slug = ex.value<string>('SELECT name_slug FROM facilities WHERE license_number = ?', home.license_number);
  const md = (await call(`${server.url}/facility/${slug}-${home.license_number}.md`)).text;
  t.true(md.includes(noteOf(home)), md.slice(0, 600));
  t.true(md.includes('What the record held while the license was open (history, not current approvals):'));
  t.false(md.includes('Questions to ask:'), 'a closed license gets no questions to ask the home');
  t.true(md.includes('This license is closed: the phone number on the roster may no longer reach a care home.'));
});
