// explain_care_topic: short explanations in the service's own words, with links to the guides.
// Its old name `explain` stays an alias (listed and callable) until EXPLAIN_ALIAS_REMOVED_ON.
import * as z from 'zod/v4';
import { CARE_TOPICS, careTopic } from '../../words/care-topics.ts';
import { EDITORIAL_SOURCE } from '../../words/wording.ts';
import { languageArg, strictInput } from '../schemas.ts';
import { defineTool } from '../tool.ts';

/** The alias `explain` is callable before this day (UTC) and gone from it on. */
export const EXPLAIN_ALIAS_REMOVED_ON = '2026-12-22';
const ALIAS_CUTOFF_MS = Date.parse(`${EXPLAIN_ALIAS_REMOVED_ON}T00:00:00Z`);

export function explainAliasAvailable(now: Date): boolean {
  return now.getTime() < ALIAS_CUTOFF_MS;
}

export const EXPLAIN_ALIAS_GONE =
  `The tool explain was renamed explain_care_topic and the old name was removed on ${EXPLAIN_ALIAS_REMOVED_ON}. ` +
  'Call explain_care_topic with the same arguments ({"topic": ...}).';

const input = strictInput({
  topic: z
    .enum(CARE_TOPICS, { error: `topic must be one of: ${CARE_TOPICS.join(', ')}` })
    .describe("non_ambulatory: wheelchair users; assisted_living_waiver: Medi-Cal's; not_on_file: what 'not on file' means."),
  language: languageArg.describe('es: in Spanish. Default en.'),
});

const output = z.object({
  topic: z.enum(CARE_TOPICS),
  title: z.string(),
  summary: z.string(),
  points: z.array(z.string()),
  guides: z.array(z.object({ slug: z.string(), title: z.string(), url: z.string() })).describe('Longer guides to link the user to.'),
  related_tools: z.array(z.string()),
  source: z.string().describe("The service's own words, checked against the state records; not legal or medical advice."),
  reviewed_on: z.string(),
});

export const explainCareTopic = defineTool({
  name: 'explain_care_topic',
  title: 'Explain a care topic',
  description:
    "A short plain explanation, in this service's own words, of a topic a family meets when choosing a California residential care " +
    'home: the four care approvals (dementia, hospice, non-ambulatory, bedridden), the Medi-Cal Assisted Living Waiver, state reports ' +
    "and citations, license statuses, paying for care, choosing a home, and what 'not_on_file' means. Returns a summary, key points, " +
    'links to the longer guides and the tools that answer follow-up questions.',
  input,
  output,
  run(args, call) {
    return careTopic(args.topic, call.baseUrl, EDITORIAL_SOURCE, args.language ?? 'en');
  },
});

export const EXPLAIN_ALIAS_DESCRIPTION =
  `Deprecated alias of explain_care_topic (same arguments, same answer); it is removed on ${EXPLAIN_ALIAS_REMOVED_ON}. ` +
  'Use explain_care_topic.';
