// The documentation pages are written once, in Markdown (their Markdown twin is that text), and
// rendered to HTML here. Only the subset the pages use: headings, paragraphs, one level of
// lists, fenced code, pipe tables, block quotes, and inline code, bold and links. Everything is
// escaped; a link may only point at http(s), a site path or an anchor.
import { escapeHtml } from '../web/html.ts';

export function headingId(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/`/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

function safeHref(url: string): string | null {
  return /^(https?:\/\/|\/|#|mailto:)/i.test(url) ? url : null;
}

/** Inline Markdown (code spans, bold, links) to HTML, escaped. */
export function inline(text: string): string {
  const parts = text.split(/(`[^`]*`)/);
  return parts
    .map((part) => {
      if (part.length >= 2 && part.startsWith('`') && part.endsWith('`')) return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      let out = '';
      let rest = part;
      // Links first, so their text and address are handled apart from the surrounding text.
      const link = /\[([^\]]+)\]\(([^)\s]+)\)/;
      for (let match = link.exec(rest); match; match = link.exec(rest)) {
        out += emphasis(escapeHtml(rest.slice(0, match.index)));
        const href = safeHref(match[2]!);
        const label = emphasis(escapeHtml(match[1]!));
        out += href ? `<a href="${escapeHtml(href)}">${label}</a>` : label;
        rest = rest.slice(match.index + match[0].length);
      }
      return out + emphasis(escapeHtml(rest));
    })
    .join('');
}

function emphasis(escaped: string): string {
  return escaped.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}

function splitRow(line: string): string[] {
  const trimmed = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  for (let i = 0; i < trimmed.length; i += 1) {
    const char = trimmed[i]!;
    if (char === '\\' && trimmed[i + 1] === '|') {
      cell += '|';
      i += 1;
    } else if (char === '`') {
      inCode = !inCode;
      cell += char;
    } else if (char === '|' && !inCode) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

const BLOCK_START = /^(#{1,4} |```|\||> |[-*] |\d+\. )/;

/** Block-level Markdown to HTML. */
export function markdownToHtml(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    const heading = /^(#{1,4}) (.+)$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      const text = heading[2]!.trim();
      out.push(`<h${level} id="${headingId(text)}">${inline(text)}</h${level}>`);
      i += 1;
      continue;
    }
    if (line.startsWith('```')) {
      const language = line.slice(3).trim();
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !lines[i]!.startsWith('```')) code.push(lines[i++]!);
      i += 1; // the closing fence
      const cls = language ? ` class="language-${escapeHtml(language)}"` : '';
      out.push(`<pre tabindex="0"><code${cls}>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    if (line.startsWith('|')) {
      const rows: string[] = [];
      while (i < lines.length && lines[i]!.startsWith('|')) rows.push(lines[i++]!);
      const [head, , ...body] = rows;
      const headCells = splitRow(head!);
      out.push(
        // Focusable and named: on a phone the table scrolls sideways, and a keyboard must reach it.
        `<div class="table-wrap" tabindex="0" role="region" aria-label="${escapeHtml(`Table: ${headCells.filter(Boolean).join(', ') || 'details'}`.replace(/`/g, ''))}"><table><thead><tr>` +
          headCells.map((cell) => `<th scope="col">${inline(cell)}</th>`).join('') +
          '</tr></thead><tbody>' +
          body.map((row) => `<tr>${splitRow(row).map((cell) => `<td>${inline(cell)}</td>`).join('')}</tr>`).join('') +
          '</tbody></table></div>',
      );
      continue;
    }
    if (line.startsWith('> ')) {
      const quoted: string[] = [];
      while (i < lines.length && lines[i]!.startsWith('>')) quoted.push(lines[i++]!.replace(/^> ?/, ''));
      out.push(`<blockquote>${markdownToHtml(quoted.join('\n'))}</blockquote>`);
      continue;
    }
    const listItem = /^([-*]|\d+\.) (.*)$/;
    if (listItem.test(line)) {
      const ordered = /^\d/.test(line);
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i]!;
        const match = listItem.exec(current);
        if (match && /^\d/.test(current) === ordered) {
          items.push(match[2]!);
          i += 1;
        } else if (/^ {2,}\S/.test(current) && items.length > 0) {
          items[items.length - 1] += ` ${current.trim()}`;
          i += 1;
        } else break;
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${items.map((item) => `<li>${inline(item)}</li>`).join('')}</${tag}>`);
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '' && !(paragraph.length > 0 && BLOCK_START.test(lines[i]!))) {
      paragraph.push(lines[i++]!.trim());
    }
    out.push(`<p>${inline(paragraph.join(' '))}</p>`);
  }
  return out.join('\n');
}
