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

const SECTION = /\b(8\d{4}(?:\.\d+)?(?:\([a-z0-9]+\))*)/i;
const CITATION_LINE = /\bType\s+([AB])\b/i;

/** Each line naming a Type A or Type B citation, with the Title 22 section it cites when it names one. */
export function findCitations(text: string): Citation[] {
  const lines = text.split('\n');
  const citations: Citation[] = [];
  lines.forEach((line, index) => {
    const type = CITATION_LINE.exec(line);
    if (!type) return;
    // The finding usually follows the label on the same line or the next one.
    const context = [line, lines[index + 1] ?? ''].join(' ');
    citations.push({
      type: type[1]!.toUpperCase() as 'A' | 'B',
      section: SECTION.exec(context)?.[1] ?? null,
      finding: context.replace(/\s+/g, ' ').trim().slice(0, 500),
    });
  });
  return citations;
}
