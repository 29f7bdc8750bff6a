// WebMCP on the pages, in Debian's Chromium under the pages' real Content-Security-Policy:
// - with the API on (--enable-features=WebMCP: document.modelContext), the tools each page
//   registers are read and called through the DevTools protocol's WebMCP domain, as an agent in
//   the browser would, and each answer is checked against the REST answer it comes from;
// - with an earlier draft's navigator.modelContext (a minimal stand-in installed before the page
//   loads, recording registrations), the same tools register there and answer the same;
// - without the API the pages work as before: no console error, the search and filter forms submit.
// Without the page script or the form annotations, every WebMCP test here fails.
import test from 'ava';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { CDPSession, Page } from 'playwright-core';
import { AGENT_TOOL_NOTES } from '../../serve/web/agent-tools.ts';
import { DEMO_SENTENCE, LIST_NEUTRALITY, NEVER_IN_THIS_DATA } from '../../serve/words/wording.ts';
import { launchBrowser, startServerForBrowser, type TestBrowser } from '../helpers/browser.ts';
import { examples } from '../helpers/examples.ts';
import { call, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let withApi: TestBrowser;
let plain: TestBrowser;
let places: { county: string; countySlug: string; home: { license_number: string; name_slug: string } };

test.before(async () => {
  [server, withApi, plain] = await Promise.all([
    startServerForBrowser(),
    launchBrowser({ bypassCSP: false, extraArgs: ['--enable-features=WebMCP'] }),
    launchBrowser({ bypassCSP: false }),
  ]);
  const ex = await examples();
  const county = ex.one<{ county: string }>(
    'a county with dementia-approved homes',
    "SELECT MIN(county) AS county FROM facilities WHERE listed = 1 AND dementia = 'true' GROUP BY county_key ORDER BY COUNT(*) DESC",
  );
  const home = ex.one<{ license_number: string; name_slug: string }>('a listed home', 'SELECT license_number, name_slug FROM facilities WHERE listed = 1 ORDER BY sort_key');
  places = { county: county.county, countySlug: county.county.toLowerCase().replace(/ /g, '-'), home };
});
test.after.always(async () => {
  await withApi?.close();
  await plain?.close();
  await server?.close();
});

const pages = () => [
  '/',
  `/county/${places.countySlug}`,
  '/care/dementia',
  `/facility/${places.home.name_slug}-${places.home.license_number}`,
  '/changes',
];

interface CdpTool {
  name: string;
  description: string;
  inputSchema?: Record<string, unknown>;
  annotations?: { readOnly?: boolean; autosubmit?: boolean };
  backendNodeId?: number;
  frameId: string;
}

/** A page's registered WebMCP tools and a way to call them, through the DevTools protocol. */
async function agentOn(page: Page) {
  const session: CDPSession = await page.context().newCDPSession(page);
  const tools: CdpTool[] = [];
  session.on('WebMCP.toolsAdded' as never, (event: { tools: CdpTool[] }) => tools.push(...event.tools));
  await session.send('WebMCP.enable' as never);
  const responses = new Map<string, (response: { status: string; output?: any; errorText?: string }) => void>();
  const early = new Map<string, { status: string; output?: any; errorText?: string }>();
  session.on('WebMCP.toolResponded' as never, (event: { invocationId: string; status: string; output?: any; errorText?: string }) => {
    const waiting = responses.get(event.invocationId);
    if (waiting) waiting(event);
    else early.set(event.invocationId, event);
  });
  return {
    tools,
    async invoke(name: string, input: Record<string, unknown>) {
      const tool = tools.find((candidate) => candidate.name === name);
      if (!tool) throw new Error(`no tool ${name} on ${page.url()}: ${tools.map((t) => t.name).join(', ')}`);
      const { invocationId } = (await session.send('WebMCP.invokeTool' as never, { frameId: tool.frameId, toolName: name, input } as never)) as { invocationId: string };
      const response = early.get(invocationId) ?? (await new Promise<{ status: string; output?: any; errorText?: string }>((resolve) => responses.set(invocationId, resolve)));
      return response;
    },
  };
}

/** A REST answer as the tools carry it: generated_at is the moment of each answer, so left out. */
function withoutMoment(body: Record<string, unknown>) {
  const { generated_at: _moment, ...rest } = body;
  return rest;
}

async function rest(path: string) {
  const reply = await call(`${server.url}${path}`);
  return { status: reply.status, body: reply.body };
}

/** Keys anywhere in a JSON value. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) into.add(key) && keysOf(item, into);
  return into;
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // Map tiles are the one outside host a page loads; the test browser blocks them.
    if (message.type() === 'error' && !message.text().includes('net::ERR_BLOCKED_BY_CLIENT')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

test('the front page and the list pages register find_homes and get_home, read-only, with valid schemas and the honesty words', async (t) => {
  const ajv = new Ajv2020({ strict: false });
  for (const path of pages()) {
    const page = await withApi.context.newPage();
    const errors = consoleErrors(page);
    await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
    const agent = await agentOn(page);
    const imperative = agent.tools.filter((tool) => tool.backendNodeId === undefined);
    t.deepEqual(imperative.map((tool) => tool.name).sort(), ['find_homes', 'get_home'], path);
    for (const tool of imperative) {
      t.true(tool.annotations?.readOnly, `${path} ${tool.name}: read-only`);
      t.notThrows(() => ajv.compile(tool.inputSchema ?? {}), `${path} ${tool.name}: a valid JSON Schema`);
      t.true(tool.description.includes(NEVER_IN_THIS_DATA), `${path} ${tool.name}: no opening is claimed`);
      t.notRegex(tool.description, /\b(best|top-rated|recommended|vacanc)/i);
    }
    t.true(imperative.find((tool) => tool.name === 'find_homes')!.description.includes(LIST_NEUTRALITY), `${path}: find_homes says the order`);
    t.deepEqual(errors, [], `${path}: console errors`);
    await page.close();
  }
  t.deepEqual(withApi.blocked.filter((url) => !/tile/.test(url)), []);
});

test('get_home answers with the REST record, its words and the demo notice', async (t) => {
  const page = await withApi.open(`${server.url}/county/${places.countySlug}`);
  const agent = await agentOn(page);
  const license = places.home.license_number;
  const response = await agent.invoke('get_home', { license });
  t.is(response.status, 'Completed', response.errorText);
  const expected = await rest(`/api/v1/facilities/${license}`);
  t.is(expected.status, 200);
  t.deepEqual(withoutMoment(response.output.structuredContent), withoutMoment(expected.body));
  const text: string = response.output.content[0].text;
  // The seeds are demo data: the answer says so first, then the tri-state and openings words.
  t.true(expected.body.attribution.demo_data);
  t.true(text.startsWith(DEMO_SENTENCE));
  for (const note of AGENT_TOOL_NOTES) t.true(text.includes(note), note);
  t.true(text.includes(`/api/v1/facilities/${license}`));
  t.false([...keysOf(response.output.structuredContent)].some((key) => /availab|vacanc|open_bed|rank|score/i.test(key)));

  // A license off the roster: the REST error, named, as the tool's error.
  const missing = await agent.invoke('get_home', { license: '000000001' });
  t.is(missing.status, 'Completed');
  t.true(missing.output.isError);
  t.is(missing.output.content[0].text, (await rest('/api/v1/facilities/000000001')).body.error);
  await page.close();
});

test('find_homes answers by place and needs with the REST list: alphabetical, explicit approvals only', async (t) => {
  const page = await withApi.open(`${server.url}/`);
  const agent = await agentOn(page);
  const response = await agent.invoke('find_homes', { county: places.county, needs: ['dementia'] });
  t.is(response.status, 'Completed', response.errorText);
  const expected = await rest(`/api/v1/facilities?county=${encodeURIComponent(places.county)}&needs=dementia&limit=20`);
  t.is(expected.status, 200);
  const answer = response.output.structuredContent;
  t.deepEqual(withoutMoment(answer), withoutMoment(expected.body));
  const homes = answer.data.facilities as Array<{ name: { value: string }; clearances: { dementia: { value: string } }; address: { value: { county: string } } }>;
  t.true(homes.length > 0);
  t.is(answer.data.order, 'name_asc');
  for (const home of homes) {
    t.is(home.clearances.dementia.value, 'true');
    t.is(home.address.value.county.toLowerCase(), places.county.toLowerCase());
  }
  const text: string = response.output.content[0].text;
  t.true(text.startsWith(DEMO_SENTENCE));
  t.true(text.includes(LIST_NEUTRALITY));
  // A need the service does not know: the REST refusal, naming what is accepted.
  const wrong = await agent.invoke('find_homes', { county: places.county, needs: ['pool'] });
  t.true(wrong.output?.isError ?? wrong.status === 'Error');
  if (wrong.output) t.regex(wrong.output.content[0].text, /Accepted needs: wheelchair, dementia, hospice, bedridden/);
  await page.close();
});

test('the search, filter and corrections forms carry WebMCP annotations: each a declarative tool with every field described', async (t) => {
  const license = places.home.license_number;
  const forms = [
    { path: '/', tool: 'search_site', autosubmit: true, fields: ['q'] },
    { path: '/changes', tool: 'filter_changes', autosubmit: true, fields: ['county', 'city', 'since', 'kind', 'field'] },
    { path: `/changes?license=${license}`, tool: 'filter_changes', autosubmit: true, fields: ['license', 'county', 'city', 'since', 'kind', 'field'] },
    // A correction is written to the operator store: a person reads it before it is sent.
    { path: `/corrections?license=${license}`, tool: 'report_correction', autosubmit: false, fields: ['license', 'field', 'what_is_wrong', 'should_say', 'source_url'] },
    { path: '/corrections', tool: 'report_correction', autosubmit: false, fields: ['license', 'field', 'what_is_wrong', 'should_say', 'source_url'] },
  ];
  for (const form of forms) {
    const page = await withApi.open(`${server.url}${form.path}`);
    const agent = await agentOn(page);
    const tool = agent.tools.find((candidate) => candidate.name === form.tool);
    t.truthy(tool, `${form.path}: ${form.tool}`);
    t.is(typeof tool?.backendNodeId, 'number', `${form.path}: declared by the form`);
    t.is(Boolean(tool?.annotations?.autosubmit), form.autosubmit, `${form.path}: autosubmit`);
    t.true((tool?.description.length ?? 0) > 40);
    const properties = (tool?.inputSchema?.properties ?? {}) as Record<string, { description?: string }>;
    t.deepEqual(Object.keys(properties).sort(), [...form.fields].sort(), form.path);
    for (const [name, property] of Object.entries(properties)) t.true((property.description ?? '').length > 10, `${form.path} ${name}: described`);
    await page.close();
  }
});

test("an earlier draft's navigator.modelContext: the same tools register there and answer from REST", async (t) => {
  const page = await plain.context.newPage();
  const errors = consoleErrors(page);
  // A minimal stand-in that records registrations, installed before any page script runs.
  // (A string: the test runner's transform would wrap a function's inner functions in a helper the page lacks.)
  await page.addInitScript(`
    const registered = [];
    globalThis.__registered = registered;
    Object.defineProperty(navigator, 'modelContext', {
      configurable: true,
      value: { registerTool(tool) { registered.push(tool); return Promise.resolve(); } },
    });
  `);
  await page.goto(`${server.url}/care/dementia`, { waitUntil: 'load' });
  t.false(await page.evaluate("'modelContext' in document"), 'this Chromium has no document.modelContext without the flag');
  t.deepEqual(await page.evaluate(() => (globalThis as any).__registered.map((tool: { name: string }) => tool.name)), ['find_homes', 'get_home']);
  const license = places.home.license_number;
  const answer = await page.evaluate(async (license) => {
    const tool = (globalThis as any).__registered.find((candidate: { name: string }) => candidate.name === 'get_home');
    return tool.execute({ license });
  }, license);
  t.deepEqual(withoutMoment(answer.structuredContent), withoutMoment((await rest(`/api/v1/facilities/${license}`)).body));
  t.true(answer.content[0].text.startsWith(DEMO_SENTENCE));
  const list = await page.evaluate(async (county) => {
    const tool = (globalThis as any).__registered.find((candidate: { name: string }) => candidate.name === 'find_homes');
    return tool.execute({ county, needs: ['dementia'], limit: 5 });
  }, places.county);
  t.deepEqual(withoutMoment(list.structuredContent), withoutMoment((await rest(`/api/v1/facilities?county=${encodeURIComponent(places.county)}&needs=dementia&limit=5`)).body));
  t.deepEqual(errors, []);
  await page.close();
});

test('without the API the pages work as before: no console error, the search and filter forms submit', async (t) => {
  for (const path of pages()) {
    const page = await plain.context.newPage();
    const errors = consoleErrors(page);
    await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
    t.false(await page.evaluate("'modelContext' in navigator || 'modelContext' in document"), path);
    t.deepEqual(errors, [], `${path}: console errors`);
    await page.close();
  }
  const page = await plain.context.newPage();
  const errors = consoleErrors(page);
  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  await page.locator('#q').fill(places.county);
  await Promise.all([page.waitForURL(/\/\?q=/), page.locator('#q').press('Enter')]);
  t.regex(await page.locator('#results-heading').innerText(), new RegExp(places.county, 'i'));
  await page.goto(`${server.url}/changes`, { waitUntil: 'load' });
  await page.locator('#kind').selectOption('added');
  await Promise.all([page.waitForURL(/kind=added/), page.getByRole('button', { name: 'Show changes' }).click()]);
  t.is(await page.locator('#kind').inputValue(), 'added');
  t.deepEqual(errors, []);
  await page.close();
});
