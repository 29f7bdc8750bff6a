// Both non-true values read "not on file", and the sentence around them stays true: a stated
// negative (false) is never described as the record's silence, silence is never a no, and a
// closed license is never sent to "ask the home". Held on the home page, its Markdown twin and
// MCP fetch (both eras), which all render the one home view.
import test from 'ava';
import { examples } from './helpers/examples.ts';
import { call } from './helpers/server.ts';
import { BROWSER_ACCEPT, mainText } from './pages/helpers.ts';
import { connect, startMcpServer, type McpTestServer } from './mcp/helpers.ts';

let server: McpTestServer;
test.before(async () => {
  server = await startMcpServer();
});
test.after.always(async () => {
  await server?.close();
});

/** The page text, Markdown twin and MCP fetch text (both eras) of the first home the seeds hold where `where` holds. */
async function surfaces(what: string, where: string): Promise<Array<[string, string]>> {
  const ex = await examples();
  const { license_number: license, name_slug: slug } = ex.one<{ license_number: string; name_slug: string }>(
    what,
    `SELECT license_number, name_slug FROM facilities WHERE ${where} ORDER BY license_number`,
  );
  const path = `/facility/${slug}-${license}`;
  const texts: Array<[string, string]> = [
    ['page', mainText((await call(`${server.url}${path}`, { headers: { accept: BROWSER_ACCEPT } })).text)],
    ['markdown', (await call(`${server.url}${path}.md`)).text.replace(/\\|\*\*/g, '')],
  ];
  for (const era of ['modern', '2025-11-25'] as const) {
    const client = await connect(server.mcpUrl, era);
    const fetched = (await client.callTool({ name: 'fetch', arguments: { id: license } })).structuredContent as { text: string };
    await client.close();
    texts.push([`fetch ${era}`, fetched.text.replace(/\\|\*\*/g, '')]);
  }
  return texts;
}

/** The quick answer to a question, as each surface words it (the text after the question). */
function answerTo(text: string, question: string): string {
  const at = text.indexOf(question);
  return at < 0 ? '' : text.slice(at + question.length, at + question.length + 400);
}

const DEMENTIA = 'Does it take residents with dementia?';

test('a stated negative reads "not on file" and says what the record states, never that it does not say', async (t) => {
  for (const [surface, text] of await surfaces('a listed home whose record states dementia false', "listed = 1 AND dementia = 'false'")) {
    const answer = answerTo(text, DEMENTIA);
    t.regex(answer, /^\s*Not on file: this license does not carry the dementia care approval, per the state's approvals file/, surface);
    t.false(/does not say/.test(answer.split('?')[0]!), `${surface}: ${answer}`);
    t.true(text.includes('"Not on file" means the record does not say, or states that the license does not carry it'), `${surface}: the fairness sentence is true of both`);
  }
});

test('silence reads "not on file", is not a no, and an open home is to be asked', async (t) => {
  for (const [surface, text] of await surfaces('a listed home whose record does not say dementia', "listed = 1 AND dementia = 'not_on_file'")) {
    t.regex(answerTo(text, DEMENTIA), /^\s*Not on file: the record does not say whether this license carries the dementia care approval, .*That is not a no; ask the home\./, surface);
  }
});

test('a closed license is never sent to "ask the home": its answers say what the record held', async (t) => {
  for (const [surface, text] of await surfaces('a closed license whose record does not say dementia and is off the waiver list', "closed = 1 AND dementia = 'not_on_file' AND alw_participation = 'not_on_file'")) {
    t.false(/ask the home/i.test(text), `${surface} sends no one to a closed home`);
    t.regex(answerTo(text, DEMENTIA), /^\s*This license is closed, so the home takes no residents under it\. While it was open, the record held: not on file: the record does not say whether this license carries the dementia care approval/, surface);
  }
});

test('the care-approval lists say why a home is left out, true of a stated negative and of silence alike', async (t) => {
  for (const path of ['/care', '/care/dementia']) {
    const text = mainText((await call(`${server.url}${path}`, { headers: { accept: BROWSER_ACCEPT } })).text);
    t.true(text.includes("when the state's file states that its license does not carry"), path);
    t.false(text.includes('a home whose file does not say is not listed'), path);
    t.false(text.includes('"not on file" means the record does not say, never no'), path);
  }
});
