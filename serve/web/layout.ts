// The page shell every HTML page shares: one stylesheet, the link to the AI catalog, the WebMCP
// script (agent-tools.ts), a skip link, the site header, the page, and a footer with the
// attribution and usage conditions the spec requires on every page.
import { SERVICE_NAME } from '../words/wording.ts';
import { fill, wordsIn } from '../words/catalog.ts';
import { SHARED_WORDS, SHELL_WORDS } from '../words/family-words.ts';
import { pathIn, type Language } from '../words/language.ts';
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
  /** The page's language (English unless said); a Spanish page says the English record prevails. */
  language?: Language;
  /** Absolute URL of the same page in the other language, when it has one (hreflang both ways). */
  translationUrl?: string;
  /** An English page whose reader's Accept-Language prefers Spanish: suggest the Spanish page (never a redirect). */
  suggestTranslation?: boolean;
}

/** The alternates of a page in both languages, and the language switch of the global navigation. */
function languageLinks(options: PageOptions) {
  const language = options.language ?? 'en';
  const english = language === 'en' ? options.canonicalUrl : options.translationUrl;
  const spanish = language === 'es' ? options.canonicalUrl : options.translationUrl;
  const alternates = options.translationUrl
    ? html`<link rel="alternate" hreflang="en" href="${english}">
<link rel="alternate" hreflang="es" href="${spanish}">
<link rel="alternate" hreflang="x-default" href="${english}">`
    : '';
  // Without a Spanish twin, "Español" opens the Spanish front page; without an English one, the English.
  const englishHref = english ?? `${options.baseUrl}/`;
  const spanishHref = spanish ?? `${options.baseUrl}${pathIn('es', '/')}`;
  const toggle = html`<li class="language">${
    language === 'en' ? html`<span lang="en" aria-current="true">English</span>` : html`<a href="${englishHref}" lang="en" hreflang="en">English</a>`
  } / ${language === 'es' ? html`<span lang="es" aria-current="true">Español</span>` : html`<a href="${spanishHref}" lang="es" hreflang="es">Español</a>`}</li>`;
  return { alternates, toggle, englishHref };
}

export function layout(options: PageOptions): string {
  const { baseUrl } = options;
  const language = options.language ?? 'en';
  const w = wordsIn(SHELL_WORDS, language);
  const shared = wordsIn(SHARED_WORDS, language);
  const { alternates, toggle, englishHref } = languageLinks(options);
  const home = `${baseUrl}${pathIn(language, '/')}`;
  // Pages with no Spanish version say so on a Spanish page's links.
  const english = language === 'es' ? html` <span class="small">${w.inEnglish}</span>` : '';
  return html`<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} | ${SERVICE_NAME}</title>
<meta name="description" content="${options.description}">
<link rel="canonical" href="${options.canonicalUrl}">
${options.markdownUrl ? html`<link rel="alternate" type="text/markdown" href="${options.markdownUrl}">` : ''}
${alternates}
${options.noindex ? html`<meta name="robots" content="noindex">` : ''}
<link rel="icon" type="image/svg+xml" href="${baseUrl}${ICON_PATH}">
<link rel="stylesheet" href="${baseUrl}${STYLESHEET_PATH}">
<link rel="ai-catalog" href="${baseUrl}/.well-known/ai-catalog.json" type="application/ai-catalog+json">
<script defer src="${baseUrl}${AGENT_TOOLS_ASSET.path}"></script>
${options.head ?? ''}
</head>
<body>
<a class="skip" href="#main">${w.skip}</a>
<header class="site">
  <a class="brand" href="${home}">${SERVICE_NAME}</a>
  <nav aria-label="${w.navLabel}">
    <ul>
      <li><a href="${home}">${w.findHome}</a></li>
      <li><a href="${baseUrl}${pathIn(language, '/guides')}">${w.guides}</a></li>
      <li><a href="${baseUrl}/docs/api">API</a>${english}</li>
      <li><a href="${baseUrl}/docs/mcp">MCP</a>${english}</li>
      <li><a href="${baseUrl}/data">${w.navData}</a>${english}</li>
      ${toggle}
    </ul>
  </nav>
</header>
<main id="main">
${options.suggestTranslation && options.translationUrl ? html`<p class="note" lang="es"><a href="${options.translationUrl}" hreflang="es">${wordsIn(SHELL_WORDS, 'es').spanishSuggested}</a></p>` : ''}
${language === 'es' ? html`<p class="note" role="note">${w.englishPrevails} ${w.verbatim} <a href="${englishHref}" hreflang="en">${w.englishPage}</a></p>` : ''}
${options.body}
</main>
<footer class="site">
  <p>${fill(w.footerSource, { source: shared.stateSource, service: SERVICE_NAME })}
  <a href="${STATE_SEARCH_URL}">${w.facilitySearch}</a>.</p>
  <p>${w.footerPromise} ${shared.notOnFile}</p>
  <p><a href="${baseUrl}/terms">${w.terms}</a> · <a href="${baseUrl}${pathIn(language, '/guides')}">${w.guides}</a> ·
  <a href="${baseUrl}/docs/api">API</a> · <a href="${baseUrl}/docs/mcp">${w.navMcpServer}</a>${english}</p>
</footer>
</body>
</html>`.value;
}
