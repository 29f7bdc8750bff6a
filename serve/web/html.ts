// HTML built from template literals with every interpolated value escaped, unless it is already
// markup made here (SafeHtml). Nothing from a record or a request reaches a page unescaped.

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

type Value = SafeHtml | string | number | boolean | null | undefined | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** `html\`<p>${name}</p>\`` escapes `name`; nested `html` results and arrays of them pass through. */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  // The literal parts and the rendered values, alternating (String.raw, given the cooked parts).
  return new SafeHtml(String.raw({ raw: strings }, ...values.map(render)));
}

/** Markup written here, trusted as it is (never for anything read from a request). */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * Marks English phrases inside Spanish markup (the state's status strings, report titles) with
 * `lang="en"`, so a screen reader says them in English. Only text between tags is touched, and
 * only an exact, escaped occurrence of a phrase given here: nothing else of the markup changes.
 */
export function markEnglish(markup: SafeHtml, phrases: ReadonlyArray<string | null | undefined>): SafeHtml {
  const escaped = [...new Set(phrases.filter((phrase): phrase is string => !!phrase && phrase.trim() !== ''))]
    .map(escapeHtml)
    .sort((a, b) => b.length - a.length);
  if (escaped.length === 0) return markup;
  const pattern = new RegExp(escaped.map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  const marked = markup.value
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : part.replace(pattern, (phrase) => `<span lang="en">${phrase}</span>`)))
    .join('');
  return new SafeHtml(marked);
}
