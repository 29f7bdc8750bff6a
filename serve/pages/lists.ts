// Pages that list homes: a county, a city, a care type, the Assisted Living Waiver list, homes
// near a hospital and the licenses of one license holder, and the indexes that lead to them.
// Listed licenses only (LICENSED, LICENSED/PENDING INCREASE, probationary), alphabetical by name
// then license number, 50 to a page (`?page=`), each page with the neutrality sentence. Near a
// hospital the list stays alphabetical and shows each home's straight-line distance.
import { CLEARANCE_KEYS, NEEDS, NEED_KEYS, type ClearanceKey } from '../../contract/facts.ts';
import { nameSlug } from '../../contract/names.ts';
import { columnsByLicenses, hospitalByFacid, hospitalsByCounty, type PageHospitalRow } from '../records/query.ts';
import type { StateVisitsValue } from '../../contract/records.ts';
import { listedHomesOf, type ListedHome, type ListingFilter } from '../records/listed-homes.ts';
import { licensesFailingNeeds } from '../records/home-record.ts';
import { countyChangesSection } from '../shape/change-lines.ts';
import type { ShapeContext } from '../records/context.ts';
import { html } from '../web/html.ts';
import { facilityPagePath, hospitalPath, licenseePath, NEAR_HOSPITAL_PATH } from '../web/links.ts';
import { APPROXIMATE_DISTANCE, isApproximateLocation, NOT_ON_FILE_IN_WORDS, visitsInWords } from '../words/wording.ts';
import { placeWords } from '../shape/home-view.ts';
import { mdAttribution, mdBlocks, mdLink, mdText } from '../web/markdown.ts';
import {
  EDITORIAL_PAGE_CACHE,
  PAGE_SIZE,
  pageError,
  pagerHtml,
  pagerMarkdown,
  pageUrl,
  paging,
  RECORD_PAGE_CACHE,
  type PageDoc,
  type PageOrRedirect,
  type Paging,
} from '../web/page.ts';
import { citiesOf, cityBySlug, counties, countyBySlug, licenseeBySlug, waiverCountyList, type Place } from '../records/places.ts';
import { fill, say, wordsIn } from '../words/catalog.ts';
import { SHARED_WORDS, SHELL_WORDS } from '../words/family-words.ts';
import { pathIn, type Language } from '../words/language.ts';
import { CARE_LIST_WORDS, CARE_TYPE_WORDS, LIST_WORDS, NEAR_WORDS } from '../words/list-words.ts';
import { APPROVAL_NAME_WORDS, SOURCE_WORDS } from '../words/home-words.ts';
import { HOME_WORDS, retrievedIn, SIZE_WORDS } from '../words/home-page-words.ts';
import { mdEnglishPrevails } from '../web/markdown.ts';

/** Near-hospital pages list homes within this straight-line distance. */
export const NEAR_HOSPITAL_RADIUS_MILES = 5;

/** What a care-type page is about, per `needs` key. */
export const CARE_TYPES: Record<string, { title: string; approval: string }> = {
  dementia: { title: CARE_TYPE_WORDS.dementia.en, approval: 'the dementia care approval' },
  wheelchair: {
    title: CARE_TYPE_WORDS.wheelchair.en,
    approval: 'the non-ambulatory approval (residents who cannot leave the building unaided, such as wheelchair users)',
  },
  hospice: { title: CARE_TYPE_WORDS.hospice.en, approval: 'the hospice waiver (residents may receive hospice care there)' },
  bedridden: { title: CARE_TYPE_WORDS.bedridden.en, approval: 'the bedridden approval' },
};

interface ListItem {
  name: string;
  url: string;
  detail: string;
  /** A heading the item falls under (the waiver list's county). */
  group?: string;
}

interface LinkSection {
  heading: string;
  /** A sentence under the heading. */
  intro?: string;
  links: Array<{ text: string; url: string; note?: string }>;
}

interface ListSpec {
  title: string;
  description: string;
  /** The HTML address without query (the first page's canonical address). */
  url: string;
  /** Query parameters kept on every page's address (besides `page`). */
  params?: Record<string, string | undefined>;
  intro: string[];
  paging: Paging;
  items: ListItem[];
  empty: string;
  sections?: LinkSection[];
  cacheControl?: string;
  /** Indexes list places, not homes: no neutrality sentence about homes is needed above them. */
  isIndex?: boolean;
  /** The page's language, and its address in the other language when it has one. */
  language?: Language;
  translationUrl?: string;
}

function beds(row: ListedHome, language: Language): string {
  const size = SIZE_WORDS[row.size_words] ? say(SIZE_WORDS[row.size_words]!, language) : row.size_words;
  return row.capacity === null
    ? say(HOME_WORDS.bedsNotOnFile, language)
    : say(row.capacity === 1 ? LIST_WORDS.beds : LIST_WORDS.bedsMany, language, { n: row.capacity, size });
}

function itemOf(baseUrl: string, row: ListedHome, extra: string[] = [], language: Language = 'en', visits?: ReadonlyMap<string, string>): ListItem {
  const visited = visits?.get(row.license_number);
  return {
    name: row.name,
    url: `${baseUrl}${pathIn(language, facilityPagePath(row.name_slug, row.license_number))}`,
    detail: [row.city ?? say(LIST_WORDS.cityNotOnFile, language), beds(row, language), say(LIST_WORDS.license, language, { license: row.license_number }), ...extra, ...(visited ? [visited] : [])].join(' · '),
  };
}

/**
 * Each listed row's visits and citations in words (the state's weekly export), from one narrow
 * read of the page's rows. The first row in page order that names citations glosses the word.
 */
function visitsOfRows(context: ShapeContext, rows: readonly ListedHome[], language: Language = 'en'): Map<string, string> {
  const read = columnsByLicenses(context.snapshot, ['state_visits_json'] as const, rows.map((row) => row.license_number));
  const facts = new Map(read.map((row) => [row.license_number, JSON.parse(row.state_visits_json) as { value: StateVisitsValue | null; confirmed_on: string | null }]));
  const visits = new Map<string, string>();
  let glossed = false;
  for (const row of rows) {
    const fact = facts.get(row.license_number);
    if (!fact) continue;
    const names = namesCitations(fact.value);
    visits.set(row.license_number, visitsIn(language, fact.value, fact.confirmed_on, names && !glossed));
    glossed ||= names;
  }
  return visits;
}

/** Whether a row's visits line names citations (a summary, or citations not on file); a home with no visit names none. */
function namesCitations(value: StateVisitsValue | null): boolean {
  return !value || !!value.since_year;
}

/** A row's visits and citations in a page's language (wording.ts visitsInWords in English); `gloss`: say what a deficiencia is. */
function visitsIn(language: Language, value: StateVisitsValue | null, retrieved: string | null, gloss = false): string {
  if (language === 'en') return visitsInWords(value, retrieved);
  const on = retrievedIn(language, retrieved);
  if (!value) return say(gloss ? LIST_WORDS.visitsNotOnFileGlossed : LIST_WORDS.visitsNotOnFile, language);
  if (!value.since_year) return say(LIST_WORDS.visitsNone, language, { retrieved: on });
  const n = (count: number | null) => (count === null ? say(HOME_WORDS.notOnFileShort, language) : String(count));
  return say(gloss ? LIST_WORDS.visitsSummaryGlossed : LIST_WORDS.visitsSummary, language, {
    year: value.since_year,
    visits: n(value.visits.total),
    a: n(value.type_a.total),
    b: n(value.type_b.total),
    retrieved: on,
  });
}

/**
 * A home's care approvals in a list line: only an explicit true not under a correction review
 * is named (tri-state: the other values say nothing, and are never written as "no").
 */
function approvalsWords(context: ShapeContext, row: ListedHome, language: Language = 'en'): string {
  const held = context.overlay.reviewsOf(row.license_number);
  const approved = CLEARANCE_KEYS.filter((key) => row[key] === 'true' && !held.includes(key));
  return approved.length > 0
    ? say(LIST_WORDS.approvals, language, { list: approved.map((key: ClearanceKey) => say(LIST_WORDS[key], language)).join(', ') })
    : say(LIST_WORDS.noApproval, language);
}

function listDoc(baseUrl: string, spec: ListSpec): PageDoc {
  const language = spec.language ?? 'en';
  const w = wordsIn(LIST_WORDS, language);
  const at = (page: number) => pageUrl(spec.url, page, spec.params ?? {});
  const canonicalUrl = at(spec.paging.page);
  const markdownUrl = pageUrl(`${spec.url}.md`, spec.paging.page, spec.params ?? {});
  const count =
    spec.paging.total === 0 || spec.isIndex
      ? ''
      : `${homesWord(spec.paging.total, language)}${
          spec.paging.pages > 1 ? fill(w.onThisPage, { from: spec.paging.offset + 1, to: spec.paging.offset + spec.items.length }) : ''
        }.`;
  const lead = spec.isIndex ? [] : [say(SHARED_WORDS.listNeutrality, language), say(SHARED_WORDS.openingsByPhone, language)];

  // Runs of consecutive items under one heading (the waiver list's counties), in list order.
  const groups: Array<{ heading: string | undefined; items: ListItem[] }> = [];
  for (const item of spec.items) {
    const last = groups.at(-1);
    if (last && last.heading === item.group) last.items.push(item);
    else groups.push({ heading: item.group, items: [item] });
  }
  const groupsHtml = groups.map(
    (group) =>
      html`${group.heading ? html`<h2>${group.heading}</h2>` : ''}<ul class="homes">${group.items.map(
        (item) => html`<li><a href="${item.url}">${item.name}</a><br><span class="muted">${item.detail}</span></li>`,
      )}</ul>`,
  );

  const body = html`<h1>${spec.title}</h1>
${spec.intro.map((paragraph) => html`<p>${paragraph}</p>`)}
${lead.length > 0 ? html`<p class="note">${lead.join(' ')}</p>` : ''}
${count ? html`<p>${count}</p>` : ''}
${spec.items.length > 0 ? groupsHtml : html`<p>${spec.empty}</p>`}
${pagerHtml(spec.paging, at, language)}
${(spec.sections ?? []).map(
  (section) => html`<section><h2>${section.heading}</h2>${section.intro ? html`<p>${section.intro}</p>` : ''}
<ul class="links">${section.links.map((link) => html`<li><a href="${link.url}">${link.text}</a>${link.note ? html` <span class="muted">(${link.note})</span>` : ''}</li>`)}</ul></section>`,
)}
<p class="muted small"><a href="${markdownUrl}">${say(SHELL_WORDS.asMarkdown, language)}</a></p>`;

  const markdown = () =>
    mdBlocks([
      `# ${mdText(spec.title)}`,
      mdEnglishPrevails(language, spec.translationUrl),
      ...spec.intro.map(mdText),
      lead.length > 0 ? mdText(lead.join(' ')) : null,
      count ? mdText(count) : null,
      ...(spec.items.length > 0
        ? groups.map(
            (group) =>
              `${group.heading ? `## ${mdText(group.heading)}\n\n` : ''}${group.items.map((item) => `- ${mdLink(item.name, item.url)}: ${mdText(item.detail)}`).join('\n')}`,
          )
        : [mdText(spec.empty)]),
      pagerMarkdown(spec.paging, at, language),
      ...(spec.sections ?? []).map(
        (section) =>
          `## ${mdText(section.heading)}\n\n${section.intro ? `${mdText(section.intro)}\n\n` : ''}${section.links.map((link) => `- ${mdLink(link.text, link.url)}${link.note ? ` (${mdText(link.note)})` : ''}`).join('\n')}`,
      ),
      fill(w.pageAddress, { url: canonicalUrl }),
      mdAttribution(baseUrl, false, language),
    ]);

  return {
    title: spec.paging.page > 1 ? fill(w.pageN, { title: spec.title, n: spec.paging.page }) : spec.title,
    description: spec.description,
    canonicalUrl,
    markdownUrl,
    language,
    translationUrl: spec.translationUrl,
    body,
    markdown,
    cacheControl: spec.cacheControl ?? RECORD_PAGE_CACHE,
  };
}

/** One page of a list drawn from the listed-homes index. */
function listPage(context: ShapeContext, filter: ListingFilter, page: number, language: Language = 'en'): { at: Paging; rows: ListedHome[]; distances: number[]; visits: Map<string, string> } {
  const selection = listedHomesOf(context.snapshot).select(filter);
  const at = paging(page, selection.homes.length, language);
  const end = at.offset + PAGE_SIZE;
  const rows = selection.homes.slice(at.offset, end);
  return { at, rows, distances: selection.distances.slice(at.offset, end), visits: visitsOfRows(context, rows, language) };
}

/** An index lists places, not homes: one page, no count and no neutrality sentence about homes. */
function indexDoc(baseUrl: string, spec: Omit<ListSpec, 'paging' | 'items' | 'empty' | 'isIndex'>): PageDoc {
  return listDoc(baseUrl, { ...spec, paging: { page: 1, pages: 1, total: 0, offset: 0 }, items: [], empty: '', isIndex: true });
}

/** A county named in a path or a `?county=` value: its slug, or its name in any case. */
function countyFrom(context: ShapeContext, value: string): Place {
  const county = countyBySlug(context.snapshot, value) ?? countyBySlug(context.snapshot, nameSlug(value));
  if (!county) throw pageError(404, 'No county with licensed homes has this name. The list of counties is at /county.');
  return county;
}

// ---- County and city -------------------------------------------------------------------------

/** A page's address in a language, and its address in the other one. */
function addresses(baseUrl: string, path: string, language: Language) {
  return { url: `${baseUrl}${pathIn(language, path)}`, translationUrl: `${baseUrl}${pathIn(language === 'en' ? 'es' : 'en', path)}` };
}

export function countyIndexPage(context: ShapeContext, language: Language = 'en'): PageDoc {
  const baseUrl = context.filler.baseUrl;
  const w = wordsIn(LIST_WORDS, language);
  const list = counties(context.snapshot);
  return indexDoc(baseUrl, {
    title: w.byCountyTitle,
    description: w.byCountyDescription,
    ...addresses(baseUrl, '/county', language),
    language,
    intro: [w.byCountyIntro],
    sections: [
      {
        heading: w.counties,
        links: list.map((county) => ({
          text: fill(w.countyTitle, { county: county.name }),
          url: `${baseUrl}${pathIn(language, `/county/${county.slug}`)}`,
          note: homesWord(county.homes, language),
        })),
      },
    ],
  });
}

function homesWord(count: number, language: Language = 'en'): string {
  return say(count === 1 ? LIST_WORDS.homeOne : LIST_WORDS.homeMany, language, { n: count });
}

export function countyPage(context: ShapeContext, countySlug: string, page: number, language: Language = 'en'): PageDoc {
  const baseUrl = context.filler.baseUrl;
  const w = wordsIn(LIST_WORDS, language);
  const county = countyBySlug(context.snapshot, countySlug);
  if (!county) throw pageError(404, w.noSuchCounty);
  const { at, rows, visits } = listPage(context, { countyKey: county.key }, page, language);
  const place = addresses(baseUrl, `/county/${county.slug}`, language);
  const values = { county: county.name };
  return listDoc(baseUrl, {
    title: fill(w.countyPageTitle, values),
    description: fill(w.countyPageDescription, values),
    ...place,
    language,
    intro: [fill(w.countyPageIntro, values)],
    paging: at,
    items: rows.map((row) => itemOf(baseUrl, row, [approvalsWords(context, row, language)], language, visits)),
    empty: fill(w.countyEmpty, values),
    sections: [
      {
        heading: fill(w.citiesIn, values),
        links: citiesOf(context.snapshot, county).map((city) => ({ text: city.name, url: `${place.url}/${city.slug}`, note: homesWord(city.homes, language) })),
      },
      {
        heading: fill(w.byApprovalIn, values),
        links: NEED_KEYS.map((need) => ({
          text: say(CARE_TYPE_WORDS[need as keyof typeof CARE_TYPE_WORDS], language),
          url: `${baseUrl}${pathIn(language, `/care/${need}`)}?county=${county.slug}`,
        })).concat([{ text: w.waiverHomes, url: `${baseUrl}${pathIn(language, '/waiver')}?county=${county.slug}` }]),
      },
      language === 'en'
        ? countyChangesSection(context, baseUrl, county)
        : { heading: fill(w.changesIn, values), links: [{ text: fill(w.changesIn, values), url: `${baseUrl}${pathIn(language, '/changes')}?county=${county.slug}` }] },
    ],
  });
}

export function cityPage(context: ShapeContext, countySlug: string, citySlug: string, page: number, language: Language = 'en'): PageDoc {
  const baseUrl = context.filler.baseUrl;
  const w = wordsIn(LIST_WORDS, language);
  const county = countyBySlug(context.snapshot, countySlug);
  const city = county ? cityBySlug(context.snapshot, county, citySlug) : undefined;
  if (!county || !city) throw pageError(404, w.noSuchCity);
  const { at, rows, visits } = listPage(context, { countyKey: county.key, cityKey: city.key }, page, language);
  const values = { county: county.name, city: city.name };
  return listDoc(baseUrl, {
    title: fill(w.cityPageTitle, values),
    description: fill(w.cityPageDescription, values),
    ...addresses(baseUrl, `/county/${county.slug}/${city.slug}`, language),
    language,
    intro: [fill(w.cityPageIntro, values)],
    paging: at,
    items: rows.map((row) => itemOf(baseUrl, row, [approvalsWords(context, row, language)], language, visits)),
    empty: fill(w.cityEmpty, values),
    sections: [{ heading: w.morePlaces, links: [{ text: fill(w.allOfCounty, values), url: `${baseUrl}${pathIn(language, `/county/${county.slug}`)}` }] }],
  });
}

// ---- Care types ------------------------------------------------------------------------------

export function careIndexPage(context: ShapeContext, language: Language = 'en'): PageDoc {
  const baseUrl = context.filler.baseUrl;
  const w = wordsIn(CARE_LIST_WORDS, language);
  const at = (path: string) => `${baseUrl}${pathIn(language, path)}`;
  return indexDoc(baseUrl, {
    title: w.indexTitle,
    description: w.indexDescription,
    ...addresses(baseUrl, '/care', language),
    language,
    intro: [w.indexIntro],
    cacheControl: EDITORIAL_PAGE_CACHE,
    sections: [
      {
        heading: w.careApprovals,
        links: NEED_KEYS.map((need) => ({ text: say(CARE_TYPE_WORDS[need as keyof typeof CARE_TYPE_WORDS], language), url: at(`/care/${need}`) })).concat([
          { text: say(LIST_WORDS.waiverHomes, language), url: at('/waiver') },
          { text: say(NEAR_WORDS.indexTitle, language), url: at(NEAR_HOSPITAL_PATH) },
          { text: w.whatEachMeans, url: at('/guides/care-approvals') },
        ]),
      },
    ],
  });
}

/** The approval a care-type page is about, as a sentence names it. */
function careApproval(need: string, language: Language): string {
  return language === 'en' ? CARE_TYPES[need]!.approval : say(APPROVAL_NAME_WORDS[NEEDS[need]!], language);
}

export function carePage(context: ShapeContext, need: string, countyValue: string | undefined, page: number, language: Language = 'en'): PageDoc {
  const baseUrl = context.filler.baseUrl;
  const w = wordsIn(CARE_LIST_WORDS, language);
  const type = CARE_TYPES[need];
  const clearance: ClearanceKey | undefined = NEEDS[need];
  if (!type || !clearance || !Object.hasOwn(NEEDS, need)) {
    throw pageError(404, fill(w.noCareType, { types: NEED_KEYS.join(', ') }));
  }
  const county = countyValue === undefined ? null : countyFrom(context, countyValue);
  // A clearance under a correction review reads not on file and does not match (spec rule 2).
  const filter = { countyKey: county?.key ?? null, clearances: [clearance], excluded: licensesFailingNeeds(context.overlay, [clearance]) };
  const { at, rows, visits } = listPage(context, filter, page, language);
  const where = county ? fill(w.inCounty, { county: county.name }) : w.inCalifornia;
  const approval = careApproval(need, language);
  const countyWords = (name: string | null) => (name ? say(LIST_WORDS.countyTitle, language, { county: name }) : say(LIST_WORDS.countyNotOnFile, language));
  return listDoc(baseUrl, {
    title: `${say(CARE_TYPE_WORDS[need as keyof typeof CARE_TYPE_WORDS], language)}${where}`,
    description: fill(w.careDescription, { where, approval }),
    ...addresses(baseUrl, `/care/${need}`, language),
    language,
    params: { county: county?.slug },
    intro: [fill(w.careIntro, { where, approval }), `${fill(w.careLeftOut, { approval })} ${say(SHARED_WORDS.notOnFile, language)}`],
    paging: at,
    items: rows.map((row) => itemOf(baseUrl, row, county ? [] : [language === 'en' ? (row.county ? `${row.county} County` : 'county not on file') : countyWords(row.county)], language, visits)),
    empty: fill(w.careEmpty, { where, approval }),
    sections: [
      {
        heading: w.narrow,
        links: counties(context.snapshot).map((c) => ({ text: say(LIST_WORDS.countyTitle, language, { county: c.name }), url: `${baseUrl}${pathIn(language, `/care/${need}`)}?county=${c.slug}` })),
      },
    ],
  });
}

// ---- The Assisted Living Waiver -----------------------------------------------------------------

export function waiverPage(context: ShapeContext, countyValue: string | undefined, page: number, language: Language = 'en'): PageDoc {
  const baseUrl = context.filler.baseUrl;
  const w = wordsIn(CARE_LIST_WORDS, language);
  const county = countyValue === undefined ? null : countyFrom(context, countyValue);
  const { at, rows, visits } = listPage(context, { countyKey: county?.key ?? null, waiver: true, byCounty: true }, page, language);
  const listDate = context.snapshot.meta.alwListAsOf;
  // One heading per county, spelled as its page spells it, whatever each row's casing.
  const countyNames = new Map(counties(context.snapshot).map((c) => [c.key, c.name]));
  const where = county ? fill(w.inCounty, { county: county.name }) : '';
  const countyTitle = (name: string) => say(LIST_WORDS.countyTitle, language, { county: name });
  return listDoc(baseUrl, {
    title: fill(w.waiverTitle, { where }),
    description: fill(w.waiverDescription, { where }),
    ...addresses(baseUrl, '/waiver', language),
    language,
    params: { county: county?.slug },
    intro: [fill(w.waiverIntro, { asOf: listDate ? say(SOURCE_WORDS.asOf, language, { date: listDate }) : '' }), w.waiverScope],
    paging: at,
    items: rows.map((row) => {
      const name = (row.county_key && countyNames.get(row.county_key)) ?? row.county;
      return { ...itemOf(baseUrl, row, [], language, visits), group: name ? countyTitle(name) : w.countyNotOnFileGroup };
    }),
    empty: fill(w.waiverEmpty, { where }),
    sections: [
      {
        heading: w.waiverCounties,
        links: waiverCountyList(context.snapshot).map((c) => ({ text: countyTitle(c.name), url: `${baseUrl}${pathIn(language, '/waiver')}?county=${c.slug}`, note: homesWord(c.homes, language) })),
      },
      { heading: w.readMore, links: [{ text: w.waiverGuide, url: `${baseUrl}${pathIn(language, '/guides/assisted-living-waiver')}` }] },
    ],
  });
}

// ---- Near a hospital -------------------------------------------------------------------------


export function nearHospitalIndexPage(context: ShapeContext, language: Language = 'en'): PageDoc {
  const baseUrl = context.filler.baseUrl;
  const w = wordsIn(NEAR_WORDS, language);
  const radius = NEAR_HOSPITAL_RADIUS_MILES;
  const byCounty = new Map<string, PageHospitalRow[]>();
  for (const hospital of hospitalsByCounty(context.snapshot)) {
    const county = hospital.county ? say(LIST_WORDS.countyTitle, language, { county: hospital.county }) : say(CARE_LIST_WORDS.countyNotOnFileGroup, language);
    byCounty.set(county, [...(byCounty.get(county) ?? []), hospital]);
  }
  return indexDoc(baseUrl, {
    title: w.indexTitle,
    description: fill(w.indexDescription, { radius }),
    ...addresses(baseUrl, NEAR_HOSPITAL_PATH, language),
    language,
    intro: [fill(w.indexIntro, { radius })],
    sections: [...byCounty].map(([county, hospitals]) => ({
      heading: county,
      links: hospitals.map((hospital) => ({ text: hospital.name, url: `${baseUrl}${pathIn(language, hospitalPath(hospital))}`, note: hospital.city ?? undefined })),
    })),
  });
}

export function nearHospitalPage(context: ShapeContext, param: string, page: number, language: Language = 'en'): PageOrRedirect {
  const baseUrl = context.filler.baseUrl;
  const w = wordsIn(NEAR_WORDS, language);
  const match = /^(?:(.*)-)?([A-Za-z0-9]{1,20})$/.exec(param);
  const hospital = match ? hospitalByFacid(context.snapshot, match[2]!) : undefined;
  if (!match || !hospital) throw pageError(404, w.noHospital);
  const canonicalPath = hospitalPath(hospital);
  if (`/near-hospital/${param}` !== canonicalPath) return { redirectTo: pathIn(language, canonicalPath) };

  const radius = NEAR_HOSPITAL_RADIUS_MILES;
  const latSpan = radius / 69;
  const lonSpan = radius / (69 * Math.max(0.1, Math.cos((hospital.latitude * Math.PI) / 180)));
  // The box only narrows the scan; the radius decides. The list stays alphabetical.
  const box = { south: hospital.latitude - latSpan, north: hospital.latitude + latSpan, west: hospital.longitude - lonSpan, east: hospital.longitude + lonSpan };
  const { at, rows, distances, visits } = listPage(context, { box, near: hospital, unit: 'miles', radius, byDistance: false }, page, language);
  const place = placeWords(hospital.city, hospital.county, language);
  const values = { radius, hospital: hospital.name };
  return listDoc(baseUrl, {
    title: fill(w.title, values),
    description: fill(w.description, { ...values, place: place ? `, ${place}` : '' }),
    ...addresses(baseUrl, canonicalPath, language),
    language,
    intro: [fill(w.intro, { ...values, place: place ? ` (${place})` : '' })],
    paging: at,
    items: rows.map((row, i) =>
      itemOf(baseUrl, row, [`${fill(w.miles, { n: distances[i]!.toFixed(1) })}${isApproximateLocation(row.location_method) ? ` (${w.approximate})` : ''}`], language, visits),
    ),
    empty: fill(w.empty, { radius }),
    sections: [{ heading: w.otherHospitals, links: [{ text: w.allHospitals, url: `${baseUrl}${pathIn(language, NEAR_HOSPITAL_PATH)}` }] }],
  });
}

// ---- One license holder ----------------------------------------------------------------------

export function licenseePage(context: ShapeContext, slug: string, page: number, language: Language = 'en'): PageDoc {
  const baseUrl = context.filler.baseUrl;
  const w = wordsIn(NEAR_WORDS, language);
  const holder = licenseeBySlug(context.snapshot, slug);
  if (!holder) throw pageError(404, w.noHolder);
  const { at, rows, visits } = listPage(context, { licensees: new Set(holder.names) }, page, language);
  const name = holder.names[0]!;
  const countyWords = (county: string | null) => (county ? say(LIST_WORDS.countyTitle, language, { county }) : say(LIST_WORDS.countyNotOnFile, language));
  return listDoc(baseUrl, {
    title: fill(w.holderTitle, { name }),
    description: fill(w.holderDescription, { name }),
    ...addresses(baseUrl, licenseePath(holder.slug), language),
    language,
    intro: [fill(w.holderIntro, { names: holder.names.join(w.or) })],
    paging: at,
    items: rows.map((row) => itemOf(baseUrl, row, [language === 'en' ? (row.county ? `${row.county} County` : 'county not on file') : countyWords(row.county)], language, visits)),
    empty: w.holderEmpty,
  });
}
