// The guides: the list page and every guide, with published and reviewed dates, their Markdown
// twins, and the same list as GET /api/v1/guides.
import test from 'ava';
import { GUIDE_CONTENT } from '../../serve/words/guides/content.ts';
import { guideCatalog } from '../../serve/words/guides/catalog.ts';
import { call } from '../helpers/server.ts';
import { assertHtml, assertMarkdownHeaders, AVAILABILITY_OR_RANKING, BASE_URL, EDITORIAL_CACHE, links, mainText, pageServer, type PageServer } from './helpers.ts';

let pages: PageServer;
test.before(async () => {
  pages = await pageServer();
});
test.after.always(async () => {
  await pages?.close();
});

const REQUIRED = ['choosing-a-care-home', 'care-approvals', 'reading-a-state-report', 'assisted-living-waiver', 'paying-for-care'];

test('the catalog has the required guides, each with content', (t) => {
  const slugs = guideCatalog(BASE_URL).map((guide) => guide.slug);
  for (const slug of REQUIRED) t.true(slugs.includes(slug), slug);
  for (const slug of slugs) t.truthy(GUIDE_CONTENT[slug], `content for ${slug}`);
});

test('GET /api/v1/guides lists the guides the pages serve', async (t) => {
  const reply = await call(`${pages.server.url}/api/v1/guides`);
  t.is(reply.status, 200);
  const guides = reply.body.data.guides as Array<{ slug: string; url: string; published_on: string; reviewed_on: string }>;
  t.is(reply.body.data.total, guides.length);
  t.deepEqual(guides.map((guide) => guide.url), guideCatalog(BASE_URL).map((guide) => guide.url));
  const index = await pages.get('/guides');
  assertHtml(t, index, EDITORIAL_CACHE);
  for (const guide of guides) t.true(links(index.text).includes(guide.url), guide.slug);
});

test('each guide page shows its dates and content; its twin has the same text with the spec headers', async (t) => {
  for (const guide of guideCatalog(BASE_URL)) {
    const path = `/guides/${guide.slug}`;
    const reply = await pages.get(path);
    assertHtml(t, reply, EDITORIAL_CACHE);
    const text = mainText(reply.text);
    t.true(text.includes(`Published ${guide.published_on} · Reviewed ${guide.reviewed_on}`), guide.slug);
    t.true(text.includes(guide.title));
    const content = GUIDE_CONTENT[guide.slug]!;
    for (const section of content.sections) t.true(text.includes(section.heading), `${guide.slug}: ${section.heading}`);
    t.notRegex(text, AVAILABILITY_OR_RANKING, guide.slug);
    const md = await pages.get(`${path}.md`);
    assertMarkdownHeaders(t, md, guide.url, false);
    t.true(md.text.startsWith(`# ${guide.title}\n`));
    t.true(md.text.includes(`Published ${guide.published_on} · Reviewed ${guide.reviewed_on}`));
    for (const url of md.text.match(/https?:\/\/[^\s)]+/g) ?? []) t.false(url.endsWith('.md'), url);
    assertMarkdownHeaders(t, await pages.get(path, { accept: 'text/markdown' }), guide.url, true);
    // Links inside a guide lead to pages that exist.
    for (const href of links(reply.text).filter((href) => href.startsWith(`${BASE_URL}/`) && !href.startsWith(`${BASE_URL}/docs`) && href !== `${BASE_URL}/terms` && href !== `${BASE_URL}/`)) {
      t.is((await pages.get(href.slice(BASE_URL.length))).status, 200, `${guide.slug} links ${href}`);
    }
  }
  assertMarkdownHeaders(t, await pages.get('/guides.md'), `${BASE_URL}/guides`, false);
  assertHtml(t, await pages.get('/guides/no-such-guide'), 'no-store', 404);
});
