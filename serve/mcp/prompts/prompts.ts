// MCP prompts for the common asks: find care near a place, check a list of homes, compare homes,
// plan the calls. Each tells the assistant which tools to call in which order and what never to
// claim. The same prompts in both eras (prompts/list and prompts/get go through the SDK's handler;
// arguments are strings, as the protocol's prompt arguments are). While demo data is served, each
// says so first, as every tool result does.
import type { GetPromptResult, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { DEMO_SENTENCE, TRI_STATE_FOR_ASSISTANTS } from '../../words/wording.ts';
import { languageOfTag } from '../../words/language.ts';
import { wordsIn } from '../../words/catalog.ts';
import { PROMPT_WORDS } from '../../words/prompt-words.ts';

/** What no answer built from this service may claim, said the same way in every prompt. */
export const NEVER_CLAIM = [
  'Never claim:',
  '- that any home has an opening or a bed: openings are never in this data; the family learns them by phone;',
  '- that one home is better, safer, cheaper or more popular: nothing is ranked; lists are by distance from a point given, else alphabetical;',
  `- 'no' for not_on_file or false. ${TRI_STATE_FOR_ASSISTANTS}`,
  "- a price that is not the home's own: quote price.line; only price.is_this_homes_own_rate true is the home's own starting rate;",
  "- a closed license's approvals as current: pass on its closed_note.",
  "Every list that was cut says so in its notes (how many, why, how to see the rest): pass that on. Cite each home's page (links.page) and state_record_url.",
].join('\n');

/** How to read a place: `near` takes coordinates only; a town is sent by name. */
const PLACE_STEP =
  'A town or county name goes in find_homes city or county (as the state roster spells it; a refusal says what to send). ' +
  'near takes {latitude, longitude} only: use it when you have coordinates (for example from the user\'s device), never guessed ones for a town name. ' +
  'Near a hospital, use homes_near_hospital instead. A ZIP code is not a city name: send it to search (it lists the homes with that ZIP code), ' +
  'or send the city it is in to find_homes.';

const text = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

interface PromptDefinition {
  name: string;
  title: string;
  description: string;
  args: z.ZodObject;
  steps(args: Record<string, string | undefined>): string;
  /** Its Spanish steps are whole: no English IN_SPANISH step is added. */
  spanishComplete?: boolean;
}

const optional = (description: string) => z.string().max(500).optional().describe(description);

/** Every prompt's `language`: the family's language (es, es-US, ...: Spanish); the record is quoted verbatim either way. */
const language = z.string().max(35).optional().describe('The language to answer the family in: en (default) or es (any es-* tag reads as es).');

/** What a prompt adds when the family reads Spanish. */
export const IN_SPANISH =
  'Answer the family in Spanish (usted). Quote the state\'s record verbatim: names, addresses, license statuses and report titles stay as the state wrote them, in English. ' +
  "Say 'No consta en los datos del estado' for not_on_file and for false, never 'No'. Call every tool that takes language with language: \"es\" (its notes, display and links come back in Spanish), and show family_message as it is. " +
  'Tell the family the state\'s record is in English and the English wording prevails.';

export const PROMPTS: readonly PromptDefinition[] = [
  {
    name: 'find_care',
    title: 'Find licensed care near a place',
    description: 'Find licensed elder-care homes (RCFEs) in a California place for given care needs, honestly.',
    args: z.object({
      place: z.string().min(1).max(200).describe('A city, county, ZIP code or hospital in California.'),
      needs: optional('Care needs, comma-separated: wheelchair, dementia, hospice, bedridden.'),
      budget: optional('Monthly budget in US dollars, if the family gave one.'),
      language,
    }),
    steps: ({ place, needs, budget }) =>
      [
        `A family is looking for licensed care in or near: ${text(place)}.` + (text(needs) ? ` Care needs: ${text(needs)}.` : '') + (text(budget) ? ` Monthly budget: ${text(budget)} USD.` : ''),
        'Call the tools in this order:',
        `1. find_homes with the place${text(needs) ? ' and needs (wheelchair, dementia, hospice, bedridden)' : ''}${text(budget) ? ' and max_monthly_budget_usd' : ''}. ${PLACE_STEP}`,
        '2. Read its notes to the family: how many homes each filter left out, homes kept without a rate of their own, and what to try when nothing matched.',
        '3. get_home for each home the family wants to know more about; get_state_documents for its reports, read with the fairness note.',
        '4. explain_care_topic when a term needs explaining (dementia_care, hospice_waiver, not_on_file, paying_for_care).',
        '5. When the family has chosen homes to call, start_family_request with their license numbers and care needs; show family_message as it is.',
        NEVER_CLAIM,
      ].join('\n'),
  },
  {
    name: 'check_homes',
    title: 'Check a list of homes',
    description: 'Check homes a family already named (names or license numbers) against the state licensing record.',
    args: z.object({
      homes: z.string().min(1).max(5000).describe('The homes, one per line or separated by semicolons: names ("name, city" narrows) or license numbers.'),
      language,
    }),
    // In Spanish the whole prompt is Spanish (issue 51 point 9), from the catalog; it carries its own Spanish never-claim.
    spanishComplete: true,
    steps: ({ homes, language: tag }) => {
      const w = wordsIn(PROMPT_WORDS, languageOfTag(tag));
      return [
        w.named,
        ...text(homes)
          .split(/\s*[;\n]\s*/)
          .filter(Boolean)
          .map((home) => `- ${home}`),
        w.order,
        w.checkStep1,
        w.checkStep2,
        w.checkStep3,
        languageOfTag(tag) === 'es' ? w.neverClaimEs : NEVER_CLAIM,
      ].join('\n');
    },
  },
  {
    name: 'compare_homes',
    title: 'Compare homes side by side',
    description: 'Set licensed homes side by side from the state record, without ranking them.',
    args: z.object({
      homes: z.string().min(1).max(2000).describe('Two to ten homes: license numbers, or names to look up first, separated by commas or semicolons.'),
      language,
    }),
    steps: ({ homes }) =>
      [
        `The family wants to compare: ${text(homes)}.`,
        'Call the tools in this order:',
        '1. If any entry is not a 9-digit license number, check_homes with the entries first; settle every ambiguous or not_found entry with the family.',
        '2. compare_homes with the license numbers (2 to 10). Columns are alphabetical: do not present the order, or any row, as a ranking.',
        '3. get_state_documents for a home whose reports the family asks about; pass on the fairness note with any citation.',
        NEVER_CLAIM,
      ].join('\n'),
  },
  {
    name: 'plan_calls',
    title: 'Plan the calls to homes',
    description: 'Prepare a call plan the family opens themselves: each home with its roster phone and questions to ask.',
    args: z.object({
      homes: z.string().min(1).max(2000).describe('One to five homes: license numbers, or names to look up first.'),
      needs: optional('Care needs, comma-separated: wheelchair, dementia, hospice, bedridden.'),
      timing: optional('as_soon_as_possible, within_a_month, within_three_months or just_researching.'),
      language,
    }),
    steps: ({ homes, needs, timing }) =>
      [
        `The family wants to call: ${text(homes)}.` + (text(needs) ? ` Care needs: ${text(needs)}.` : '') + (text(timing) ? ` Timing: ${text(timing)}.` : ''),
        'Call the tools in this order:',
        '1. If any entry is not a license number, check_homes first and settle ambiguous or not_found entries with the family. Closed licenses cannot be called: leave them out.',
        '2. start_family_request with license_numbers (1 to 5), care_needs and timing. Put no personal details (names, phone numbers, e-mail or street addresses) in any argument.',
        '3. Say relay_sentence with the link and show family_message as it is. Nothing is sent to any home: the family calls, and only the family can consent to anything on the page.',
        NEVER_CLAIM,
      ].join('\n'),
  },
];

function result(definition: PromptDefinition, args: Record<string, string | undefined>, demoData: boolean): GetPromptResult {
  const steps = definition.steps(args);
  const body = languageOfTag(args.language) === 'es' && !definition.spanishComplete ? `${steps}\n${IN_SPANISH}` : steps;
  return {
    description: definition.description,
    messages: [{ role: 'user', content: { type: 'text', text: demoData ? `${DEMO_SENTENCE}\n\n${body}` : body } }],
  };
}

/** Registers the prompts on one server instance (demo data: each prompt says so first). */
export function registerPrompts(server: McpServer, demoData: boolean): void {
  for (const definition of PROMPTS) {
    server.registerPrompt(
      definition.name,
      { title: definition.title, description: definition.description, argsSchema: definition.args },
      ((args: Record<string, string | undefined>) => result(definition, args, demoData)) as never,
    );
  }
}
