// find_homes: listed homes near a point or in a county or city, filtered by care approvals and a
// monthly budget. Ordered by straight-line distance from the caller's point, else alphabetically.
import * as z from 'zod/v4';
import { NEED_KEYS } from '../../../contract/facts.ts';
import { changedSinceArg, homesLeftTheList, leftTheList } from '../changes.ts';
import { changesKeptSince, licensesChangedSince } from '../../records/changes.ts';
import { changeLogSpanWords } from '../../words/changes.ts';
import { CHANGES_FAIRNESS } from '../../shape/changes.ts';
import { say } from '../../words/catalog.ts';
import { LIST_ANSWER_WORDS as W } from '../../words/list-answer-words.ts';
import { CHANGE_WORDS } from '../../words/change-words.ts';
import { honestyIn } from '../../words/handoff-words.ts';
import type { Language } from '../../words/language.ts';
import { licensesFailingNeeds } from '../../records/home-record.ts';
import { placeFor } from '../places.ts';
import { mcpDataDates } from '../record.ts';
import { clearancesFor, listedHomesOf } from '../../records/listed-homes.ts';
import { budgetCount, cutBySizeNote, filterNotes, keptWithoutOwnRate, LIST_DEFAULT_LIMIT, listPage, listText, waiverNote, waiverScopeNote, withoutLocationNote } from '../lists.ts';
import { dataDates, honesty, integerArg, listedHome, needsArg, numberArg, pointArg, strictInput, textArg, waiverArg, answerLanguageArg } from '../schemas.ts';
import { answerLanguage } from '../language.ts';
import { defineTool, refuse } from '../tool.ts';
import { cardLink } from '../cards/catalog.ts';

export const FIND_DEFAULT_RADIUS_KM = 25;
export const FIND_MAX_RADIUS_KM = 100;
export const LIST_MAX_LIMIT = 50;
export const MAX_OFFSET = 20_000;

export const budgetArg = integerArg('max_monthly_budget_usd', 1000, 30000).describe(
  'US dollars a month: leaves out only homes whose own published rate is above it; the rest stay in (kept_without_own_rate).',
);
export const limitArg = integerArg('limit', 1, LIST_MAX_LIMIT).describe(`Default ${LIST_DEFAULT_LIMIT}.`);
export const offsetArg = integerArg('offset', 0, MAX_OFFSET).describe("The previous page's next_offset.");

const input = strictInput({
  near: pointArg
    .optional()
    .describe('Coordinates only, e.g. {"latitude": 37.66, "longitude": -122.10}: nearest first. For a town name send city or county, never guessed coordinates.'),
  radius_km: numberArg('radius_km', 0.5, FIND_MAX_RADIUS_KM)
    .optional()
    .describe(`With near: straight-line; default ${FIND_DEFAULT_RADIUS_KM}.`),
  county: textArg('county', 2, 60).optional().describe('e.g. "Alameda" or "Los Angeles County"; any case.'),
  city: textArg('city', 2, 60).optional().describe('As the state roster spells it, e.g. "Hayward"; any case.'),
  needs: needsArg.optional(),
  waiver: waiverArg.optional(),
  max_monthly_budget_usd: budgetArg.optional(),
  limit: limitArg.optional(),
  offset: offsetArg.optional(),
  changed_since: changedSinceArg.optional(),
  language: answerLanguageArg,
});

const output = z.object({
  homes: z.array(listedHome),
  total: z.number().int().describe('All matches; page with offset until next_offset is null.'),
  offset: z.number().int(),
  limit: z.number().int(),
  next_offset: z.number().int().nullable(),
  query: z
    .object({
      near: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
      radius_km: z.number().nullable(),
      county: z.string().nullable(),
      city: z.string().nullable(),
      needs: z.array(z.string()),
      waiver: z.boolean().optional(),
      max_monthly_budget_usd: z.number().int().nullable(),
      changed_since: z.string().nullable().optional(),
    })
    .describe('The search as read (places as the roster spells them).'),
  notes: z.array(z.string()).describe('Tell the user these (budget, missing locations).'),
  left_the_list: leftTheList.optional(),
  kept_without_own_rate: keptWithoutOwnRate,
  honesty,
  data_dates: dataDates,
});

/** What to try when nothing matched: only advice that fits the call (no radius without a point). */
function noMatchNote(near: boolean, needs: boolean, changedSince: boolean, language: Language): string {
  // With changed_since, the place is not what came up empty: the log did.
  if (changedSince) return say(W.noMatchChanged, language);
  if (needs) return say(near ? W.noMatchNeedsNear : W.noMatchNeedsPlace, language);
  return say(near ? W.noMatchNear : W.noMatchPlace, language);
}

/** What the change log covers (words/changes.ts changeLogSpanWords in English). */
function logSpanIn(language: Language, keptSince: string | null): string {
  if (language === 'en') return changeLogSpanWords(keptSince);
  return keptSince ? say(W.logSpan, language, { date: keptSince }) : say(W.logSpanUndated, language);
}

export const findHomes = defineTool({
  name: 'find_homes',
  title: 'Find licensed care homes',
  description:
    'List licensed residential care homes for the elderly (RCFEs) in California near a point, or in a county or city, optionally only those ' +
    'whose license carries given care approvals (needs), on the Medi-Cal Assisted Living Waiver list (waiver), or without an own rate above a budget. ' +
    'With near, nearest first (distance_km) within radius_km; otherwise alphabetically. No sort argument: nothing is ranked. ' +
    'Current licenses only. No data says which homes have an open bed: openings are learned by phone. ' +
    "Tri-state values read 'not on file', never 'no'. Quote price.line for any figure. A town goes in city or county, not near. " +
    'get_home gives a full record, compare_homes sets homes side by side.',
  input,
  output,
  ui: cardLink('homes'),
  text: listText,
  run(args, call, ctx) {
    const language = answerLanguage(args.language, ctx);
    if (!args.near && args.county === undefined && args.city === undefined) {
      refuse(say(W.noPlace, language));
    }
    if (args.radius_km !== undefined && !args.near) {
      refuse(say(W.radiusWithoutNear, language));
    }
    const context = call.context();
    const index = listedHomesOf(context.snapshot);
    // One reading of place names for find_homes and search (serve/mcp/places.ts): a real place is never swapped for another.
    const countyRead = args.county === undefined ? null : placeFor(context.snapshot, args.county, 'county', false, language);
    if (countyRead && 'said' in countyRead) refuse(countyRead.said);
    const cityRead = args.city === undefined ? null : placeFor(context.snapshot, args.city, 'city', false, language);
    if (cityRead && 'said' in cityRead) refuse(cityRead.said);
    const county = countyRead?.county ?? null;
    const city = cityRead?.city ?? null;

    const needs = [...new Set(args.needs ?? [])];
    const clearances = clearancesFor(needs);
    const excluded = licensesFailingNeeds(context.overlay, clearances);
    const radiusKm = args.near ? (args.radius_km ?? FIND_DEFAULT_RADIUS_KM) : null;
    const budget = args.max_monthly_budget_usd ?? null;
    const selection = index.select({
      near: args.near ?? null,
      radius: radiusKm,
      countyKey: county?.key ?? null,
      cityKey: city?.key ?? null,
      clearances,
      excluded,
      waiver: args.waiver === true,
      maxMonthlyUsd: budget,
      // Narrowed inside the index, so every count in the notes is of the homes listed.
      only: args.changed_since === undefined ? null : licensesChangedSince(context, args.changed_since),
    });
    const { cut_by_size: cutBySize, ...page } = listPage(context, selection, args, language);

    const notes: string[] = [];
    notes.push(...filterNotes(needs, budget, selection, language));
    if (args.waiver) notes.push(waiverNote(selection.leftOutByWaiver, context.snapshot.meta.alwListAsOf, undefined, language));
    if (selection.withoutLocation > 0 && (county || city)) notes.push(withoutLocationNote(selection.withoutLocation, language));
    let left: ReturnType<typeof homesLeftTheList> | null = null;
    if (args.changed_since !== undefined) {
      // Closures first: a list of current homes cannot show a home that closed, the change that matters most.
      if (!args.near) {
        left = homesLeftTheList(context, context.filler.baseUrl, { since: args.changed_since, countyKey: county?.key ?? null, cityKey: city?.key ?? null }, language);
        if (left.total > 0) {
          const more = left.total > left.homes.length ? say(W.leftMore, language, { shown: left.homes.length }) : '';
          notes.unshift(say(left.total === 1 ? W.leftOne : W.leftMany, language, { n: left.total, since: args.changed_since, more }));
        }
      } else {
        notes.push(say(W.closedNear, language));
      }
      const fairness = language === 'en' ? CHANGES_FAIRNESS : say(CHANGE_WORDS.fairness, language);
      notes.push(say(W.onlyChanged, language, { since: args.changed_since, span: logSpanIn(language, changesKeptSince(context.snapshot)), fairness }));
    }
    if (page.total === 0) notes.push(noMatchNote(Boolean(args.near), needs.length > 0, args.changed_since !== undefined, language));
    const scope = waiverScopeNote(page.homes, language);
    if (scope) notes.push(scope);
    // A page cut for its size says so before anything else.
    if (cutBySize) notes.unshift(cutBySizeNote(page, language));
    return {
      ...page,
      query: {
        near: args.near ? { latitude: args.near.latitude, longitude: args.near.longitude } : null,
        radius_km: radiusKm,
        county: county?.name ?? null,
        city: city?.name ?? null,
        needs: NEED_KEYS.filter((key) => needs.includes(key)),
        ...(args.waiver ? { waiver: true } : {}),
        max_monthly_budget_usd: budget,
        ...(args.changed_since !== undefined ? { changed_since: args.changed_since } : {}),
      },
      notes,
      ...(left ? { left_the_list: left.homes } : {}),
      kept_without_own_rate: budgetCount(budget, selection.withoutOwnRate),
      honesty: honestyIn(language, args.near ? 'orderByDistance' : 'orderAlphabetical'),
      data_dates: mcpDataDates(context.snapshot),
    };
  },
});
