// A listed rate's line names the listing's own date and says when it is old, on every surface
// that quotes it: the home page and its Markdown twin, MCP get_home, fetch and find_homes (both
// eras), and the batch check (REST and MCP).
import test from 'ava';
import { examples } from './helpers/examples.ts';
import { call, postJson } from './helpers/server.ts';
import { BROWSER_ACCEPT, decode } from './pages/helpers.ts';
import { connect, startMcpServer, type McpTestServer } from './mcp/helpers.ts';

let server: McpTestServer;
test.before(async () => {
  server = await startMcpServer();
});
test.after.always(async () => {
  await server?.close();
});

test('an own rate on an old listing names the listing\'s date and its age everywhere it is quoted', async (t) => {
  const ex = await examples();
  const snapshotDate = ex.value<string>("SELECT value FROM metadata WHERE key = 'snapshot_date'");
  const home = ex.one<{ license_number: string; name_slug: string; county: string; line: string; updated_on: string; seen_on: string }>(
    'a listed home whose own rate comes from a listing updated more than 12 months before the run',
    `SELECT license_number, name_slug, county, json_extract(price_json, '$.line') AS line, json_extract(price_json, '$.listing.updated_on') AS updated_on,
       json_extract(price_json, '$.listing.seen_on') AS seen_on FROM facilities
     WHERE listed = 1 AND price_kind IN ('home_listed', 'home_confirmed') AND json_extract(price_json, '$.listing.updated_on') < date(?, '-12 months')
     ORDER BY sort_key`,
    snapshotDate,
  );
  t.true(home.line.includes(`last updated ${home.updated_on}`), home.line);
  t.true(home.line.includes('That listing is more than 12 months old, so the rate may no longer hold.'), home.line);
  t.false(home.line.includes(home.seen_on), 'the day the pipeline read it is not the listing\'s date');

  const path = `/facility/${home.name_slug}-${home.license_number}`;
  const page = decode((await call(`${server.url}${path}`, { headers: { accept: BROWSER_ACCEPT } })).text);
  const markdown = (await call(`${server.url}${path}.md`)).text;
  t.true(page.includes(home.line), 'the page quotes the line');
  t.true(markdown.includes(home.line), 'the Markdown twin quotes the line');
  const rest = (await postJson(`${server.url}/api/v1/check`, { homes: [home.license_number] })).body.data;
  t.is(rest.results[0].home.price.line, home.line);
  for (const era of ['modern', '2025-11-25'] as const) {
    const client = await connect(server.mcpUrl, era);
    t.teardown(() => client.close());
    const got = ((await client.callTool({ name: 'get_home', arguments: { license_number: home.license_number } })).structuredContent as any).home;
    t.is(got.price.line, home.line, `${era} get_home`);
    t.deepEqual(got.price.listing.updated_on, home.updated_on);
    const fetched = (await client.callTool({ name: 'fetch', arguments: { id: home.license_number } })).structuredContent as any;
    t.true(fetched.text.includes(home.line), `${era} fetch`);
    const listed = (await client.callTool({ name: 'find_homes', arguments: { county: home.county, limit: 50 } })).structuredContent as any;
    t.is(listed.homes.find((h: any) => h.license_number === home.license_number)?.price.line, home.line, `${era} find_homes`);
    const checked = (await client.callTool({ name: 'check_homes', arguments: { homes: [home.license_number] } })).structuredContent as any;
    t.is(checked.results[0].home.price.line, home.line, `${era} check_homes`);
  }
});
