// Where the state run read no care-approvals file (the state publishes none), every surface that
// shows care approvals says so in one sentence: the page and its Markdown twin, MCP's records
// (and so the cards drawn from them). With an approvals file, they name it and its date instead.
import test from 'ava';
import { call, startServer } from '../helpers/server.ts';
import { publishNewerSnapshot, snapshotDir } from '../helpers/snapshot.ts';
import { examples } from '../helpers/examples.ts';
import { connect } from '../mcp/helpers.ts';
import { APPROVALS_FROM_CLIENT_SERVED, NO_APPROVALS_FILE } from '../../serve/words/wording.ts';

async function surfaces(dir: string, license: string) {
  const server = await startServer({ snapshotsDir: dir });
  const client = await connect(`${server.url}/mcp`, 'modern');
  try {
    const result = await client.callTool({ name: 'get_home', arguments: { license_number: license } });
    const home = (result.structuredContent as any).home;
    const list = await client.callTool({ name: 'find_homes', arguments: { near: { latitude: 37.8, longitude: -122.27 }, radius_km: 50, limit: 5 } });
    const pagePath = new URL(home.links.page).pathname;
    const page = await call(`${server.url}${pagePath}`);
    const markdown = await call(`${server.url}${new URL(home.links.markdown).pathname}`);
    return { home, listed: (list.structuredContent as any).homes, page: page.text, markdown: markdown.text };
  } finally {
    await client.close();
    await server.close();
  }
}

test('a snapshot without an approvals file says on every surface that the state publishes none; one with it names the file and its date', async (t) => {
  const ex = await examples();
  const { license_number: license, clearances_as_of: asOf } = ex.one<{ license_number: string; clearances_as_of: string }>(
    'a listed home the approvals file carries, with no approval "yes"',
    "SELECT license_number, clearances_as_of FROM facilities WHERE listed = 1 AND service_designations <> 'null' AND clearances_as_of IS NOT NULL " +
      "AND 'true' NOT IN (dementia, hospice, non_ambulatory, bedridden) ORDER BY license_number LIMIT 1",
  );

  const withFile = await surfaces(await snapshotDir(), license);
  t.is(withFile.home.clearances.source_note, null);
  t.true(withFile.markdown.includes(`per the state's approvals file as of ${asOf}`), withFile.markdown.slice(0, 1500));
  t.false(withFile.markdown.includes(NO_APPROVALS_FILE));

  const dir = await snapshotDir();
  await publishNewerSnapshot(dir, '2099-01-01', (db) => db.prepare("DELETE FROM sources WHERE name = 'approvals'").run());
  const without = await surfaces(dir, license);
  t.is(without.home.clearances.source_note, NO_APPROVALS_FILE);
  // Without an approvals file a "yes" can only have come from the home's client-served codes
  // (pipeline/normalize/client-served.ts): such a home says so; the others say the file's absence.
  for (const home of without.listed) {
    const c = home.clearances;
    const anyYes = [c.dementia, c.hospice, c.non_ambulatory, c.bedridden].includes('true');
    t.is(c.source_note, anyYes ? APPROVALS_FROM_CLIENT_SERVED : NO_APPROVALS_FILE, home.license_number);
  }
  t.true(without.markdown.includes(NO_APPROVALS_FILE), without.markdown);
  t.false(without.markdown.includes("per the state's approvals file"));
  t.true(without.page.includes('The state publishes no file of care approvals'));
});
