// The languages a family can read the service in, and how a request or a host names one. The
// state's record is English; Spanish is the service's own words around it (../catalog.ts).

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A BCP 47 tag (a page's `Accept-Language` entry, an MCP host's `locale`): any `es-*` is Spanish, anything else English. */
export function languageOfTag(tag: string | null | undefined): Language {
  return /^es(?:[-_]|$)/i.test(String(tag ?? '').trim()) ? 'es' : 'en';
}

/**
 * Whether an `Accept-Language` header puts Spanish before English (a suggestion only: no page
 * redirects by it). Entries with q=0 are refused languages, never a preference.
 */
export function prefersSpanish(acceptLanguage: string | null | undefined): boolean {
  const ranked = String(acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const first = ranked.find((entry) => /^(es|en)(?:-|$)/.test(entry.tag));
  return first !== undefined && languageOfTag(first.tag) === 'es';
}

/** Where Spanish pages live: the same path after `/es` (the front page `/` is `/es`). */
export const SPANISH_PREFIX = '/es';

/** A site path in a language: `/county/x` in Spanish is `/es/county/x`. */
export function pathIn(language: Language, path: string): string {
  if (language === 'en') return path;
  return path === '/' || path === '' ? SPANISH_PREFIX : `${SPANISH_PREFIX}${path}`;
}
