// En español through an assistant: start_family_request with language "es" writes family_message,
// relay_sentence, the questions and the plan link in Spanish, with the same fields and values;
// explain_care_topic and the four prompts take a language; nothing reads "No" for a non-true value.
import test from 'ava';
import type { Client } from '@modelcontextprotocol/client';
import { examples } from '../helpers/examples.ts';
import { BASE_URL, connect, errorText, startMcpServer, type McpTestServer } from './helpers.ts';
import { readsAsNo } from '../../serve/words/home-words.ts';
import { spanishTrapsIn } from '../../serve/words/catalog.ts';
import { IN_SPANISH } from '../../serve/mcp/prompts/prompts.ts';

let server: McpTestServer;
let client: Client;
test.before(async () => {
  server = await startMcpServer();
  client = await connect(server.mcpUrl, 'modern', 'Example Assistant');
  await client.listTools();
});
test.after.always(async () => {
  await client?.close();
  await server?.close();
});

async function openHomes() {
  const ex = await examples();
  return ex.all<{ license_number: string; name: string; hospice: string }>(
    "SELECT license_number, name, hospice FROM facilities WHERE listed = 1 AND hospice <> 'true' ORDER BY sort_key LIMIT 2",
  );
}

test('start_family_request in Spanish: a Spanish family message and relay sentence, the /es/plan link, the same fields and values', async (t) => {
  const homes = await openHomes();
  const args = { license_numbers: homes.map((h) => h.license_number), care_needs: ['hospice'], timing: 'within_a_month', area: 'cerca de Hayward' };
  const spanish = await client.callTool({ name: 'start_family_request', arguments: { ...args, language: 'es' } });
  t.falsy(spanish.isError, errorText(spanish));
  const english = await client.callTool({ name: 'start_family_request', arguments: args });
  const es = spanish.structuredContent as any;
  const en = english.structuredContent as any;
  t.deepEqual(Object.keys(es).sort(), Object.keys(en).sort(), 'the same fields');
  t.deepEqual(es.link_carries, en.link_carries, 'the same link contents');
  t.is(es.mode, en.mode);
  t.deepEqual(es.homes.map((h: any) => [h.license_number, h.name, h.phone, h.license_status]), en.homes.map((h: any) => [h.license_number, h.name, h.phone, h.license_status]));
  t.true(es.link.startsWith(`${BASE_URL}/es/plan?h=`));
  t.true(en.link.startsWith(`${BASE_URL}/plan?h=`));
  t.true(es.relay_sentence.startsWith('Preparé un plan para llamar a 2 centros'));
  t.true(es.relay_sentence.includes(es.link));
  const message: string = es.family_message;
  t.true(message.includes('**Su plan para llamar a 2 centros**'));
  t.true(message.includes('Plazo: dentro de un mes.'));
  t.true(message.includes('Cuidado que se necesita: cuidado de hospicio (hospice).'));
  t.true(message.includes('Zona: cerca de Hayward'));
  for (const home of homes) t.true(message.includes(`${home.name}`));
  // Each home's hospice question reads "No consta", never "No".
  const hospice = message.split('\n').filter((line) => line.includes('cuidado de hospicio (hospice)') && line.trim().startsWith('-'));
  t.is(hospice.length, 2);
  for (const line of hospice) {
    t.true(line.trim().slice(2).startsWith('No consta'), line);
    t.false(readsAsNo(line.trim().slice(2)), line);
  }
  t.deepEqual(spanishTrapsIn(message), []);
  t.false(/not on file|Your plan/.test(message));
  // The Spanish link opens the Spanish plan page.
  const page = await fetch(es.link, { headers: { accept: 'text/html' } }).catch(() => null);
  t.truthy(page === null || page.status === 200);
});

test('start_family_request refuses a language it does not speak, naming the ones it does', async (t) => {
  const homes = await openHomes();
  const result = await client.callTool({ name: 'start_family_request', arguments: { license_numbers: [homes[0]!.license_number], language: 'fr' } });
  t.true(result.isError);
  t.regex(errorText(result), /language must be one of: en, es/);
});

test('explain_care_topic in Spanish: the glossary wording, Spanish guides linked, the same fields', async (t) => {
  const es = (await client.callTool({ name: 'explain_care_topic', arguments: { topic: 'hospice_waiver', language: 'es' } })).structuredContent as any;
  const en = (await client.callTool({ name: 'explain_care_topic', arguments: { topic: 'hospice_waiver' } })).structuredContent as any;
  t.deepEqual(Object.keys(es).sort(), Object.keys(en).sort());
  t.is(es.topic, 'hospice_waiver');
  t.true(es.title.includes('cuidado de hospicio (hospice)'));
  t.deepEqual(es.related_tools, en.related_tools);
  t.true(es.guides.some((g: any) => g.url === `${BASE_URL}/es/guides/care-approvals`));
  t.deepEqual(spanishTrapsIn([es.title, es.summary, ...es.points].join(' ')), []);
  const notOnFile = (await client.callTool({ name: 'explain_care_topic', arguments: { topic: 'not_on_file', language: 'es' } })).structuredContent as any;
  t.true(notOnFile.summary.includes('Nunca es un «no»'));
  for (const point of notOnFile.points) t.false(readsAsNo(point), point);
});

test('the four prompts take a language: es-* asks for Spanish answers quoting the record verbatim; without it, no such step', async (t) => {
  const { prompts } = await client.listPrompts();
  const args: Record<string, Record<string, string>> = {
    find_care: { place: 'Hayward' },
    check_homes: { homes: 'Acacia Court' },
    compare_homes: { homes: '015601295, 015601296' },
    plan_calls: { homes: '015601295' },
  };
  t.deepEqual(prompts.map((p) => p.name).sort(), Object.keys(args).sort());
  for (const prompt of prompts) {
    t.true(prompt.arguments?.some((a) => a.name === 'language'), prompt.name);
    const spanish = await client.getPrompt({ name: prompt.name, arguments: { ...args[prompt.name]!, language: 'es-US' } });
    const text = (spanish.messages[0]!.content as { text: string }).text;
    // check_homes is Spanish throughout (issue 51 point 9): its own Spanish steps say the same.
    if (prompt.name === 'check_homes') t.true(text.includes('tal como está') && text.includes('Responda en español'), text);
    else {
      t.true(text.includes(IN_SPANISH), prompt.name);
      t.true(text.includes('verbatim'));
    }
    const english = await client.getPrompt({ name: prompt.name, arguments: args[prompt.name]! });
    t.false((english.messages[0]!.content as { text: string }).text.includes(IN_SPANISH));
  }
});

test('the demo notice of an answer is in the answer\'s language: a Spanish search, a Spanish get_home, an English one', async (t) => {
  const { license_number: license } = (await openHomes())[0]!;
  const spanishDemo = 'Datos de demostración: los centros que se muestran aquí son inventados.';
  const search = await client.callTool({ name: 'search', arguments: { query: 'demencia en Hayward' } });
  t.true(String((search.structuredContent as any).demo_notice).startsWith(spanishDemo), 'search read the ask as Spanish');
  t.true(errorText(search).includes(spanishDemo), 'its text block too');
  const home = await client.callTool({ name: 'get_home', arguments: { license_number: license, language: 'es' } });
  t.true(String((home.structuredContent as any).demo_notice).startsWith(spanishDemo));
  const english = await client.callTool({ name: 'get_home', arguments: { license_number: license } });
  t.true(String((english.structuredContent as any).demo_notice).startsWith('Demo data: the homes served here are invented'));
});
