// MCP prompts for the common asks (find care, check a list, compare, plan calls), in both eras,
// through the SDK client: each names tools that exist, in the order to call them, says what never
// to claim, and says the data is demo data while it is.
import test from 'ava';
import { NEVER_CLAIM, PROMPTS } from '../../serve/mcp/prompts/prompts.ts';
import { DEMO_SENTENCE } from '../../serve/words/wording.ts';
import { connect, startMcpServer, type Era, type McpTestServer } from './helpers.ts';

let server: McpTestServer;
test.before(async () => {
  server = await startMcpServer();
});
test.after.always(async () => {
  await server?.close();
});

const ARGS: Record<string, Record<string, string>> = {
  find_care: { place: 'Hayward', needs: 'dementia, wheelchair', budget: '6000' },
  check_homes: { homes: 'Harmony Place Memory Care, Hayward; 015601295' },
  compare_homes: { homes: '015601295, 015600471' },
  plan_calls: { homes: '015601295', needs: 'dementia', timing: 'within_a_month' },
};

/** The tools each prompt names, in the order it names them. */
const ORDER: Record<string, string[]> = {
  find_care: ['find_homes', 'homes_near_hospital', 'search', 'get_home', 'get_state_documents', 'explain_care_topic', 'start_family_request'],
  check_homes: ['check_homes', 'get_home', 'compare_homes'],
  compare_homes: ['check_homes', 'compare_homes', 'get_state_documents'],
  plan_calls: ['check_homes', 'start_family_request'],
};

/** Tool names in the order a prompt's numbered steps first name them. */
function toolsInOrder(text: string, tools: string[]): string[] {
  const found = tools.flatMap((name) => {
    const at = text.search(new RegExp(`\\b${name}\\b`));
    return at >= 0 ? [{ name, at }] : [];
  });
  return found.sort((a, b) => a.at - b.at).map((hit) => hit.name);
}

for (const era of ['modern', '2025-11-25', '2025-06-18'] as Era[]) {
  test(`${era}: the four prompts are listed and each names real tools in order and what never to claim`, async (t) => {
    const client = await connect(server.mcpUrl, era);
    t.teardown(() => client.close());
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    const { prompts } = await client.listPrompts();
    t.deepEqual(prompts.map((prompt) => prompt.name), ['find_care', 'check_homes', 'compare_homes', 'plan_calls']);
    for (const prompt of prompts) {
      t.truthy(prompt.description);
      const got = await client.getPrompt({ name: prompt.name, arguments: ARGS[prompt.name]! });
      t.is(got.messages.length, 1);
      const text = (got.messages[0]!.content as { type: string; text: string }).text;
      t.true(text.startsWith(DEMO_SENTENCE), `${prompt.name}: demo data says so first`);
      t.true(text.includes(NEVER_CLAIM), `${prompt.name}: what never to claim`);
      t.regex(text, /never in this data/);
      t.regex(text, /'not on file'/);
      t.regex(text, /nothing is ranked/i);
      // The tools each prompt calls, in the order its numbered steps name them, all listed by the server.
      const named = toolsInOrder(text.slice(DEMO_SENTENCE.length, text.indexOf(NEVER_CLAIM)), tools);
      t.deepEqual(named, ORDER[prompt.name], prompt.name);
    }
  });

  test(`${era}: find_care says how to read a place and carries the family's words`, async (t) => {
    const client = await connect(server.mcpUrl, era);
    t.teardown(() => client.close());
    const find = await client.getPrompt({ name: 'find_care', arguments: ARGS.find_care! });
    const text = (find.messages[0]!.content as { text: string }).text;
    t.deepEqual(toolsInOrder(text, ['find_homes', 'get_home', 'get_state_documents', 'start_family_request']), ['find_homes', 'get_home', 'get_state_documents', 'start_family_request']);
    t.regex(text, /near takes \{latitude, longitude\} only/);
    t.true(text.includes('Hayward') && text.includes('dementia, wheelchair') && text.includes('6000'));
  });
}

test('a prompt without its required argument is refused with the argument named', async (t) => {
  const client = await connect(server.mcpUrl, 'modern');
  t.teardown(() => client.close());
  const error = await t.throwsAsync(client.getPrompt({ name: 'find_care', arguments: {} }));
  t.regex(String(error?.message), /place/);
  t.is(PROMPTS.length, 4);
});
