// `/`: the site's front door for a family. A plain GET search form that works without
// JavaScript (`/?q=` renders the matches on the server); the script adds suggestions as you type
// (an ARIA combobox) and a map whose list follows what is in view. Every list is alphabetical,
// or nearest first from a point the family chose, and carries the neutrality sentence.
import { mdAttribution, mdBlocks, mdEnglishPrevails, mdLink, mdText } from '../web/markdown.ts';
import { guideCatalog } from '../words/guides/catalog.ts';
import { placeWords } from '../shape/home-view.ts';
import type { Settings } from '../http/settings.ts';
import { html, type SafeHtml } from '../web/html.ts';
import { layout } from '../web/layout.ts';
import { NEUTRALITY, NEVER_IN_THIS_DATA, rosterDateWords, SERVICE_NAME } from '../words/wording.ts';
import type { Suggestions } from './api.ts';
import { SITE_ASSETS } from './assets.ts';
import type { SiteIndex } from '../shape/homes-index.ts';
import type { SnapshotMeta } from '../records/snapshot.ts';
import { API_DOCS_PATH, GUIDES_PATH, MCP_DOCS_PATH, NEAR_HOSPITAL_PATH, TERMS_PATH, WAIVER_PATH } from '../web/links.ts';
import { FORM_TOOLS } from '../web/agent-tools.ts';
import { fill, say, wordsIn } from '../words/catalog.ts';
import { SHARED_WORDS, SHELL_WORDS } from '../words/family-words.ts';
import { FRONT_WORDS } from '../words/front-words.ts';
import { HOME_WORDS } from '../words/home-page-words.ts';
import { CARE_LIST_WORDS, LIST_WORDS, NEAR_WORDS } from '../words/list-words.ts';
import { hasSpanishTwin } from '../web/links.ts';
import { pathIn, type Language } from '../words/language.ts';

export const HOME_TITLE = FRONT_WORDS.title.en;
export const HOME_DESCRIPTION = FRONT_WORDS.description.en;

/** How many matches the plain (no-script) search shows per kind. */
export const PAGE_RESULTS_LIMIT = 50;

/** The lists beside the counties (care approvals, the waiver, near a hospital), as a page in `language` links them. */
function otherLists(baseUrl: string, language: Language): Array<{ text: string; url: string }> {
  return [
    { text: say(CARE_LIST_WORDS.indexTitle, language), url: `${baseUrl}${pathIn(language, '/care')}` },
    { text: say(LIST_WORDS.waiverHomes, language), url: `${baseUrl}${pathIn(language, WAIVER_PATH)}` },
    { text: say(NEAR_WORDS.indexTitle, language), url: `${baseUrl}${pathIn(language, NEAR_HOSPITAL_PATH)}` },
  ];
}

function otherListsHtml(baseUrl: string, language: Language): SafeHtml {
  return html`<section aria-labelledby="lists-heading">
  <h2 id="lists-heading">${say(FRONT_WORDS.otherLists, language)}</h2>
  <ul class="plain">${otherLists(baseUrl, language).map((link) => html`<li><a href="${link.url}">${link.text}</a></li>`)}</ul>
</section>`;
}

function otherListsMarkdown(baseUrl: string, language: Language): string[] {
  return [`## ${say(FRONT_WORDS.otherLists, language)}`, otherLists(baseUrl, language).map((link) => `- ${mdLink(link.text, link.url)}`).join('\n')];
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** `q` is the search as typed (trimmed), or '' when none; `results` are null when q is empty or too short to search. */
function resultsSection(q: string, results: Suggestions | null): SafeHtml {
  if (!q) return html``;
  if (!results) {
    return html`<section class="results" aria-labelledby="results-heading">
<h2 id="results-heading">Search</h2>
<p>Type at least 2 characters of a home's name, a city, a county or a license number.</p>
</section>`;
  }
  const none = results.counties.length + results.cities.length + results.homes.length === 0;
  const shownOf = (shown: number, total: number, what: string) =>
    total > shown ? html`<p class="muted">Showing the first ${shown} of ${total} ${what}, alphabetical. Type more to narrow the list.</p>` : html``;
  return html`<section class="results" aria-labelledby="results-heading">
<h2 id="results-heading">Results for “${q}”</h2>
${none ? html`<p>No listed home, city or county matches “${q}”. Check the spelling, try part of the name, or browse by county below.</p>` : html``}
${results.counties.length > 0
  ? html`<h3>Counties</h3><ul class="plain">${results.counties.map(
      (c) => html`<li><a href="${c.page}">${c.county} County</a> <span class="muted">${plural(c.listed_homes, 'listed home', 'listed homes')}</span></li>`,
    )}</ul>${shownOf(results.counties.length, results.totals.counties, 'counties')}`
  : html``}
${results.cities.length > 0
  ? html`<h3>Cities</h3><ul class="plain">${results.cities.map(
      (c) => html`<li><a href="${c.page}">${c.city}</a> <span class="muted">${c.county} County · ${plural(c.listed_homes, 'listed home', 'listed homes')}</span></li>`,
    )}</ul>${shownOf(results.cities.length, results.totals.cities, 'cities')}`
  : html``}
${results.homes.length > 0
  ? html`<h3>Homes</h3><ul class="homes">${results.homes.map(
      (home) => html`<li><a href="${home.page}">${home.name}</a> <span class="muted">${placeWords(home.city, home.county)} · license ${home.license_number}${home.license_closed ? ` · ${home.license_status ?? 'closed'}` : ''}</span></li>`,
    )}</ul>${shownOf(results.homes.length, results.totals.homes, 'homes')}`
  : html``}
${none ? html`` : html`<p class="note">Each kind is alphabetical. ${NEUTRALITY}</p>`}
</section>`;
}

/** The two dates the front page gives: the state roster's own (read by its shape), and the day this copy was made. */
type RecordDates = Pick<SnapshotMeta, 'rosterAsOf' | 'rosterShape' | 'snapshotDate'> & Partial<Pick<SnapshotMeta, 'sourceHealth'>>;

/**
 * "per the state record as retrieved from the state on 2026-11-24 (this copy of it was made on
 * 2026-11-26)": which date is which. The weekly export states no date, so its date is the day the
 * state served it; the portal's file reads by its own date (rosterDateWords). A source past its
 * expected age is said here too.
 */
function datesWords({ rosterAsOf, rosterShape, snapshotDate, sourceHealth }: RecordDates): string {
  const roster = rosterDateWords(rosterAsOf, rosterShape).per;
  const old = (sourceHealth?.stale ?? []).map((s) => `; note: the ${s.source === 'roster' ? 'state record' : s.source}'s date is ${s.age_days} days before this copy, older than the ${s.max_age_days} days expected`);
  return `${roster}${snapshotDate ? ` (this copy of it was made on ${snapshotDate})` : ''}${old.join('')}`;
}

export function homePageHtml(settings: Settings, index: SiteIndex, dates: RecordDates, q: string, results: Suggestions | null, suggestSpanish = false): string {
  const { baseUrl } = settings;
  const guides = guideCatalog(baseUrl);
  const body = html`
<h1>${HOME_TITLE}</h1>
<p class="lede">The state licensing record of every residential care home for the elderly (RCFE) in California:
${plural(index.homes.length, 'home holds', 'homes hold')} a license in ${plural(index.counties.length, 'county', 'counties')}, ${datesWords(dates)}.
Free to use, no sign-up. ${NEUTRALITY}</p>

<form class="finder" id="finder" role="search" action="${baseUrl}/" method="get" toolname="${FORM_TOOLS.search.name}" tooldescription="${FORM_TOOLS.search.description}" toolautosubmit>
  <label for="q">Search by home name, city, county or license number</label>
  <div class="combo">
    <input type="search" id="q" name="q" value="${q}" maxlength="80" autocomplete="off" spellcheck="false" aria-describedby="q-hint" toolparamdescription="${FORM_TOOLS.search.params.q}">
    <button type="submit">Search</button>
    <ul id="q-listbox" class="suggestions" role="listbox" aria-label="Suggestions" hidden></ul>
  </div>
  <p id="q-hint" class="muted hint">For example: Sacramento, Orange County, or part of a home's name. Suggestions appear as you type.</p>
  <p id="q-status" class="visually-hidden" role="status" aria-live="polite"></p>
</form>

${resultsSection(q, results)}

<section class="map-section" aria-labelledby="map-heading">
  <h2 id="map-heading">Homes on the map</h2>
  <noscript><p>The map needs JavaScript. Search above, or browse by county below.</p></noscript>
  <div class="map-live">
  <p id="map-hint" class="muted" hidden>Move or zoom the map: the list under it shows the listed homes in view. A home's dot opens a short summary.</p>
  <fieldset id="map-order" class="choice" hidden>
    <legend>Order of the list</legend>
    <label><input type="radio" name="map-order" value="name" checked> Alphabetical by name</label>
    <label><input type="radio" name="map-order" value="distance"> Nearest first from a point I choose</label>
    <p id="map-point-hint" class="muted" hidden>Click or tap the map to choose your point, or <button type="button" id="map-use-centre" class="link-button">use the centre of the map</button>.</p>
  </fieldset>
  <div id="map" class="map" role="region" aria-label="Map of listed homes" hidden
    data-tile-url="${settings.map.tileUrl}" data-tile-attribution="${settings.map.tileAttribution}" data-leaflet-src="${baseUrl}${SITE_ASSETS.leafletJs.path}"></div>
  <div id="map-list" class="map-list"></div>
  </div>
  <p class="note">${NEUTRALITY} ${NEVER_IN_THIS_DATA}</p>
</section>

<section aria-labelledby="counties-heading">
  <h2 id="counties-heading">Browse by county</h2>
  <ul class="columns">${index.counties.map(
    (c) => html`<li><a href="${baseUrl}${c.path}">${c.county}</a> <span class="muted">(${c.listedHomes})</span></li>`,
  )}</ul>
  <p class="muted">Counties alphabetical; the number is how many homes there hold a license.</p>
</section>

${otherListsHtml(baseUrl, 'en')}

<section aria-labelledby="guides-heading">
  <h2 id="guides-heading">Guides</h2>
  <ul class="plain">${guides.map((g) => html`<li><a href="${g.url}">${g.title}</a><br><span class="muted">${g.description}</span></li>`)}</ul>
  <p><a href="${baseUrl}${GUIDES_PATH}">All guides</a></p>
</section>

<section aria-labelledby="developers-heading">
  <h2 id="developers-heading">For developers and AI assistants</h2>
  <ul class="plain">
    <li><a href="${baseUrl}${API_DOCS_PATH}">REST API documentation</a>: free, keyless and read-only (<a href="${baseUrl}/openapi.json">OpenAPI 3.1</a>, <a href="${baseUrl}/api/v1">front door</a>).</li>
    <li><a href="${baseUrl}${MCP_DOCS_PATH}">MCP server documentation</a>: connect an AI assistant to ${baseUrl}/mcp, no authentication.</li>
    <li><a href="${baseUrl}${TERMS_PATH}">Terms of use</a>: free, including commercial use, with attribution.</li>
  </ul>
</section>`;
  return layout({
    baseUrl,
    title: q ? `${q}: search` : HOME_TITLE,
    description: HOME_DESCRIPTION,
    canonicalUrl: `${baseUrl}/`,
    markdownUrl: `${baseUrl}/index.md`,
    translationUrl: `${baseUrl}${pathIn('es', '/')}`,
    // A reader whose Accept-Language prefers Spanish is pointed to /es, never sent there.
    suggestTranslation: suggestSpanish,
    noindex: q !== '',
    // Without JavaScript the map's reserved space is dropped (see .map-live in the stylesheet).
    head: html`<noscript><style>.map-live{display:none}</style></noscript>
<link rel="stylesheet" href="${baseUrl}${SITE_ASSETS.leafletCss.path}" id="leaflet-css" media="print">
<script defer src="${baseUrl}${SITE_ASSETS.homeJs.path}"></script>`,
    body,
  });
}

/** The Markdown twin of `/`: what the service is, how to search it, and where everything is. */
export function homePageMarkdown(settings: Settings, index: SiteIndex, dates: RecordDates): string {
  const { baseUrl } = settings;
  return mdBlocks([
    `# ${HOME_TITLE}`,
    `${SERVICE_NAME} publishes the state licensing record of every residential care home for the elderly (RCFE) in California: ` +
      `${plural(index.homes.length, 'home holds', 'homes hold')} a license in ${plural(index.counties.length, 'county', 'counties')}` +
      `, ${datesWords(dates)}. ${NEUTRALITY} ${NEVER_IN_THIS_DATA}`,
    '## Search',
    [
      `- In a browser: ${baseUrl}/?q=<name, city, county or license number>`,
      `- As JSON, for programs: ${baseUrl}/api/v1/facilities?county=<county>&city=<city>&needs=<needs> (see ${mdLink('the API documentation', `${baseUrl}${API_DOCS_PATH}`)})`,
      `- From an AI assistant: the MCP server at ${baseUrl}/mcp (see ${mdLink('the MCP documentation', `${baseUrl}${MCP_DOCS_PATH}`)})`,
    ].join('\n'),
    '## Counties',
    'Alphabetical; the number is how many homes there hold a license.',
    index.counties.map((c) => `- ${mdLink(c.county, `${baseUrl}${c.path}`)} (${c.listedHomes})`).join('\n'),
    ...otherListsMarkdown(baseUrl, 'en'),
    '## Guides',
    guideCatalog(baseUrl).map((g) => `- ${mdLink(g.title, g.url)}: ${mdText(g.description)}`).join('\n'),
    '## For developers and AI assistants',
    [
      `- ${mdLink('REST API documentation', `${baseUrl}${API_DOCS_PATH}`)} (OpenAPI: ${baseUrl}/openapi.json)`,
      `- ${mdLink('MCP server documentation', `${baseUrl}${MCP_DOCS_PATH}`)}`,
      `- ${mdLink('Terms of use', `${baseUrl}${TERMS_PATH}`)}`,
    ].join('\n'),
    mdAttribution(baseUrl),
  ]);
}

/** A page address from the site's answers (`<base>/county/x`) as a Spanish page links it: its Spanish twin when there is one. */
function spanishLink(baseUrl: string, url: string): string {
  const path = url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url;
  return hasSpanishTwin(path) ? `${baseUrl}${pathIn('es', path)}` : url;
}

/** The Spanish search results: the same matches, named in Spanish, linking Spanish pages. */
function spanishResults(baseUrl: string, q: string, results: Suggestions | null): SafeHtml {
  if (!q) return html``;
  const w = wordsIn(FRONT_WORDS, 'es');
  if (!results) return html`<section class="results" aria-labelledby="results-heading"><h2 id="results-heading">${w.searchButton}</h2><p>${w.tooShort}</p></section>`;
  const none = results.counties.length + results.cities.length + results.homes.length === 0;
  const shownOf = (shown: number, total: number) => (total > shown ? html`<p class="muted">${fill(w.showing, { shown, total })}</p>` : html``);
  const county = (name: string) => say(HOME_WORDS.county, 'es', { county: name });
  return html`<section class="results" aria-labelledby="results-heading">
<h2 id="results-heading">${fill(w.resultsFor, { q })}</h2>
${none ? html`<p>${fill(w.noMatch, { q })}</p>` : ''}
${results.counties.length > 0 ? html`<h3>${w.counties}</h3><ul class="plain">${results.counties.map((c) => html`<li><a href="${spanishLink(baseUrl, c.page)}">${county(c.county)}</a> <span class="muted">(${c.listed_homes})</span></li>`)}</ul>${shownOf(results.counties.length, results.totals.counties)}` : ''}
${results.cities.length > 0 ? html`<h3>${w.cities}</h3><ul class="plain">${results.cities.map((c) => html`<li><a href="${spanishLink(baseUrl, c.page)}">${c.city}</a> <span class="muted">${county(c.county)} (${c.listed_homes})</span></li>`)}</ul>${shownOf(results.cities.length, results.totals.cities)}` : ''}
${results.homes.length > 0 ? html`<h3>${w.homes}</h3><ul class="homes">${results.homes.map((home) => html`<li><a href="${spanishLink(baseUrl, home.page)}">${home.name}</a> <span class="muted">${placeWords(home.city, home.county, 'es')} · licencia ${home.license_number}${home.license_closed ? ` · ${home.license_status ?? ''}` : ''}</span></li>`)}</ul>${shownOf(results.homes.length, results.totals.homes)}` : ''}
${none ? '' : html`<p class="note">${w.eachKind} ${say(SHARED_WORDS.listNeutrality, 'es')}</p>`}
</section>`;
}

/** The lede's counts and dates in a language. */
function ledeIn(language: Language, index: SiteIndex, dates: RecordDates): string {
  const w = wordsIn(FRONT_WORDS, language);
  const n = (count: number) => count.toLocaleString('en-US');
  return fill(w.lede, {
    homes: fill(index.homes.length === 1 ? w.homesHoldOne : w.homesHoldMany, { n: n(index.homes.length) }),
    counties: fill(index.counties.length === 1 ? w.countyOne : w.countyMany, { n: n(index.counties.length) }),
    dates:
      language === 'en'
        ? datesWords(dates)
        : // The same dates as the English: the roster's, the day this copy was made, and any source past its age.
          fill(w.dates, { date: dates.rosterAsOf ?? dates.snapshotDate ?? '' }) +
          (dates.snapshotDate ? fill(w.copyMade, { date: dates.snapshotDate }) : '') +
          (dates.sourceHealth?.stale ?? []).map((s) => fill(w.staleSource, { source: s.source === 'roster' ? w.stateRecord : s.source, days: s.age_days, max: s.max_age_days })).join(''),
  });
}

/**
 * `/es`: the Spanish front door. The same search (GET, no script needed) and the counties and
 * guides, linking their Spanish pages; the map, whose list the page script writes in English,
 * stays on the English front page and is linked from here.
 */
export function spanishHomePageHtml(settings: Settings, index: SiteIndex, dates: RecordDates, q: string, results: Suggestions | null): string {
  const { baseUrl } = settings;
  const w = wordsIn(FRONT_WORDS, 'es');
  const inEnglish = say(SHELL_WORDS.inEnglish, 'es');
  const guides = guideCatalog(baseUrl, 'es');
  const body = html`
<h1>${w.title}</h1>
<p class="lede">${ledeIn('es', index, dates)} ${say(SHARED_WORDS.listNeutrality, 'es')}</p>
<p>${say(SHARED_WORDS.nonMedical, 'es')}</p>

<form class="finder" role="search" action="${baseUrl}${pathIn('es', '/')}" method="get">
  <label for="q">${w.searchLabel}</label>
  <div class="combo">
    <input type="search" id="q" name="q" value="${q}" maxlength="80" autocomplete="off" spellcheck="false" aria-describedby="q-hint">
    <button type="submit">${w.searchButton}</button>
  </div>
  <p id="q-hint" class="muted hint">${w.searchHint}</p>
</form>

${spanishResults(baseUrl, q, results)}

<p class="note">${say(SHARED_WORDS.openingsByPhone, 'es')}</p>
<p>${w.mapInEnglish} <a href="${baseUrl}/#map-heading" hreflang="en">${w.mapLink}</a> ${inEnglish}</p>

<section aria-labelledby="counties-heading">
  <h2 id="counties-heading">${w.browse}</h2>
  <ul class="columns">${index.counties.map((c) => html`<li><a href="${baseUrl}${pathIn('es', c.path)}">${c.county}</a> <span class="muted">(${c.listedHomes})</span></li>`)}</ul>
  <p class="muted">${w.browseNote}</p>
</section>

${otherListsHtml(baseUrl, 'es')}

<section aria-labelledby="guides-heading">
  <h2 id="guides-heading">${w.guides}</h2>
  <ul class="plain">${guides.map((g) => html`<li><a href="${g.url}">${g.title}</a>${g.url.startsWith(`${baseUrl}/es/`) ? '' : ` ${inEnglish}`}<br><span class="muted">${g.description}</span></li>`)}</ul>
  <p><a href="${baseUrl}${pathIn('es', GUIDES_PATH)}">${w.allGuides}</a></p>
</section>

<section aria-labelledby="developers-heading">
  <h2 id="developers-heading">${w.developers}</h2>
  <ul class="plain">
    <li><a href="${baseUrl}${API_DOCS_PATH}">${w.apiDocs}</a> ${inEnglish}</li>
    <li><a href="${baseUrl}${MCP_DOCS_PATH}">${w.mcpDocs}</a> ${inEnglish}</li>
    <li><a href="${baseUrl}${TERMS_PATH}">${w.terms}</a> ${inEnglish}</li>
  </ul>
</section>`;
  return layout({
    baseUrl,
    language: 'es',
    translationUrl: `${baseUrl}/`,
    title: q ? `${q}: ${w.searchButton.toLowerCase()}` : w.title,
    description: w.description,
    canonicalUrl: `${baseUrl}${pathIn('es', '/')}`,
    markdownUrl: `${baseUrl}${pathIn('es', '/index.md')}`,
    noindex: q !== '',
    body,
  });
}

/** The Markdown twin of `/es`. */
export function spanishHomePageMarkdown(settings: Settings, index: SiteIndex, dates: RecordDates): string {
  const { baseUrl } = settings;
  const w = wordsIn(FRONT_WORDS, 'es');
  const inEnglish = say(SHELL_WORDS.inEnglish, 'es');
  return mdBlocks([
    `# ${w.title}`,
    mdEnglishPrevails('es', `${baseUrl}/`),
    mdText(`${ledeIn('es', index, dates)} ${say(SHARED_WORDS.listNeutrality, 'es')} ${say(SHARED_WORDS.openingsByPhone, 'es')}`),
    `## ${w.browse}`,
    mdText(w.browseNote),
    index.counties.map((c) => `- ${mdLink(c.county, `${baseUrl}${pathIn('es', c.path)}`)} (${c.listedHomes})`).join('\n'),
    ...otherListsMarkdown(baseUrl, 'es'),
    `## ${w.guides}`,
    guideCatalog(baseUrl, 'es')
      .map((g) => `- ${mdLink(g.title, g.url)}${g.url.startsWith(`${baseUrl}/es/`) ? '' : ` ${inEnglish}`}: ${mdText(g.description)}`)
      .join('\n'),
    `## ${w.developers}`,
    [
      `- ${mdLink(w.apiDocs, `${baseUrl}${API_DOCS_PATH}`)} ${inEnglish}`,
      `- ${mdLink(w.mcpDocs, `${baseUrl}${MCP_DOCS_PATH}`)} ${inEnglish}`,
      `- ${mdLink(w.terms, `${baseUrl}${TERMS_PATH}`)} ${inEnglish}`,
    ].join('\n'),
    mdAttribution(baseUrl, false, 'es'),
  ]);
}
