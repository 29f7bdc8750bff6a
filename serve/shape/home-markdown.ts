// One home as Markdown: the page's content in the page's order (spec "Markdown pages": title;
// license, place, capacity and size line; a sentence on the home; how to call (first, as on the
// page); care approvals with source and date; the starting-rate line; the full-page link (the HTML
// page, which the page itself does not link to); the fairness sentence; ...; quick answers).
// The MCP `fetch` tool imports this: keep `homeMarkdown(context, record)` and its result stable.
import type { HomeRecord } from '../records/home-record.ts';
import type { ShapeContext } from '../records/context.ts';
import { documentWords, homeView, reportWords, visitWords, type HomeView } from './home-view.ts';
import { mdAttribution, mdBlocks, mdEnglishPrevails, mdLink, mdText } from '../web/markdown.ts';
import { fill, say, wordsIn } from '../words/catalog.ts';
import { SHARED_WORDS } from '../words/family-words.ts';
import { HOME_WORDS } from '../words/home-page-words.ts';
import { pathIn, type Language } from '../words/language.ts';

/** The twin with the name the home goes by and its HTML page (citations name it, never the `.md` address). */
export function homeMarkdown(context: ShapeContext, record: HomeRecord, language: Language = 'en') {
  const view = homeView(context, record, language);
  // The Spanish twin links its English page, as the /es page's own Markdown does.
  const englishUrl = language === 'es' ? record.compact.page : undefined;
  return { title: view.title, markdown: renderHomeMarkdown(view, context.filler.baseUrl, englishUrl), canonicalUrl: view.canonicalUrl };
}

export function renderHomeMarkdown(view: HomeView, baseUrl: string, englishUrl?: string): string {
  const w = wordsIn(HOME_WORDS, view.language);
  const { visits, call } = view;
  const words = documentWords(view);
  const approvals = view.approvals.map(
    (a) => `- ${a.label}: ${a.words}, ${a.source}.${a.note ? ` ${a.note}` : ''}`,
  );
  const reports = visits.reports.map((report) => `- ${mdText(reportWords(report, view.language))}`);
  const licensee = view.licensee.name
    ? view.licensee.pageSlug
      ? fill(w.licenseHolder, { holder: mdLink(view.licensee.name, `${baseUrl}${pathIn(view.language, `/licensee/${view.licensee.pageSlug}`)}`) })
      : fill(w.licenseHolder, { holder: mdText(view.licensee.name) })
    : fill(w.licenseHolder, { holder: w.notOnFileShort });
  const address = [view.address.street, view.address.city, view.address.zip].filter(Boolean).join(', ');

  return mdBlocks([
    `# ${mdText(view.title)}`,
    mdEnglishPrevails(view.language, englishUrl),
    mdText(view.line),
    [
      mdText(view.sentence),
      view.licensedName ? fill(w.nameOnLicense, { name: mdText(view.licensedName) }) : null,
      view.status.liveStatus && view.status.liveStatus !== view.status.text
        ? fill(w.liveStatus, {
            checked: view.status.liveCheckedOn ? fill(w.lastChecked, { date: view.status.liveCheckedOn }) : '',
            status: mdText(view.status.liveStatus),
          }).trimStart()
        : null,
    ]
      .filter(Boolean)
      .join(' '),
    view.closedNote ? `**${mdText(view.closedNote)}**` : null,
    view.language === 'es' ? mdText(say(SHARED_WORDS.nonMedical, view.language)) : null,
    `## ${w.howToCall}`,
    [
      call.phone ? fill(w.phone, { phone: mdText(call.phone) }) : w.phoneNotOnFile,
      call.closedWarning ? mdText(call.closedWarning) : null,
      address ? fill(w.address, { address: mdText(address) }) : null,
      licensee,
    ]
      .filter(Boolean)
      .join('\n\n'),
    call.questions.length > 0 ? `${w.questions}:\n\n${call.questions.map((q) => `- ${mdText(q)}`).join('\n')}` : null,
    mdText(call.openings),
    `## ${w.careApprovals}`,
    [view.status.closed ? say(SHARED_WORDS.heldWhileOpen, view.language) : null, ...approvals]
      .filter(Boolean)
      .join('\n'),
    `## ${w.startingRate}`,
    view.rateLine ? (view.language !== 'en' && view.rateLineLanguage === view.language ? `${w.startingRateLabel} ${mdText(view.rateLine)}` : `${w.startingRateQuoted} "${mdText(view.rateLine)}"`) : mdText(view.noRate),
    fill(w.fullPage, { url: view.canonicalUrl }),
    mdText(view.fairness),
    `## ${w.visitsHeading}`,
    [
      `- ${fill(w.lastVisit, { date: visits.lastVisit ?? w.notOnFileShort })}`,
      ...visitWords(view).map((line) => `- ${mdText(line)}`),
      `- ${mdText(words.documents)}`,
      `- ${mdText(words.citations)} ${mdText(visits.citationTypes)} ${w.guide} ${mdLink(visits.citationsGuide.title, visits.citationsGuide.url)}.`,
      `- ${fill(w.stateRecordMd, { url: visits.stateRecordUrl })}`,
    ].join('\n'),
    reports.length > 0
      ? `${w.reportsNewest}:\n\n${reports.join('\n')}${visits.more > 0 ? `\n\n${fill(w.moreReports, { n: visits.more })}` : ''}`
      : null,
    `## ${view.changes.heading}`,
    mdText(view.changes.fairness),
    view.changes.lines.length > 0
      ? `${view.changes.lines.map((line) => `- ${mdText(line)}`).join('\n')}${view.changes.more > 0 ? `\n\n${fill(w.moreChanges, { n: view.changes.more })}` : ''}`
      : mdText(view.changes.none),
    `${w.wholeLog}: ${view.changes.pageUrl}`,
    `## ${w.corrections}`,
    view.corrections.disputes.length > 0
      ? `${w.approvedNotes}\n\n${view.corrections.disputes
          .map((d) => `- ${mdText(d.field)}: ${mdText(d.text)} ${fill(w.approvedOn, { date: mdText(d.approved_on) })}`)
          .join('\n')}`
      : null,
    `${w.foundError} ${fill(w.tellUsMd, { url: view.corrections.url })}`,
    `## ${w.quickAnswers}`,
    view.quickAnswers.map((qa) => `- **${mdText(qa.question)}** ${mdText(qa.answer)}`).join('\n'),
    mdAttribution(baseUrl, false, view.language),
  ]);
}
