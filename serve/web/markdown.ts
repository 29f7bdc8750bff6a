// Markdown written by the pages: text from a record or a guide made inert, links that always
// name an HTML page (never a `.md` address), and the attribution every twin ends with.
import { DEMO_SENTENCE, SERVICE_NAME, STATE_SOURCE } from '../words/wording.ts';
import { STATE_SEARCH_URL } from './layout.ts';

/** Text made inert in Markdown: no emphasis, link, heading or HTML from a record's characters. */
export function mdText(text: string | number | null | undefined): string {
  return String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([\\`*_[\]<>|#~!{}])/g, '\\$1')
    .replace(/^([-+]|\d+\.)(?=\s)/, '\\$1');
}

/** A Markdown link; `url` is one we built (absolute, no spaces or parentheses to escape). */
export function mdLink(text: string, url: string): string {
  return `[${mdText(text)}](${url.replace(/[()\s]/g, (c) => encodeURIComponent(c))})`;
}

/** The closing lines of every Markdown twin: where the data comes from, and the terms. */
export function mdAttribution(baseUrl: string, editorial = false): string {
  return editorial
    ? `Written by ${SERVICE_NAME} (${baseUrl}), checked against the state records. Terms of use: ${baseUrl}/terms`
    : `Source: ${STATE_SOURCE}, as compiled by ${SERVICE_NAME} (${baseUrl}). Modified data, not the official record; ` +
        `the official record is the state's own facility search (${STATE_SEARCH_URL}). Terms of use: ${baseUrl}/terms`;
}

/** Joins Markdown blocks with one blank line between them, dropping empty ones. */
export function mdBlocks(blocks: ReadonlyArray<string | null | false | undefined>): string {
  return `${blocks.filter((block): block is string => typeof block === 'string' && block.length > 0).join('\n\n')}\n`;
}

const MARKDOWN_NOTICE = `> **${DEMO_SENTENCE}**`;

/**
 * The demo notice in Markdown (a page's twin, MCP fetch, the check's display): right under a
 * title, so the first line stays the title; else first.
 */
export function withMarkdownNotice(markdown: string): string {
  const titleEnd = markdown.startsWith('# ') ? markdown.indexOf('\n') : -1;
  if (titleEnd < 0) return `${MARKDOWN_NOTICE}\n\n${markdown}`;
  return `${markdown.slice(0, titleEnd)}\n\n${MARKDOWN_NOTICE}\n${markdown.slice(titleEnd)}`;
}
