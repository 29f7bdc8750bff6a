// `/changes`: the change log as a page a family reads, state-wide or narrowed by the REST
// endpoint's filters (county, city, since, kind, field), and by one license (a home's whole log,
// which its page links to). Newest run first, then alphabetical, 50 to a page; each line is the
// change in words with its source's date, and the same fairness framing as everywhere.
import type { Request } from '@hapi/hapi';
import { CHANGE_FIELDS, CHANGE_KINDS, type ChangeKind } from '../../contract/changes.ts';
import { isCalendarDate, ISO_DATE } from '../../contract/facts.ts';
import { licenseNumberFrom, nameSlug, placeKey } from '../../contract/names.ts';
import { listChanges, type ChangeFilter, type ChangeRow } from '../records/changes.ts';
import type { ShapeContext } from '../records/context.ts';
import { countyBySlug } from '../records/places.ts';
import { facilityPageUrl } from '../shape/changes.ts';
import { placeWords } from '../shape/home-view.ts';
import { html } from '../web/html.ts';
import { CHANGES_PATH } from '../web/links.ts';
import { mdAttribution, mdBlocks, mdEnglishPrevails, mdLink, mdText } from '../web/markdown.ts';
import { PAGE_SIZE, pageError, pagerHtml, pagerMarkdown, pageUrl, paging, queryText, RECORD_PAGE_CACHE, type PageDoc } from '../web/page.ts';
import { fill, say, wordsIn, type Entry } from '../words/catalog.ts';
import { CHANGE_WORDS, changeLineIn, fieldLabelIn } from '../words/change-words.ts';
import { SHELL_WORDS } from '../words/family-words.ts';
import { HOME_WORDS } from '../words/home-page-words.ts';
import { pathIn, type Language } from '../words/language.ts';
import { LIST_WORDS } from '../words/list-words.ts';
import { FORM_TOOLS } from '../web/agent-tools.ts';

/** The page's filters as read from the query: each one a string, or absent. */
export interface ChangesPageQuery {
  county?: string;
  city?: string;
  since?: string;
  kind?: ChangeKind;
  field?: string;
  license?: string;
}

const KIND_WORDS: Record<ChangeKind, Entry> = {
  added: CHANGE_WORDS.kindAdded,
  removed: CHANGE_WORDS.kindRemoved,
  changed: CHANGE_WORDS.kindChanged,
};

/** A form leaves empty fields in the query: empty means not given. */
function given(query: Request['query'], name: string, maxLength?: number): string | undefined {
  const value = queryText(query, name, maxLength)?.trim();
  return value ? value : undefined;
}

/** The filters, each checked as the REST endpoint checks it; a bad one is a 400 page that says what is accepted. */
export function readChangesQuery(query: Request['query']): ChangesPageQuery {
  const since = given(query, 'since', 10);
  if (since !== undefined && !(ISO_DATE.test(since) && isCalendarDate(since))) {
    throw pageError(400, 'since must be a date written YYYY-MM-DD, e.g. 2026-11-01.');
  }
  const kind = given(query, 'kind', 20);
  if (kind !== undefined && !(CHANGE_KINDS as readonly string[]).includes(kind)) {
    throw pageError(400, `kind must be one of: ${CHANGE_KINDS.join(', ')}.`);
  }
  const field = given(query, 'field', 60);
  if (field !== undefined && !CHANGE_FIELDS.includes(field)) {
    throw pageError(400, `field must be a record field. Accepted fields: ${CHANGE_FIELDS.join(', ')}.`);
  }
  const licenseText = given(query, 'license', 40);
  const license = licenseText === undefined ? undefined : licenseNumberFrom(licenseText);
  if (license === null) throw pageError(400, 'license must be a 9-digit state license number, e.g. 015601295.');
  return { county: given(query, 'county', 60), city: given(query, 'city', 60), since, kind: kind as ChangeKind | undefined, field, license };
}

/** The query parameters a page's own links keep (its filters, in a fixed order). */
function filterParams(query: ChangesPageQuery): Record<string, string | undefined> {
  return { license: query.license, county: query.county, city: query.city, since: query.since, kind: query.kind, field: query.field };
}

/** The heading: the home's name, or the place (a known county as the roster spells it). */
function title(query: ChangesPageQuery, rows: ChangeRow[], language: Language): string {
  const w = wordsIn(CHANGE_WORDS, language);
  if (query.license) return fill(w.titleHome, { name: rows[0]?.name ?? say(LIST_WORDS.license, language, { license: query.license }) });
  const county = (name: string) => say(HOME_WORDS.county, language, { county: name });
  const place = query.city ? `${query.city}${query.county ? `, ${county(query.county)}` : ''}` : query.county ? say(HOME_WORDS.countyAlone, language, { county: query.county }) : 'California';
  return fill(w.titlePlace, { place });
}

/** The filters in words ('' when none narrows the list beyond its place). */
function filterWords(query: ChangesPageQuery, language: Language): string {
  const w = wordsIn(CHANGE_WORDS, language);
  const words = [
    query.since ? fill(w.seenSince, { date: query.since }) : null,
    query.kind ? say(KIND_WORDS[query.kind], language).toLowerCase() : null,
    query.field ? fill(w.fieldIs, { field: fieldLabelIn(language, query.field) }) : null,
  ].filter(Boolean);
  return words.length ? fill(w.showingOnly, { filters: words.join('; ') }) : '';
}

function lineOf(baseUrl: string, row: ChangeRow, language: Language) {
  const place = placeWords(row.city, row.county, language);
  const url = facilityPageUrl(baseUrl, row);
  return { name: row.name, url: url && language !== 'en' ? url.replace(`${baseUrl}/facility/`, `${baseUrl}${pathIn(language, '/facility/')}`) : url, place, words: changeLineIn(language, row) };
}

/** The page and its Markdown twin. */
export function changesPage(context: ShapeContext, given: ChangesPageQuery, page: number, language: Language = 'en'): PageDoc {
  const baseUrl = context.filler.baseUrl;
  const w = wordsIn(CHANGE_WORDS, language);
  // A county given by its slug ("los-angeles") reads as the roster spells it, so the filter, the
  // heading and the REST link all say the same place.
  const county = given.county ? countyBySlug(context.snapshot, nameSlug(given.county)) : undefined;
  const query = county ? { ...given, county: county.name } : given;
  const filter: ChangeFilter = {
    since: query.since ?? null,
    countyKey: query.county === undefined ? null : placeKey(query.county),
    cityKey: query.city === undefined ? null : placeKey(query.city),
    kind: query.kind ?? null,
    field: query.field ?? null,
    license: query.license ?? null,
  };
  const first = listChanges(context, filter, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  const at = paging(page, first.total, language);
  const lines = first.rows.map((row) => lineOf(baseUrl, row, language));
  const params = filterParams(query);
  const url = `${baseUrl}${pathIn(language, CHANGES_PATH)}`;
  const link = (n: number) => pageUrl(url, n, params);
  const canonicalUrl = link(at.page);
  const markdownUrl = pageUrl(`${url}.md`, at.page, params);
  const heading = title(query, first.rows, language);
  const narrowed = filterWords(query, language);
  const intro = w.intro;
  const count =
    at.total === 0
      ? w.noMatch
      : `${fill(at.total === 1 ? w.countOne : w.countMany, { n: at.total })}${at.pages > 1 ? say(LIST_WORDS.onThisPage, language, { from: at.offset + 1, to: at.offset + lines.length }) : ''}.`;
  const json = pageUrl(query.license ? `${baseUrl}/api/v1/facilities/${query.license}/history` : `${baseUrl}/api/v1/changes`, 1, query.license ? {} : { ...params, license: undefined });
  const alternates = [
    county
      ? { text: fill(w.feedCounty, { county: county.name }), url: `${baseUrl}/county/${county.slug}/changes.atom` }
      : { text: w.feedAll, url: `${baseUrl}/changes.atom` },
    { text: w.json, url: json },
  ];

  const selected = (value: string | undefined, option: string) => (value === option ? html` selected` : '');
  const body = html`<h1>${heading}</h1>
<p>${intro}</p>
<p class="note">${w.fairness}</p>
<form class="filters" method="get" action="${url}" toolname="${FORM_TOOLS.changes.name}" tooldescription="${FORM_TOOLS.changes.description}" toolautosubmit>
${query.license ? html`<input type="hidden" name="license" value="${query.license}" toolparamdescription="${FORM_TOOLS.changes.params.license}">` : ''}
<p><label for="county">${w.county}</label> <input id="county" name="county" type="text" value="${query.county ?? ''}" autocomplete="off" toolparamdescription="${FORM_TOOLS.changes.params.county}"></p>
<p><label for="city">${w.city}</label> <input id="city" name="city" type="text" value="${query.city ?? ''}" autocomplete="off" toolparamdescription="${FORM_TOOLS.changes.params.city}"></p>
<p><label for="since">${w.since}</label> <input id="since" name="since" type="date" value="${query.since ?? ''}" toolparamdescription="${FORM_TOOLS.changes.params.since}"></p>
<p><label for="kind">${w.kind}</label> <select id="kind" name="kind" toolparamdescription="${FORM_TOOLS.changes.params.kind}"><option value="">${w.any}</option>${CHANGE_KINDS.map(
    (kind) => html`<option value="${kind}"${selected(query.kind, kind)}>${say(KIND_WORDS[kind], language)}</option>`,
  )}</select></p>
<p><label for="field">${w.field}</label> <select id="field" name="field" toolparamdescription="${FORM_TOOLS.changes.params.field}"><option value="">${w.any}</option>${CHANGE_FIELDS.map(
    (field) => html`<option value="${field}"${selected(query.field, field)}>${fieldLabelIn(language, field)}</option>`,
  )}</select></p>
<p><button type="submit">${w.show}</button></p>
</form>
${narrowed ? html`<p>${narrowed}</p>` : ''}
<p>${count}</p>
${
  lines.length > 0
    ? html`<ul class="changes">${lines.map(
        (line) =>
          html`<li>${line.url ? html`<a href="${line.url}">${line.name}</a>` : line.name}${line.place ? html` <span class="muted">(${line.place})</span>` : ''}: ${line.words}</li>`,
      )}</ul>`
    : ''
}
${pagerHtml(at, link, language)}
<section><h2>${w.elsewhere}</h2>
<ul class="links">${alternates.map((alternate) => html`<li><a href="${alternate.url}">${alternate.text}</a></li>`)}</ul></section>
<p class="muted small"><a href="${markdownUrl}">${say(SHELL_WORDS.asMarkdown, language)}</a></p>`;

  const markdown = () =>
    mdBlocks([
      `# ${mdText(heading)}`,
      mdEnglishPrevails(language, `${baseUrl}${pageUrl(CHANGES_PATH, at.page, params)}`),
      mdText(intro),
      mdText(w.fairness),
      narrowed ? mdText(narrowed) : null,
      mdText(count),
      lines.length > 0
        ? lines.map((line) => `- ${line.url ? mdLink(line.name, line.url) : mdText(line.name)}${line.place ? ` (${mdText(line.place)})` : ''}: ${mdText(line.words)}`).join('\n')
        : null,
      pagerMarkdown(at, link, language),
      `## ${w.elsewhere}\n\n${alternates.map((alternate) => `- ${mdLink(alternate.text, alternate.url)}`).join('\n')}`,
      say(LIST_WORDS.pageAddress, language, { url: canonicalUrl }),
      mdAttribution(baseUrl, false, language),
    ]);

  return {
    title: at.page > 1 ? say(LIST_WORDS.pageN, language, { title: heading, n: at.page }) : heading,
    description: w.description,
    canonicalUrl,
    markdownUrl,
    language,
    translationUrl: `${baseUrl}${pageUrl(pathIn(language === 'en' ? 'es' : 'en', CHANGES_PATH), at.page, params)}`,
    body,
    markdown,
    cacheControl: RECORD_PAGE_CACHE,
  };
}
