// The language a family asked in: the tool's `language` argument, else the host's locale (any
// es-* is Spanish; ChatGPT sends it as the request's `_meta["openai/locale"]`, the MCP Apps host
// context's `locale` reaches only the cards), else none said (the tool decides: English, or what
// the ask itself is written in, as search reads it).
import type { ServerContext } from '@modelcontextprotocol/server';
import { languageOfTag, pathIn, type Language } from '../words/language.ts';

/** The request's own locale keys, first found wins. */
const LOCALE_META_KEYS = ['openai/locale', 'locale'] as const;

/** The host's locale as a language, or null when the request names none. */
export function hostLanguage(ctx: ServerContext | undefined): Language | null {
  const meta = ctx?.mcpReq?._meta as Record<string, unknown> | undefined;
  for (const key of LOCALE_META_KEYS) {
    const tag = meta?.[key];
    if (typeof tag === 'string' && tag.trim()) return languageOfTag(tag);
  }
  return null;
}

/** The language to answer in: the argument, else the host's locale, else `fallback`. */
export function answerLanguage(argument: Language | undefined, ctx: ServerContext | undefined, fallback: Language = 'en'): Language {
  return argument ?? hostLanguage(ctx) ?? fallback;
}

/** A page of this service in a language: the Spanish twin is the same path under /es. */
export function pageIn(language: Language, page: string, baseUrl: string): string {
  return language === 'es' && page.startsWith(`${baseUrl}/`) ? `${baseUrl}${pathIn('es', page.slice(baseUrl.length))}` : page;
}
