// Markdown written by the pages: text from a record or a guide made inert, links that always
// name an HTML page (never a `.md` address), and the attribution every twin ends with.
import { DEMO_SENTENCE, SERVICE_NAME } from '../words/wording.ts';
import { fill, say, wordsIn } from '../words/catalog.ts';
import { SHARED_WORDS, SHELL_WORDS } from '../words/family-words.ts';
import type { Language } from '../words/language.ts';
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
export function mdAttribution(baseUrl: string, editorial = false, language: Language = 'en'): string {
  const w = wordsIn(SHELL_WORDS, language);
  const values = { service: SERVICE_NAME, base: baseUrl, terms: `${baseUrl}/terms`, search: STATE_SEARCH_URL, source: say(SHARED_WORDS.stateSource, language) };
  return fill(editorial ? w.markdownEditorial : w.markdownSource, values);
}

/** What a Spanish twin says under its title: the record is English, and the English prevails. */
export function mdEnglishPrevails(language: Language, englishUrl: string | undefined): string | null {
  if (language === 'en') return null;
  const w = wordsIn(SHELL_WORDS, language);
  return `> ${w.englishPrevails} ${w.verbatim}${englishUrl ? ` ${w.englishPage}: ${englishUrl}` : ''}`;
}

/** Joins Markdown blocks with one blank line between them, dropping empty ones. */
export function mdBlocks(blocks: ReadonlyArray<string | null | false | undefined>): string {
  return `${blocks.filter((block): block is string => typeof block === 'string' && block.length > 0).join('\n\n')}\n`;
}

const MARKDOWN_NOTICE = { en: `> **${DEMO_SENTENCE}**`, es: `> **${say(SHARED_WORDS.demo, 'es')}**` } as const;

/**
 * The demo notice in Markdown (a page's twin, MCP fetch, the check's display): right under a
 * title, so the first line stays the title; else first.
 */
export function withMarkdownNotice(markdown: string, language: Language = 'en'): string {
  const notice = MARKDOWN_NOTICE[language];
  const titleEnd = markdown.startsWith('# ') ? markdown.indexOf('\n') : -1;
  if (titleEnd < 0) return `${notice}\n\n${markdown}`;
  return `${markdown.slice(0, titleEnd)}\n\n${notice}\n${markdown.slice(titleEnd)}`;
}
