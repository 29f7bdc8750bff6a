// start_family_request: the family hand-off. Screens every free-text field for personal details,
// refuses unknown and closed licenses, and returns a signed 7-day link to a plan-calls-and-visits
// page plus what the assistant tells the family. It writes nothing anywhere and contacts no one.
import { CLIENT_INFO_META_KEY, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { licenseStatusMeaning, NEED_KEYS } from '../../../contract/facts.ts';
import { licenseNumberFrom } from '../../../contract/names.ts';
import { HANDOFF_MODES } from '../../../contract/overlay.ts';
import { HANDOFF_LIFETIME_DAYS, HANDOFF_PATH, HANDOFF_TIMINGS } from '../../http/handoff-link.ts';
import { productNameOrNull, screenEveryField, screenRefusal } from '../../screen/screen.ts';
import { callPlan, NEED_WORDS } from '../../shape/call-plan.ts';
import { facilitiesByLicenses } from '../../records/query.ts';
import { mcpDataDates } from '../record.ts';
import { PENDING_APPLICATION } from '../../words/wording.ts';
import { familyRelay, needInMessage, RELAY_WORDS } from '../../words/relay-words.ts';
import { pathIn } from '../../words/language.ts';
import { withMarkdownNotice } from '../../web/markdown.ts';
import type { McpCall } from '../context.ts';
import { dataDates, honesty, languageArg, needsArg, strictInput, textArg } from '../schemas.ts';
import { defineTool, refuse } from '../tool.ts';
import { answerLanguage, pageIn } from '../language.ts';
import { ORDER_AS_SENT } from '../wording.ts';
import { HANDOFF_WORDS, honestyIn, screenRefusalIn, whatHappensNextIn } from '../../words/handoff-words.ts';
import { say, wordsIn } from '../../words/catalog.ts';
import { cardLink } from '../cards/catalog.ts';

export const HANDOFF_MAX_HOMES = 5;
const CLIENT_NAME_MAX = 60;

const licensesMessage = `license_numbers must be a list of 1 to ${HANDOFF_MAX_HOMES} license numbers`;
const freeText = (name: string, max: number, what: string) =>
  textArg(name, 1, max)
    .optional()
    .describe(`${what} Screened; not in the link.`);

const input = strictInput({
  license_numbers: z
    .array(
      z
        .string({ error: `${licensesMessage} (each a 9-digit license number as text)` })
        .min(1, { error: licensesMessage })
        .max(40, { error: `${licensesMessage}; find license numbers with check_homes, find_homes or search` }),
      { error: licensesMessage },
    )
    .min(1, { error: licensesMessage })
    .max(HANDOFF_MAX_HOMES, { error: `${licensesMessage}; a plan holds at most ${HANDOFF_MAX_HOMES} homes` })
    .describe('The homes the family wants to call (none closed or pending).'),
  care_needs: needsArg
    .optional()
    .describe(
      'Care the person needs (wheelchair: non-ambulatory). Carried in the link; shapes the questions to ask.',
    ),
  timing: z
    .enum(HANDOFF_TIMINGS, { error: `timing must be one of: ${HANDOFF_TIMINGS.join(', ')}` })
    .optional()
    .describe('When the family hopes to move. Carried in the link.'),
  area: freeText('area', 100, 'The area the family is looking in, e.g. "near Hayward".'),
  note: freeText('note', 500, "The assistant's short note on what the family is looking for, shown back in family_message."),
  family_note: freeText('family_note', 500, "The family's own note about the search, shown back in family_message."),
  assistant_name: freeText('assistant_name', 60, 'How the assistant names itself to the family, shown in family_message.'),
  language: languageArg.describe(
    'es: the family\'s words and plan page in Spanish; fields and values unchanged. Default en.',
  ),
}, ORDER_AS_SENT);

const homeOut = z.object({
  license_number: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  license_status: z.string().nullable(),
  phone: z.string().nullable().describe('The phone number on the state roster, verbatim (nothing enriched).'),
  phone_as_of: z.string().nullable(),
  page: z.string(),
  state_record_url: z.string(),
  questions_to_ask: z.array(z.string()),
});

const output = z.object({
  link: z.string().describe('The signed plan link for the family (works 7 days; tamper-proof). Give it to the family as it is.'),
  expires_on: z.string().describe('The day the link lapses (YYYY-MM-DD, UTC); after it the link still opens the homes, without the note that an assistant chose them.'),
  expires_at: z.string(),
  link_carries: z
    .object({
      license_numbers: z.array(z.string()),
      care_needs: z.array(z.string()),
      timing: z.enum(HANDOFF_TIMINGS).nullable(),
      client_name: z.string().nullable().describe("The MCP client's own product name (from the request's clientInfo), never free text."),
      expires_on: z.string(),
    })
    .describe('Everything the link holds, and nothing else.'),
  relay_sentence: z.string().describe('What to tell the family, in one or two sentences, with the link.'),
  family_message: z.string().describe('Markdown for the family as it is: the link, the homes with roster phones and questions.'),
  homes: z.array(homeOut).describe('In the order sent, as the plan page and family_message show them.'),
  mode: z.enum(HANDOFF_MODES).describe('self_serve_only: the family calls homes itself; coordination_available: they may also ask the service on the page.'),
  what_happens_next: z.array(z.string()),
  consent: z.object({
    agent_can_consent: z.literal(false).describe('An assistant can never consent for a family.'),
    who_consents: z.string(),
    sentence: z.string(),
  }),
  privacy: z.string(),
  honesty,
  data_dates: dataDates,
});

/** The MCP client's product name: from the 2026-07-28 per-request _meta clientInfo; null on 2025-era calls. */
function clientName(ctx: ServerContext): string | null {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const info = envelope?.[CLIENT_INFO_META_KEY] as { name?: unknown } | undefined;
  if (typeof info?.name !== 'string') return null;
  // A product name, never a person's details: anything not plainly a product name is left out.
  return productNameOrNull(info.name.slice(0, CLIENT_NAME_MAX));
}

export const startFamilyRequest = defineTool({
  name: 'start_family_request',
  title: 'Prepare a family call plan (hand-off link)',
  description:
    `Prepare a plan for a family to call and visit 1 to ${HANDOFF_MAX_HOMES} care homes, as a signed link that works for ${HANDOFF_LIFETIME_DAYS} days. ` +
    'It contacts no one and stores nothing about the family. NEVER send personal details: every free-text field (area, note, family_note, ' +
    'assistant_name) is screened and the call is refused if it holds a name (including a relative\'s), phone number, e-mail or street address. ' +
    'Closed licenses and pending applications are refused. Returns link, relay_sentence (say it to the family with the link), family_message (Markdown to show them), ' +
    "each home's roster phone with questions to ask, mode, what_happens_next and consent.agent_can_consent false: you can never consent for the " +
    'family; only they can, on the page, with their own click.',
  input,
  output,
  ui: cardLink('call-plan'),
  run(args, call, ctx) {
    // Every problem of the call is named in one refusal, so one resend can fix them all.
    const problems: string[] = [];
    const findings = screenEveryField({
      area: args.area,
      note: args.note,
      family_note: args.family_note,
      assistant_name: args.assistant_name,
    });
    // The refusal the family's assistant relays, in the language asked (the English is the screen's own).
    const askedIn = answerLanguage(args.language, ctx);
    if (findings.length > 0) problems.push(askedIn === 'en' ? screenRefusal(findings) : screenRefusalIn(askedIn, findings));

    const given = args.license_numbers.flatMap((entry, i) => {
      const license = licenseNumberFrom(entry);
      // The entry is not echoed: it may hold a personal detail.
      if (license === null) problems.push(`license_numbers entry ${i + 1} is not a license number.`);
      return license === null ? [] : [license];
    });
    if (given.length < args.license_numbers.length) {
      problems.push('Send 9-digit state license numbers only: find them with check_homes, find_homes or search (never send names or other details here).');
    }
    const licenses = [...new Set(given)];

    const context = call.context();
    const rows = facilitiesByLicenses(context.snapshot, licenses);
    const found = new Set(rows.map((row) => row.license_number));
    const missing = licenses.filter((license) => !found.has(license));
    if (missing.length > 0) {
      problems.push(`No home with license number ${missing.join(', ')} is on the state roster. Send only license numbers that check_homes or find_homes returned.`);
    }
    const named = (list: typeof rows) => list.map((row) => `${row.license_number} (${row.name})`).join(', ');
    const closed = rows.filter((row) => row.closed === 1);
    if (closed.length > 0) {
      problems.push(
        `License ${named(closed)} ${closed.length === 1 ? 'is' : 'are'} closed: ` +
          'a closed license cannot take residents. Leave it out and send only current licenses (find_homes lists them).',
      );
    }
    // Pending is an application everywhere: no call plan is built for a home the state has not licensed.
    const pending = rows.filter((row) => row.closed !== 1 && licenseStatusMeaning(row.license_status).pending);
    if (pending.length > 0) problems.push(`License ${named(pending)}: ${PENDING_APPLICATION} Leave it out and send only current licenses (find_homes lists them).`);
    if (problems.length > 0) refuse(problems.join(' '));

    const needs = NEED_KEYS.filter((key) => (args.care_needs ?? []).includes(key));
    const timing = args.timing ?? null;
    const client = clientName(ctx);
    const { token, expires } = call.services.handoff.sign({ licenses, needs, timing, client }, call.now);
    const expiresOn = expires.toISOString().slice(0, 10);
    const language = answerLanguage(args.language, ctx);
    const w = wordsIn(HANDOFF_WORDS, language);
    // The Spanish plan page opens the same signed link under /es.
    const link = `${call.baseUrl}${pathIn(language, HANDOFF_PATH)}?h=${token}`;
    const mode = context.overlay.handoffMode;
    const demo = context.snapshot.meta.demoData;

    // The one plan (serve/shape/call-plan.ts): the order sent, the same questions as the plan page.
    const homes = callPlan(context, licenses, needs, language).map(({ license, record, questions }) => {
      const { compact: home, facility, row } = record!;
      return {
        license_number: license,
        name: home.name,
        city: home.city,
        license_status: home.license_status,
        phone: facility.phone.value,
        phone_as_of: facility.phone.confirmed_on,
        page: pageIn(language, home.page, call.baseUrl),
        state_record_url: row.state_record_url,
        questions_to_ask: questions,
      };
    });

    // The relay sentence and the family message, in the family's language (words/relay-words.ts).
    const { relay, lines } = familyRelay(language, {
      link,
      days: HANDOFF_LIFETIME_DAYS,
      expiresOn,
      coordination: mode === 'coordination_available',
      demo,
      timing,
      needs: needs.map((need) => needInMessage(language, need, NEED_WORDS[need]!.approval)),
      area: args.area,
      note: args.note,
      familyNote: args.family_note,
      assistantName: args.assistant_name,
      homes,
    });

    return {
      link,
      expires_on: expiresOn,
      expires_at: expires.toISOString(),
      link_carries: { license_numbers: licenses, care_needs: needs, timing, client_name: client, expires_on: expiresOn },
      relay_sentence: relay,
      family_message: demo ? withMarkdownNotice(lines.join('\n'), language) : lines.join('\n'),
      homes,
      mode,
      what_happens_next: whatHappensNextIn(language, mode === 'coordination_available', say(RELAY_WORDS.nothingSent, language), HANDOFF_LIFETIME_DAYS, expiresOn),
      consent: {
        agent_can_consent: false as const,
        who_consents: w.whoConsents,
        sentence: mode === 'coordination_available' ? w.consentCoordination : w.consentSelfServe,
      },
      privacy: w.privacy,
      honesty: honestyIn(language, 'orderAsSent'),
      data_dates: mcpDataDates(context.snapshot),
    };
  },
});
