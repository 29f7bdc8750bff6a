// The change log on the pages: a home's "Changes on the state record" (HTML and Markdown twin
// alike, newest first, dated by source, framed as not a verdict) and a county page's month.
import test from 'ava';
import { nameSlug } from '../../contract/names.ts';
import { CHANGES_FAIRNESS } from '../../serve/shape/changes.ts';
import { publishGenerations, serveChangedHomes } from '../helpers/changes.ts';
import { examples } from '../helpers/examples.ts';
import { BASE_URL, call, startServer } from '../helpers/server.ts';

const served = serveChangedHomes(test);

const get = async (path: string) => (await call(`${served.server.url}${path}`)).text;
const homePath = (home: { name: string; license_number: string }) => `/facility/${nameSlug(home.name)}-${home.license_number}`;
const decode = (text: string) => text.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');

const NEWER = 'License holder changed from FIRST NEW HOLDER LLC to SECOND NEW HOLDER LLC (state roster of 2030-02-05)';

test("a home's page and its Markdown twin list its changes newest first, with the fairness framing", async (t) => {
  const a = served.fixture.homes[0]!;
  const page = decode(await get(homePath(a)));
  const markdown = await get(`${homePath(a)}.md`);
  for (const [text, label] of [[page, 'HTML'], [markdown, 'Markdown']] as const) {
    const heading = text.indexOf('Changes on the state record');
    t.true(heading > 0, label);
    const newer = text.indexOf(NEWER);
    const older = text.indexOf('License holder changed from', newer + 1);
    t.true(newer > heading, `${label}: the newest change is listed`);
    t.true(older > newer, `${label}: the older change follows`);
    t.true(text.slice(older).includes('to FIRST NEW HOLDER LLC (state roster of 2030-01-05)'), label);
    t.true(text.includes(CHANGES_FAIRNESS), `${label}: a change is not a verdict`);
    t.true(text.includes(`/changes?license=${a.license_number}`), `${label}: links the whole log, a page`);
  }
  t.true(markdown.indexOf('## How to call') < markdown.indexOf('## Changes on the state record'), 'how to call comes first');
});

test('a home with no logged change says so', async (t) => {
  const name = (await examples()).value<string>('SELECT name FROM facilities WHERE license_number = ?', served.fixture.quiet);
  const markdown = await get(`${homePath({ name, license_number: served.fixture.quiet })}.md`);
  t.true(markdown.includes('## Changes on the state record'));
  // An empty history names since when changes are kept, so it never reads as "never changed".
  t.regex(markdown, /This service's change log, which begins on \d{4}-\d{2}-\d{2}, holds no change to this home's state record/);
});

test("a county page lists the month's changes of its homes, each linking to the home", async (t) => {
  const [a, b] = served.fixture.homes;
  const slug = nameSlug(a!.county);
  for (const path of [`/county/${slug}`, `/county/${slug}.md`]) {
    const text = decode(await get(path));
    const section = text.slice(text.indexOf('Changes on the state record in'));
    t.true(section.includes('since 2030-02-01'), path);
    t.true(section.includes(`${a!.name}: ${NEWER}`), path);
    t.true(section.includes(`${b!.name}: Phone changed from`), path);
    t.false(section.includes('2030-01-05'), `${path}: January's changes are not this month's`);
    t.false(section.includes('Licensed beds changed'), `${path}: another county's change is not listed`);
    t.true(section.includes(homePath(a!)), path);
    t.true(section.includes(`/county/${slug}/changes.atom`), path);
    t.true(section.includes(CHANGES_FAIRNESS), path);
  }
});

test("a renamed home's page address change reads the service's address, never the stored {base_url} token", async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; name: string }>('a listed home', 'SELECT license_number, name FROM facilities WHERE listed = 1 ORDER BY license_number LIMIT 1');
  const renamed = { license_number: home.license_number, name: 'RENAMED GARDEN HOME' };
  const { dir } = await publishGenerations([{ date: '2030-01-05', renamed: [{ license: home.license_number, name: renamed.name }] }]);
  const server = await startServer({ snapshotsDir: dir });
  try {
    const line = `Page address changed from ${BASE_URL}${homePath(home)} to ${BASE_URL}${homePath(renamed)}`;
    const surfaces = {
      page: decode((await call(`${server.url}${homePath(renamed)}`)).text),
      markdown: (await call(`${server.url}${homePath(renamed)}.md`)).text.replace(/\\(.)/g, '$1'),
      feed: decode((await call(`${server.url}/changes.atom`)).text),
      history: (await call(`${server.url}/api/v1/facilities/${home.license_number}/history`)).text,
    };
    for (const [surface, text] of Object.entries(surfaces)) t.false(text.includes('{base_url}'), `${surface}: no stored token`);
    for (const surface of ['page', 'markdown', 'feed'] as const) t.true(surfaces[surface].includes(line), `${surface}: the address as served`);
  } finally {
    await server.close();
  }
});

test('a care approval moving between the two non-true values never reads "changed from not on file to not on file"', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; name: string }>('a listed home whose dementia value is false', "SELECT license_number, name FROM facilities WHERE listed = 1 AND dementia = 'false' ORDER BY license_number LIMIT 1");
  const { dir } = await publishGenerations([{ date: '2030-01-05', edits: [{ license: home.license_number, field: 'clearances.dementia', value: 'not_on_file' }] }]);
  const server = await startServer({ snapshotsDir: dir });
  try {
    const markdown = (await call(`${server.url}${homePath(home)}.md`)).text;
    t.false(markdown.includes('from not on file to not on file'));
    t.true(markdown.includes("Dementia care approval: the record's entry changed; it reads not on file before and after"));
  } finally {
    await server.close();
  }
});
