// /terms: the usage conditions (a)-(d) of the spec in plain words, the attribution a re-user
// shows (snippets to copy), the open-data credit and "modified, not official" statement, and how
// corrections work. Written once in Markdown; the HTML page is rendered from it.
import { STATE_SEARCH_URL } from '../web/layout.ts';
import { perWindow } from './rate-limit.ts';
import type { Settings } from './settings.ts';
import { SERVICE_NAME, STATE_SOURCE } from '../words/wording.ts';
import { API_DOCS_PATH, MCP_DOCS_PATH } from '../web/links.ts';

export const TERMS_TITLE = 'Terms of use';
export const TERMS_DESCRIPTION =
  "The terms for using this service's data, API and MCP server: free, including commercial use, with attribution; never show 'not on file' as no; never claim an opening.";

/** The state health-and-human-services agency whose open-data portal publishes the roster. */
export const OPEN_DATA_AGENCY = 'California Health and Human Services Agency (CalHHS)';
export const OPEN_DATA_PORTAL = 'https://data.chhs.ca.gov/';

export function attributionHtmlSnippet(baseUrl: string): string {
  return (
    `<p>Licensing data: ${STATE_SOURCE}, as compiled by <a href="${baseUrl}">${SERVICE_NAME}</a>. ` +
    `Parts from the <a href="${OPEN_DATA_PORTAL}">${OPEN_DATA_AGENCY} Open Data Portal</a>. ` +
    `Modified data, not official government data; the official record is the state's <a href="${STATE_SEARCH_URL}">facility search</a>.</p>`
  );
}

export function attributionTextSnippet(baseUrl: string): string {
  return (
    `Licensing data: ${STATE_SOURCE}, as compiled by ${SERVICE_NAME} (${baseUrl}). ` +
    `Parts from the ${OPEN_DATA_AGENCY} Open Data Portal. ` +
    `Modified data, not official government data; the official record is the state's facility search: ${STATE_SEARCH_URL}`
  );
}

/** The budgets this server was configured with (the spec's values by default), in words. */
function budgetsInWords({ rateLimits: api, mcp }: Pick<Settings, 'rateLimits' | 'mcp'>): string {
  return (
    `${api.apiV1} requests ${perWindow(api.windowMs)} per address on \`/api/v1\`, ${api.apiAll} on all \`/api\` paths, ${api.check} batch checks, ` +
    `and ${mcp.rateLimit} ${perWindow(mcp.windowMs)} on the MCP server`
  );
}

export function termsMarkdown(baseUrl: string, budgets: Pick<Settings, 'rateLimits' | 'mcp'>): string {
  return `# ${TERMS_TITLE}

${SERVICE_NAME} publishes California's licensing record of residential care homes for the elderly (RCFEs) on this site, through a [REST API](${baseUrl}${API_DOCS_PATH}) and through an [MCP server](${baseUrl}${MCP_DOCS_PATH}) for AI assistants. All of it is **free to use, including commercial use**. No key, account or sign-up is needed. In return, anyone who uses or shows the data agrees to four conditions.

## The four conditions

1. **Say where the data comes from.** Credit the data to the state licensing agency (${STATE_SOURCE}) as compiled by ${SERVICE_NAME}, with a link to ${baseUrl}. The snippets below do this for you.
2. **Do not misrepresent it.** Do not present the data as your own original record. Never show "not on file" (\`not_on_file\`) as "no": it means the record does not say. Never attach a claim of an opening (an open bed) to a home: no website knows which homes have an open bed today. Never imply that a home pays for its place, or that any order is a ranking.
3. **Credit the state's open data, and say it is modified.** Parts of this data come from the state's open-data portal. Where you show them, credit the ${OPEN_DATA_AGENCY} and say that the data shown is modified, not official government data. The official record is the state's own [facility search](${STATE_SEARCH_URL}).
4. **Use the service fairly.** Traffic that breaks these terms, or that strains the service, may be slowed or blocked. Stay within the published [limits](${baseUrl}${API_DOCS_PATH}#limits): ${budgetsInWords(budgets)}.

## The attribution to show

Show this wherever you show the data: on a page, in an app, or in an assistant's answer. Copy it as it is.

As HTML:

\`\`\`html
${attributionHtmlSnippet(baseUrl)}
\`\`\`

As plain text:

\`\`\`text
${attributionTextSnippet(baseUrl)}
\`\`\`

In an assistant's answer about one home, a shorter line is enough, with the home's page as the link: "Source: ${STATE_SOURCE}, via ${SERVICE_NAME} (the home's page URL). Not the official record."

Every API response also carries \`attribution.source\` and \`attribution.terms_url\`, and every page of this site ends with the same credit.

## Open data, modified, not official

The roster of licensed homes (names, addresses, license status, capacity, licensee) comes from the ${OPEN_DATA_AGENCY} Open Data Portal (${OPEN_DATA_PORTAL}). The care approvals, state visits and reports come from the state's licensing records; the Assisted Living Waiver list comes from the state's health-care-services department; map coordinates come from the state's facility-locations file on the same portal where it places a home, else are computed by ${SERVICE_NAME} from the address, or the ZIP code's center (approximate) (\`machine_extracted\`). ${SERVICE_NAME} validates, joins and reformats these sources: **the data shown is modified, not official government data.** The official record is the state's own facility search. The guides on this site are ${SERVICE_NAME}'s own words, checked against the state records.

The data is provided as it is, without warranty, and is not advice. Dates travel with it: each fact carries the date its source last confirmed it.

## Corrections

If you or your users find an error in a home's record, use the correction form for that home:

- In the REST API, each home record carries \`links.corrections\`: hand that link to your user.
- In the MCP server, full records carry \`links.corrections\`.
- On this site, each home's page links to its correction form.

The form is at ${baseUrl}/corrections?license=<license number>. While a correction review of a care approval is open, that approval reads "not on file" everywhere (and no longer matches a care-needs filter) until the review closes; the record then shows the reviewed value. The state's own record is changed only by the state: to correct it at the source, contact the state licensing office for the home.

## Privacy

The API and the MCP server need no personal data, and none is reachable through them. Do not send personal details to the MCP hand-off tool: it refuses them. Rate limits count requests per address in memory for one minute. The optional \`X-Client-Name\` header names a product, never a person, and only feeds usage counts.

## Changes

These terms may be updated; the current version is always at ${baseUrl}/terms.
`;
}
