// A state report's HTML as plain text: the narrative, findings and citations, readable by a
// person or an assistant, with the Type A / Type B citations and their regulation sections listed.
import type { Citation } from '../../contract/document-store.ts';

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|h[1-6]|li|table|section|ul|ol)>/gi, '\n')
    .replace(/<(td|th)\b[^>]*>/gi, ' ')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<[^>]+>/g, ' ');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line, index, lines) => line !== '' || (index > 0 && lines[index - 1] !== ''))
    .join('\n')
    .trim();
}

/** A Title 22 section (`87303(a)`, `87468.1(a)`) or a Health and Safety Code one (`1569.269(a)(1)`). */
const SECTION = /\b(8\d{4}(?:\.\d+)?(?:\([a-z0-9]+\))*|1569(?:\.\d+)+(?:\([a-z0-9]+\))*)/i;
const TYPE = /\bType\s+([AB])\b/gi;
/** Words a citation's type and its section may have between them: labels, and the plan of correction's due date. */
const LABEL_WORDS = new Set(['citation', 'citations', 'section', 'sections', 'cited', 'deficiency', 'deficiencies', 'regulation', 'title', '22', 'ccr', 'code', 'h', 's', 'hsc', 'health', 'safety', 'poc', 'due', 'date']);
const DATE = /^\d{1,2}\/\d{1,2}\/\d{2,4}$/;
/** How many lines after the type its section may open (a form's cells one under another). */
const LOOK_AHEAD = 4;

/** Labels and dates only: no sentence between a type and its section. */
function onlyLabels(between: string): boolean {
  return between
    .split(/[^A-Za-z0-9/]+/)
    .every((word) => word === '' || LABEL_WORDS.has(word.toLowerCase()) || DATE.test(word));
}

/**
 * The citation that starts on a line, if one does: a single Type A or Type B whose regulation
 * section follows with nothing but labels and dates between (on the line or opening one of the
 * next few). A legend (`Type A citations are ...`), a table header (`Type A | Type B`) or a total
 * (`Total Type A Citations: 2`) names a type but cites nothing.
 */
function citationAt(lines: readonly string[], index: number): { type: 'A' | 'B'; section: string; lastLine: number } | null {
  const types = [...lines[index]!.matchAll(TYPE)];
  if (types.length !== 1) return null;
  const type = types[0]!;
  let between = lines[index]!.slice(type.index + type[0].length);
  for (let at = index; at <= index + LOOK_AHEAD && at < lines.length; at++) {
    if (at > index) between += `\n${lines[at]}`;
    const section = SECTION.exec(between);
    if (section) return onlyLabels(between.slice(0, section.index)) ? { type: type[1]!.toUpperCase() as 'A' | 'B', section: section[1]!, lastLine: at } : null;
    if (!onlyLabels(between)) return null;
  }
  return null;
}

/** Each Type A or Type B citation a report states, with the Title 22 section it cites. */
export function findCitations(text: string): Citation[] {
  const lines = text.split('\n');
  const citations: Citation[] = [];
  lines.forEach((_line, index) => {
    const citation = citationAt(lines, index);
    if (!citation) return;
    // The finding follows the section, on its line or the next one.
    const context = lines.slice(index, citation.lastLine + 2).join(' ');
    citations.push({ type: citation.type, section: citation.section, finding: context.replace(/\s+/g, ' ').trim().slice(0, 500) });
  });
  return citations;
}

/** A PDF's first bytes, wherever the answer says it is from. */
const PDF = /^\s*%PDF-/;
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const HTML_MARKUP = /<\s*(?:!doctype\s+html|html|head|body|table|tr|td|div|p|br)\b/i;

/**
 * A report answer as a document: its text and citations when it is an HTML page; no text and no
 * citations when it is a PDF or anything else (a JSON error, plain text), which is never parsed as
 * a page. `contentType` is the answer's Content-Type; without one, the body's own first bytes and
 * markup decide.
 */
export function transcribeReport(body: string, contentType?: string | null): { text: string | null; citations: Citation[] } {
  const mediaType = contentType?.split(';')[0]!.trim().toLowerCase() || null;
  const isHtml = !PDF.test(body) && (mediaType === null ? HTML_MARKUP.test(body) : HTML_TYPES.has(mediaType));
  if (!isHtml) return { text: null, citations: [] };
  const text = htmlToText(body);
  return { text, citations: findCitations(text) };
}
