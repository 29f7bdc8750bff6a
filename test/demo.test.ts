// Demo data says so: while a snapshot built from the seeds is served, every page shows a notice,
// the REST front door and the envelope's attribution carry demo_data: true, the MCP instructions
// and llms.txt say so. A snapshot marked demo_data 'false' shows none of it.
import test from 'ava';
import { isDemoSnapshot } from '../contract/snapshot-schema.ts';
import { DEMO_SENTENCE } from '../serve/words/wording.ts';
import { examples } from './helpers/examples.ts';
import { call, postJson, startServer, type TestServer } from './helpers/server.ts';
import { publishNewerSnapshot, snapshotDir } from './helpers/snapshot.ts';
import { connect } from './mcp/helpers.ts';
import { BROWSER_ACCEPT, decode } from './pages/helpers.ts';

let demo: TestServer;
let real: TestServer;
let license = '';
let homePath = '';
test.before(async () => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; name_slug: string }>('a listed home', 'SELECT license_number, name_slug FROM facilities WHERE listed = 1 ORDER BY sort_key');
  license = home.license_number;
  homePath = `/facility/${home.name_slug}-${license}`;
  demo = await startServer();
  const dir = await snapshotDir();
  await publishNewerSnapshot(dir, '2099-06-01', (db) => {
    db.prepare("INSERT OR REPLACE INTO metadata (key, value) VALUES ('demo_data', 'false'), ('profile', 'state')").run();
  });
  real = await startServer({ snapshotsDir: dir });
});
test.after.always(async () => {
  await demo?.close();
  await real?.close();
});

const PAGES = () => ['/', '/county', '/guides', '/docs/api', '/terms', '/corrections', '/no-such-page', homePath];

async function surfaces(server: TestServer) {
  const pages = await Promise.all(PAGES().map(async (path) => ({ path, reply: await call(`${server.url}${path}`, { headers: { accept: BROWSER_ACCEPT } }) })));
  const frontDoor = (await call(`${server.url}/api/v1`)).body;
  const list = (await call(`${server.url}/api/v1/facilities?limit=1`)).body;
  const detail = (await call(`${server.url}/api/v1/facilities/${license}`)).body;
  const check = (await postJson(`${server.url}/api/v1/check`, { homes: [license] })).body;
  const llms = (await call(`${server.url}/llms.txt`)).text;
  const twins = await Promise.all(['/index.md', '/county.md', '/guides.md', '/docs/api.md', `${homePath}.md`].map(async (path) => ({ path, reply: await call(`${server.url}${path}`) })));
  const client = await connect(`${server.url}/mcp`, '2025-06-18');
  const instructions = client.getInstructions() ?? '';
  const fetched = (await client.callTool({ name: 'fetch', arguments: { id: license } })).structuredContent as { text: string };
  await client.close();
  // The MCP fetch tool's Markdown is a twin too.
  twins.push({ path: 'MCP fetch', reply: { headers: new Headers({ 'content-type': 'text/markdown; charset=utf-8' }), text: fetched.text, status: 200 } as never });
  return { pages, twins, frontDoor, envelopes: [list, detail, check], llms, instructions };
}

test('a demo snapshot (the seeds) says so on every surface', async (t) => {
  t.true(demo.app.services.snapshots.current.meta.demoData);
  const seen = await surfaces(demo);
  for (const { path, reply } of seen.pages) {
    t.regex(reply.headers.get('content-type') ?? '', /^text\/html/, path);
    const text = decode(reply.text);
    t.true(text.includes(DEMO_SENTENCE), `${path} (${reply.status}) shows the notice`);
    t.is(text.split(DEMO_SENTENCE).length, 2, `${path}: once`);
    t.regex(reply.text, /<\/header>\s*<div class="note demo-notice" role="note" id="demo-data">.*<\/div>\s*<main id="main">/, `${path}: at the top of the page`);
  }
  for (const { path, reply } of seen.twins) {
    t.regex(reply.headers.get('content-type') ?? '', /^text\/markdown/, path);
    const [title, blank, notice] = reply.text.split('\n');
    t.regex(title!, /^# \S/, `${path}: the title stays the first line`);
    t.is(blank, '', path);
    t.is(notice, `> **${DEMO_SENTENCE}**`, `${path}: the notice right under the title`);
    t.is(reply.text.split(DEMO_SENTENCE).length, 2, `${path}: once`);
  }
  t.is(seen.frontDoor.demo_data, true);
  t.is(seen.frontDoor.demo_notice, DEMO_SENTENCE);
  for (const envelope of seen.envelopes) t.is(envelope.attribution.demo_data, true);
  t.true(seen.llms.includes(DEMO_SENTENCE));
  t.true(seen.instructions.startsWith(DEMO_SENTENCE));
});

test('a snapshot marked demo_data false shows none of it', async (t) => {
  t.false(real.app.services.snapshots.current.meta.demoData);
  const seen = await surfaces(real);
  for (const { path, reply } of seen.pages) {
    t.false(decode(reply.text).includes(DEMO_SENTENCE), path);
    t.false(reply.text.includes('demo-notice'), path);
  }
  for (const { path, reply } of seen.twins) {
    t.is(reply.status, 200, path);
    t.false(reply.text.includes(DEMO_SENTENCE), path);
  }
  t.false('demo_data' in seen.frontDoor);
  t.false('demo_notice' in seen.frontDoor);
  for (const envelope of seen.envelopes) t.false('demo_data' in envelope.attribution);
  t.false(seen.llms.includes(DEMO_SENTENCE));
  t.false(seen.instructions.includes(DEMO_SENTENCE));
  t.regex(seen.instructions, /not_on_file/, 'the instructions themselves are unchanged');
});

/** One call of every tool tools/list names (the alias too), with arguments it answers. */
async function everyToolResult(server: TestServer, era: '2026-07-28' | '2025-06-18') {
  const ex = await examples();
  const other = ex.value<string>('SELECT license_number FROM facilities WHERE listed = 1 AND license_number <> ? ORDER BY sort_key', license);
  const hospital = ex.value<string>('SELECT facid FROM hospitals ORDER BY name');
  const args: Record<string, Record<string, unknown>> = {
    find_homes: { county: 'Alameda', limit: 2 },
    check_homes: { homes: [license] },
    get_home: { license_number: license },
    get_state_documents: { license_number: license },
    compare_homes: { license_numbers: [license, other] },
    homes_near_hospital: { hospital, limit: 2 },
    explain_care_topic: { topic: 'dementia_care' },
    explain: { topic: 'dementia_care' },
    start_family_request: { license_numbers: [license] },
    search: { query: 'Alameda' },
    fetch: { id: license },
  };
  const client = await connect(`${server.url}/mcp`, era === '2026-07-28' ? 'modern' : era);
  try {
    const { tools } = await client.listTools();
    const results = [];
    for (const tool of tools) {
      const result = await client.callTool({ name: tool.name, arguments: args[tool.name] ?? {} });
      results.push({ name: tool.name, result: result as { isError?: boolean; structuredContent?: any; content: Array<{ type: string; text: string }> } });
    }
    return results;
  } finally {
    await client.close();
  }
}

test('every MCP tool result carries the demo notice in its structured content and its text, the check\'s display too (both eras)', async (t) => {
  for (const era of ['2026-07-28', '2025-06-18'] as const) {
    const results = await everyToolResult(demo, era);
    t.is(results.length, 11, 'ten tools and the alias');
    for (const { name, result } of results) {
      t.falsy(result.isError, `${era} ${name} answered`);
      t.is(result.structuredContent.demo_data, true, `${era} ${name}: demo_data`);
      t.is(result.structuredContent.demo_notice, DEMO_SENTENCE, `${era} ${name}: demo_notice`);
      const text = result.content[0]!.text;
      t.true(text.startsWith(`{"demo_data":true,"demo_notice":${JSON.stringify(DEMO_SENTENCE)}`) || text.startsWith(`${DEMO_SENTENCE}\n\n`), `${era} ${name}: the text says it first`);
    }
    const check = results.find((r) => r.name === 'check_homes')!.result.structuredContent;
    t.true(check.display.startsWith(`> **${DEMO_SENTENCE}**\n\n**Checked 1 home`), `${era}: the display says it first`);
  }
  const rest = (await postJson(`${demo.url}/api/v1/check`, { homes: [license] })).body;
  t.true(rest.data.display.startsWith(`> **${DEMO_SENTENCE}**`), 'the REST twin of the check says it too');
});

test('a real snapshot\'s MCP results carry no demo notice anywhere (both eras)', async (t) => {
  for (const era of ['2026-07-28', '2025-06-18'] as const) {
    const results = await everyToolResult(real, era);
    t.is(results.length, 11);
    for (const { name, result } of results) {
      t.falsy(result.isError, `${era} ${name} answered`);
      t.false('demo_data' in result.structuredContent, `${era} ${name}`);
      t.false('demo_notice' in result.structuredContent, `${era} ${name}`);
      t.false(result.content[0]!.text.includes(DEMO_SENTENCE), `${era} ${name}`);
    }
    t.regex(results.find((r) => r.name === 'check_homes')!.result.structuredContent.display, /^\*\*Checked 1 home/);
  }
  const rest = (await postJson(`${real.url}/api/v1/check`, { homes: [license] })).body;
  t.false(rest.data.display.includes(DEMO_SENTENCE));
});

test('the metadata decides: the key first, then the profile; with neither, demo (every earlier snapshot came from the seeds)', (t) => {
  t.true(isDemoSnapshot(new Map([['demo_data', 'true'], ['profile', 'state']])));
  t.false(isDemoSnapshot(new Map([['demo_data', 'false'], ['profile', 'seeds']])));
  t.true(isDemoSnapshot(new Map([['profile', 'seeds']])));
  t.true(isDemoSnapshot(new Map([['profile', 'state-scale']])));
  t.false(isDemoSnapshot(new Map([['profile', 'state']])));
  t.true(isDemoSnapshot(new Map()));
});
