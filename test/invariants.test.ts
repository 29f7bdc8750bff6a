// The honesty rules of the domain, checked across every surface the server has: tri-state values
// only, no ranking or sort, no availability under any name, no personal data reachable, and
// attribution on every response. Each surface's own tests go deeper; these hold for all of them.
import test from 'ava';
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../pipeline/run.ts';
import { TRI_STATES } from '../contract/facts.ts';
import { startServer, call, postJson, type TestServer } from './helpers/server.ts';
import { examples, type Examples } from './helpers/examples.ts';
import { seedRosterRows } from './helpers/seed-roster.ts';

let server: TestServer;
let ex: Examples;
test.before(async () => {
  server = await startServer();
  ex = await examples();
});
test.after.always(async () => server?.close());

const roster = seedRosterRows();
const licensees = new Set(roster.map((row) => row.licensee));
/** People named in the roster only as administrators: personal data the service must never show. */
const administrators = [...new Set(roster.map((row) => row.facility_administrator!))].filter((name) => name && name.length > 3 && !licensees.has(name));

/** A key that would carry availability, under whatever name. */
const AVAILABILITY = /avail|vacan|open_?beds?|beds?_?(open|free|left)/i;
const RANKING_KEYS = /^(rank|ranking|score|rating|stars|tier|popularity|sort|order_by)$/i;

/** Every key in a JSON value, at any depth. */
function keys(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => keys(item, out));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      out.push(key);
      keys(inner, out);
    }
  }
  return out;
}

/** Every tri-state Fact (ref naming a clearance, waiver or probation) holds only tri-state values. */
function triStateFacts(value: unknown, out: Array<{ ref: string; value: unknown }> = []): Array<{ ref: string; value: unknown }> {
  if (Array.isArray(value)) value.forEach((item) => triStateFacts(item, out));
  else if (value && typeof value === 'object') {
    const fact = value as { ref?: unknown; value?: unknown };
    if (typeof fact.ref === 'string' && /roster:(dementia_certified|hospice_waiver|non_ambulatory_approved|bedridden_waiver|alw_participating|on_probation)$/.test(fact.ref)) {
      out.push({ ref: fact.ref, value: fact.value });
    }
    Object.values(value).forEach((inner) => triStateFacts(inner, out));
  }
  return out;
}

async function restResponses(): Promise<Array<{ url: string; body: any; text: string }>> {
  const license = ex.value<string>('SELECT license_number FROM facilities WHERE listed = 1 ORDER BY license_number LIMIT 1');
  const closed = ex.value<string>('SELECT license_number FROM facilities WHERE closed = 1 ORDER BY license_number LIMIT 1');
  const urls = [
    '/api/v1/facilities?limit=100',
    '/api/v1/facilities?needs=dementia,wheelchair&limit=100',
    `/api/v1/facilities/${license}`,
    `/api/v1/facilities/${closed}`,
    `/api/v1/facilities/${license}/reports`,
    '/api/v1/guides',
  ];
  const replies = await Promise.all(urls.map(async (url) => ({ url, ...(await call(server.url + url)) })));
  const check = await postJson(`${server.url}/api/v1/check`, { homes: [license, closed, 'no such home anywhere'], detail: true });
  return [...replies, { url: 'POST /api/v1/check', ...check }];
}

test('every REST envelope is attributed and dated; the front door names its attribution', async (t) => {
  for (const reply of await restResponses()) {
    t.is(reply.body.api_version, 'v1', reply.url);
    t.truthy(reply.body.attribution?.source, reply.url);
    t.regex(reply.body.attribution?.terms_url ?? '', /\/terms$/, reply.url);
    t.true('retrieved_on' in reply.body.attribution, reply.url);
    t.regex(reply.body.generated_at, /^\d{4}-\d{2}-\d{2}T/, reply.url);
  }
  const front = await call(`${server.url}/api/v1`);
  t.truthy(front.body.attribution);
});

test('tri-state facts hold only true, false or not_on_file; the waiver never false', async (t) => {
  let seen = 0;
  for (const reply of await restResponses()) {
    for (const fact of triStateFacts(reply.body)) {
      seen += 1;
      t.true(TRI_STATES.includes(fact.value as never), `${reply.url} ${fact.ref}=${String(fact.value)}`);
      if (fact.ref === 'roster:alw_participating') t.not(fact.value, 'false', reply.url);
    }
  }
  t.true(seen > 100);
});

test('no availability, ranking or score field under any name; no sort parameter anywhere', async (t) => {
  for (const reply of await restResponses()) {
    for (const key of keys(reply.body)) {
      t.false(RANKING_KEYS.test(key), `${reply.url}: ${key}`);
      t.false(AVAILABILITY.test(key), `${reply.url}: ${key}`);
    }
  }
  for (const parameter of ['sort', 'order', 'rank', 'Sort', 'ORDER', 'sort_by', 'top', 'best']) {
    const reply = await call(`${server.url}/api/v1/facilities?${parameter}=name`);
    t.is(reply.status, 400, parameter);
    t.regex(reply.body.error, /no sort parameter/i);
  }
});

test('no personal data is reachable: administrators named in the roster appear in no response', async (t) => {
  t.true(administrators.length > 10);
  const texts = (await restResponses()).map((reply) => reply.text);
  // A name typed into the check comes back only as the caller's own input, never from the record.
  for (const name of administrators) for (const text of texts) t.false(text.includes(name), name);
});

/** One 2026-07-28 tools/call, stateless, as any MCP client sends it. */
async function toolCall(name: string, args: Record<string, unknown>): Promise<any> {
  const reply = await postJson(
    `${server.url}/mcp`,
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'invariants', version: '1' } } },
    },
    { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name },
  );
  if (reply.status !== 200 || reply.body?.result?.isError) throw new Error(`${name}: ${reply.status} ${reply.text.slice(0, 300)}`);
  return reply.body.result.structuredContent;
}

test('MCP results: no availability or ranking field, no personal data, the two list sentences on every list', async (t) => {
  const license = ex.value<string>('SELECT license_number FROM facilities WHERE listed = 1 ORDER BY license_number LIMIT 1');
  const county = ex.value<string>('SELECT county FROM facilities WHERE listed = 1 ORDER BY license_number LIMIT 1');
  const results = {
    find_homes: await toolCall('find_homes', { county, limit: 50 }),
    get_home: await toolCall('get_home', { license_number: license }),
    compare_homes: await toolCall('compare_homes', { license_numbers: ex.all<{ license_number: string }>('SELECT license_number FROM facilities WHERE listed = 1 LIMIT 3').map((r) => r.license_number) }),
    get_state_documents: await toolCall('get_state_documents', { license_number: license, include_text: true }),
  };
  for (const [tool, result] of Object.entries(results)) {
    for (const key of keys(result)) {
      t.false(RANKING_KEYS.test(key), `${tool}: ${key}`);
      t.false(AVAILABILITY.test(key), `${tool}: ${key}`);
    }
    const text = JSON.stringify(result);
    for (const name of administrators) t.false(text.includes(name), `${tool}: ${name}`);
  }
  const sentences = JSON.stringify(results.find_homes);
  t.regex(sentences, /No home pays to appear/);
  t.regex(sentences, /no website knows which homes have an open bed today/i);
});

test('pages: attribution on every page, no personal data, and a clearance never reads "No"', async (t) => {
  const row = ex.one<{ license_number: string; name_slug: string; county: string }>('a listed home', 'SELECT license_number, name_slug, county FROM facilities WHERE listed = 1 ORDER BY license_number LIMIT 1');
  const paths = [`/facility/${row.name_slug}-${row.license_number}`, `/facility/${row.name_slug}-${row.license_number}.md`, '/county', '/care/dementia', '/waiver', '/guides', '/'];
  for (const pagePath of paths) {
    const reply = await call(server.url + pagePath, { headers: { accept: 'text/html' } });
    t.is(reply.status, 200, pagePath);
    if (!pagePath.endsWith('.md')) t.true(reply.text.includes('California Department of Social Services, Community Care Licensing Division'), pagePath);
    for (const name of administrators) t.false(reply.text.includes(name), `${pagePath}: ${name}`);
    t.false(/\b(dementia|hospice|bedridden|non-ambulatory|wheelchair)[^.\n]{0,40}:\s*(<[^>]+>\s*)*No\b/i.test(reply.text), `${pagePath} reads a clearance as "No"`);
    t.false(/\b\d+ (open )?beds? (available|open)\b|\bbeds? available\b/i.test(reply.text), `${pagePath} claims an opening`);
  }
});
