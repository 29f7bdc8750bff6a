// The discovery files' content, true to the running server: its name and version (from the MCP
// server's own identity), the remote URL built from BASE_URL, the protocol revisions it speaks,
// and no authentication.
import { createHash } from 'node:crypto';
import { DEMO_SENTENCE } from '../words/wording.ts';
import { escapeMarkdownInline } from '../words/quote.ts';
import { guideCatalog } from '../words/guides/catalog.ts';
import { MCP_CAPABILITIES, MCP_EXTENSIONS, MCP_SERVER_INFO, PROTOCOL_VERSIONS, UI_EXTENSION } from '../words/identity.ts';
import { ICON_PATH } from '../web/icon.ts';
import { SERVICE_NAME, STATE_SOURCE } from '../words/wording.ts';

export const DISCOVERY_PATHS = {
  serverCard: '/mcp/server-card',
  serverCardWellKnown: '/.well-known/mcp/server-card.json',
  aiCatalog: '/.well-known/ai-catalog.json',
  serverJson: '/.well-known/mcp/server.json',
  llmsTxt: '/llms.txt',
} as const;

/** Registry names are reverse-DNS: `care.example` serves `example.care/covelight-care-homes`. */
export function registryName(baseUrl: string): string {
  const host = (URL.canParse(baseUrl) && new URL(baseUrl).hostname) || 'localhost';
  const namespace = /^[\d.]+$/.test(host) || host.includes(':') ? host.replace(/[^a-zA-Z0-9.-]/g, '-') : host.split('.').reverse().join('.');
  return `${namespace}/${MCP_SERVER_INFO.name}`;
}

/** The registry's description limit is 100 characters. */
export const SHORT_DESCRIPTION = "Read-only, keyless MCP server over California's licensing record of elder-care homes (RCFEs).";

function icons(baseUrl: string) {
  return [{ src: `${baseUrl}${ICON_PATH}`, mimeType: 'image/svg+xml', sizes: ['any'] }];
}

export function serverCard(baseUrl: string) {
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
    name: registryName(baseUrl),
    version: MCP_SERVER_INFO.version,
    title: MCP_SERVER_INFO.title,
    description: MCP_SERVER_INFO.description,
    websiteUrl: `${baseUrl}/docs/mcp`,
    icons: icons(baseUrl),
    remotes: [
      {
        type: 'streamable-http',
        url: `${baseUrl}/mcp`,
        supportedProtocolVersions: [...PROTOCOL_VERSIONS],
        authentication: { required: false, schemes: [] },
      },
    ],
    // The same as the initialize answer (one constant): tools, prompts, the cards as resources, and the MCP Apps extension.
    capabilities: MCP_CAPABILITIES,
    // The initialize answer's serverInfo, for readers of the earlier card draft.
    serverInfo: { name: MCP_SERVER_INFO.name, title: MCP_SERVER_INFO.title, version: MCP_SERVER_INFO.version },
    _meta: {
      [`${registryName(baseUrl).split('/')[0]}/service`]: {
        service: SERVICE_NAME,
        data_source: STATE_SOURCE,
        documentation: `${baseUrl}/docs/mcp`,
        rest_api: `${baseUrl}/api/v1`,
        openapi: `${baseUrl}/openapi.json`,
        terms: `${baseUrl}/terms`,
        cost: 'free, no key, no account',
      },
    },
  };
}

/** The AI catalog's media type (AI Catalog specification, "Media Type"). */
export const AI_CATALOG_TYPE = 'application/ai-catalog+json';

/**
 * The `{publisher}` segment of an entry's `urn:air` identifier: BASE_URL's host name, without a
 * port (a port would read as one more URN segment). The identifiers stay the same for as long as
 * the service keeps its address; they do not follow the MCP server's name or version.
 */
export function catalogPublisher(baseUrl: string): string {
  return ((URL.canParse(baseUrl) && new URL(baseUrl).hostname) || 'localhost').replace(/[^a-zA-Z0-9.-]/g, '-');
}

/** Stable `urn:air:<publisher>:<namespace>:<name>` identifiers of what the catalog lists. */
export function catalogIdentifiers(baseUrl: string) {
  const publisher = catalogPublisher(baseUrl);
  return {
    mcpServer: `urn:air:${publisher}:mcp:care-homes`,
    restCatalog: `urn:air:${publisher}:catalog:care-homes-api`,
    restApi: `urn:air:${publisher}:rest:care-homes`,
  };
}

/**
 * What a family or their assistant would ask that these answer (2 to 5 each, the ARD draft's
 * recommendation). Nothing here asks for a ranking or an open bed: the service has neither.
 */
export const MCP_REPRESENTATIVE_QUERIES = [
  'licensed assisted living homes for my mother with dementia care near Sacramento',
  'which elder care homes in San Diego County are approved for hospice care',
  'is this residential care home for the elderly licensed, and what did the state inspections find',
  'compare the state licensing records of three board and care homes in Fresno',
  'care homes near a hospital in Los Angeles that can take a wheelchair user',
] as const;

export const REST_REPRESENTATIVE_QUERIES = [
  "California RCFE licensing records as JSON, by county, city and care approval",
  'API for the state inspection reports and license history of an elder care home in California',
  'changes to the California licensing record of residential care homes for the elderly since a date',
] as const;

const CATALOG_TAGS = ['california', 'elder care', 'assisted living', 'rcfe', 'licensing', 'read-only'] as const;
/** The OpenAPI media type registered with IANA. */
const OPENAPI_TYPE = 'application/vnd.oai.openapi+json';

/**
 * The AI catalog (AI Catalog specification 0.9 and the Agentic Resource Discovery draft's entry
 * schema): the MCP server by its server card, and the REST API by its OpenAPI description. The REST
 * API sits in a nested catalog given inline because an entry at the top is held to the discovery
 * types (agent and server cards, catalogs, skills, registries), and an OpenAPI document is none of
 * them. Version and the card's own words are left to the card (AI Catalog: the artifact is the
 * authoritative source); displayName stays because the ARD draft requires it.
 */
export function aiCatalog(baseUrl: string) {
  const identifier = URL.canParse(baseUrl) ? new URL(baseUrl).host : baseUrl;
  const ids = catalogIdentifiers(baseUrl);
  return {
    specVersion: '1.0',
    host: { displayName: SERVICE_NAME, identifier, documentationUrl: `${baseUrl}/docs/mcp`, logoUrl: `${baseUrl}${ICON_PATH}` },
    entries: [
      {
        identifier: ids.mcpServer,
        displayName: MCP_SERVER_INFO.title,
        type: 'application/mcp-server-card+json',
        url: `${baseUrl}${DISCOVERY_PATHS.serverCardWellKnown}`,
        description: MCP_SERVER_INFO.description,
        tags: [...CATALOG_TAGS, 'mcp'],
        representativeQueries: [...MCP_REPRESENTATIVE_QUERIES],
      },
      {
        identifier: ids.restCatalog,
        displayName: `${SERVICE_NAME} REST API`,
        type: AI_CATALOG_TYPE,
        description: `The REST API beside the MCP server: the same record, as JSON, described by OpenAPI 3.1. Free, keyless and read-only.`,
        tags: [...CATALOG_TAGS, 'rest', 'openapi'],
        representativeQueries: [...REST_REPRESENTATIVE_QUERIES],
        data: {
          specVersion: '1.0',
          entries: [
            {
              identifier: ids.restApi,
              displayName: `${SERVICE_NAME} REST API (OpenAPI 3.1)`,
              type: OPENAPI_TYPE,
              url: `${baseUrl}/openapi.json`,
              description: `Free, keyless, read-only REST API over ${STATE_SOURCE}'s licensing record of residential care facilities for the elderly (RCFEs). Documentation: ${baseUrl}/docs/api`,
              tags: [...CATALOG_TAGS, 'rest', 'openapi'],
              representativeQueries: [...REST_REPRESENTATIVE_QUERIES],
            },
          ],
        },
      },
    ],
  };
}

/** The server in the MCP registry's server.json format (2025-12-11 schema). */
export function serverJson(baseUrl: string) {
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    name: registryName(baseUrl),
    title: MCP_SERVER_INFO.title,
    description: SHORT_DESCRIPTION,
    version: MCP_SERVER_INFO.version,
    websiteUrl: `${baseUrl}/docs/mcp`,
    icons: icons(baseUrl),
    remotes: [{ type: 'streamable-http', url: `${baseUrl}/mcp` }],
    // The format has no capabilities field; its publisher-provided _meta carries the extensions.
    _meta: { 'io.modelcontextprotocol.registry/publisher-provided': { extensions: MCP_EXTENSIONS } },
  };
}

/** The plain-text site map for language models (llmstxt.org layout). */
export function llmsTxt(baseUrl: string, counties: ReadonlyArray<{ name: string; slug: string; homes: number }>, demoData = false): string {
  const guides = guideCatalog(baseUrl);
  return [
    `# ${SERVICE_NAME}`,
    '',
    ...(demoData ? [`> ${DEMO_SENTENCE}`, ''] : []),
    `> A free, keyless, read-only REST API and remote MCP server over California's licensing record of residential care facilities for the elderly (RCFEs), with a page per home. Data: ${STATE_SOURCE}, as compiled by ${SERVICE_NAME}. Nothing is ranked and no home pays to appear. Open beds are never in this data: openings are learned by phone. "not_on_file" means the record does not say; it never means no.`,
    '',
    `Attribute the data to the state licensing agency as compiled by ${SERVICE_NAME}, with a link to ${baseUrl}. Terms: ${baseUrl}/terms`,
    '',
    '## API',
    '',
    `- [REST front door](${baseUrl}/api/v1): every endpoint (facilities, one facility, its reports, guides, batch check); no key`,
    `- [OpenAPI 3.1](${baseUrl}/openapi.json): the REST contract`,
    `- [Changes on the state record](${baseUrl}/api/v1/changes): licenses added, removed and fields changed, newest run first (?since=YYYY-MM-DD, county, city, kind, field); a home's whole log at ${baseUrl}/api/v1/facilities/<license>/history`,
    `- [Atom feed of changes](${baseUrl}/changes.atom): the whole state; one per county at ${baseUrl}/county/<county>/changes.atom`,
    `- [Downloads](${baseUrl}/data): every retained snapshot as SQLite, its listed homes as CSV with a datapackage.json; index at ${baseUrl}/data/index.json`,
    `- [API documentation](${baseUrl}/docs/api)`,
    '',
    '## MCP',
    '',
    `- [MCP server](${baseUrl}/mcp): Streamable HTTP, stateless, JSON responses, no authentication; protocol revisions ${PROTOCOL_VERSIONS.join(', ')}; version ${MCP_SERVER_INFO.version}`,
    `- [MCP documentation](${baseUrl}/docs/mcp)`,
    `- MCP Apps (${UI_EXTENSION}): get_home, compare_homes, find_homes, homes_near_hospital and start_family_request link interactive cards (ui:// resources) that show the record in its own words, dated and sourced; hosts without the extension get the same text and structured content`,
    `- [Server card](${baseUrl}${DISCOVERY_PATHS.serverCardWellKnown})`,
    `- [Registry server.json](${baseUrl}${DISCOVERY_PATHS.serverJson})`,
    `- [AI catalog](${baseUrl}${DISCOVERY_PATHS.aiCatalog})`,
    '',
    '## Pages',
    '',
    `- A home: ${baseUrl}/facility/<name_slug>-<license_number> (the state record in plain words). Every home, county, city, care-type, waiver, near-hospital and license-holder page has a Markdown version: add .md to its address, or send Accept: text/markdown. Cite the HTML address.`,
    `- [Homes by county](${baseUrl}/county): each county at ${baseUrl}/county/<county>, each city at ${baseUrl}/county/<county>/<city>`,
    `- [Homes by care approval](${baseUrl}/care): ${baseUrl}/care/<need>?county=<county>, need one of wheelchair, dementia, hospice, bedridden`,
    `- [Homes on the Assisted Living Waiver list](${baseUrl}/waiver)`,
    `- [Homes near a hospital](${baseUrl}/near-hospital)`,
    `- [Report an error in a record](${baseUrl}/corrections)`,
    `- In Spanish (en español): the same pages under ${baseUrl}/es (${baseUrl}/es/facility/<name_slug>-<license_number>, ${baseUrl}/es/county, ...), with their Markdown versions; the state's record stays verbatim in English. MCP: start_family_request and explain_care_topic take language "es"; the prompts take a language argument.`,
    '',
    '## Guides',
    '',
    ...guides.map((guide) => `- [${guide.title}](${guide.url}): ${guide.description}`),
    '',
    '## County pages',
    '',
    // A county name is the roster's text: escaped, so it cannot end the link or become markup.
    ...counties.map((county) => `- [${escapeMarkdownInline(county.name)} County](${baseUrl}/county/${encodeURI(county.slug)}): ${county.homes} licensed home${county.homes === 1 ? '' : 's'}`),
    '',
    '## Terms',
    '',
    `- [Terms of use](${baseUrl}/terms): free, including commercial use, with attribution`,
    '',
  ].join('\n');
}

/** A strong ETag: a hash of the exact bytes sent. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** If-None-Match matches when any listed tag (weak or strong) names the same bytes, or is `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
