// The Atom feeds of changes (RFC 4287): parsed as XML, every required element present, each entry
// linking to the home's page; the state feed and a county's; listed in llms.txt and the front door.
import test from 'ava';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { nameSlug } from '../../contract/names.ts';
import { DEMO_SENTENCE } from '../../serve/words/wording.ts';
import { serveChangedHomes } from '../helpers/changes.ts';
import { BASE_URL, call } from '../helpers/server.ts';

const served = serveChangedHomes(test);

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Fetches a feed, checks it is well-formed Atom with every element RFC 4287 requires, returns its entries. */
async function readFeed(t: any, path: string): Promise<any[]> {
  const reply = await call(`${served.server.url}${path}`);
  t.is(reply.status, 200, path);
  t.regex(reply.headers.get('content-type') ?? '', /^application\/atom\+xml/);
  t.is(XMLValidator.validate(reply.text), true, 'well-formed XML');
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false }).parse(reply.text);
  const feed = parsed.feed;
  t.is(feed['@xmlns'], 'http://www.w3.org/2005/Atom');
  // atom:feed MUST contain exactly one id, title and updated, and an author unless every entry has one.
  for (const element of ['id', 'title', 'updated']) t.is(list(feed[element]).length, 1, `feed ${element}`);
  t.regex(feed.updated, RFC3339);
  t.truthy(feed.author?.name, 'feed author name');
  t.is(list(feed.link).find((link: any) => link['@rel'] === 'self')['@href'], `${BASE_URL}${path}`);
  const entries = list(feed.entry);
  for (const entry of entries) {
    for (const element of ['id', 'title', 'updated']) t.is(list(entry[element]).length, 1, `entry ${element}`);
    t.regex(entry.updated, RFC3339);
    t.regex(entry.id, /^https?:\/\//, 'an IRI');
    // An entry without content MUST have an alternate link.
    t.truthy(list(entry.link).find((link: any) => link['@rel'] === 'alternate')?.['@href']);
  }
  t.is(new Set(entries.map((entry) => entry.id)).size, entries.length, 'entry ids are unique');
  return entries;
}

const alternate = (entry: any) => list(entry.link).find((link: any) => link['@rel'] === 'alternate')['@href'];

test('the state feed carries every change, newest run first, each linking to the home', async (t) => {
  const entries = await readFeed(t, '/changes.atom');
  t.is(entries.length, 5);
  const [a, , c] = served.fixture.homes;
  const holder = entries.find((entry) => entry.title.includes('SECOND NEW HOLDER LLC'))!;
  t.is(holder.title, `${a!.name}: License holder changed from FIRST NEW HOLDER LLC to SECOND NEW HOLDER LLC (state roster of 2030-02-05)`);
  t.is(holder.updated, '2030-02-05T00:00:00Z');
  t.regex(alternate(holder), new RegExp(`^${BASE_URL}/facility/[a-z0-9-]+-${a!.license_number}$`));
  const page = await call(`${served.server.url}${alternate(holder).slice(BASE_URL.length)}`);
  t.is(page.status, 200, 'the entry links to the home\'s page');
  const removed = entries.find((entry) => entry.title.includes('no longer on the state roster'))!;
  t.is(alternate(removed), `${BASE_URL}/api/v1/facilities/${c!.license_number}/history`, 'a license no longer listed links to its history');
  t.deepEqual(entries.slice(0, 2).map((entry) => entry.updated), ['2030-02-05T00:00:00Z', '2030-02-05T00:00:00Z']);
});

test("a county's feed holds only its homes' changes; an unknown county is 404", async (t) => {
  const county = served.fixture.homes[0]!.county;
  const entries = await readFeed(t, `/county/${nameSlug(county)}/changes.atom`);
  t.is(entries.length, 4);
  t.false(entries.some((entry) => entry.title.startsWith(`${served.fixture.homes[3]!.name}:`)));
  t.is((await call(`${served.server.url}/county/no-such-county/changes.atom`)).status, 404);
});

test('the feeds and downloads are listed in llms.txt and on the front door', async (t) => {
  const llms = (await call(`${served.server.url}/llms.txt`)).text;
  t.true(llms.includes(`${BASE_URL}/changes.atom`));
  t.true(llms.includes(`${BASE_URL}/county/<county>/changes.atom`));
  t.true(llms.includes(`${BASE_URL}/api/v1/changes`));
  const door = (await call(`${served.server.url}/api/v1`)).body;
  t.is(door.feeds.changes, `${BASE_URL}/changes.atom`);
  t.is(door.downloads, `${BASE_URL}/data/index.json`);
  t.true(llms.includes(`${BASE_URL}/data/index.json`));
  t.is(door.endpoints.changes.split('?')[0], `GET ${BASE_URL}/api/v1/changes`);
});

test('while demo data is served, both feeds say so in their title and subtitle', async (t) => {
  for (const path of ['/changes.atom', `/county/${nameSlug(served.fixture.homes[0]!.county)}/changes.atom`]) {
    const feed = new XMLParser({ parseTagValue: false }).parse((await call(`${served.server.url}${path}`)).text).feed;
    t.regex(feed.title, /\(demo data\)$/, path);
    t.true(feed.subtitle.replace(/&#39;/g, "'").startsWith(DEMO_SENTENCE), path);
  }
});
