// The change log over MCP, in both protocol eras: get_home's newest dated changes with the link
// to the whole log, and find_homes' changed_since; results valid against the declared schemas.
import test from 'ava';
import type { Client } from '@modelcontextprotocol/client';
import { serveChangedHomes } from '../helpers/changes.ts';
import { BASE_URL } from '../helpers/server.ts';
import { connect, errorText, LEGACY, validateOutput, type Era } from '../mcp/helpers.ts';

const served = serveChangedHomes(test);

const ERAS: Era[] = ['modern', LEGACY[0]];

async function callTool(t: any, client: Client, tools: Array<{ name: string; outputSchema?: unknown }>, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed: ${errorText(result)}`);
  t.is(validateOutput(tools, name, result.structuredContent), null, `${name} output matches its schema`);
  return result.structuredContent as any;
}

for (const era of ERAS) {
  test(`get_home carries the newest dated changes and the history link (${era})`, async (t) => {
    const client = await connect(`${served.server.url}/mcp`, era);
    try {
      const { tools } = await client.listTools();
      const [a, b] = served.fixture.homes;
      const home = await callTool(t, client, tools, 'get_home', { license_number: a!.license_number });
      t.is(home.changes.total, 2);
      t.deepEqual(home.changes.latest.map((c: any) => [c.observed_on, c.field, c.new_value]), [
        ['2030-02-05', 'licensee', 'SECOND NEW HOLDER LLC'],
        ['2030-01-05', 'licensee', 'FIRST NEW HOLDER LLC'],
      ]);
      t.is(home.changes.latest[0].line, 'License holder changed from FIRST NEW HOLDER LLC to SECOND NEW HOLDER LLC (state roster of 2030-02-05)');
      t.is(home.changes.history_url, `${BASE_URL}/api/v1/facilities/${a!.license_number}/history`);
      t.regex(home.changes.note, /not a verdict/);
      const quiet = await callTool(t, client, tools, 'get_home', { license_number: served.fixture.quiet });
      t.deepEqual(quiet.changes.latest, []);

      const county = b!.county;
      const changed = await callTool(t, client, tools, 'find_homes', { county, changed_since: '2030-02-01' });
      t.deepEqual(changed.homes.map((h: any) => h.license_number).sort(), [a!.license_number, b!.license_number].sort());
      t.is(changed.total, 2);
      t.is(changed.query.changed_since, '2030-02-01');
      t.true(changed.notes.some((note: string) => note.includes('changed since 2030-02-01')));
      const budgeted = await callTool(t, client, tools, 'find_homes', { county, changed_since: '2030-02-01', max_monthly_budget_usd: 30_000 });
      const withoutOwnRate = Number(/(\d+) of the homes listed ha(?:s|ve) no rate of (?:its|their) own/.exec(budgeted.notes.join(' '))?.[1]);
      const listedWithoutOwnRate = budgeted.homes.filter((h: any) => !h.price?.is_this_homes_own_rate).length;
      t.is(withoutOwnRate, listedWithoutOwnRate, 'the budget note counts the homes listed, after changed_since narrowed them');
      t.is(budgeted.kept_without_own_rate, listedWithoutOwnRate);
      const later = await callTool(t, client, tools, 'find_homes', { county, changed_since: '2030-03-01' });
      t.is(later.total, 0);
      const all = await callTool(t, client, tools, 'find_homes', { county });
      t.true(all.total > 2, 'without changed_since the county lists every home');
      const bad = await client.callTool({ name: 'find_homes', arguments: { county, changed_since: 'last month' } });
      t.true(bad.isError);
      t.regex(errorText(bad), /changed_since must be a date written YYYY-MM-DD/);
    } finally {
      await client.close();
    }
  });
}
