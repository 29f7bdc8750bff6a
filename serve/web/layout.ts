// The page shell every HTML page shares: one stylesheet, the link to the AI catalog, the WebMCP
// script (agent-tools.ts), a skip link, the site header, the page, and a footer with the
// attribution and usage conditions the spec requires on every page.
import { NOT_ON_FILE_IN_WORDS, SERVICE_NAME, STATE_SOURCE } from '../words/wording.ts';
import { html, type SafeHtml } from './html.ts';
import { STYLESHEET_PATH } from './assets.ts';
import { ICON_PATH } from './icon.ts';
import { AGENT_TOOLS_ASSET } from './agent-tools.ts';

/** The state's own facility search: the official record. */
export const STATE_SEARCH_URL = 'https://www.ccld.dss.ca.gov/carefacilitysearch/';

export interface PageOptions {
  baseUrl: string;
  title: string;
  description: string;
  /** Absolute URL of this page's canonical HTML address. */
  canonicalUrl: string;
  /** Absolute URL of the Markdown twin, when the page has one. */
  markdownUrl?: string;
  body: SafeHtml;
  /** Extra tags for <head> (a page script, a map stylesheet). */
  head?: SafeHtml;
  noindex?: boolean;
}

export function layout(options: PageOptions): string {
  const { baseUrl } = options;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} | ${SERVICE_NAME}</title>
<meta name="description" content="${options.description}">
<link rel="canonical" href="${options.canonicalUrl}">
${options.markdownUrl ? html`<link rel="alternate" type="text/markdown" href="${options.markdownUrl}">` : ''}
${options.noindex ? html`<meta name="robots" content="noindex">` : ''}
<link rel="icon" type="image/svg+xml" href="${baseUrl}${ICON_PATH}">
<link rel="stylesheet" href="${baseUrl}${STYLESHEET_PATH}">
<link rel="ai-catalog" href="${baseUrl}/.well-known/ai-catalog.json" type="application/ai-catalog+json">
<script defer src="${baseUrl}${AGENT_TOOLS_ASSET.path}"></script>
${options.head ?? ''}
</head>
<body>
<a class="skip" href="#main">Skip to main content</a>
<header class="site">
  <a class="brand" href="${baseUrl}/">${SERVICE_NAME}</a>
  <nav aria-label="Site">
    <ul>
      <li><a href="${baseUrl}/">Find a home</a></li>
      <li><a href="${baseUrl}/guides">Guides</a></li>
      <li><a href="${baseUrl}/docs/api">API</a></li>
      <li><a href="${baseUrl}/docs/mcp">MCP</a></li>
      <li><a href="${baseUrl}/data">Data</a></li>
    </ul>
  </nav>
</header>
<main id="main">
${options.body}
</main>
<footer class="site">
  <p>Licensing data: ${STATE_SOURCE}, as compiled by ${SERVICE_NAME}. Parts come from the California
  Health and Human Services open data portal; the data shown here is modified, not official
  government data. The official record is the state's own
  <a href="${STATE_SEARCH_URL}">facility search</a>.</p>
  <p>No home pays to appear, and nothing here is ranked. No website knows which homes have an open
  bed today: openings are learned by phone. ${NOT_ON_FILE_IN_WORDS}</p>
  <p><a href="${baseUrl}/terms">Terms of use</a> · <a href="${baseUrl}/guides">Guides</a> ·
  <a href="${baseUrl}/docs/api">API</a> · <a href="${baseUrl}/docs/mcp">MCP server</a></p>
</footer>
</body>
</html>`.value;
}
