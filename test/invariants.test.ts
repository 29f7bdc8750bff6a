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

let server: TestServer;
let ex: Examples;
test.before(async () => {
  server = await startServer();
  ex = await examples();
});
test.after.always(async () => server?.close());

const roster = parse(readFileSync(path.join(REPO_ROOT, 'seeds/default/roster.csv')), { columns: true }) as Array<Record<string, string>>;
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
  for (const parameter of ['sort', 'order', 'rank', 'Sort', 'ORDER']) {
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
