// Who the crawler names in every request: a crawler that asks a state host about 100,000 times a
// day must say who to call. CRAWL_CONTACT (an e-mail address or a URL), else the profile's
// `http.contact`; without a valid one the crawler does not start (the schedule does not start it).
import type { PipelineConfig } from './config.ts';

export const CRAWL_CONTACT_ENV = 'CRAWL_CONTACT';

/** The crawler has no contact to name, or one that is not an e-mail address or a URL. */
export class NoCrawlContact extends Error {
  override name = 'NoCrawlContact';
}

const EMAIL = /^[^\s@<>()"',;:\\]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;
const HOW = `set ${CRAWL_CONTACT_ENV}=<an e-mail address or an https:// URL where the state's staff can reach you> (or http.contact in pipeline.config.ts)`;

/** The contact as the User-Agent names it (`mailto:` before an address), or why it cannot be used. */
export function validContact(text: string): string {
  const value = text.trim();
  // Nothing that could break out of the User-Agent header or its parentheses.
  if (/[\u0000-\u001f\u007f()\s]/.test(value)) throw new NoCrawlContact(`the crawler's contact "${value.replace(/[\u0000-\u001f\u007f]/g, '?')}" holds spaces, parentheses or control characters: ${HOW}`);
  const address = value.replace(/^mailto:/i, '');
  if (EMAIL.test(address)) return `mailto:${address}`;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // Neither an address nor a URL: said below.
  }
  if (url && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname) return value;
  throw new NoCrawlContact(`the crawler's contact "${value}" is neither an e-mail address nor an http(s) URL: ${HOW}`);
}

/** The profile with the contact its crawler names (CRAWL_CONTACT first); throws NoCrawlContact, one line saying how to set it. */
export function withCrawlContact<T extends PipelineConfig>(config: T, env: NodeJS.ProcessEnv = process.env): T {
  const given = env[CRAWL_CONTACT_ENV]?.trim() || config.http.contact?.trim() || '';
  if (!given) throw new NoCrawlContact(`the crawler names no contact, and a crawler that asks the state's site all day must: ${HOW}`);
  return { ...config, http: { ...config.http, contact: validContact(given) } };
}
