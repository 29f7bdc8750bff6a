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
import { facilityPagePath } from '../web/links.ts';
import { APPROXIMATE_DISTANCE, isApproximateLocation, LIST_NEUTRALITY, NOT_ON_FILE_IN_WORDS, OPENINGS_BY_PHONE, visitsInWords } from '../words/wording.ts';
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

/** Near-hospital pages list homes within this straight-line distance. */
export const NEAR_HOSPITAL_RADIUS_MILES = 5;

/** What a care-type page is about, per `needs` key. */
export const CARE_TYPES: Record<string, { title: string; approval: string }> = {
  dementia: { title: 'Homes approved for dementia care', approval: 'the dementia care approval' },
  wheelchair: {
    title: 'Homes approved for residents who cannot walk unaided (wheelchair users)',
    approval: 'the non-ambulatory approval (residents who cannot leave the building unaided, such as wheelchair users)',
  },
  hospice: { title: 'Homes with a hospice waiver', approval: 'the hospice waiver (residents may receive hospice care there)' },
  bedridden: { title: 'Homes approved for bedridden residents', approval: 'the bedridden approval' },
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
}

function beds(row: ListedHome): string {
  return row.capacity === null ? 'licensed beds not on file' : `${row.capacity} licensed bed${row.capacity === 1 ? '' : 's'} (${row.size_words})`;
}

function itemOf(baseUrl: string, row: ListedHome, extra: string[] = [], visits?: ReadonlyMap<string, string>): ListItem {
  const visited = visits?.get(row.license_number);
  return {
    name: row.name,
    url: `${baseUrl}${facilityPagePath(row.name_slug, row.license_number)}`,
    detail: [row.city ?? 'city not on file', beds(row), `license ${row.license_number}`, ...extra, ...(visited ? [visited] : [])].join(' · '),
  };
}

/** Each listed row's visits and citations in words (the state's weekly export), from one narrow read of the page's rows. */
function visitsOfRows(context: ShapeContext, rows: readonly ListedHome[]): Map<string, string> {
  const read = columnsByLicenses(context.snapshot, ['state_visits_json'] as const, rows.map((row) => row.license_number));
  return new Map(
    read.map((row) => {
      const fact = JSON.parse(row.state_visits_json) as { value: StateVisitsValue | null; confirmed_on: string | null };
      return [row.license_number, visitsInWords(fact.value, fact.confirmed_on)];
    }),
  );
}

/** A care approval in a list line: the clearance's own name (wheelchair users need non-ambulatory). */
const APPROVAL_SHORT: Record<ClearanceKey, string> = {
  dementia: 'dementia',
  non_ambulatory: 'non-ambulatory (wheelchair)',
  hospice: 'hospice',
  bedridden: 'bedridden',
};

/**
 * A home's care approvals in a list line: only an explicit true not under a correction review
 * is named (tri-state: the other values say nothing, and are never written as "no").
 */
function approvalsWords(context: ShapeContext, row: ListedHome): string {
  const held = context.overlay.reviewsOf(row.license_number);
  const approved = CLEARANCE_KEYS.filter((key) => row[key] === 'true' && !held.includes(key));
  return approved.length > 0 ? `care approvals: ${approved.map((key) => APPROVAL_SHORT[key]).join(', ')}` : 'no care approval on file';
}

function listDoc(baseUrl: string, spec: ListSpec): PageDoc {
  const at = (page: number) => pageUrl(spec.url, page, spec.params ?? {});
  const canonicalUrl = at(spec.paging.page);
  const markdownUrl = pageUrl(`${spec.url}.md`, spec.paging.page, spec.params ?? {});
  const count =
    spec.paging.total === 0 || spec.isIndex
      ? ''
      : `${homesWord(spec.paging.total)}${
          spec.paging.pages > 1 ? `; ${spec.paging.offset + 1} to ${spec.paging.offset + spec.items.length} on this page` : ''
        }.`;
  const lead = spec.isIndex ? [] : [LIST_NEUTRALITY, OPENINGS_BY_PHONE];

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
${pagerHtml(spec.paging, at)}
${(spec.sections ?? []).map(
  (section) => html`<section><h2>${section.heading}</h2>${section.intro ? html`<p>${section.intro}</p>` : ''}
<ul class="links">${section.links.map((link) => html`<li><a href="${link.url}">${link.text}</a>${link.note ? html` <span class="muted">(${link.note})</span>` : ''}</li>`)}</ul></section>`,
)}
<p class="muted small"><a href="${markdownUrl}">This page as Markdown</a></p>`;

  const markdown = () =>
    mdBlocks([
      `# ${mdText(spec.title)}`,
      ...spec.intro.map(mdText),
      lead.length > 0 ? mdText(lead.join(' ')) : null,
      count ? mdText(count) : null,
      ...(spec.items.length > 0
        ? groups.map(
            (group) =>
              `${group.heading ? `## ${mdText(group.heading)}\n\n` : ''}${group.items.map((item) => `- ${mdLink(item.name, item.url)}: ${mdText(item.detail)}`).join('\n')}`,
          )
        : [mdText(spec.empty)]),
      pagerMarkdown(spec.paging, at),
      ...(spec.sections ?? []).map(
        (section) =>
          `## ${mdText(section.heading)}\n\n${section.intro ? `${mdText(section.intro)}\n\n` : ''}${section.links.map((link) => `- ${mdLink(link.text, link.url)}${link.note ? ` (${mdText(link.note)})` : ''}`).join('\n')}`,
      ),
      `Page address: ${canonicalUrl}`,
      mdAttribution(baseUrl),
    ]);

  return {
    title: spec.paging.page > 1 ? `${spec.title} (page ${spec.paging.page})` : spec.title,
    description: spec.description,
    canonicalUrl,
    markdownUrl,
    body,
    markdown,
    cacheControl: spec.cacheControl ?? RECORD_PAGE_CACHE,
  };
}

/** One page of a list drawn from the listed-homes index. */
function listPage(context: ShapeContext, filter: ListingFilter, page: number): { at: Paging; rows: ListedHome[]; distances: number[]; visits: Map<string, string> } {
  const selection = listedHomesOf(context.snapshot).select(filter);
  const at = paging(page, selection.homes.length);
  const end = at.offset + PAGE_SIZE;
  const rows = selection.homes.slice(at.offset, end);
  return { at, rows, distances: selection.distances.slice(at.offset, end), visits: visitsOfRows(context, rows) };
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

export function countyIndexPage(context: ShapeContext): PageDoc {
  const baseUrl = context.filler.baseUrl;
  const list = counties(context.snapshot);
  return indexDoc(baseUrl, {
    title: 'Licensed care homes by county',
    description: 'Every California county with a licensed residential care home for the elderly (RCFE), with the number of homes.',
    url: `${baseUrl}/county`,
    intro: ['Counties in alphabetical order, each with the number of licensed homes on the state roster.'],
    sections: [
      {
        heading: 'Counties',
        links: list.map((county) => ({ text: `${county.name} County`, url: `${baseUrl}/county/${county.slug}`, note: homesWord(county.homes) })),
      },
    ],
  });
}

function homesWord(count: number): string {
  return `${count} home${count === 1 ? '' : 's'}`;
}

export function countyPage(context: ShapeContext, countySlug: string, page: number): PageDoc {
  const baseUrl = context.filler.baseUrl;
  const county = countyBySlug(context.snapshot, countySlug);
  if (!county) throw pageError(404, 'No county with licensed homes has this address. The list of counties is at /county.');
  const { at, rows, visits } = listPage(context, { countyKey: county.key }, page);
  const url = `${baseUrl}/county/${county.slug}`;
  return listDoc(baseUrl, {
    title: `Licensed care homes in ${county.name} County`,
    description: `Residential care homes for the elderly (RCFEs) licensed in ${county.name} County, California, from the state licensing record.`,
    url,
    intro: [`Residential care homes for the elderly with a current license in ${county.name} County, from the state licensing record.`],
    paging: at,
    items: rows.map((row) => itemOf(baseUrl, row, [approvalsWords(context, row)], visits)),
    empty: `No licensed home in ${county.name} County is on the state roster.`,
    sections: [
      {
        heading: `Cities in ${county.name} County`,
        links: citiesOf(context.snapshot, county).map((city) => ({ text: city.name, url: `${url}/${city.slug}`, note: homesWord(city.homes) })),
      },
      {
        heading: `By care approval in ${county.name} County`,
        links: NEED_KEYS.map((need) => ({ text: CARE_TYPES[need]!.title, url: `${baseUrl}/care/${need}?county=${county.slug}` })).concat([
          { text: 'Homes on the Assisted Living Waiver list', url: `${baseUrl}/waiver?county=${county.slug}` },
        ]),
      },
      countyChangesSection(context, baseUrl, county),
    ],
  });
}

export function cityPage(context: ShapeContext, countySlug: string, citySlug: string, page: number): PageDoc {
  const baseUrl = context.filler.baseUrl;
  const county = countyBySlug(context.snapshot, countySlug);
  const city = county ? cityBySlug(context.snapshot, county, citySlug) : undefined;
  if (!county || !city) throw pageError(404, 'No city with licensed homes has this address. The list of counties is at /county.');
  const { at, rows, visits } = listPage(context, { countyKey: county.key, cityKey: city.key }, page);
  return listDoc(baseUrl, {
    title: `Licensed care homes in ${city.name}, ${county.name} County`,
    description: `Residential care homes for the elderly (RCFEs) licensed in ${city.name}, ${county.name} County, California.`,
    url: `${baseUrl}/county/${county.slug}/${city.slug}`,
    intro: [`Residential care homes for the elderly with a current license in ${city.name}, from the state licensing record.`],
    paging: at,
    items: rows.map((row) => itemOf(baseUrl, row, [approvalsWords(context, row)], visits)),
    empty: `No licensed home in ${city.name} is on the state roster.`,
    sections: [{ heading: 'More places', links: [{ text: `All of ${county.name} County`, url: `${baseUrl}/county/${county.slug}` }] }],
  });
}

// ---- Care types ------------------------------------------------------------------------------

export function careIndexPage(context: ShapeContext): PageDoc {
  const baseUrl = context.filler.baseUrl;
  return indexDoc(baseUrl, {
    title: 'Homes by care approval',
    description: 'Licensed care homes whose license carries a care approval: dementia, non-ambulatory (wheelchair), hospice, bedridden.',
    url: `${baseUrl}/care`,
    intro: [
      'A care approval is on the license itself. These lists show the homes whose license explicitly carries it. A home is not listed when the state\'s file states that its license does not carry the approval, or does not say (which is not a no).',
    ],
    cacheControl: EDITORIAL_PAGE_CACHE,
    sections: [
      {
        heading: 'Care approvals',
        links: NEED_KEYS.map((need) => ({ text: CARE_TYPES[need]!.title, url: `${baseUrl}/care/${need}` })).concat([
          { text: 'Homes on the Assisted Living Waiver list', url: `${baseUrl}/waiver` },
          { text: 'What each care approval means', url: `${baseUrl}/guides/care-approvals` },
        ]),
      },
    ],
  });
}

export function carePage(context: ShapeContext, need: string, countyValue: string | undefined, page: number): PageDoc {
  const baseUrl = context.filler.baseUrl;
  const type = CARE_TYPES[need];
  const clearance: ClearanceKey | undefined = NEEDS[need];
  if (!type || !clearance || !Object.hasOwn(NEEDS, need)) {
    throw pageError(404, `There is no care type page with this name. The care types are: ${NEED_KEYS.join(', ')}.`);
  }
  const county = countyValue === undefined ? null : countyFrom(context, countyValue);
  // A clearance under a correction review reads not on file and does not match (spec rule 2).
  const filter = { countyKey: county?.key ?? null, clearances: [clearance], excluded: licensesFailingNeeds(context.overlay, [clearance]) };
  const { at, rows, visits } = listPage(context, filter, page);
  const where = county ? ` in ${county.name} County` : ' in California';
  return listDoc(baseUrl, {
    title: `${type.title}${where}`,
    description: `Licensed residential care homes for the elderly${where} whose license carries ${type.approval}.`,
    url: `${baseUrl}/care/${need}`,
    params: { county: county?.slug },
    intro: [
      `Homes with a current license${where} whose license explicitly carries ${type.approval}, per the state's approvals file.`,
      `A home is not listed here when the state's file states that its license does not carry ${type.approval}, or does not say. ${NOT_ON_FILE_IN_WORDS}`,
    ],
    paging: at,
    items: rows.map((row) => itemOf(baseUrl, row, county ? [] : [row.county ? `${row.county} County` : 'county not on file'], visits)),
    empty: `No licensed home${where} carries ${type.approval} in the state's file.`,
    sections: [
      {
        heading: 'Narrow by county',
        links: counties(context.snapshot).map((c) => ({ text: `${c.name} County`, url: `${baseUrl}/care/${need}?county=${c.slug}` })),
      },
    ],
  });
}

// ---- The Assisted Living Waiver -----------------------------------------------------------------

export function waiverPage(context: ShapeContext, countyValue: string | undefined, page: number): PageDoc {
  const baseUrl = context.filler.baseUrl;
  const county = countyValue === undefined ? null : countyFrom(context, countyValue);
  const { at, rows, visits } = listPage(context, { countyKey: county?.key ?? null, waiver: true, byCounty: true }, page);
  const listDate = context.snapshot.meta.alwListAsOf;
  // One heading per county, spelled as its page spells it, whatever each row's casing.
  const countyNames = new Map(counties(context.snapshot).map((c) => [c.key, c.name]));
  const where = county ? ` in ${county.name} County` : '';
  return listDoc(baseUrl, {
    title: `Homes on the Assisted Living Waiver list${where}`,
    description: `Licensed care homes${where} on the state's Medi-Cal Assisted Living Waiver list, by county.`,
    url: `${baseUrl}/waiver`,
    params: { county: county?.slug },
    intro: [
      `Licensed homes on the state health-care-services department's Assisted Living Waiver list${listDate ? ` as of ${listDate}` : ''}, by county, each county's homes alphabetically.`,
      'The Assisted Living Waiver pays for care services only; it does not pay for room and board. A home missing from the list is not on file, which is not a verified no.',
    ],
    paging: at,
    items: rows.map((row) => {
      const name = (row.county_key && countyNames.get(row.county_key)) ?? row.county;
      return { ...itemOf(baseUrl, row, [], visits), group: name ? `${name} County` : 'County not on file' };
    }),
    empty: `No licensed home${where} is on the Assisted Living Waiver list.`,
    sections: [
      {
        heading: 'Counties with waiver homes',
        links: waiverCountyList(context.snapshot).map((c) => ({ text: `${c.name} County`, url: `${baseUrl}/waiver?county=${c.slug}`, note: homesWord(c.homes) })),
      },
      { heading: 'Read more', links: [{ text: 'The Medi-Cal Assisted Living Waiver', url: `${baseUrl}/guides/assisted-living-waiver` }] },
    ],
  });
}

// ---- Near a hospital -------------------------------------------------------------------------


export function hospitalPath(hospital: { name_slug: string; facid: string }): string {
  return `/near-hospital/${hospital.name_slug}-${hospital.facid}`;
}

export function nearHospitalIndexPage(context: ShapeContext): PageDoc {
  const baseUrl = context.filler.baseUrl;
  const byCounty = new Map<string, PageHospitalRow[]>();
  for (const hospital of hospitalsByCounty(context.snapshot)) {
    const county = hospital.county ? `${hospital.county} County` : 'County not on file';
    byCounty.set(county, [...(byCounty.get(county) ?? []), hospital]);
  }
  return indexDoc(baseUrl, {
    title: 'Care homes near a hospital',
    description: `Licensed care homes within ${NEAR_HOSPITAL_RADIUS_MILES} miles (straight line) of a California general acute care hospital.`,
    url: `${baseUrl}/near-hospital`,
    intro: [
      `Choose a hospital to see the licensed homes within ${NEAR_HOSPITAL_RADIUS_MILES} miles of it in a straight line, alphabetically, each with its distance. Hospitals are the state's licensed general acute care hospitals, by county.`,
    ],
    sections: [...byCounty].map(([county, hospitals]) => ({
      heading: county,
      links: hospitals.map((hospital) => ({ text: hospital.name, url: `${baseUrl}${hospitalPath(hospital)}`, note: hospital.city ?? undefined })),
    })),
  });
}

export function nearHospitalPage(context: ShapeContext, param: string, page: number): PageOrRedirect {
  const baseUrl = context.filler.baseUrl;
  const match = /^(?:(.*)-)?([A-Za-z0-9]{1,20})$/.exec(param);
  const hospital = match ? hospitalByFacid(context.snapshot, match[2]!) : undefined;
  if (!match || !hospital) throw pageError(404, 'No hospital has this address. The list of hospitals is at /near-hospital.');
  const canonicalPath = hospitalPath(hospital);
  if (`/near-hospital/${param}` !== canonicalPath) return { redirectTo: canonicalPath };

  const radius = NEAR_HOSPITAL_RADIUS_MILES;
  const latSpan = radius / 69;
  const lonSpan = radius / (69 * Math.max(0.1, Math.cos((hospital.latitude * Math.PI) / 180)));
  // The box only narrows the scan; the radius decides. The list stays alphabetical.
  const box = { south: hospital.latitude - latSpan, north: hospital.latitude + latSpan, west: hospital.longitude - lonSpan, east: hospital.longitude + lonSpan };
  const { at, rows, distances, visits } = listPage(context, { box, near: hospital, unit: 'miles', radius, byDistance: false }, page);
  const place = placeWords(hospital.city, hospital.county);
  return listDoc(baseUrl, {
    title: `Care homes within ${radius} miles of ${hospital.name}`,
    description: `Licensed care homes within ${radius} miles (straight line) of ${hospital.name}${place ? `, ${place}` : ''}.`,
    url: `${baseUrl}${canonicalPath}`,
    intro: [
      `Licensed residential care homes within ${radius} miles of ${hospital.name}${place ? ` (${place})` : ''}, measured in a straight line from the hospital to each home's mapped address, not by road. Listed alphabetically; the distance is shown with each home. A home located only by its ZIP code has an approximate distance.`,
    ],
    paging: at,
    items: rows.map((row, i) =>
      itemOf(baseUrl, row, [`${distances[i]!.toFixed(1)} miles${isApproximateLocation(row.location_method) ? ` (${APPROXIMATE_DISTANCE})` : ''}`], visits),
    ),
    empty: `No licensed home with a mapped address is within ${radius} miles of this hospital.`,
    sections: [{ heading: 'Other hospitals', links: [{ text: 'All hospitals, by county', url: `${baseUrl}/near-hospital` }] }],
  });
}

// ---- One license holder ----------------------------------------------------------------------

export function licenseePage(context: ShapeContext, slug: string, page: number): PageDoc {
  const baseUrl = context.filler.baseUrl;
  const holder = licenseeBySlug(context.snapshot, slug);
  if (!holder) throw pageError(404, 'No license holder with a current license has this address.');
  const { at, rows, visits } = listPage(context, { licensees: new Set(holder.names) }, page);
  const name = holder.names[0]!;
  return listDoc(baseUrl, {
    title: `Licenses held by ${name}`,
    description: `Licensed care homes whose license is held by ${name}, from the state licensing record.`,
    url: `${baseUrl}/licensee/${holder.slug}`,
    intro: [
      `Current licenses whose license holder (licensee) on the state roster is ${holder.names.join(' or ')}. The licensee is the legal entity or person the state licensed; it is shown as the roster spells it.`,
    ],
    paging: at,
    items: rows.map((row) => itemOf(baseUrl, row, [row.county ? `${row.county} County` : 'county not on file'], visits)),
    empty: 'No current license is held by this license holder.',
  });
}
