// Every answer matches the output schema its tool advertises. The server does not run the SDK's
// output validation over each answer (serve/mcp/tool.ts, trustedOutput), so this test is what holds
// the tools to their schemas: the home tools over every home of the test snapshot, in both eras,
// checked with ajv against the JSON Schema tools/list gives and with the tool's own zod schema.
import test from 'ava';
import { expectedText } from '../../serve/mcp/server.ts';
import { MAX_HOMES } from '../../serve/shape/check.ts';
import { checkHomes } from '../../serve/mcp/tools/check-homes.ts';
import { COMPARE_MAX, compareHomes } from '../../serve/mcp/tools/compare-homes.ts';
import { fetchTool } from '../../serve/mcp/tools/fetch.ts';
import { findHomes } from '../../serve/mcp/tools/find-homes.ts';
import { getHome } from '../../serve/mcp/tools/get-home.ts';
import { getStateDocuments } from '../../serve/mcp/tools/get-state-documents.ts';
import { examples } from '../helpers/examples.ts';
import { modernRequest, rpc, startMcpServer, validateOutput, type McpTestServer } from './helpers.ts';

const ZOD_OUTPUTS: Record<string, { output: { safeParse(value: unknown): { success: boolean; error?: unknown } } }> = {
  get_home: getHome,
  fetch: fetchTool,
  get_state_documents: getStateDocuments,
  check_homes: checkHomes,
  compare_homes: compareHomes,
  find_homes: findHomes,
};

let server: McpTestServer;
let tools: Array<{ name: string; outputSchema?: unknown }>;
test.before(async () => {
  server = await startMcpServer();
  tools = (await rpc(server.mcpUrl, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).body.result.tools;
});
test.after.always(async () => {
  await server?.close();
});

let calls = 0;

/** One tools/call (2026-07-28 or 2025-era): its structuredContent, held to both schemas. */
async function structured(name: string, args: Record<string, unknown>, modern: boolean): Promise<any> {
  calls += 1;
  const params = { name, arguments: args };
  const request = modernRequest('tools/call', params, calls);
  const reply = modern
    ? await rpc(server.mcpUrl, request.body, request.headers)
    : await rpc(server.mcpUrl, { jsonrpc: '2.0', id: calls, method: 'tools/call', params }, { 'mcp-protocol-version': '2025-11-25' });
  const result = reply.body?.result;
  if (reply.status !== 200 || !result || result.isError) throw new Error(`${name} ${JSON.stringify(args).slice(0, 120)}: ${reply.status} ${reply.text.slice(0, 300)}`);
  const problem = validateOutput(tools, name, result.structuredContent);
  if (problem) throw new Error(`${name} ${JSON.stringify(args).slice(0, 120)}: does not match its advertised schema: ${problem}`);
  const parsed = ZOD_OUTPUTS[name]!.output.safeParse(result.structuredContent);
  if (!parsed.success) throw new Error(`${name} ${JSON.stringify(args).slice(0, 120)}: does not match its zod schema: ${String(parsed.error)}`);
  if (expectedText(name, result.structuredContent) !== result.content[0].text) throw new Error(`${name}: the text is not the structured content's JSON or the tool's rendering of it`);
  return result.structuredContent;
}

test('get_home, fetch and get_state_documents: every home of the snapshot, both eras, matches its schema', async (t) => {
  const ex = await examples();
  const licenses = ex.all<{ license_number: string }>('SELECT license_number FROM facilities ORDER BY license_number').map((row) => row.license_number);
  t.true(licenses.length > 50, 'the seeds hold enough homes to mean something');
  let closed = 0;
  for (const [index, license] of licenses.entries()) {
    const home = await structured('get_home', { license_number: license }, index % 2 === 0);
    if (home.home.license.closed) closed += 1;
    await structured('fetch', { id: license }, index % 2 === 1);
    await structured('get_state_documents', { license_number: license, include_text: index % 3 === 0 }, index % 2 === 0);
  }
  t.true(closed > 0, 'closed licenses are among the homes checked');
});

test('check_homes, compare_homes and find_homes over every home of the snapshot match their schemas', async (t) => {
  const ex = await examples();
  const homes = ex.all<{ license_number: string; name: string; listed: number }>('SELECT license_number, name, listed FROM facilities ORDER BY license_number');
  for (let start = 0; start < homes.length; start += MAX_HOMES) {
    const batch = homes.slice(start, start + MAX_HOMES).map((home, i) => (i % 2 ? home.license_number : home.name));
    await structured('check_homes', { homes: batch }, start % 2 === 0);
  }
  const listed = homes.filter((home) => home.listed === 1).map((home) => home.license_number);
  for (let start = 0; start < listed.length; start += COMPARE_MAX) {
    const group = listed.slice(start, start + COMPARE_MAX);
    if (group.length >= 2) await structured('compare_homes', { license_numbers: group }, start % 2 === 1);
  }
  const counties = ex.all<{ county: string }>('SELECT DISTINCT county FROM facilities WHERE listed = 1 AND county IS NOT NULL ORDER BY county');
  const seen = new Set<string>();
  for (const { county } of counties) {
    for (let offset: number | null = 0; offset !== null; ) {
      const page: any = await structured('find_homes', { county, limit: 50, offset }, offset % 100 === 0);
      for (const home of page.homes) {
        seen.add(home.license_number);
        // The contract's record conventions: each result carries the two data dates and a markdown link.
        t.is(home.state_record_loaded_on, page.data_dates.state_record_loaded_on);
        t.is(home.alw_list_as_of, page.data_dates.alw_list_as_of);
        t.is(home.markdown, `${home.page}.md`);
      }
      offset = page.next_offset;
    }
  }
  t.deepEqual(listed.filter((license) => !seen.has(license)), [], 'the county pages together hold every listed home');
});
