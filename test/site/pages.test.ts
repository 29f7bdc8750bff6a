// The site's pages: `/` (a search that works without JavaScript), /docs/api, /docs/mcp and
// /terms, each with its Markdown twin and the spec's Markdown headers; the front door points at
// them; assets come from our own origin.
import test from 'ava';
import { markdownToHtml, inline } from '../../serve/site/markdown.ts';
import { SPEC_TOOLS, trimForDocs } from '../../serve/site/docs-mcp.ts';
import { contentSecurityPolicy } from '../../serve/site/csp.ts';
import { tileSource } from '../../serve/web/map-tiles.ts';
import { settingsFromEnv } from '../../serve/http/settings.ts';
import { MARKDOWN_CACHE_CONTROL } from '../../serve/web/respond.ts';
import { examples } from '../helpers/examples.ts';
import { BASE_URL, call, startServer, type Reply, type TestServer } from '../helpers/server.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => call(`${server.url}${path}`, { headers });

const DOC_PAGES = ['/docs/api', '/docs/mcp', '/terms'] as const;

function assertHtmlPage(t: any, reply: Reply, path: string) {
  t.is(reply.status, 200, `${path}: ${reply.text.slice(0, 200)}`);
  t.is(reply.headers.get('content-type'), 'text/html; charset=utf-8');
  t.regex(reply.headers.get('content-security-policy') ?? '', /script-src 'self'/);
  t.true(reply.text.includes(`<link rel="canonical" href="${BASE_URL}${path === '/' ? '/' : path}">`), `${path} canonical`);
  t.true(reply.text.includes('modified, not official'), `${path} carries the attribution footer`);
  // Every script and stylesheet comes from our own origin.
  for (const [, src] of reply.text.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)) {
    if (/rel="(canonical|alternate)"/.test(src!)) continue;
    t.true(src!.startsWith(`${BASE_URL}/`), `${path}: ${src} is on our origin`);
  }
}

function assertMarkdownTwin(t: any, reply: Reply, canonical: string, byAccept: boolean) {
  t.is(reply.status, 200);
  t.is(reply.headers.get('content-type'), 'text/markdown; charset=utf-8');
  t.is(reply.headers.get('cache-control'), MARKDOWN_CACHE_CONTROL);
  t.is(reply.headers.get('link'), `<${canonical}>; rel="canonical"`);
  t.is(reply.headers.get('x-robots-tag'), 'noindex');
  t.is(/(^|,\s*)accept(\s*,|$)/i.test(reply.headers.get('vary') ?? ''), byAccept, `vary: ${reply.headers.get('vary')}`);
  t.regex(reply.text, /^# /);
}

test('the front door points at these pages, and attribution.terms_url at /terms', async (t) => {
  const front = (await get('/api/v1')).body;
  t.is(front.documentation, `${BASE_URL}/docs/api`);
  t.is(front.terms, `${BASE_URL}/terms`);
  t.is(front.mcp.documentation, `${BASE_URL}/docs/mcp`);
  t.is((await get('/api/v1/guides')).body.attribution.terms_url, `${BASE_URL}/terms`);
  for (const url of [front.documentation, front.terms, front.mcp.documentation]) {
    t.is((await get(new URL(url).pathname)).status, 200, url);
  }
});

test('every docs page has an HTML page and a Markdown twin by .md and by Accept, with the same headings', async (t) => {
  for (const path of DOC_PAGES) {
    const page = await get(path);
    assertHtmlPage(t, page, path);
    t.true(page.text.includes(`<link rel="alternate" type="text/markdown" href="${BASE_URL}${path}.md">`));
    const md = await get(`${path}.md`);
    assertMarkdownTwin(t, md, `${BASE_URL}${path}`, false);
    const byAccept = await get(path, { accept: 'text/markdown' });
    assertMarkdownTwin(t, byAccept, `${BASE_URL}${path}`, true);
    t.is(byAccept.text, md.text);
    t.regex(page.headers.get('vary') ?? '', /accept/i);
    // Each Markdown heading is a heading of the HTML page.
    const prose = md.text.replace(/^```[\s\S]*?^```/gm, '');
    const headings = [...prose.matchAll(/^#{1,4} (.+)$/gm)].map((m) => m[1]!);
    t.true(headings.length >= 5, path);
    for (const heading of headings) t.true(page.text.includes(`>${inline(heading)}</h`), `${path}: heading "${heading}"`);
  }
});

test('/docs/api explains the envelope, Facts, tri-state rules, errors, limits, caching and versioning, with copy-paste examples', async (t) => {
  const md = (await get('/docs/api.md')).text;
  for (const heading of ['Quick start', 'The envelope', 'Facts and source classes', 'Tri-state values', 'Errors', 'Limits', 'Caching', 'Versioning', "The site's own endpoints (unversioned)"]) {
    t.true(md.includes(`\n## ${heading}\n`), heading);
  }
  t.true(md.includes(`curl -s '${BASE_URL}/api/v1'`));
  t.true(md.includes(`-X POST '${BASE_URL}/api/v1/check'`));
  t.regex(md, /not_on_file\*\* is never "no"|`not_on_file` is never "no"/);
  t.regex(md, /240 requests a minute/);
  t.regex(md, /Open beds are never in this data/);
  // The examples work: the license in them is on the roster.
  const license = /api\/v1\/facilities\/(\d{9})'/.exec(md)?.[1];
  t.truthy(license);
  t.is((await get(`/api/v1/facilities/${license}`)).status, 200);
  const county = /facilities\?county=([^&']+)&limit=5'/.exec(md)?.[1];
  const list = await get(`/api/v1/facilities?county=${county}&limit=5`);
  t.is(list.status, 200);
  t.true(list.body.data.total > 0);
  // The HTML page mounts the OpenAPI renderer, served from our origin, pointed at /openapi.json.
  const page = (await get('/docs/api')).text;
  t.true(page.includes(`id="swagger-ui" class="swagger-host" data-openapi="${BASE_URL}/openapi.json"`));
  // Besides the WebMCP script every page loads (test/browser/webmcp.test.ts), the page's own two.
  const all = [...page.matchAll(/<script defer src="([^"]+)"/g)].map((m) => m[1]!);
  const scripts = all.filter((src) => !/\/assets\/agent-tools-[0-9a-f]{12}\.js$/.test(src));
  t.is(all.length, 3);
  t.is(scripts.length, 2);
  for (const src of scripts) {
    const asset = await get(new URL(src).pathname);
    t.is(asset.status, 200);
    t.is(asset.headers.get('content-type'), 'text/javascript; charset=utf-8');
    t.is(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    t.false(/sourceMappingURL=/.test(asset.text.slice(-300)));
  }
  t.regex(scripts[0]!, /\/assets\/swagger-ui-bundle-[0-9a-f]{12}\.js$/);
});

test('/docs/mcp: URL, Streamable HTTP, no authentication, client configs, every tool with an example call and result, hand-off and never-do list', async (t) => {
  const md = (await get('/docs/mcp.md')).text;
  t.true(md.includes(`\`${BASE_URL}/mcp\``));
  t.regex(md, /Streamable HTTP/);
  t.regex(md, /Authentication \| None/);
  t.true(md.includes(`"type": "http",\n      "url": "${BASE_URL}/mcp"`));
  t.true(md.includes(`claude mcp add --transport http covelight ${BASE_URL}/mcp`));
  for (const heading of ['Connect your assistant', 'Tools', 'The family hand-off', 'What an assistant must never do']) {
    t.true(md.includes(`\n## ${heading}\n`), heading);
  }
  t.regex(md, /\*\*Never consent for a family\.\*\*/);
  t.regex(md, /\*\*Never present `not_on_file` as "no"\.\*\*/);
  t.regex(md, /\*\*Never claim an opening\.\*\*/);
  t.regex(md, /agent_can_consent/);

  // Every tool the server advertises is documented with its arguments, an example call and a real result.
  const listed = await call(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  const tools: string[] = listed.status === 200 ? listed.body.result.tools.map((tool: any) => tool.name) : [...SPEC_TOOLS];
  for (const name of SPEC_TOOLS) t.true(tools.includes(name), `the server lists ${name}`);
  for (const name of SPEC_TOOLS) {
    const section = md.split(`\n### ${name}\n`)[1]?.split('\n### ')[0] ?? '';
    t.true(section.length > 0, `${name} has a section`);
    t.true(section.includes(`"name": "${name}"`), `${name}: example call`);
    t.regex(section, /Example result/, `${name}: example result`);
    t.regex(section, /\| Argument \| Type \| Required \|/, `${name}: arguments`);
    t.false(/"isError": true/.test(section), `${name}: the example call succeeds`);
  }
});

test('/terms: conditions (a)-(d) in plain words, attribution snippets to copy, open-data credit, modified not official, corrections', async (t) => {
  const md = (await get('/terms.md')).text;
  t.regex(md, /free to use, including commercial use/);
  t.regex(md, /1\. \*\*Say where the data comes from\.\*\*/);
  t.regex(md, /2\. \*\*Do not misrepresent it\.\*\*.*Never show "not on file" \(`not_on_file`\) as "no".*Never attach a claim of an opening.*Never imply that a home pays/s);
  t.regex(md, /3\. \*\*Credit the state's open data, and say it is modified\.\*\*/);
  t.regex(md, /4\. \*\*Use the service fairly\.\*\*.*slowed or blocked/s);
  t.true(md.includes('```html\n<p>Licensing data: California Department of Social Services, Community Care Licensing Division, as compiled by <a href="' + BASE_URL + '">'));
  t.true(md.includes('```text\nLicensing data: California Department of Social Services'));
  t.regex(md, /modified, not official government data/);
  t.regex(md, /California Health and Human Services Agency/);
  t.regex(md, /## Corrections\n[\s\S]*links\.corrections/);
  // The HTML snippet is shown as code on the page, never as live markup.
  const page = (await get('/terms')).text;
  t.true(page.includes('&lt;p&gt;Licensing data:'));
});

test('/ works without JavaScript: a GET search with results on the server, counties, guides and docs linked', async (t) => {
  const ex = await examples();
  const page = await get('/');
  assertHtmlPage(t, page, '/');
  t.regex(page.text, /<form class="finder" id="finder" role="search" action="[^"]+\/" method="get"[^>]*>/);
  t.regex(page.text, /<input type="search" id="q" name="q"/);
  t.regex(page.text, /No home pays to appear/);
  t.regex(page.text, /Open beds are never in this data/);
  for (const link of ['/guides', '/docs/api', '/docs/mcp', '/terms', '/openapi.json']) t.true(page.text.includes(`href="${BASE_URL}${link}"`), link);
  // Every county with listed homes, once (spellings that differ only in case are one county), alphabetical.
  const counties = ex.all<{ county_key: string }>('SELECT DISTINCT county_key FROM facilities WHERE listed = 1 AND county_key IS NOT NULL ORDER BY county_key');
  const linked = [...page.text.matchAll(/<li><a href="[^"]+\/county\/([a-z0-9-]+)">([^<]+)<\/a>/g)];
  t.deepEqual(linked.map((m) => m[2]!.toLowerCase()), counties.map((c) => c.county_key));
  for (const m of linked) t.is(m[1], m[2]!.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
  t.regex(page.text, new RegExp(`data-tile-url="${settingsFromEnv({}).map.tileUrl.replace(/[{}.]/g, '\\$&')}"`));

  const home = ex.one<{ license_number: string; name: string; name_slug: string }>('a listed home', 'SELECT license_number, name, name_slug FROM facilities WHERE listed = 1 ORDER BY sort_key');
  const word = home.name.split(' ')[0]!;
  const search = await get(`/?q=${encodeURIComponent(word)}`);
  t.is(search.status, 200);
  t.is(search.headers.get('cache-control'), 'public, s-maxage=300, stale-while-revalidate=300');
  t.true(search.text.includes(`href="${BASE_URL}/facility/${home.name_slug}-${home.license_number}"`));
  t.regex(search.text, /Results for “/);
  t.regex(search.text, /<meta name="robots" content="noindex">/);
  t.regex((await get('/?q=a')).text, /Type at least 2 characters/);
  t.regex((await get('/?q=zzqqxx')).text, /No listed home, city or county matches “zzqqxx”/);
  // Whatever is typed reaches the page escaped.
  const hostile = await get(`/?q=${encodeURIComponent('<script>alert(1)</script>')}`);
  t.false(hostile.text.includes('<script>alert(1)</script>'));
  t.true(hostile.text.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  // A campaign tag on the home page is ignored, not refused; a sort parameter is refused with the reason.
  t.is((await get('/?utm_source=x')).status, 200);
  const sorted = await get('/?q=ha&sort=rating', { accept: 'text/html' });
  t.is(sorted.status, 400);
  t.true(sorted.text.includes('There is no sort, order or rank parameter'));
});

test('/ has a Markdown twin by Accept and at /index.md', async (t) => {
  const md = await get('/index.md');
  assertMarkdownTwin(t, md, `${BASE_URL}/`, false);
  assertMarkdownTwin(t, await get('/', { accept: 'text/markdown' }), `${BASE_URL}/`, true);
  t.regex(md.text, /## Counties/);
  t.regex(md.text, new RegExp(`\\]\\(${BASE_URL}/county/[a-z0-9-]+\\)`));
  t.false(/\.md\)/.test(md.text), 'links name HTML pages, never .md addresses');
});

test('the home page assets: Leaflet and our script, from our origin, immutable; Leaflet is not loaded with the page, our script loads it for the map', async (t) => {
  const page = (await get('/')).text;
  const srcs = [...page.matchAll(/<(?:script defer src|link rel="stylesheet" href)="([^"]+)"/g)].map((m) => m[1]!);
  // The map's script is not in the page's head: it would hold back the first interaction (issue 51, point 19).
  t.false(srcs.some((src) => /\/assets\/leaflet-[0-9a-f]{12}\.js$/.test(src)));
  const leaflet = /<div id="map"[^>]* data-leaflet-src="([^"]+)"/.exec(page)?.[1];
  t.regex(leaflet ?? '', /\/assets\/leaflet-[0-9a-f]{12}\.js$/);
  srcs.push(leaflet!);
  t.true(srcs.some((src) => /\/assets\/leaflet-[0-9a-f]{12}\.css$/.test(src)));
  t.true(srcs.some((src) => /\/assets\/home-[0-9a-f]{12}\.js$/.test(src)));
  for (const src of srcs) {
    const asset = await get(new URL(src).pathname);
    t.is(asset.status, 200, src);
    t.is(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  }
});

test('the Markdown renderer escapes everything and keeps only safe links', (t) => {
  t.is(inline('a <b> & `c<d>` **e** [f](https://x.test/?a=1&b=2) [g](javascript:alert(1))'),
    'a &lt;b&gt; &amp; <code>c&lt;d&gt;</code> <strong>e</strong> <a href="https://x.test/?a=1&amp;b=2">f</a> g)');
  const out = markdownToHtml('# T <x>\n\npara\nline\n\n- one\n- two\n\n1. first\n2. second\n\n| a | b |\n|---|---|\n| `x\\|y` | 2 |\n\n```sh\necho "<hi>"\n```\n\n> quoted');
  t.true(out.includes('<h1 id="t-x">T &lt;x&gt;</h1>'));
  t.true(out.includes('<p>para line</p>'));
  t.true(out.includes('<ul><li>one</li><li>two</li></ul>'));
  t.true(out.includes('<ol><li>first</li><li>second</li></ol>'));
  t.true(out.includes('<th scope="col">a</th>'));
  t.true(out.includes('<td><code>x|y</code></td>'));
  t.true(out.includes('<pre tabindex="0"><code class="language-sh">echo &quot;&lt;hi&gt;&quot;</code></pre>'));
  t.true(out.includes('<blockquote><p>quoted</p></blockquote>'));
});

test('the example results are trimmed for reading; the CSP allows only our origin and the tile server', (t) => {
  t.deepEqual(trimForDocs({ a: [{ x: 1 }, { x: 2 }, { x: 3 }], b: [1, 2, 3, 4, 5], c: 'y'.repeat(400) }), {
    a: [{ x: 1 }, '… 2 more (trimmed)'],
    b: [1, 2, 3, '… 2 more (trimmed)'],
    c: `${'y'.repeat(300)}… (trimmed)`,
  });
  t.is(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png'), 'https://*.tile.example.org');
  t.is(tileSource('http://127.0.0.1:9/{z}/{x}/{y}.png'), 'http://127.0.0.1:9');
  const csp = contentSecurityPolicy({ ...settingsFromEnv({}), baseUrl: 'https://care.example' });
  t.regex(csp, /script-src 'self' https:\/\/care\.example;/);
  t.regex(csp, /img-src 'self' https:\/\/care\.example data: https:\/\/tile\.openstreetmap\.org;/);
  t.throws(() => settingsFromEnv({ MAP_TILE_URL: 'ftp://tiles/{z}/{x}/{y}' }), { message: /MAP_TILE_URL/ });
  t.throws(() => settingsFromEnv({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}.png' }), { message: /MAP_TILE_URL/ });
  t.is(settingsFromEnv({ MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}@2x.png' }).map.tileUrl, 'https://{s}.tiles.example/{z}/{x}/{y}@2x.png');
});

test("the front page gives the state roster's own date and says which date is the copy's", async (t) => {
  const meta = server.app.services.snapshots.current.meta;
  t.truthy(meta.rosterAsOf);
  t.truthy(meta.snapshotDate);
  const words = `per the state record as retrieved from the state on ${meta.rosterAsOf} (this copy of it was made on ${meta.snapshotDate})`;
  const page = await get('/', { accept: 'text/html' });
  const lede = /<p class="lede">([\s\S]*?)<\/p>/.exec(page.text)![1]!.replace(/\s+/g, ' ');
  t.true(lede.includes(words), lede);
  t.false(lede.includes(`as of ${meta.snapshotDate}`), 'no bare "as of" the snapshot date');
  const twin = await get('/index.md');
  t.true(twin.text.replace(/\s+/g, ' ').includes(words));
});
