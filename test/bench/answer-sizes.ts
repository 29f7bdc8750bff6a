// `npm run bench -- sizes`: what each MCP answer costs an assistant's context, text block and
// structuredContent together, for the asks of issue 44 at their defaults and at the largest
// arguments, and what tools/list costs (all of it, and the part hosts hand the model: names,
// descriptions and input schemas). The limits below are issue 44's; test/mcp/answer-sizes.test.ts
// holds every figure to them. Run alone: `npx tsx test/bench/answer-sizes.ts`.
import type { Client } from '@modelcontextprotocol/client';
import { examples } from '../helpers/examples.ts';
import { connect, modernRequest, rpc, startMcpServer } from '../mcp/helpers.ts';

const KB = 1024;

export interface SizeRow {
  ask: string;
  bytes: number;
  /** The most it may weigh. */
  limit: number;
}

async function answerBytes(client: Client, name: string, args: Record<string, unknown>): Promise<number> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} ${JSON.stringify(args).slice(0, 80)} was refused`);
  const text = (result.content as Array<{ text?: string }>).map((part) => part.text ?? '').join('');
  return Buffer.byteLength(text) + Buffer.byteLength(JSON.stringify(result.structuredContent ?? {}));
}

/** Every measured ask against a fresh server over the seed snapshot. */
export async function measureAnswerSizes(): Promise<SizeRow[]> {
  const ex = await examples();
  const county = ex.value<string>('SELECT county FROM facilities WHERE listed = 1 GROUP BY county_key ORDER BY COUNT(*) DESC LIMIT 1');
  const hundred = ex.all<{ license_number: string }>('SELECT license_number FROM facilities ORDER BY license_number LIMIT 100').map((r) => r.license_number);
  const ten = ex.all<{ license_number: string }>('SELECT license_number FROM facilities WHERE listed = 1 ORDER BY sort_key LIMIT 10').map((r) => r.license_number);
  const documented = ex.value<string>('SELECT license_number FROM reports GROUP BY license_number ORDER BY COUNT(*) DESC LIMIT 1');
  const hospital = ex.value<string>('SELECT name FROM hospitals ORDER BY name LIMIT 1');
  const server = await startMcpServer();
  const client = await connect(server.mcpUrl, 'modern');
  try {
    const asks: Array<[string, Record<string, unknown>, number]> = [
      ['find_homes', { county }, 24 * KB],
      ['find_homes', { county, limit: 50 }, 64 * KB],
      ['homes_near_hospital', { hospital, radius_km: 50 }, 64 * KB],
      ['homes_near_hospital', { hospital, radius_km: 50, limit: 50 }, 64 * KB],
      ['check_homes', { homes: hundred }, 64 * KB],
      ['check_homes', { homes: hundred, detail: true }, 128 * KB],
      ['compare_homes', { license_numbers: ten }, 128 * KB],
      ['get_state_documents', { license_number: documented, include_text: true }, 48 * KB],
      ['get_state_documents', { license_number: documented, include_text: true, limit: 50 }, 128 * KB],
      ['get_home', { license_number: documented }, 128 * KB],
      ['fetch', { id: documented }, 128 * KB],
      ['search', { query: 'care' }, 128 * KB],
    ];
    // A Spanish answer says the same in longer words: each ask of a tool that takes language is measured in Spanish too, under the same limit.
    const spanish = asks.filter(([name]) => !['fetch', 'search'].includes(name)).map(([name, args, limit]): [string, Record<string, unknown>, number] => [name, { ...args, language: 'es' }, limit]);
    const rows: SizeRow[] = [];
    for (const [name, args, limit] of [...asks, ...spanish]) {
      const shown = JSON.stringify(args).replace(/"homes":\[[^\]]*\]/, `"homes":[${hundred.length} licenses]`).replace(/"license_numbers":\[[^\]]*\]/, `"license_numbers":[${ten.length} licenses]`);
      rows.push({ ask: `${name} ${shown}`, bytes: await answerBytes(client, name, args), limit });
    }
    const request = modernRequest('tools/list');
    const listed = (await rpc(server.mcpUrl, request.body, request.headers)).body.result;
    const visible = (listed.tools as Array<{ name: string; description: string; inputSchema: unknown }>).reduce(
      (sum, tool) => sum + Buffer.byteLength(JSON.stringify({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
      0,
    );
    rows.push({ ask: 'tools/list (all of it)', bytes: Buffer.byteLength(JSON.stringify(listed)), limit: 48 * KB });
    rows.push({ ask: 'tools/list, what hosts hand the model (names, descriptions, input schemas)', bytes: visible, limit: 16 * KB });
    return rows;
  } finally {
    await client.close();
    await server.close();
  }
}

export async function benchAnswerSizes(): Promise<SizeRow[]> {
  console.log('\nMCP answer sizes (text block and structuredContent together; limits from issue 44)');
  const rows = await measureAnswerSizes();
  for (const row of rows) console.log(`  ${(row.bytes / KB).toFixed(1).padStart(6)} KB of ${row.limit / KB} KB  ${row.bytes <= row.limit ? 'ok  ' : 'OVER'}  ${row.ask}`);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAnswerSizes();
