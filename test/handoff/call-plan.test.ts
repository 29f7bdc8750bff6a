// One call plan: start_family_request's homes, its family_message and the /plan page its link
// opens show the same homes in the same order (the order sent) with the same questions, in both
// MCP eras. A home's own rate is asked about the way its price line says it (the listing's own
// date and its age, never "published for you"), and each needed approval as the record states it.
import test from 'ava';
import { examples } from '../helpers/examples.ts';
import { decode } from '../pages/helpers.ts';
import { connect, errorText, startMcpServer, type McpTestServer } from '../mcp/helpers.ts';

let server: McpTestServer;
test.before(async () => {
  server = await startMcpServer();
});
test.after.always(async () => {
  await server?.close();
});

interface Picked {
  license_number: string;
  name: string;
  dementia: string;
}

/** Three listed homes: an own rate on an old listing, dementia false; dementia not on file; dementia true. Sent reverse-alphabetically. */
async function pickHomes() {
  const ex = await examples();
  const snapshotDate = ex.value<string>("SELECT value FROM metadata WHERE key = 'snapshot_date'");
  const oldRate = ex.one<Picked & { updated_on: string }>(
    'a listed home with its own rate on a listing updated more than 12 months before the run, dementia false',
    `SELECT license_number, name, dementia, json_extract(price_json, '$.listing.updated_on') AS updated_on FROM facilities
     WHERE listed = 1 AND price_kind IN ('home_listed', 'home_confirmed') AND dementia = 'false'
       AND json_extract(price_json, '$.listing.updated_on') < date(?, '-12 months') ORDER BY sort_key`,
    snapshotDate,
  );
  const silent = ex.one<Picked>('a listed home with dementia not on file', "SELECT license_number, name, dementia FROM facilities WHERE listed = 1 AND dementia = 'not_on_file' ORDER BY sort_key");
  const carries = ex.one<Picked>('a listed home with dementia true', "SELECT license_number, name, dementia FROM facilities WHERE listed = 1 AND dementia = 'true' ORDER BY sort_key");
  const homes = [oldRate, silent, carries].sort((a, b) => b.name.localeCompare(a.name));
  return { homes, oldRate, silent, carries };
}

/** The /plan page's homes, in page order: license and questions. */
function pageHomes(page: string): Array<{ license: string; questions: string[] }> {
  return page
    .split('<li class="plan-home">')
    .slice(1)
    .map((block) => ({
      license: /name="home" value="(\d{9})"/.exec(block)![1]!,
      questions: [.../<p>Questions to ask:<\/p>\s*<ul>([\s\S]*?)<\/ul>/.exec(block)![1]!.matchAll(/<li>([\s\S]*?)<\/li>/g)].map(([, q]) => decode(q!)),
    }));
}

/** family_message's homes, in message order: license and questions. */
function messageHomes(message: string): Array<{ license: string; questions: string[] }> {
  const homes: Array<{ license: string; questions: string[] }> = [];
  for (const line of message.split('\n')) {
    const head = /^\d+\. .*\(license (\d{9})\)/.exec(line);
    if (head) homes.push({ license: head[1]!, questions: [] });
    else if (line.startsWith('   - ') && homes.length > 0) homes.at(-1)!.questions.push(line.slice(5));
  }
  return homes;
}

for (const era of ['modern', '2025-11-25'] as const) {
  test(`${era}: the message, the answer's homes and the plan page are one plan: the order sent, the same questions`, async (t) => {
    const { homes, oldRate, silent, carries } = await pickHomes();
    const sent = homes.map((home) => home.license_number);
    t.notDeepEqual(sent, [...sent].sort((a, b) => homes.find((h) => h.license_number === a)!.name.localeCompare(homes.find((h) => h.license_number === b)!.name)), 'sent out of alphabetical order');
    const client = await connect(server.mcpUrl, era);
    t.teardown(() => client.close());
    const result = await client.callTool({ name: 'start_family_request', arguments: { license_numbers: sent, care_needs: ['dementia'] } });
    t.falsy(result.isError, errorText(result));
    const out = result.structuredContent as any;

    const answer = out.homes.map((home: any) => ({ license: home.license_number, questions: home.questions_to_ask }));
    t.deepEqual(answer.map((home: any) => home.license), sent, 'the answer lists the homes in the order sent');
    t.deepEqual(messageHomes(out.family_message), answer, 'family_message: the same homes, order and questions');
    const page = await fetch(out.link.replace(/^https?:\/\/[^/]+/, server.url)).then((reply) => reply.text());
    t.deepEqual(pageHomes(page), answer, 'the plan page: the same homes, order and questions');
    t.regex(out.honesty.order, /order the license numbers were sent/);

    const questionsOf = (license: string) => answer.find((home: any) => home.license === license)!.questions.join('\n');
    const rateQuestion = questionsOf(oldRate.license_number);
    t.true(rateQuestion.includes(`last updated ${oldRate.updated_on}`), 'the listing is named by its own date');
    t.true(rateQuestion.includes('(that listing is more than 12 months old)'));
    t.false(/published for you|\(seen /.test(out.family_message + page));
    t.regex(rateQuestion, /The state record shows your license does not carry the dementia care approval \(not on file\)/);
    t.false(rateQuestion.includes('does not say'), 'a stated negative is never described as silence');
    t.regex(questionsOf(silent.license_number), /The state record does not say whether your license carries the dementia care approval \(not on file, which is not a no\)/);
    t.regex(questionsOf(carries.license_number), /The state record shows your license carries the dementia care approval/);
  });
}
