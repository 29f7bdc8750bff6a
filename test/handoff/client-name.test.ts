// The MCP client's own name goes into the signed hand-off link only when it is plainly a product
// name, and into the server's log on the same terms: real SDK clients on a loopback server, named
// with people's details and disguised ones.
import test from 'ava';
import { createLogger } from '../../serve/lib/log.ts';
import { createServer } from '../../serve/server.ts';
import { settingsFromEnv } from '../../serve/http/settings.ts';
import { examples } from '../helpers/examples.ts';
import { snapshotDir } from '../helpers/snapshot.ts';
import { connect, errorText, startMcpServer, type McpTestServer } from '../mcp/helpers.ts';

let server: McpTestServer;
let license: string;
test.before(async () => {
  server = await startMcpServer();
  license = (await examples()).one<{ license_number: string }>('an open home', 'SELECT license_number FROM facilities WHERE listed = 1 AND closed = 0').license_number;
});
test.after.always(async () => {
  await server?.close();
});

async function linkClient(clientName: string): Promise<unknown> {
  const client = await connect(server.mcpUrl, 'modern', clientName);
  try {
    const result = await client.callTool({ name: 'start_family_request', arguments: { license_numbers: [license] } });
    if (result.isError) throw new Error(errorText(result));
    const out = result.structuredContent as { link: string; link_carries: { client_name: unknown } };
    const payload = JSON.parse(Buffer.from(new URL(out.link).searchParams.get('h')!.split('.')[0]!, 'base64url').toString('utf8'));
    if (payload.client !== out.link_carries.client_name) throw new Error('link_carries disagrees with the link');
    return payload.client;
  } finally {
    await client.close();
  }
}

test.serial('a product name is carried in the link', async (t) => {
  t.is(await linkClient('Claude Desktop'), 'Claude Desktop');
});

test.serial("a client name holding a person's details, plain or disguised, stays out of the link", async (t) => {
  for (const name of ['Jane Doe', "mary o'brien", '415\u200B555\u200B0134', 'j.doe@\u200Bgmail.com', '\u041Cary Smith', 'Cl\u0430ude', 'my mom jane']) {
    t.is(await linkClient(name), null, JSON.stringify(name));
  }
});

test.serial("a client name holding a person's details is not written to the server's log; a product name is", async (t) => {
  const lines: string[] = [];
  const base = settingsFromEnv({});
  const settings = { ...base, snapshotsDir: await snapshotDir(), port: 0, host: '127.0.0.1', logLevel: 'info' as const };
  const app = await createServer(settings, createLogger('info', (line) => lines.push(line)));
  t.teardown(() => app.close());
  for (const name of ['Jane Doe 415-555-0134', 'Claude Desktop']) {
    const client = await connect(`${app.url}/mcp`, 'modern', name);
    await client.callTool({ name: 'start_family_request', arguments: { license_numbers: [license] } });
    await client.close();
  }
  // A line is written when hapi reports the response finished, which can trail the client's read.
  for (let i = 0; i < 50 && !lines.some((line) => line.includes('Claude Desktop')); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  const mcpLines = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'mcp');
  t.true(mcpLines.some((entry) => entry.client === 'Claude Desktop'), 'a product name is logged');
  t.false(lines.some((line) => /Jane|415-555-0134/.test(line)), 'the person-like client name is in no log line');
  t.true(mcpLines.some((entry) => entry.client === 'withheld (not a product name)'));
});
