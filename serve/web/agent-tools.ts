// WebMCP on the pages: the tools a page offers an agent browsing it, and the words of the forms'
// declarative annotations. The imperative tools are registered by a small script of our own
// origin (client/agent-tools.js, served content-hashed like every asset, so the pages' CSP holds)
// and answer from the site's own REST API, same origin: the same shapers, tri-state values,
// attribution and demo flag as /api/v1, never a rank or an opening. The definitions are built here
// from the service's words and written into the script when it is served, so a page carries
// nothing inline.
import fs from 'node:fs';
import { NEED_KEYS } from '../../contract/facts.ts';
import {
  DEMO_SENTENCE,
  LIST_NEUTRALITY,
  NEVER_IN_THIS_DATA,
  NOT_ON_FILE_IN_WORDS,
  NO_SORT_PARAMETER,
} from '../words/wording.ts';
import { assetPath, type Asset } from './asset-path.ts';

/** Said with every answer a tool gives (the demo sentence too while demo data is served). */
export const AGENT_TOOL_NOTES = [
  'Each care approval in the answer is true, false or not_on_file: not_on_file means the record does not say; it never means no.',
  NOT_ON_FILE_IN_WORDS,
  NEVER_IN_THIS_DATA,
] as const;

export interface AgentToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** Same-origin REST path; `{license}` is filled from the input. */
  path: string;
  /** Input properties sent as query parameters (arrays comma-joined), and defaults for those not given. */
  query: readonly string[];
  defaults?: Record<string, string>;
  /** Notes said before the answer, in order. */
  notes: readonly string[];
}

const NEEDS = [...NEED_KEYS];

export const AGENT_TOOLS: readonly AgentToolDefinition[] = [
  {
    name: 'find_homes',
    title: 'Find licensed elder-care homes',
    description:
      "Find residential care homes for the elderly (RCFEs) on California's licensing record by county, city and care needs " +
      '(wheelchair, dementia, hospice, bedridden: a need matches only a license that explicitly carries the approval). ' +
      `Answers with this site's REST list (GET /api/v1/facilities), each fact with its source and date. ${LIST_NEUTRALITY} ` +
      `${NO_SORT_PARAMETER} ${NEVER_IN_THIS_DATA}`,
    inputSchema: {
      type: 'object',
      properties: {
        county: { type: 'string', maxLength: 80, description: 'A California county, by name or slug (for example "Sacramento" or "san-diego").' },
        city: { type: 'string', maxLength: 80, description: 'A city, as the state roster spells it (for example "Elk Grove").' },
        needs: {
          type: 'array',
          items: { type: 'string', enum: NEEDS },
          uniqueItems: true,
          description: 'Care approvals the license must explicitly carry. A home whose record does not say is left out, which does not mean it cannot.',
        },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'How many homes to return (1 to 100).' },
        offset: { type: 'integer', minimum: 0, default: 0, description: 'How many homes to skip, for the next part of the alphabetical list.' },
      },
      additionalProperties: false,
    },
    path: '/api/v1/facilities',
    query: ['county', 'city', 'needs', 'limit', 'offset'],
    defaults: { limit: '20' },
    notes: [LIST_NEUTRALITY, ...AGENT_TOOL_NOTES],
  },
  {
    name: 'get_home',
    title: "Open a home's licensing record",
    description:
      "Open one home's record on California's licensing roster by its license number (nine digits, on each home's page): " +
      "license status, address, the roster's phone, capacity, care approvals (true, false or not_on_file, each with its source and date), " +
      `the Assisted Living Waiver, state visits and documents, and links to its page and to the corrections form. ${NEVER_IN_THIS_DATA}`,
    inputSchema: {
      type: 'object',
      properties: {
        license: { type: 'string', pattern: '^[0-9]{1,9}$', description: "The home's license number, up to nine digits (for example 347002810)." },
      },
      required: ['license'],
      additionalProperties: false,
    },
    path: '/api/v1/facilities/{license}',
    query: [],
    notes: AGENT_TOOL_NOTES,
  },
];

/** What the script reads: the tools and the demo sentence (said when an answer carries demo_data). */
export function agentToolsConfig() {
  return { tools: AGENT_TOOLS, demoNotice: DEMO_SENTENCE };
}

const PLACEHOLDER = '/*AGENT_TOOLS_CONFIG*/ null';

function scriptBody(): string {
  const source = fs.readFileSync(new URL('./client/agent-tools.js', import.meta.url), 'utf8');
  if (!source.includes(PLACEHOLDER)) throw new Error('client/agent-tools.js has lost its configuration placeholder');
  // JSON is a JavaScript expression; `<` is escaped so the text can never close a script element.
  return source.replace(PLACEHOLDER, JSON.stringify(agentToolsConfig()).replace(/</g, '\\u003c'));
}

const BODY = scriptBody();

/** The WebMCP script every page loads (deferred): registers AGENT_TOOLS where the browser has the API. */
export const AGENT_TOOLS_ASSET: Asset = { path: assetPath('agent-tools', 'js', BODY), type: 'text/javascript; charset=utf-8', body: BODY };

/** Declarative WebMCP (form attributes `toolname`, `tooldescription`, `toolparamdescription`). */
export const FORM_TOOLS = {
  search: {
    name: 'search_site',
    description:
      `Search this site's homes, cities and counties by a home's name, a city, a county or a license number; the page lists the matches, each kind alphabetically. ${LIST_NEUTRALITY}`,
    params: { q: 'What to look for: part of a home\'s name, a city, a county, or a license number (2 to 80 characters).' },
  },
  changes: {
    name: 'filter_changes',
    description:
      "Filter the change log of California's licensing record (licenses added, removed, and fields changed), newest run first, then alphabetically. Every field may be left empty.",
    params: {
      license: 'The license number whose whole log this page shows.',
      county: 'A county, by name or slug, to show only its changes.',
      city: 'A city, to show only its changes.',
      since: 'Only changes seen on or after this date (YYYY-MM-DD).',
      kind: 'The kind of change: a license added, removed, or a field changed.',
      field: 'Only changes of this field of the record.',
    },
  },
  corrections: {
    name: 'report_correction',
    description:
      "Report an error in a home's record on this site to the people who keep it; it is checked against the state's records. " +
      'Never include a name, phone number, e-mail address or anyone\'s health details. A person should read the report before sending it.',
    params: {
      license: "The home's license number (nine digits).",
      field: 'Which part of the record the correction is about.',
      what_is_wrong: 'What is wrong in the record, in a few sentences, without personal details.',
      should_say: 'What the record should say instead.',
      source_url: 'Optional: a link to a public source, such as the state\'s own page of the home.',
    },
  },
} as const;
