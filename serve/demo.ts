// Demo data says so. A snapshot built from the seeds (the `seeds` and `state-scale` profiles)
// holds invented homes; while one is served, every surface says so in a form a person sees and a
// client can detect: a notice on every page, `demo_data: true` on the REST front door and in the
// envelope's attribution, a line in the MCP instructions and in llms.txt.
import type { ResponseObject, Server } from '@hapi/hapi';
import type { SnapshotStore } from './snapshot.ts';
import { html } from './web/html.ts';

export const DEMO_SENTENCE =
  'Demo data: the homes served here are invented for demonstration. They are not real licensed homes; ' +
  'do not use them to choose care. The real record is the state\'s own facility search.';

/** Fields the REST front door gains while demo data is served (none otherwise). */
export function demoFields(demo: boolean): { demo_data?: true; demo_notice?: string } {
  return demo ? { demo_data: true, demo_notice: DEMO_SENTENCE } : {};
}

/** The notice goes right above the page's own content, below the site header. */
const PAGE_START = '<main id="main">';
const NOTICE = html`<div class="note demo-notice" role="note" id="demo-data"><p><strong>${DEMO_SENTENCE}</strong></p></div>`.value;

const MARKDOWN_NOTICE = `> **${DEMO_SENTENCE}**`;

/** The notice goes right under a Markdown twin's title, so the first line stays the page's title. */
export function withMarkdownNotice(markdown: string): string {
  const titleEnd = markdown.startsWith('# ') ? markdown.indexOf('\n') : -1;
  if (titleEnd < 0) return `${MARKDOWN_NOTICE}\n\n${markdown}`;
  return `${markdown.slice(0, titleEnd)}\n\n${MARKDOWN_NOTICE}\n${markdown.slice(titleEnd)}`;
}

/**
 * Puts the notice at the top of every HTML page and Markdown twin while a demo snapshot is served, error pages
 * included: one place for all pages, whoever rendered them.
 */
export function registerDemoNotice(server: Server, snapshots: SnapshotStore): void {
  server.ext('onPreResponse', (request, h) => {
    if ('isBoom' in request.response && request.response.isBoom) return h.continue;
    // The source is replaced before hapi encodes it (after onPreResponse), so the length stays right.
    const response = request.response as ResponseObject & { source: unknown };
    const demo = (request.app.snapshot ?? snapshots.current).meta.demoData;
    if (!demo || typeof response.source !== 'string') return h.continue;
    const type = String(response.headers['content-type'] ?? '');
    if (type.startsWith('text/html') && response.source.includes(PAGE_START)) {
      response.source = response.source.replace(PAGE_START, `${NOTICE}\n${PAGE_START}`);
    } else if (type.startsWith('text/markdown')) {
      response.source = withMarkdownNotice(response.source);
    }
    return h.continue;
  }, { after: ['pages'] }); // after the error pages turn errors into HTML
}
