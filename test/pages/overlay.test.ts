// The operator overlay as a running server sees it: a review opened with the CLI reaches REST, the
// pages (HTML and Markdown), the care-type list and the MCP tools on the server's own re-read of
// the store (OVERLAY_POLL_MS, small here), with no restart; closing it restores every surface.
import test from 'ava';
import type { Client } from '@modelcontextprotocol/client';
import { runOperatorCommand } from '../../serve/operator/cli.ts';
import { examples } from '../helpers/examples.ts';
import { call } from '../helpers/server.ts';
import { connect, errorText, startMcpServer, type McpTestServer } from '../mcp/helpers.ts';
import { mainText } from './helpers.ts';

const POLL_MS = 150;

let server: McpTestServer;
let client: Client;
test.before(async () => {
  server = await startMcpServer({ settings: { overlayPollMs: POLL_MS } });
  client = await connect(server.mcpUrl, '2025-06-18', 'overlay-test');
});
test.after.always(async () => {
  await client?.close();
  await server?.close();
});

async function tool(name: string, args: Record<string, unknown>): Promise<any> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(errorText(result));
  return result.structuredContent;
}

/** Waits (up to 5 s) for the server's own poll to make `check` true. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS / 2));
  }
  return check();
}

test.serial('a review opened with the CLI reaches REST, the pages and MCP on the next poll; closing it restores them', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; name_slug: string }>(
    'a listed dementia home',
    "SELECT license_number, name_slug FROM facilities WHERE listed = 1 AND dementia = 'true' ORDER BY sort_key",
  );
  const rest = async () => (await call(`${server.url}/api/v1/facilities/${home.license_number}`)).body.data.clearances.dementia.value;
  const page = async () => mainText((await call(`${server.url}/facility/${home.name_slug}-${home.license_number}`)).text);
  const markdown = async () => (await call(`${server.url}/facility/${home.name_slug}-${home.license_number}.md`)).text;
  t.is(await rest(), 'true');
  t.true((await page()).includes('Dementia care: yes'));
  t.is((await tool('get_home', { license_number: home.license_number })).home.clearances.dementia, 'true');

  // The CLI writes the store; the server is not told: its poll picks the change up.
  t.is(runOperatorCommand(['review', 'open', home.license_number, 'dementia'], { snapshotsDir: server.dir, out: () => {} }), 0);
  t.true(await eventually(async () => (await rest()) === 'not_on_file'), 'REST within the poll');
  t.true((await page()).includes('Dementia care: not on file (under a correction review)'), 'HTML page');
  t.true((await markdown()).includes('- Dementia care: not on file (under a correction review)'), 'Markdown twin');
  const dementiaPage = mainText((await call(`${server.url}/care/dementia`)).text);
  t.false(dementiaPage.includes(home.license_number), 'the care-type page leaves it out');

  const full = await tool('get_home', { license_number: home.license_number });
  const record = full.home;
  t.is(record.clearances.dementia, 'not_on_file', 'MCP get_home');
  t.deepEqual(record.clearances.under_review, ['dementia']);
  const fetched = await tool('fetch', { id: home.license_number });
  t.true(fetched.text.includes('- Dementia care: not on file (under a correction review)'), 'MCP fetch (the page as Markdown)');

  t.is(runOperatorCommand(['review', 'close', home.license_number, 'dementia'], { snapshotsDir: server.dir, out: () => {} }), 0);
  t.true(await eventually(async () => (await rest()) === 'true'), 'restored on REST');
  t.true((await page()).includes('Dementia care: yes'));
  const restored = await tool('get_home', { license_number: home.license_number });
  t.is(restored.home.clearances.dementia, 'true');
  t.true(mainText((await call(`${server.url}/care/dementia`)).text).includes(home.license_number), 'back on the care-type page');
});

test.serial('the hand-off mode switch reaches the plan page and MCP start_family_request on the next poll', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string }>('a listed home', 'SELECT license_number FROM facilities WHERE listed = 1 ORDER BY sort_key');
  const token = server.app.services.handoff.sign({ licenses: [home.license_number], needs: [], timing: null, client: 'overlay-test' }).token;
  const plan = async () => (await call(`${server.url}/plan?h=${token}`)).text;
  t.false((await plan()).includes('name="consent"'));
  const before = await tool('start_family_request', { license_numbers: [home.license_number] }).catch(() => null);
  if (before) t.is(before.mode, 'self_serve_only');

  runOperatorCommand(['mode', 'coordination_available'], { snapshotsDir: server.dir, out: () => {} });
  t.true(await eventually(async () => (await plan()).includes('name="consent"')), 'the plan page offers the form');
  if (before) {
    const after = await tool('start_family_request', { license_numbers: [home.license_number] });
    t.is(after.mode, 'coordination_available');
    t.not(JSON.stringify(after.what_happens_next), JSON.stringify(before.what_happens_next));
  } else {
    t.log('start_family_request did not accept { license_numbers }; MCP mode checked by the MCP tests');
  }
  runOperatorCommand(['mode', 'self_serve_only'], { snapshotsDir: server.dir, out: () => {} });
  t.true(await eventually(async () => !(await plan()).includes('name="consent"')));
});
