// Demo data says so. A snapshot built from the seeds (the `seeds` and `state-scale` profiles)
// holds invented homes; while one is served, every surface says so in a form a person sees and a
// client can detect: a notice on every page, `demo_data: true` on the REST front door and in the
// envelope's attribution, a line in the MCP instructions and in llms.txt.
import type { Request, ResponseObject } from '@hapi/hapi';
import type { SnapshotStore } from '../records/snapshot.ts';
import { html } from '../web/html.ts';
import { withMarkdownNotice } from '../web/markdown.ts';
import { DEMO_SENTENCE } from '../words/wording.ts';
import { say } from '../words/catalog.ts';
import { SHARED_WORDS } from '../words/family-words.ts';
import type { Language } from '../words/language.ts';

/** Fields the REST front door gains while demo data is served (none otherwise). */
export function demoFields(demo: boolean, language: Language = 'en'): { demo_data?: true; demo_notice?: string } {
  return demo ? { demo_data: true, demo_notice: say(SHARED_WORDS.demo, language) } : {};
}

/** The notice goes right above the page's own content, below the site header. */
const PAGE_START = '<main id="main">';
const NOTICE = html`<div class="note demo-notice" role="note" id="demo-data"><p><strong>${DEMO_SENTENCE}</strong></p></div>`.value;
/** A Spanish page (content-language es) says it in Spanish. */
const NOTICE_ES = html`<div class="note demo-notice" role="note" id="demo-data"><p><strong>${say(SHARED_WORDS.demo, 'es')}</strong></p></div>`.value;

/**
 * A response step (serve/server.ts): puts the notice at the top of every HTML page and Markdown
 * twin while a demo snapshot is served, error pages included: one place for all pages, whoever
 * rendered them. The source is replaced before hapi encodes it, so the length stays right.
 */
export function addDemoNotice(request: Request, response: ResponseObject, snapshots: SnapshotStore): void {
  const answer = response as ResponseObject & { source: unknown };
  if (typeof answer.source !== 'string' || !(request.app.snapshot ?? snapshots.current).meta.demoData) return;
  const type = String(answer.headers['content-type'] ?? '');
  const language = answer.headers['content-language'] === 'es' ? 'es' : 'en';
  if (type.startsWith('text/html') && answer.source.includes(PAGE_START)) {
    answer.source = answer.source.replace(PAGE_START, `${language === 'es' ? NOTICE_ES : NOTICE}\n${PAGE_START}`);
  } else if (type.startsWith('text/markdown')) {
    answer.source = withMarkdownNotice(answer.source, language);
  }
}
