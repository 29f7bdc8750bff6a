// /docs/mcp: how to connect an assistant to the MCP server, every tool with its arguments, an
// example call and its result, the hand-off flow and what an assistant must never do.
//
// The tool reference is read from the running server itself: tools/list and one tools/call per
// tool are sent in-process (hapi inject, no network) once per data run, so the page lists
// exactly the tools and arguments the server advertises and each example result is a real
// answer over the current data (trimmed for reading). When the MCP surface is not registered,
// the page falls back to the spec's tool list.
import type { Server } from '@hapi/hapi';
import { HANDOFF_TIMINGS } from '../http/handoff-link.ts';
import { allHospitals } from '../records/query.ts';
import type { Services } from '../http/services.ts';
import { derived, type Snapshot } from '../records/snapshot.ts';
import { NEUTRALITY, NEVER_IN_THIS_DATA, SERVICE_NAME } from '../words/wording.ts';
import type { DocsExamples } from './docs-api.ts';
import { API_DOCS_PATH, TERMS_PATH } from '../web/links.ts';

export const MCP_DOCS_TITLE = 'MCP server documentation';
export const MCP_DOCS_DESCRIPTION =
  'How to connect an AI assistant to the free MCP server over California elder-care home licensing records: URL, Streamable HTTP, no authentication, every tool with an example, and the rules an assistant must follow.';

/** The spec's tool list, in its order; used for the order of the reference and as a fallback. */
export const SPEC_TOOLS = [
  'find_homes',
  'check_homes',
  'get_home',
  'get_state_documents',
  'compare_homes',
  'homes_near_hospital',
  'explain_care_topic',
  'start_family_request',
  'search',
  'fetch',
] as const;

const PROTOCOL_VERSION = '2025-06-18';
/** Lists of records show one; lists of values a few. */
const MAX_RECORDS = 1;
const MAX_VALUES = 3;
const MAX_STRING = 300;

export interface ToolInfo {
  name: string;
  description?: string;
  inputSchema?: { properties?: Record<string, JsonSchema>; required?: string[] };
}

interface JsonSchema {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
}

export interface ToolExample {
  tool: ToolInfo;
  args: Record<string, unknown> | null;
  /** The trimmed structured result, the tool's refusal text, or null when it could not be run. */
  result: unknown;
  isError: boolean;
}

/** Example arguments per tool, from the data this server holds (so every example really works). */
export function exampleArguments(ex: DocsExamples, hospital: string | null): Record<string, Record<string, unknown>> {
  return {
    find_homes: { county: ex.county, needs: ['dementia'], limit: 2 },
    check_homes: { homes: [ex.license, ex.homeName] },
    get_home: { license_number: ex.license },
    get_state_documents: { license_number: ex.license, limit: 2 },
    compare_homes: { license_numbers: [ex.license, ex.otherLicense ?? ex.license] },
    homes_near_hospital: { hospital: hospital ?? 'General Hospital', radius_km: 10, limit: 2 },
    explain_care_topic: { topic: 'not_on_file' },
    start_family_request: { license_numbers: [ex.license], care_needs: ['dementia'], timing: HANDOFF_TIMINGS[1] },
    search: { query: `memory care in ${ex.city ?? ex.county}` },
    fetch: { id: ex.license },
  };
}

/** Long arrays and strings cut for reading; the cut is said in place. */
export function trimForDocs(value: unknown): unknown {
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… (trimmed)` : value;
  if (Array.isArray(value)) {
    const max = value.some((item) => item !== null && typeof item === 'object') ? MAX_RECORDS : MAX_VALUES;
    const shown = value.slice(0, max).map((item) => trimForDocs(item));
    if (value.length > max) shown.push(`… ${value.length - max} more (trimmed)`);
    return shown;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, trimForDocs(inner)]));
  }
  return value;
}

async function mcpRequest(server: Server, method: string, params: Record<string, unknown>, id: number): Promise<any> {
  const response = await server.inject({
    method: 'POST',
    url: '/mcp',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': PROTOCOL_VERSION,
    },
    payload: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    remoteAddress: '127.0.0.2',
  });
  if (response.statusCode !== 200) throw new Error(`${method}: HTTP ${response.statusCode}`);
  const text = response.payload;
  // A JSON answer, or (some transports) one SSE event carrying it.
  const json = text.trimStart().startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? '');
  const body = JSON.parse(json) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** tools/list and one example call per tool, in-process. Null when the MCP surface is not there. */
export async function collectToolExamples(server: Server, ex: DocsExamples, snapshot: Snapshot): Promise<ToolExample[] | null> {
  if (!server.match('POST', '/mcp')) return null;
  let tools: ToolInfo[];
  try {
    await mcpRequest(server, 'initialize', {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'docs-example', version: '1.0.0' },
    }, 0);
    tools = ((await mcpRequest(server, 'tools/list', {}, 1)) as { tools: ToolInfo[] }).tools;
  } catch {
    return null;
  }
  const hospital = allHospitals(snapshot)[0]?.name ?? null;
  const args = exampleArguments(ex, hospital);
  const order = (name: string) => {
    const at = SPEC_TOOLS.indexOf(name as (typeof SPEC_TOOLS)[number]);
    return at === -1 ? SPEC_TOOLS.length : at;
  };
  tools.sort((a, b) => order(a.name) - order(b.name) || a.name.localeCompare(b.name));
  const examples: ToolExample[] = [];
  let id = 2;
  for (const tool of tools) {
    const toolArgs = args[tool.name] ?? null;
    let result: unknown = null;
    let isError = false;
    if (toolArgs) {
      try {
        const answer = (await mcpRequest(server, 'tools/call', { name: tool.name, arguments: toolArgs }, id++)) as {
          structuredContent?: unknown;
          content?: Array<{ type: string; text?: string }>;
          isError?: boolean;
        };
        isError = answer.isError === true;
        result = isError ? (answer.content?.[0]?.text ?? 'refused') : trimForDocs(answer.structuredContent ?? answer.content);
      } catch {
        result = null;
      }
    }
    examples.push({ tool, args: toolArgs, result, isError });
  }
  return examples;
}

function typeWords(schema: JsonSchema): string {
  if (schema.enum) return `one of ${schema.enum.map((value) => `\`${String(value)}\``).join(', ')}`;
  if (schema.anyOf) return schema.anyOf.map(typeWords).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  const bounds: string[] = [];
  if (schema.minimum !== undefined || schema.maximum !== undefined) bounds.push(`${schema.minimum ?? ''}..${schema.maximum ?? ''}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) bounds.push(`${schema.minLength ?? 0}..${schema.maxLength ?? ''} characters`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined) bounds.push(`${schema.minItems ?? 0}..${schema.maxItems ?? ''} items`);
  const boundsWords = bounds.length ? ` (${bounds.join(', ')})` : '';
  if (type === 'array' && schema.items) return `list of ${typeWords(schema.items)}${boundsWords}`;
  if (type === 'object' && schema.properties) return `object {${Object.keys(schema.properties).join(', ')}}`;
  return `${type}${boundsWords}`;
}

function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
}

/** Old tool names kept as aliases for a while (spec "Versioning" 4 and 6). */
const ALIASES: Record<string, string> = {
  explain: 'The old name of `explain_care_topic`, kept as an alias until 2026-12-22 and then removed. It takes the same arguments: call `explain_care_topic` instead.',
};

function toolSection(baseUrl: string, example: ToolExample): string {
  const { tool } = example;
  if (ALIASES[tool.name]) return [`### ${tool.name}`, '', ALIASES[tool.name]!, ''].join('\n');
  const properties = tool.inputSchema?.properties ?? {};
  const required = new Set(tool.inputSchema?.required ?? []);
  const names = Object.keys(properties);
  const lines = [`### ${tool.name}`, ''];
  if (tool.description) lines.push(tool.description.trim(), '');
  if (names.length > 0) {
    lines.push('| Argument | Type | Required | What it is |', '|---|---|---|---|');
    for (const name of names) {
      const schema = properties[name]!;
      lines.push(`| \`${name}\` | ${cell(typeWords(schema))} | ${required.has(name) ? 'yes' : 'no'} | ${cell(schema.description ?? '')} |`);
    }
    lines.push('');
  } else lines.push('No arguments.', '');
  const jsonBlock = (caption: string, value: unknown) => lines.push(caption, '', '```json', JSON.stringify(value, null, 2), '```', '');
  if (example.args) {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool.name, arguments: example.args } };
    jsonBlock('Example call (the body of a `POST` to the MCP URL):', call);
  }
  if (example.result === null) lines.push(`The full input and output schema of this tool is in \`tools/list\` at ${baseUrl}/mcp.`, '');
  else if (example.isError) jsonBlock('Example result (the tool refused, with the reason):', { isError: true, text: example.result });
  else jsonBlock('Example result (`structuredContent`, over the current data; long lists and texts trimmed):', example.result);
  return lines.join('\n');
}

function fallbackTools(baseUrl: string): string {
  const words: Record<string, string> = {
    find_homes: 'Lists licensed homes by county, city, care needs (`needs`), a point (`near`, nearest first) and `max_monthly_budget_usd` (1000..30000; only the home\'s own published rate can leave it out: homes with an estimate, an area figure or no figure stay in, counted in `kept_without_own_rate`).',
    check_homes: 'Checks up to 100 license numbers or names against the state record (`homes`, `detail`): the same function as POST /api/v1/check.',
    get_home: "One home's full flat record by license number.",
    get_state_documents: "A home's state reports, newest first, optionally with transcribed text.",
    compare_homes: 'Homes side by side; columns alphabetical.',
    homes_near_hospital: 'Licensed homes near a hospital, by straight-line distance.',
    explain_care_topic: 'Explains a care topic in plain words (the old name `explain` is an alias until 2026-12-22).',
    start_family_request: 'Makes a signed plan link for a family (1..5 license numbers; optional care needs, timing, area, note, `assistant_name`, `family_note`). Contacts no one.',
    search: 'Finds homes by name, license number or place: ids to pass to fetch.',
    fetch: "A home's page as Markdown with its canonical URL.",
  };
  return [
    `The tools are listed with their full input and output schemas by \`tools/list\` at ${baseUrl}/mcp.`,
    '',
    ...SPEC_TOOLS.map((name) => `- \`${name}\`: ${words[name]}`),
    '',
  ].join('\n');
}

export async function mcpDocsMarkdown(server: Server, services: Services, ex: DocsExamples, snapshot: Snapshot): Promise<string> {
  const { baseUrl } = services.settings;
  const mcpUrl = `${baseUrl}/mcp`;
  const examples = await cachedExamples(server, ex, snapshot);
  const toolNames = examples ? examples.map((e) => `\`${e.tool.name}\``).join(', ') : SPEC_TOOLS.map((n) => `\`${n}\``).join(', ');
  const reference = examples ? examples.map((example) => toolSection(baseUrl, example)).join('\n') : fallbackTools(baseUrl);

  return `# ${MCP_DOCS_TITLE}

${SERVICE_NAME}'s MCP server lets an AI assistant look up California's licensing record of residential care homes for the elderly (RCFEs) for a family: find homes, check names, read a home's record and the state's reports, compare homes, and hand the family a plan to call homes. It is free, read-only and anonymous.

| | |
|---|---|
| URL | \`${mcpUrl}\` |
| Transport | Streamable HTTP: JSON-RPC 2.0 over HTTP POST, stateless, JSON responses (no event stream, no session; GET and DELETE answer 405) |
| Authentication | None: choose "no authentication" and leave every OAuth field empty |
| Protocol revisions | 2026-07-28 (\`server/discover\`, per-request \`_meta\`) and the 2025 \`initialize\` handshake: 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05, 2024-10-07 |
| Server card | ${baseUrl}/.well-known/mcp/server-card.json |
| Limit | 60 requests a minute per caller; over it, 429 with \`retry-after\` and a JSON-RPC error |

## Connect your assistant

Most clients take a JSON entry with the URL and the type \`http\` (Streamable HTTP):

\`\`\`json
{
  "mcpServers": {
    "covelight": {
      "type": "http",
      "url": "${mcpUrl}"
    }
  }
}
\`\`\`

- **Claude (desktop and web)**: Settings, Connectors, "Add custom connector": paste \`${mcpUrl}\` and leave the OAuth fields empty.
- **Claude Code**: \`claude mcp add --transport http covelight ${mcpUrl}\`
- **VS Code** (\`.vscode/mcp.json\`): \`{"servers": {"covelight": {"type": "http", "url": "${mcpUrl}"}}}\`
- **Cursor** (\`~/.cursor/mcp.json\`): \`{"mcpServers": {"covelight": {"url": "${mcpUrl}"}}}\`
- **ChatGPT and other clients with connectors**: add a connector with the URL \`${mcpUrl}\` and authentication "none". The \`search\` and \`fetch\` tools serve clients that expect those two.
- **MCP Inspector**: choose the transport "Streamable HTTP" and the URL \`${mcpUrl}\`.

Or talk to it directly:

\`\`\`sh
# The 2025 handshake
curl -s '${mcpUrl}' -H 'content-type: application/json' -H 'accept: application/json, text/event-stream' \\
  -d '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"my-assistant","version":"1.0"}}}'

# The tools, with their input and output schemas
curl -s '${mcpUrl}' -H 'content-type: application/json' -H 'accept: application/json, text/event-stream' \\
  -H 'mcp-protocol-version: 2025-06-18' -d '{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
\`\`\`

A request that declares a protocol revision newer than the server speaks gets HTTP 400 naming the revision to use instead.

## Tools

${toolNames}. Every tool reads stored data and writes nothing; none ever starts a live state lookup. Each lists its own input and output schema in \`tools/list\`. An unknown argument is refused by name with the accepted ones listed, and any sort, order or rank argument is refused: lists are by straight-line distance from a point the call gives, else alphabetical. Every list result carries \`honesty\`: pass its sentences on with the list.

${reference}
## The family hand-off

\`start_family_request\` turns a short list into a plan the family acts on themselves:

1. The assistant calls it with 1 to 5 license numbers (none closed) and, optionally, care needs, a timing choice, the area and a note. **No personal details**: every free-text field is screened for names, phone numbers, e-mail addresses and street addresses, and a call with any of them is refused (the screen cannot catch every name, so do not send any).
2. The tool writes nothing about the family and contacts no one. It returns a signed link that lapses after 7 days, a \`relay_sentence\` to say, a \`family_message\` to show, each home's roster phone with questions to ask, the \`mode\`, \`what_happens_next\`, and \`consent.agent_can_consent\` = \`false\`.
3. The link carries only the license numbers, care needs, the timing choice, its expiry and the MCP client's own product name; never what was typed in \`assistant_name\`, \`family_note\` or \`note\`. A tampered link opens nothing.
4. The family opens the link: a page to plan calls and visits, with the homes preselected and a folded note that an assistant chose them and that no home was told. After 7 days the link still opens the homes, without that note.
5. In \`mode\` \`self_serve_only\` (today) nothing is sent to any home: the family calls. In \`coordination_available\` the family may also ask the service to arrange visits, only after reading a consent sentence, ticking it with their own click and typing their own name and phone; nothing is sent before they submit, no visit is arranged until a home agrees, and no response time is promised.

## What an assistant must never do

- **Never consent for a family.** \`consent.agent_can_consent\` is always \`false\`: only the family, on the page, with their own click, can ask for anything to be sent.
- **Never present \`not_on_file\` as "no".** It means the record does not say. In words, both \`not_on_file\` and \`false\` read "not on file".
- **Never claim an opening.** ${NEVER_IN_THIS_DATA}
- Never rank homes or say one is better: ${NEUTRALITY}
- Never send personal details (names, phone numbers, e-mails, addresses) in any argument.
- Never present a figure as a home's price unless \`price.is_this_homes_own_rate\` is \`true\`; quote \`price.line\`.
- Never present the care approvals of a closed license (\`license.closed\`) as current.
- When the family finds an error in a record, give them \`links.corrections\`.
- Cite the home's page (\`links.page\`), never the \`.md\` address, and show the attribution (see [the terms](${baseUrl}${TERMS_PATH})).

## Related

- [REST API documentation](${baseUrl}${API_DOCS_PATH}): the same data for programs; \`POST /api/v1/check\` is the REST twin of \`check_homes\`.
- [Terms of use](${baseUrl}${TERMS_PATH}): free, with attribution.
`;
}

const examplesByServer = derived('MCP docs tool examples by server', () => new Map<string, Promise<ToolExample[] | null>>());

/** The tool examples for this data run, collected once per snapshot and server. */
function cachedExamples(server: Server, ex: DocsExamples, snapshot: Snapshot): Promise<ToolExample[] | null> {
  const perServer = snapshot.derive(examplesByServer);
  const key = server.info.id;
  let pending = perServer.get(key);
  if (!pending) {
    pending = collectToolExamples(server, ex, snapshot);
    perServer.set(key, pending);
    void pending.then((value) => {
      if (value === null) perServer.delete(key); // try again next time (the MCP surface may not be up yet)
    });
  }
  return pending;
}
