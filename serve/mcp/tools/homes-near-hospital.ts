// homes_near_hospital: listed homes by straight-line distance from a hospital named (fuzzy; several
// fits are answered with candidates) or given by its FACID.
import * as z from 'zod/v4';
import { NEED_KEYS } from '../../../contract/facts.ts';
import { licensesFailingNeeds } from '../../records/home-record.ts';
import { mcpDataDates } from '../record.ts';
import { hospitalsOf } from '../hospitals.ts';
import type { HospitalRow } from '../../records/query.ts';
import { clearancesFor, listedHomesOf } from '../../records/listed-homes.ts';
import { budgetCount, cutBySizeNote, filterNotes, keptWithoutOwnRate, listPage, listText, waiverNote, waiverScopeNote } from '../lists.ts';

const withoutCut = <T extends { cut_by_size: boolean }>({ cut_by_size: _cut, ...page }: T) => page;
import { dataDates, honesty, listedHome, needsArg, numberArg, strictInput, textArg, waiverArg, answerLanguageArg } from '../schemas.ts';
import { answerLanguage } from '../language.ts';
import { defineTool, refuse } from '../tool.ts';
import { say } from '../../words/catalog.ts';
import { honestyIn } from '../../words/handoff-words.ts';
import type { Language } from '../../words/language.ts';
import { LIST_ANSWER_WORDS as W } from '../../words/list-answer-words.ts';
import { shown } from './common.ts';
import { budgetArg, limitArg, offsetArg } from './find-homes.ts';
import { cardLink } from '../cards/catalog.ts';

export const HOSPITAL_DEFAULT_RADIUS_KM = 10;
export const HOSPITAL_MAX_RADIUS_KM = 50;

const input = strictInput({
  hospital: textArg('hospital', 2, 120).describe(
    'The hospital\'s name as the state lists it (close spellings work; "name, city" narrows), or its 9-digit state FACID.',
  ),
  radius_km: numberArg('radius_km', 0.5, HOSPITAL_MAX_RADIUS_KM)
    .optional()
    .describe(`Straight-line; default ${HOSPITAL_DEFAULT_RADIUS_KM}.`),
  needs: needsArg.optional(),
  waiver: waiverArg.optional(),
  max_monthly_budget_usd: budgetArg.optional(),
  limit: limitArg.optional(),
  offset: offsetArg.optional(),
  language: answerLanguageArg,
});

// The hospital rows the snapshot is read into (HospitalRow: exactly these columns, in this order).
const hospital = z.object({
  facid: z.string(),
  name: z.string(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  county: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});

const output = z.object({
  status: z
    .enum(['matched', 'ambiguous'])
    .describe('ambiguous: several hospitals fit; ask the user which one and call again with its facid. No homes are listed then.'),
  hospital: hospital
    .extend({
      source: z.string(),
      loaded_on: z.string().nullable().describe('The data run that read the list (it states no date of its own).'),
    })
    .nullable(),
  candidates: z.array(hospital).describe('Hospitals that fit the name, alphabetical (ambiguous only).'),
  homes: z.array(listedHome),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  next_offset: z.number().int().nullable(),
  radius_km: z.number(),
  needs: z.array(z.string()),
  max_monthly_budget_usd: z.number().int().nullable(),
  notes: z.array(z.string()),
  kept_without_own_rate: keptWithoutOwnRate,
  honesty,
  data_dates: dataDates,
});

/** What an ambiguous answer says: how many fit, and when more fit than are listed, where the rest are and how to reach them. */
function ambiguousNote(
  input: string,
  match: { candidates: readonly HospitalRow[]; fitting: number; left_out: readonly HospitalRow[] },
  language: Language,
): string {
  if (match.left_out.length === 0) return say(W.hospitalsAll, language, { n: match.fitting, input: shown(input) });
  const cities = [...new Set(match.left_out.map((row) => row.city ?? say(W.cityNotOnFile, language)))].join(', ');
  return say(W.hospitalsMore, language, {
    n: match.fitting,
    input: shown(input),
    shown: match.candidates.length,
    rest: match.left_out.length,
    cities,
    city: match.left_out[0]!.city ?? '',
  });
}

export const homesNearHospital = defineTool({
  name: 'homes_near_hospital',
  title: 'Care homes near a hospital',
  description:
    'List licensed care homes within a straight-line distance of a California general acute care hospital, nearest first (distance_km), ' +
    'with needs, waiver and a budget as in find_homes. Name the hospital (close spellings work) or give its FACID; when several fit, the ' +
    'answer is status ambiguous with candidates: ask the user, then call again with the chosen facid. Straight lines, not driving times. Nothing is ranked; no data says which homes ' +
    "have an open bed (openings are learned by phone). Tri-state values read 'not on file' in words, never 'no'.",
  input,
  output,
  ui: cardLink('homes'),
  text: listText,
  run(args, call, ctx) {
    const language = answerLanguage(args.language, ctx);
    const context = call.context();
    const { snapshot } = context;
    const match = hospitalsOf(snapshot).match(args.hospital);
    const radiusKm = args.radius_km ?? HOSPITAL_DEFAULT_RADIUS_KM;
    const needs = NEED_KEYS.filter((key) => (args.needs ?? []).includes(key));
    const budget = args.max_monthly_budget_usd ?? null;
    const common = {
      radius_km: radiusKm,
      needs,
      max_monthly_budget_usd: budget,
      honesty: honestyIn(language, 'orderFromHospital'),
      data_dates: mcpDataDates(snapshot),
    };
    if (match.status === 'not_found') {
      refuse(say(W.hospitalNotFound, language, { input: shown(args.hospital) }));
    }
    if (match.status === 'ambiguous') {
      return {
        status: 'ambiguous' as const,
        hospital: null,
        candidates: match.candidates,
        ...withoutCut(listPage(context, { licenses: [], distances: [] }, args, language)),
        notes: [ambiguousNote(args.hospital, match, language)],
        kept_without_own_rate: budgetCount(budget, 0),
        ...common,
      };
    }
    const clearances = clearancesFor(needs);
    const selection = listedHomesOf(snapshot).select({
      near: { latitude: match.hospital.latitude, longitude: match.hospital.longitude },
      radius: radiusKm,
      clearances,
      excluded: licensesFailingNeeds(context.overlay, clearances),
      waiver: args.waiver === true,
      maxMonthlyUsd: budget,
    });
    const { cut_by_size: cutBySize, ...page } = listPage(context, selection, args, language);
    const notes = [say(W.hospitalStraightLine, language)];
    notes.push(...filterNotes(needs, budget, selection, language));
    if (args.waiver) notes.push(waiverNote(selection.leftOutByWaiver, snapshot.meta.alwListAsOf, undefined, language));
    const scope = waiverScopeNote(page.homes, language);
    if (scope) notes.push(scope);
    if (cutBySize) notes.unshift(cutBySizeNote(page, language));
    if (page.total === 0) notes.push(say(W.hospitalNoMatch, language, { radius: radiusKm, max: HOSPITAL_MAX_RADIUS_KM }));
    return {
      status: 'matched' as const,
      hospital: { ...match.hospital, source: say(W.hospitalSource, language), loaded_on: snapshot.meta.snapshotDate },
      candidates: [],
      ...page,
      notes,
      kept_without_own_rate: budgetCount(budget, selection.withoutOwnRate),
      ...common,
    };
  },
});
