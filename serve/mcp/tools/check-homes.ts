// check_homes: the batch check, the same function as POST /api/v1/check with the same output.
import * as z from 'zod/v4';
import { checkHomes as runCheck, MAX_HOMES } from '../../shape/check.ts';
import { CHECK_ORDER } from '../../words/wording.ts';
import { checkResult, strictInput } from '../schemas.ts';
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
}, CHECK_ORDER);

export const checkHomes = defineTool({
  name: 'check_homes',
  title: 'Check homes against the state record',
  description:
    `Check up to ${MAX_HOMES} care homes at once against California's licensing record, by license number or by name (the same function as ` +
    'POST /api/v1/check). Per entry: exact license number, then exact name, then a did-you-mean. A name that fits several homes, or only ' +
    'resembles one, comes back ambiguous with candidates: ask the user which one, never guess. Results keep the order sent. Each matched home ' +
    "carries license status (closed licenses marked, their approvals history), care approvals (tri-state: 'not on file' is never 'no'), waiver, " +
    'a price block (quote price.line) and state-record tallies. display is a Markdown summary ready to show.',
  input,
  output: checkResult,
  run(args, call) {
    return runCheck(call.context(), { homes: args.homes, detail: args.detail ?? false });
  },
});
