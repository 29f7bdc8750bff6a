// The homes card (find_homes, homes_near_hospital): the list in the tool's own order (distance
// from the point given, else alphabetical) with its neutrality and no-availability sentences, a
// map pinning each home that has a location (points from the app-only map_points tool, tiles only
// from the server's MAP_TILE_URL host, the one host its CSP names) and the count of homes without
// one. Choosing a home asks the server for its record (get_home, through the host) and shows it.
import './jitless.ts';
import type * as z from 'zod/v4';
import L from 'leaflet';
import type { App } from '@modelcontextprotocol/ext-apps';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { CardConfig } from '../catalog.ts';
import type { findHomes } from '../../tools/find-homes.ts';
import type { homesNearHospital } from '../../tools/homes-near-hospital.ts';
import type { mapPoints } from '../../tools/map-points.ts';
import { renderHome, type HomeAnswer } from './home-view.ts';
import { cardLanguage, el, errorText, root, startCard } from './shared.ts';
import { fill, say, wordsIn } from '../../../words/catalog.ts';
import { CARD_WORDS } from '../../../words/card-words.ts';
import { SHARED_WORDS } from '../../../words/family-words.ts';
import { HOME_WORDS, statusIn } from '../../../words/home-page-words.ts';
import { LIST_WORDS } from '../../../words/list-words.ts';
import { RELAY_WORDS } from '../../../words/relay-words.ts';
import { plainValue } from './words.ts';
import { APPROXIMATE_DISTANCE } from '../../../words/wording.ts';
import { familyNoteIn } from '../../../words/list-answer-words.ts';
import { answerLanguageOf } from '../../../words/handoff-words.ts';
import { priceLineIn } from '../../../words/price-words.ts';
import type { Language } from '../../../words/language.ts';

type Hospital = z.infer<(typeof homesNearHospital)['output']>['hospital'];
/** find_homes' answer, or homes_near_hospital's (which also names its hospital, or the candidates when several fit). */
type HomeList = Pick<z.infer<(typeof findHomes)['output']>, 'homes' | 'total' | 'honesty' | 'notes' | 'data_dates'> & {
  hospital?: Hospital;
  candidates?: Array<NonNullable<Hospital>>;
};
type Points = z.infer<(typeof mapPoints)['output']>;

function config(): CardConfig | null {
  const text = document.getElementById('card-config')?.textContent;
  try {
    const parsed = text ? (JSON.parse(text) as Partial<CardConfig>) : null;
    return parsed?.tileUrl ? (parsed as CardConfig) : null;
  } catch {
    return null;
  }
}

let lastList: HomeList | null = null;

async function chooseHome(app: App, license: string): Promise<void> {
  const main = root();
  const w = wordsIn(CARD_WORDS, cardLanguage(app));
  main.append(el('p', { class: 'waiting', role: 'status', text: w.opening }));
  const result = (await app.callServerTool({ name: 'get_home', arguments: { license_number: license } })) as CallToolResult;
  main.replaceChildren();
  const back = el('button', { type: 'button', class: 'back', text: w.back });
  back.addEventListener('click', () => lastList && renderList(lastList, app));
  main.append(back);
  if (result.isError || !result.structuredContent) {
    main.append(el('p', { class: 'error', role: 'alert', text: errorText(result) }));
    return;
  }
  const record = el('div', { class: 'chosen' });
  main.append(record);
  renderHome(record, result.structuredContent as HomeAnswer, app);
}

async function drawMap(app: App, list: HomeList, holder: HTMLElement, counter: HTMLElement): Promise<void> {
  const settings = config();
  if (!settings || list.homes.length === 0) return;
  const language = cardLanguage(app);
  const w = wordsIn(CARD_WORDS, language);
  let points: Points;
  try {
    const result = (await app.callServerTool({ name: 'map_points', arguments: { license_numbers: list.homes.map((home) => home.license_number) } })) as CallToolResult;
    if (result.isError || !result.structuredContent) throw new Error(errorText(result));
    points = result.structuredContent as Points;
  } catch {
    counter.textContent = w.mapFailed;
    return;
  }
  const placed = points.points.filter((point) => point.latitude !== null && point.longitude !== null);
  const missing = points.points.length - placed.length;
  // The points' note is the server's English: a Spanish card keeps the count alone.
  counter.textContent = `${fill(w.mapCount, { placed: placed.length, total: points.points.length, missing })}${language === 'en' ? ` ${points.note}` : ''}`;
  if (placed.length === 0) return;
  holder.hidden = false;
  // Leaflet writes a string tooltip or attribution as markup: the attribution goes under the map as
  // text, each tooltip is a text node, so no record value or setting is ever parsed as HTML.
  const map = L.map(holder, { attributionControl: false, scrollWheelZoom: false });
  L.tileLayer(settings.tileUrl, { maxZoom: 18 }).addTo(map);
  holder.after(el('p', { class: 'source', 'data-field': 'map-attribution', text: settings.tileAttribution }));
  const names = new Map(list.homes.map((home) => [home.license_number, home.name]));
  const layer = L.featureGroup(
    placed.map((point) =>
      L.circleMarker([point.latitude!, point.longitude!], { radius: 7, weight: 2 })
        .bindTooltip(el('span', { text: names.get(point.license_number) ?? point.license_number }))
        .on('click', () => void chooseHome(app, point.license_number)),
    ),
  ).addTo(map);
  map.fitBounds(layer.getBounds(), { padding: [20, 20], maxZoom: 14 });
}

/**
 * A home's price line in the card's language. A line the tool already said in that language is
 * shown as it is; an English line is said in Spanish where the catalog can (else it stays English,
 * marked so); a Spanish line in an English card stays Spanish, marked so.
 */
function pricePara(price: NonNullable<HomeList['homes'][number]['price']>, language: Language, answered: Language): HTMLElement {
  if (answered === language) return el('p', { class: 'note', text: price.line });
  const spoken = answered === 'en' ? priceLineIn(price, language) : null;
  return spoken === null ? el('p', { class: 'note', lang: answered, text: price.line }) : el('p', { class: 'note', text: spoken });
}

function renderList(list: HomeList, app: App): void {
  lastList = list;
  const main = root();
  const language = cardLanguage(app);
  const english = language === 'en';
  const w = wordsIn(CARD_WORDS, language);
  // The tool's own sentences are in the language it answered in: marked so where the card reads in another.
  const answered = answerLanguageOf(list.honesty.order);
  const inAnswer: Record<string, string> = answered === language ? {} : { lang: answered };
  const byDistance = list.homes.some((home) => home.distance_km !== null);
  const mapHolder = el('div', { class: 'map', role: 'region', 'aria-label': w.mapRegion });
  mapHolder.hidden = true;
  const counter = el('p', { class: 'note', 'data-field': 'map-count', role: 'status' });
  const parts: Array<HTMLElement | null> = [
    el('h1', { text: `${fill(list.total === 1 ? w.homesCountOne : w.homesCount, { n: list.total })}${list.hospital ? fill(w.near, { name: list.hospital.name }) : ''}` }),
    list.hospital ? el('p', { class: 'sub', 'data-field': 'hospital', text: [list.hospital.street, list.hospital.city].filter(Boolean).join(', ') }) : null,
    list.candidates && list.candidates.length > 0
      ? el('section', { 'aria-labelledby': 'h-candidates' }, [
          el('h2', { id: 'h-candidates', text: w.whichHospital }),
          el('ul', { 'data-field': 'candidates' }, list.candidates.map((candidate) => el('li', { text: [candidate.name, candidate.city].filter(Boolean).join(', ') }))),
        ])
      : null,
    el('p', { class: 'note', 'data-field': 'order', ...(english ? inAnswer : {}), text: english ? list.honesty.order : byDistance ? w.byDistance : say(SHARED_WORDS.listOrder, language) }),
    el('p', { class: 'note', 'data-field': 'neutrality', ...(english ? inAnswer : {}), text: english ? list.honesty.neutrality : say(RELAY_WORDS.neutrality, language) }),
    el('p', { class: 'note', 'data-field': 'openings', ...(english ? inAnswer : {}), text: english ? list.honesty.never_in_this_data : say(SHARED_WORDS.openingsByPhone, language) }),
    // The notes as the family reads them: the assistant's call-again sentences are not for them.
    ...list.notes.map(familyNoteIn).filter(Boolean).map((note) => el('p', { class: 'note', 'data-field': 'list-note', ...inAnswer, text: note })),
    mapHolder,
    counter,
    el(
      'ol',
      { class: 'homes' },
      list.homes.map((home) => {
        const choose = el('button', { type: 'button', class: 'choose', text: home.name });
        choose.addEventListener('click', () => void chooseHome(app, home.license_number));
        return el('li', { 'data-license': home.license_number }, [
          choose,
          el('p', {
            class: 'sub',
            text: english
              ? `${plainValue(home.city)} · license ${home.license_number} · ${plainValue(home.license.status)}` +
                (home.distance_km === null ? '' : ` · ${home.distance_km} km straight-line${home.distance_note ? ` (${APPROXIMATE_DISTANCE})` : ''}`)
              : `${home.city ?? say(LIST_WORDS.cityNotOnFile, language)} · ${say(LIST_WORDS.license, language, { license: home.license_number })} · ${home.license.status ? statusIn(language, home.license.status) : say(HOME_WORDS.notOnFileShort, language)}` +
                (home.distance_km === null ? '' : fill(w.straightLine, { km: home.distance_km }) + (home.distance_note ? w.approximateDistance : '')),
          }),
          home.price ? pricePara(home.price, language, answered) : null,
        ]);
      }),
    ),
    el('footer', {}, [el('p', { 'data-field': 'data_dates', text: fill(w.datesShort, { loaded: list.data_dates.state_record_loaded_on, approvals: list.data_dates.care_approvals_as_of }) })]),
  ];
  main.append(...parts.filter((part): part is HTMLElement => part !== null));
  void drawMap(app, list, mapHolder, counter);
}

startCard<HomeList>('homes', renderList);
