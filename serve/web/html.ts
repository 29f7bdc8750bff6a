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
