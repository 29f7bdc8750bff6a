// check_homes: the batch check, the same function as POST /api/v1/check with the same output.
import { quotedTextNoteIn } from '../../words/quote.ts';
import { say } from '../../words/catalog.ts';
import { CHECK_WORDS } from '../../words/check-words.ts';
import * as z from 'zod/v4';
import { checkHomes as runCheck, MAX_HOMES } from '../../shape/check.ts';
import { CHECK_ORDER } from '../../words/wording.ts';
import { checkToolOutput, strictInput, answerLanguageArg } from '../schemas.ts';
import { answerLanguage } from '../language.ts';
import { defineTool } from '../tool.ts';

const entryMessage = 'each entry of homes must be a license number or a home name (adding ", city" narrows a name), 3 to 200 characters';
const input = strictInput({
  homes: z
    .array(z.string({ error: entryMessage }).min(3, { error: entryMessage }).max(200, { error: entryMessage }), {
      error: `homes must be a list of 1 to ${MAX_HOMES} license numbers or names`,
    })
    .min(1, { error: `homes must be a list of 1 to ${MAX_HOMES} license numbers or names (expected at least 1 item)` })
    .max(MAX_HOMES, { error: `homes takes at most ${MAX_HOMES} entries a call; send the rest in another call` })
    .describe(
      'License numbers or names as the family wrote them ("Sunrise Villa, Hayward" narrows to a city).',
    ),
  detail: z
    .boolean({ error: 'detail must be true or false' })
    .optional()
    .describe("Adds each matched home's full state record (record), with sources and dates. Default false."),
  language: answerLanguageArg,
}, CHECK_ORDER);

export const checkHomes = defineTool({
  name: 'check_homes',
  title: 'Check homes against the state record',
  description:
    `Check up to ${MAX_HOMES} care homes at once against California's licensing record, by license number or by name (the same function as ` +
    'POST /api/v1/check). Exact license number, then exact name, then a did-you-mean; a name that fits several homes, or only ' +
    'resembles one, is ambiguous with candidates: ask the user, never guess. Order as sent. Each matched home ' +
    "carries license status (closed marked, approvals history), care approvals ('not on file' is never 'no'), waiver, " +
    'price (quote price.line) and state-record tallies. display is Markdown ready to show. ' +
    'Entries past one reply come back in unchecked, to send again.',
  input,
  output: checkToolOutput.extend({
    unchecked: z
      .array(z.string())
      .optional()
      .describe('Present when the answer would be too large for one reply: the entries not checked yet, in order; send them in another call.'),
  }),
  // The display says it all in Markdown; the JSON stays in structuredContent (docs/mcp.md).
  text: (answer, language) => `${quotedTextNoteIn(language)}\n\n${answer.display}`,
  run(args, call, ctx) {
    const language = answerLanguage(args.language, ctx);
    const context = call.context();
    const detail = args.detail ?? false;
    const whole = runCheck(context, { homes: args.homes, detail }, language);
    const fit = entriesThatFit(whole, detail ? CHECK_ANSWER_BYTES_DETAIL : CHECK_ANSWER_BYTES);
    if (fit === whole.results.length) return whole;
    // Too large for one reply: the first entries that fit are checked, the rest handed back, said first.
    const entries = whole.results.map((result) => result.input);
    const checked = entries.slice(0, fit);
    const answer = runCheck(context, { homes: checked, detail }, language);
    const said = say(CHECK_WORDS.firstOfSent, language, { fit, total: entries.length, rest: entries.length - fit });
    const display = context.snapshot.meta.demoData ? answer.display.replace(/\n\n/, `\n\n${said}\n\n`) : `${said}\n\n${answer.display}`;
    return { ...answer, display, unchecked: entries.slice(fit) };
  },
});

/** Bytes a check answer may take, text and structuredContent together: each stays far under 64 KB. */
const CHECK_ANSWER_BYTES = 56_000;
/** With detail, each home's full record is several times larger: fewer fit, and no answer passes 128 KB. */
const CHECK_ANSWER_BYTES_DETAIL = 100_000;

/** How many results, in order, fit the byte budget (each result's JSON plus its display line twice). */
function entriesThatFit(answer: ReturnType<typeof runCheck>, budget: number): number {
  const lines = answer.display.split('\n');
  let bytes = 2 * (answer.display.length - lines.filter((line) => /^\d+\. "/.test(line)).join('\n').length) + 2_000;
  for (const [i, result] of answer.results.entries()) {
    const line = lines.find((l) => l.startsWith(`${i + 1}. "`)) ?? '';
    bytes += JSON.stringify(result).length + 2 * line.length;
    if (bytes > budget) return Math.max(1, i);
  }
  return answer.results.length;
}
