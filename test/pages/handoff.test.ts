// The family hand-off page: a signed link opens the plan with the homes preselected and the folded
// assistant note; after 7 days the homes still open without the note or the assistant's name; a
// tampered link opens nothing. The operator's mode decides what happens next; a coordination
// request lands only in the operator store and the log says only that one was stored.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import { OPERATOR_STORE_FILE } from '../../contract/overlay.ts';
import { CONSENT_SENTENCE, PLAN_REQUESTS_PER_WINDOW } from '../../serve/handoff/plan.ts';
import { createLogger } from '../../serve/lib/log.ts';
import { runOperatorCommand } from '../../serve/operator/cli.ts';
import { createServer, type App } from '../../serve/server.ts';
import { settingsFromEnv } from '../../serve/http/settings.ts';
import { examples } from '../helpers/examples.ts';
import { call, type Reply } from '../helpers/server.ts';
import { snapshotDir } from '../helpers/snapshot.ts';
import { assertHtml, BASE_URL, BROWSER_ACCEPT, decode, links, mainText } from './helpers.ts';

interface Plan {
  app: App;
  dir: string;
  logs: string[];
  get(p: string): Promise<Reply>;
  post(form: Record<string, string | string[]>, headers?: Record<string, string>): Promise<Reply>;
  operator(...args: string[]): string[];
  sign(licenses: string[], options?: { needs?: string[]; now?: Date; client?: string | null }): string;
  requests(): Array<Record<string, unknown>>;
}

const apps: App[] = [];
test.after.always(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

/** A server whose every log line is kept, to show what a submission leaves in the log. */
async function planServer(): Promise<Plan> {
  const dir = await snapshotDir();
  const logs: string[] = [];
  const app = await createServer(
    { ...settingsFromEnv({}), port: 0, host: '127.0.0.1', baseUrl: BASE_URL, snapshotsDir: dir, logLevel: 'debug', overlayPollMs: 3_600_000 },
    createLogger('debug', (line) => logs.push(line)),
  );
  apps.push(app);
  return {
    app,
    dir,
    logs,
    get: (p) => call(`${app.url}${p}`, { redirect: 'manual', headers: { accept: BROWSER_ACCEPT } }),
    post(form, headers = {}) {
      const body = new URLSearchParams();
      for (const [key, value] of Object.entries(form)) for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
      return call(`${app.url}/plan`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: BROWSER_ACCEPT, ...headers }, body: body.toString() });
    },
    operator(...args) {
      const lines: string[] = [];
      runOperatorCommand(args, { snapshotsDir: dir, out: (line) => lines.push(line) });
      app.services.overlays.refresh();
      return lines;
    },
    sign(licenses, options = {}) {
      return app.services.handoff.sign(
        { licenses, needs: options.needs ?? ['dementia'], timing: 'within_a_month', client: options.client === undefined ? 'Helper Assistant' : options.client },
        options.now,
      ).token;
    },
    requests() {
      const file = path.join(dir, OPERATOR_STORE_FILE);
      if (!fs.existsSync(file)) return [];
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare('SELECT * FROM coordination_requests ORDER BY id').all() as Array<Record<string, unknown>>;
      } finally {
        db.close();
      }
    },
  };
}

async function listedHomes(count: number) {
  const ex = await examples();
  return ex.all<{ license_number: string; name: string; phone: string; dementia: string }>(
    `SELECT license_number, name, phone, dementia FROM facilities WHERE listed = 1 AND phone IS NOT NULL ORDER BY sort_key LIMIT ${count}`,
  );
}

const EIGHT_DAYS_AGO = () => new Date(Date.now() - 8 * 86_400_000);

test('a valid link opens the plan: homes preselected with roster phones and questions, the folded assistant note, self-serve next steps', async (t) => {
  const plan = await planServer();
  const homes = await listedHomes(3);
  const reply = await plan.get(`/plan?h=${plan.sign(homes.map((h) => h.license_number))}`);
  assertHtml(t, reply, 'no-store');
  t.is(reply.headers.get('referrer-policy'), 'same-origin');
  t.is(reply.headers.get('x-robots-tag'), 'noindex');
  const page = reply.text;
  for (const home of homes) {
    t.regex(page, new RegExp(`<input type="checkbox" id="home-${home.license_number}" name="home" value="${home.license_number}" checked>`));
    t.true(decode(page).includes(home.name));
    t.true(decode(page).includes(home.phone), 'roster phone');
  }
  t.true(links(page).filter((href) => href.startsWith('tel:')).length >= homes.length);
  t.regex(page, /<details><summary>Who chose these homes\?<\/summary>\s*<p>An assistant chose these homes for you \(client: Helper Assistant\); no home was told\.<\/p><\/details>/);
  const text = mainText(page);
  t.true(text.includes('Questions to ask:'));
  t.true(text.includes('Care needs in this plan: dementia care.'));
  t.true(text.includes('Nothing is sent to any home'));
  t.false(page.includes('name="consent"'), 'no consent form in self-serve mode');
  t.false(page.includes('method="post"'));
  // The call list: only the homes ticked.
  const token = plan.sign(homes.map((h) => h.license_number));
  const list = await plan.get(`/plan?h=${token}&home=${homes[1]!.license_number}`);
  t.is(list.status, 200);
  t.true(list.text.includes(`value="${homes[1]!.license_number}" checked`));
  t.false(list.text.includes(`value="${homes[0]!.license_number}"`));
});

test('after 7 days the homes still open, without the note and without the assistant name', async (t) => {
  const plan = await planServer();
  const homes = await listedHomes(2);
  const reply = await plan.get(`/plan?h=${plan.sign(homes.map((h) => h.license_number), { now: EIGHT_DAYS_AGO() })}`);
  assertHtml(t, reply, 'no-store');
  for (const home of homes) t.true(reply.text.includes(`value="${home.license_number}" checked`));
  t.false(reply.text.includes('<details>'));
  t.false(reply.text.includes('An assistant chose'));
  t.false(reply.text.includes('Helper Assistant'));
  t.true(mainText(reply.text).includes('This link is more than 7 days old. The homes still open here.'));
});

test('a sort, order or rank parameter on a valid plan link is refused with the reason, never ignored', async (t) => {
  const plan = await planServer();
  const homes = await listedHomes(2);
  const token = plan.sign(homes.map((h) => h.license_number));
  for (const parameter of ['sort=name', 'order=desc', 'RANK=1']) {
    const reply = await plan.get(`/plan?h=${token}&${parameter}`);
    assertHtml(t, reply, 'no-store', 400);
    t.regex(mainText(reply.text), /There is no sort, order or rank parameter/, parameter);
  }
});

test('a tampered, cut or missing link opens nothing: a clear 400 page linking to the search, no error dump', async (t) => {
  const plan = await planServer();
  const homes = await listedHomes(2);
  const token = plan.sign(homes.map((h) => h.license_number));
  const [body, signature] = token.split('.');
  const forged = Buffer.from(JSON.stringify({ licenses: ['000000001'], needs: [], timing: null, expires: 9_999_999_999, client: 'x' })).toString('base64url');
  const flip = (text: string) => text.slice(0, -1) + (text.endsWith('A') ? 'B' : 'A');
  for (const bad of [`${flip(body!)}.${signature}`, `${body}.${flip(signature!)}`, `${forged}.${signature}`, token.slice(0, -5), `${token}.x`, '', 'garbage', '%00']) {
    const reply = await plan.get(`/plan?h=${encodeURIComponent(bad)}`);
    assertHtml(t, reply, 'no-store', 400);
    const text = mainText(reply.text);
    t.true(text.startsWith('This link is not valid'), bad);
    t.true(links(reply.text).includes(`${BASE_URL}/`));
    for (const home of homes) t.false(reply.text.includes(home.license_number));
    t.notRegex(reply.text, /at \w+ \(|Error:|stack/i);
  }
  assertHtml(t, await plan.get('/plan'), 'no-store', 400);
  assertHtml(t, await plan.get(`/plan?h=${token}&h=${token}`), 'no-store', 400);
});

test('coordination mode: a consent sentence the family ticks themselves, their own name and phone; nothing sent before submit', async (t) => {
  const plan = await planServer();
  plan.operator('mode', 'coordination_available');
  const homes = await listedHomes(2);
  const reply = await plan.get(`/plan?h=${plan.sign(homes.map((h) => h.license_number))}`);
  assertHtml(t, reply, 'no-store');
  const page = reply.text;
  t.regex(page, /<input type="checkbox" id="consent" name="consent" value="yes" required>\s*<label for="consent">/);
  t.false(/id="consent"[^>]*checked/.test(page), 'the consent box is never ticked for the family');
  t.true(decode(page).includes(CONSENT_SENTENCE));
  t.regex(page, /<label for="family_name">Your name<\/label>\s*<input type="text" id="family_name" name="family_name"/);
  t.regex(page, /<label for="family_phone">Your phone number<\/label>\s*<input type="tel" id="family_phone" name="family_phone"/);
  t.regex(page, /<form method="post" action="https:\/\/care\.example\/plan">/);
  const text = mainText(page);
  t.true(text.includes('Nothing is sent to any home before you send this form. No visit is arranged until a home agrees, and we cannot promise when you will hear back.'));
  t.deepEqual(plan.requests(), [], 'opening the page stores nothing');
});

test('a coordination request lands only in the operator store; the page and the log repeat none of it', async (t) => {
  const plan = await planServer();
  plan.operator('mode', 'coordination_available');
  const homes = await listedHomes(3);
  const token = plan.sign(homes.map((h) => h.license_number), { needs: ['dementia', 'wheelchair'] });
  const family = { family_name: 'Quillon Vantastic', family_phone: '(415) 555-0199' };
  const reply = await plan.post({ h: token, home: [homes[0]!.license_number, homes[2]!.license_number], consent: 'yes', ...family });
  assertHtml(t, reply, 'no-store');
  const text = mainText(reply.text);
  t.true(text.startsWith('Your request is stored'));
  t.true(text.includes('No visit is arranged until a home agrees. We cannot promise when you will hear back.'));
  t.false(reply.text.includes('Quillon') || reply.text.includes('555-0199'), 'the page does not echo the family');

  const [stored, ...more] = plan.requests();
  t.deepEqual(more, []);
  t.like(stored, {
    licenses: JSON.stringify([homes[0]!.license_number, homes[2]!.license_number]),
    needs: JSON.stringify(['dementia', 'wheelchair']),
    timing: 'within_a_month',
    family_name: 'Quillon Vantastic',
    family_phone: '(415) 555-0199',
    consent: CONSENT_SENTENCE,
    assistant_client: 'Helper Assistant',
  });
  const log = plan.logs.join('');
  t.true(log.includes('"msg":"coordination request stored"'));
  // The phone's parts, not a bare "415": a timing or a port number may contain those digits.
  t.false(/Quillon|Vantastic|555-0199|\(415\)/.test(log), 'no field of the request in the log');

  // No API, page or discovery file exposes it.
  for (const p of ['/api/v1/facilities?limit=100', `/api/v1/facilities/${homes[0]!.license_number}`, '/healthz', '/llms.txt', `/plan?h=${token}`, '/county']) {
    const page = await plan.get(p);
    t.false(page.text.includes('Quillon') || page.text.includes('555-0199'), p);
  }

  // The operator lists it without contact details, and exports it with them.
  t.regex(plan.operator('requests', 'list').join('\n'), new RegExp(`coordination requests: 1\\n  #1 .* homes ${homes[0]!.license_number}, ${homes[2]!.license_number} \\(via Helper Assistant\\)`));
  t.false(plan.operator('requests', 'list').join('\n').includes('Quillon'));
  const exported = JSON.parse(plan.operator('requests', 'export')[0]!);
  t.is(exported.family_phone, '(415) 555-0199');
  t.deepEqual(exported.licenses, [homes[0]!.license_number, homes[2]!.license_number]);
  t.deepEqual(plan.operator('requests', 'delete', '1'), ['deleted: requests 1']);
  t.deepEqual(plan.requests(), []);
});

test('after 7 days a request is no longer attributed to the assistant', async (t) => {
  const plan = await planServer();
  plan.operator('mode', 'coordination_available');
  const homes = await listedHomes(1);
  const token = plan.sign([homes[0]!.license_number], { now: EIGHT_DAYS_AGO() });
  const reply = await plan.post({ h: token, home: homes[0]!.license_number, consent: 'yes', family_name: 'Ana Example', family_phone: '+1 415 555 0100' });
  t.is(reply.status, 200);
  t.is(plan.requests()[0]!.assistant_client, null);
});

test('a request without consent, name or phone, with a foreign home, in self-serve mode, cross-site or with a bad link stores nothing', async (t) => {
  const plan = await planServer();
  const homes = await listedHomes(2);
  const token = plan.sign([homes[0]!.license_number]);
  const good = { h: token, home: homes[0]!.license_number, consent: 'yes', family_name: 'Ana Example', family_phone: '415 555 0100' };

  const selfServe = await plan.post(good);
  assertHtml(t, selfServe, 'no-store', 409);
  t.true(mainText(selfServe.text).includes('is not arranging visits right now, so nothing was sent to any home and nothing was stored'));

  plan.operator('mode', 'coordination_available');
  const cases: Array<[Record<string, string | string[]>, RegExp]> = [
    [{ ...good, consent: '' }, /tick the consent box yourself/],
    [{ ...good, family_name: '' }, /Type your name/],
    [{ ...good, family_phone: 'call me' }, /Type a phone number/],
    [{ ...good, family_phone: '12' }, /Type a phone number/],
    [{ ...good, home: homes[1]!.license_number }, /Tick at least one home of this plan/],
    [{ ...good, home: [] }, /Tick at least one home of this plan/],
  ];
  for (const [form, problem] of cases) {
    const reply = await plan.post(form);
    assertHtml(t, reply, 'no-store', 400);
    t.regex(mainText(reply.text), problem);
    t.false(reply.text.includes('Ana Example'), 'what was typed is not shown again');
  }
  assertHtml(t, await plan.post({ ...good, h: `${token}x` }), 'no-store', 400);
  t.is((await plan.post(good, { origin: 'https://elsewhere.example' })).status, 403);
  t.deepEqual(plan.requests(), []);
  t.is((await plan.post(good)).status, 200);
  t.is(plan.requests().length, 1);
});

test('a link naming a closed license shows it as closed, outside the plan; an unknown license says it left the roster', async (t) => {
  const plan = await planServer();
  const ex = await examples();
  const closed = ex.one<{ license_number: string }>('a closed license', 'SELECT license_number FROM facilities WHERE closed = 1');
  const [open] = await listedHomes(1);
  const reply = await plan.get(`/plan?h=${plan.sign([open!.license_number, closed.license_number, '000000001'])}`);
  assertHtml(t, reply, 'no-store');
  t.true(reply.text.includes(`value="${open!.license_number}" checked`));
  t.false(reply.text.includes(`value="${closed.license_number}"`));
  const text = mainText(reply.text);
  t.true(text.includes('This license is closed , so it is not in your plan.') || text.includes('This license is closed, so it is not in your plan.'));
  t.true(text.includes('License 000000001 is no longer on the state roster.'));
});

test('one address can store only a few requests in ten minutes; the next is a 429 page and stores nothing', async (t) => {
  const plan = await planServer();
  plan.operator('mode', 'coordination_available');
  const [home] = await listedHomes(1);
  const form = { h: plan.sign([home!.license_number]), home: home!.license_number, consent: 'yes', family_name: 'Ana Example', family_phone: '415 555 0100' };
  for (let i = 0; i < PLAN_REQUESTS_PER_WINDOW; i += 1) t.is((await plan.post(form)).status, 200);
  const refused = await plan.post(form);
  assertHtml(t, refused, 'no-store', 429);
  const retryAfter = Number(refused.headers.get('retry-after'));
  t.true(retryAfter > 0 && retryAfter <= 600, `retry-after ${refused.headers.get('retry-after')}`);
  t.is(plan.requests().length, PLAN_REQUESTS_PER_WINDOW);
});
