// One home as Markdown: the page's content in the page's order (spec "Markdown pages": title;
// license, place, capacity and size line; a sentence on the home; how to call (first, as on the
// page); care approvals with source and date; the starting-rate line; the full-page link (the HTML
// page, which the page itself does not link to); the fairness sentence; ...; quick answers).
// The MCP `fetch` tool imports this: keep `homeMarkdown(context, record)` and its result stable.
import type { HomeRecord } from '../records/home-record.ts';
import type { ShapeContext } from '../records/context.ts';
import { documentWords, homeView, reportWords, visitWords, type HomeView } from './home-view.ts';
import { HELD_WHILE_OPEN } from '../words/wording.ts';
import { mdAttribution, mdBlocks, mdLink, mdText } from '../web/markdown.ts';

/** The twin with the name the home goes by and its HTML page (citations name it, never the `.md` address). */
export function homeMarkdown(context: ShapeContext, record: HomeRecord) {
  const view = homeView(context, record);
  return { title: view.title, markdown: renderHomeMarkdown(view, context.filler.baseUrl), canonicalUrl: view.canonicalUrl };
}

export function renderHomeMarkdown(view: HomeView, baseUrl: string): string {
  const { visits, call } = view;
  const words = documentWords(view);
  const approvals = view.approvals.map(
    (a) => `- ${a.label}: ${a.words}, ${a.source}.${a.note ? ` ${a.note}` : ''}`,
  );
  const reports = visits.reports.map((report) => `- ${mdText(reportWords(report))}`);
  const licensee = view.licensee.name
    ? view.licensee.pageSlug
      ? `License holder: ${mdLink(view.licensee.name, `${baseUrl}/licensee/${view.licensee.pageSlug}`)}`
      : `License holder: ${mdText(view.licensee.name)}`
    : 'License holder: not on file';
  const address = [view.address.street, view.address.city, view.address.zip].filter(Boolean).join(', ');

  return mdBlocks([
    `# ${mdText(view.title)}`,
    mdText(view.line),
    [
      mdText(view.sentence),
      view.licensedName ? `Name on the license: ${mdText(view.licensedName)}.` : null,
      view.status.liveStatus && view.status.liveStatus !== view.status.text
        ? `The state's live status${view.status.liveCheckedOn ? `, last checked on ${view.status.liveCheckedOn}` : ''}: ${mdText(view.status.liveStatus)}.`
        : null,
    ]
      .filter(Boolean)
      .join(' '),
    view.closedNote ? `**${mdText(view.closedNote)}**` : null,
    '## How to call',
    [
      call.phone ? `Phone (state roster): ${mdText(call.phone)}` : 'Phone: not on file',
      call.closedWarning ? mdText(call.closedWarning) : null,
      address ? `Address (state roster): ${mdText(address)}` : null,
      licensee,
    ]
      .filter(Boolean)
      .join('\n\n'),
    call.questions.length > 0 ? `Questions to ask:\n\n${call.questions.map((q) => `- ${mdText(q)}`).join('\n')}` : null,
    mdText(call.openings),
    '## Care approvals',
    [view.status.closed ? HELD_WHILE_OPEN : null, ...approvals]
      .filter(Boolean)
      .join('\n'),
    '## Starting rate',
    view.rateLine ? `Starting rate: "${mdText(view.rateLine)}"` : mdText(view.noRate),
    `Full page: ${view.canonicalUrl}`,
    mdText(view.fairness),
    '## State visits and documents',
    [
      `- Last state visit: ${visits.lastVisit ?? 'not on file'}`,
      ...visitWords(view).map((line) => `- ${mdText(line)}`),
      `- ${mdText(words.documents)}`,
      `- ${mdText(words.citations)} ${mdText(visits.citationTypes)} Guide: ${mdLink(visits.citationsGuide.title, visits.citationsGuide.url)}.`,
      `- The state's record of this home: ${visits.stateRecordUrl}`,
    ].join('\n'),
    reports.length > 0
      ? `Reports, newest first:\n\n${reports.join('\n')}${visits.more > 0 ? `\n\n${visits.more} more on the state's record.` : ''}`
      : null,
    `## ${view.changes.heading}`,
    mdText(view.changes.fairness),
    view.changes.lines.length > 0
      ? `${view.changes.lines.map((line) => `- ${mdText(line)}`).join('\n')}${view.changes.more > 0 ? `\n\n${view.changes.more} earlier changes are in the full log.` : ''}`
      : mdText(view.changes.none),
    `The whole change log of this home: ${view.changes.pageUrl}`,
    '## Corrections',
    view.corrections.disputes.length > 0
      ? `Notes approved after a correction request:\n\n${view.corrections.disputes
          .map((d) => `- ${mdText(d.field)}: ${mdText(d.text)} (approved ${mdText(d.approved_on)})`)
          .join('\n')}`
      : null,
    `Found an error in this record? Tell us: ${view.corrections.url}`,
    '## Quick answers',
    view.quickAnswers.map((qa) => `- **${mdText(qa.question)}** ${mdText(qa.answer)}`).join('\n'),
    mdAttribution(baseUrl),
  ]);
}
