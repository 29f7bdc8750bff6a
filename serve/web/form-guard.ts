// Guards for the two forms that write (the plan page's request, the corrections form): a
// same-origin check on browsers' Origin header and the form field readers. Their per-address
// submission budgets are the fixed-window budgets of rate-limit.ts.
import type { Request } from '@hapi/hapi';
import { HIDDEN_CONTROLS } from '../../contract/overlay.ts';

/**
 * False when a browser says the form was posted from another site. A request without an Origin
 * header (not a browser, or an old one) passes: the signed link (plan) and field validation are
 * the other guards. The opaque `null` is refused: it is what a sandboxed frame, a data: page or a
 * cross-site redirect sends, never a form posted from its own page here.
 */
export function sameOrigin(request: Request, baseUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === 'null') return false;
  const host = request.info.host;
  if (host && (origin === `http://${host}` || origin === `https://${host}`)) return true;
  // A base URL that is not a URL allows nothing extra.
  return URL.canParse(baseUrl) && new URL(baseUrl).origin === origin;
}

/** One form field as a trimmed string; undefined when absent, null when not a single string. */
export function formText(payload: unknown, name: string, maxLength: number): string | undefined | null {
  if (payload === null || typeof payload !== 'object') return undefined;
  const value = (payload as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > maxLength) return null;
  return value.trim();
}

/** A field that may repeat (checkboxes): every value, or null when any is not a short string. */
export function formList(payload: unknown, name: string, maxItems: number, maxLength: number): string[] | null {
  if (payload === null || typeof payload !== 'object') return [];
  const value = (payload as Record<string, unknown>)[name];
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.length > maxItems || list.some((item) => typeof item !== 'string' || item.length > maxLength)) return null;
  return list as string[];
}

/** No control characters (C0, DEL, C1) and no bidi overrides or isolates; tabs and line breaks only where allowed. */
export function printable(text: string, allowLineBreaks = false): boolean {
  return !HIDDEN_CONTROLS.test(text) && (allowLineBreaks || !/[\t\n\r]/.test(text));
}

