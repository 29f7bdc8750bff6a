// start_family_request: the signed 7-day link and what it carries (decoded: never free text, never
// personal data), the screen on every free-text field, closed and unknown licenses refused, the
// answer per hand-off mode, and that nothing is written anywhere.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import type { Client } from '@modelcontextprotocol/client';
import { HandoffSigner } from '../../serve/http/handoff-link.ts';
import { examples } from '../helpers/examples.ts';
import { BASE_URL, connect, errorText, startMcpServer, type McpTestServer } from './helpers.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
let server: McpTestServer;
let client: Client;
test.before(async () => {
  server = await startMcpServer({ mcp: { now: () => NOW } });
  client = await connect(server.mcpUrl, 'modern', 'Example Assistant');
  await client.listTools();
});
test.after.always(async () => {
  await client?.close();
  await server?.close();
});

async function homes() {
  const ex = await examples();
  const open = ex
    .all<{ license_number: string; name: string; phone: string }>(
      "SELECT license_number, name, phone FROM facilities WHERE listed = 1 AND dementia = 'true' ORDER BY sort_key DESC LIMIT 3",
    );
  const closed = ex.one<{ license_number: string; name: string }>('a closed license', 'SELECT license_number, name FROM facilities WHERE closed = 1');
  return { open, closed };
}

function decode(link: string) {
  const url = new URL(link);
  const token = url.searchParams.get('h')!;
  const payload = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8'));
  return { url, token, payload };
}

test.serial('the link is signed, lapses in 7 days and carries only licenses, needs, timing, expiry and the client name', async (t) => {
  const { open } = await homes();
  const before = fs.readdirSync(server.dir).map((name) => [name, fs.statSync(path.join(server.dir, name)).mtimeMs]);
  const result = await client.callTool({
    name: 'start_family_request',
    arguments: {
      license_numbers: open.map((h) => h.license_number),
      care_needs: ['dementia', 'wheelchair'],
      timing: 'within_three_months',
      area: 'near Hayward',
      note: 'memory care, small home preferred',
      family_note: 'She loves gardens',
      assistant_name: 'Helper Bot',
    },
  });
  t.falsy(result.isError, errorText(result));
  const out = result.structuredContent as any;

  const { url, token, payload } = decode(out.link);
  t.is(`${url.origin}${url.pathname}`, `${BASE_URL}/plan`);
  t.deepEqual(Object.keys(payload).sort(), ['client', 'expires', 'licenses', 'needs', 'timing']);
  t.deepEqual([...payload.licenses].sort(), open.map((h) => h.license_number).sort());
  t.deepEqual(payload.needs, ['wheelchair', 'dementia']);
  t.is(payload.timing, 'within_three_months');
  t.is(payload.client, 'Example Assistant');
  t.is(payload.expires, NOW.getTime() / 1000 + 7 * 86_400);
  const decoded = Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8');
  for (const typed of ['Hayward', 'gardens', 'Helper', 'memory care', 'small home']) t.false(decoded.includes(typed), typed);
  t.is(out.expires_on, '2026-11-29');
  t.deepEqual(out.link_carries, {
    license_numbers: payload.licenses,
    care_needs: ['wheelchair', 'dementia'],
    timing: 'within_three_months',
    client_name: 'Example Assistant',
    expires_on: '2026-11-29',
  });

  // The server's own signer opens it; a changed token opens nothing.
  const signer = server.app.services.handoff as HandoffSigner;
  t.like(signer.open(token, NOW), { valid: true, expired: false });
  t.like(signer.open(token, new Date('2026-11-29T12:00:01Z')), { valid: true, expired: true });
  t.deepEqual(signer.open(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, NOW), { valid: false });

  t.is(out.mode, 'self_serve_only');
  t.is(out.consent.agent_can_consent, false);
  t.regex(out.relay_sentence, /Nothing has been sent to any home/);
  t.true(out.relay_sentence.includes(out.link));
  t.true(out.family_message.includes(out.link));
  t.regex(out.what_happens_next.join(' '), /nothing is sent to any home|Nothing has been sent to any home/);
  t.regex(out.what_happens_next.join(' '), /calls the homes themselves/);
  t.deepEqual(out.homes.map((h: any) => h.license_number), open.map((h) => h.license_number), 'the order sent (test/handoff/call-plan.test.ts: the page and the message agree)');
  for (const home of out.homes) {
    t.is(home.phone, open.find((h) => h.license_number === home.license_number)!.phone, 'the roster phone');
    t.true(home.questions_to_ask.length >= 4);
    t.regex(home.questions_to_ask[0], /opening/);
    t.true(home.questions_to_ask.some((q: string) => /dementia care approval/.test(q)));
  }
  t.regex(out.honesty.never_in_this_data, /open bed/);

  // Nothing was written: the folder holds the same files, unchanged.
  const after = fs.readdirSync(server.dir).map((name) => [name, fs.statSync(path.join(server.dir, name)).mtimeMs]);
  t.deepEqual(after, before);
});

test.serial('a 2025-era call carries no client name (clientInfo exists only on its initialize)', async (t) => {
  const { open } = await homes();
  const legacy = await connect(server.mcpUrl, '2025-11-25', 'Legacy Assistant');
  t.teardown(() => legacy.close());
  const result = await legacy.callTool({ name: 'start_family_request', arguments: { license_numbers: [open[0]!.license_number] } });
  t.falsy(result.isError);
  const out = result.structuredContent as any;
  t.is(decode(out.link).payload.client, null);
  t.is(out.link_carries.client_name, null);
  t.deepEqual(decode(out.link).payload.needs, []);
  t.is(decode(out.link).payload.timing, null);
});

test.serial('every free-text field is screened: names, relatives, phones, e-mails and addresses are refused without echo', async (t) => {
  const { open } = await homes();
  const license_numbers = [open[0]!.license_number];
  const cases: Array<[string, string, RegExp]> = [
    ['family_note', 'My mother Jane needs memory care', /person's name/],
    ['family_note', "Dad's name is Robert", /person's name/],
    ['note', "for Mrs. O'Brien", /person's name/],
    ['area', "D'Angelo family, Hayward", /person's name/],
    ['assistant_name', 'Maria Garcia', /person's name/],
    ['family_note', 'call me at (510) 555-0123', /phone number/],
    ['note', 'reach 510.555.0123', /phone number/],
    ['family_note', 'write to jane.doe@example.com', /e-mail address/],
    ['area', '123 Main St, Hayward', /street address/],
    ['note', 'lives at 4500 W Olive Avenue', /street address/],
  ];
  for (const [field, text, kind] of cases) {
    const result = await client.callTool({ name: 'start_family_request', arguments: { license_numbers, [field]: text } });
    t.true(result.isError, `${field}: ${text}`);
    const message = errorText(result);
    t.regex(message, new RegExp(`^${field} looks like it contains`));
    t.regex(message, kind);
    t.regex(message, /resend the call without/);
    for (const word of text.split(/[\s,.()]+/).filter((w) => w.length > 3 && /[A-Z0-9@]/.test(w))) t.false(message.includes(word), `echoed ${word}`);
  }
  const fine = await client.callTool({
    name: 'start_family_request',
    arguments: {
      license_numbers,
      area: 'Los Angeles County',
      note: "memory care; she has Alzheimer's",
      family_note: 'My mother has dementia and uses a wheelchair',
      assistant_name: 'Claude',
    },
  });
  t.falsy(fine.isError, errorText(fine));
});

test.serial('closed and unknown licenses are refused by number; a name in license_numbers is refused without echo', async (t) => {
  const { open, closed } = await homes();
  const closedResult = await client.callTool({
    name: 'start_family_request',
    arguments: { license_numbers: [open[0]!.license_number, closed.license_number] },
  });
  t.true(closedResult.isError);
  t.regex(errorText(closedResult), new RegExp(`License ${closed.license_number} .* is closed`));

  const unknown = await client.callTool({ name: 'start_family_request', arguments: { license_numbers: ['999999999'] } });
  t.true(unknown.isError);
  t.regex(errorText(unknown), /No home with license number 999999999/);

  const named = await client.callTool({ name: 'start_family_request', arguments: { license_numbers: ['Jane Doe'] } });
  t.true(named.isError);
  t.regex(errorText(named), /entry 1 is not a license number/);
  t.false(errorText(named).includes('Jane'));

  const six = await client.callTool({ name: 'start_family_request', arguments: { license_numbers: Array.from({ length: 6 }, () => open[0]!.license_number) } });
  t.true(six.isError);
  t.regex(errorText(six), /at most 5 homes/);
  const empty = await client.callTool({ name: 'start_family_request', arguments: { license_numbers: [] } });
  t.true(empty.isError);
  const badTiming = await client.callTool({ name: 'start_family_request', arguments: { license_numbers: [open[0]!.license_number], timing: 'tomorrow' } });
  t.regex(errorText(badTiming), /timing must be one of: as_soon_as_possible/);
});

test.serial('with coordination available, what happens next says consent is the family\'s own click and nothing is sent before submit', async (t) => {
  const { open } = await homes();
  t.is(server.operator('mode', 'coordination_available'), 0);
  t.teardown(() => server.operator('mode', 'self_serve_only'));
  const result = await client.callTool({ name: 'start_family_request', arguments: { license_numbers: [open[0]!.license_number] } });
  const out = result.structuredContent as any;
  t.is(out.mode, 'coordination_available');
  const next = out.what_happens_next.join(' ');
  t.regex(next, /consent sentence, ticking it with their own click/);
  t.regex(next, /Nothing is sent to any home before the family submits/);
  t.regex(next, /No visit is arranged until a home agrees/);
  t.regex(next, /No response time is promised/);
  t.is(out.consent.agent_can_consent, false);
  t.regex(out.relay_sentence, /arrange visits, if you choose/);
});
