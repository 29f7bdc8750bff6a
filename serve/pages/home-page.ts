// A home's page: `/facility/<name_slug>-<license_number>`, the record in plain words, and its
// Spanish twin under `/es`. Any status opens, closed licenses included (said clearly, approvals as
// history). Any other slug, or a license number written without its leading zeros, redirects to
// the canonical address.
import { licenseNumberFrom, nameSlug } from '../../contract/names.ts';
import { homeRecord } from '../records/home-record.ts';
import type { ShapeContext } from '../records/context.ts';
import { html, markEnglish, type SafeHtml } from '../web/html.ts';
import { homePagePath } from '../web/links.ts';
import { documentWords, homeView, placeWords, reportWords, visitWords, type HomeView } from '../shape/home-view.ts';
import { renderHomeMarkdown } from '../shape/home-markdown.ts';
import { pageError, RECORD_PAGE_CACHE, type PageOrRedirect } from '../web/page.ts';
import { cityBySlug, countyBySlug } from '../records/places.ts';
import { fill, say, wordsIn } from '../words/catalog.ts';
import { SHARED_WORDS, SHELL_WORDS } from '../words/family-words.ts';
import { HOME_WORDS, statusIn } from '../words/home-page-words.ts';
import { pathIn, type Language } from '../words/language.ts';

/** A home's page from its path (`<slug>-<license>` or a bare license number), or its canonical address; 404 when no such license. */
export function homePage(context: ShapeContext, param: string, language: Language = 'en'): PageOrRedirect {
  const licenseDigits = /^(?:.*-)?(\d{1,9})$/.exec(param)?.[1];
  const license = licenseDigits ? licenseNumberFrom(licenseDigits) : null;
  const record = license ? homeRecord(context, license) : undefined;
  if (!record) throw pageError(404, say(HOME_WORDS.noSuchHome, language));
  const path = homePagePath(record.row.name, record.license);
  const canonicalPath = pathIn(language, path);
  if (pathIn(language, `/facility/${param}`) !== canonicalPath) return { redirectTo: canonicalPath };
  const baseUrl = context.filler.baseUrl;
  const view = homeView(context, record, language);
  const place = placeWords(view.address.city, view.address.county, language);
  const translationUrl = `${baseUrl}${pathIn(language === 'en' ? 'es' : 'en', path)}`;
  return {
    title: `${view.title}${place ? `, ${place}` : ''}`,
    description: say(HOME_WORDS.description, language, { name: view.title, license: view.license }),
    canonicalUrl: view.canonicalUrl,
    markdownUrl: view.markdownUrl,
    language,
    translationUrl,
    body: homeBody(context, view),
    markdown: () => renderHomeMarkdown(view, baseUrl, language === 'es' ? translationUrl : undefined),
    cacheControl: RECORD_PAGE_CACHE,
  };
}

/** On a Spanish page, the state's English words inside Spanish text are marked English. */
function englishMarked(view: HomeView, markup: SafeHtml, english: ReadonlyArray<string | null | undefined>): SafeHtml {
  return view.language === 'en' ? markup : markEnglish(markup, english);
}

function crumbs(context: ShapeContext, view: HomeView) {
  const baseUrl = context.filler.baseUrl;
  const county = view.address.county ? countyBySlug(context.snapshot, nameSlug(view.address.county)) : undefined;
  if (!county) return '';
  const city = view.address.city ? cityBySlug(context.snapshot, county, nameSlug(view.address.city)) : undefined;
  const at = (path: string) => `${baseUrl}${pathIn(view.language, path)}`;
  return html`<nav class="crumbs" aria-label="${say(HOME_WORDS.breadcrumb, view.language)}"><ol>
  <li><a href="${at(`/county/${county.slug}`)}">${say(HOME_WORDS.county, view.language, { county: county.name })}</a></li>
  ${city ? html`<li><a href="${at(`/county/${county.slug}/${city.slug}`)}">${city.name}</a></li>` : ''}
</ol></nav>`;
}

function homeBody(context: ShapeContext, view: HomeView) {
  const baseUrl = context.filler.baseUrl;
  const w = wordsIn(HOME_WORDS, view.language);
  const { visits, call } = view;
  const words = documentWords(view);
  const address = [view.address.street, view.address.city, view.address.zip].filter(Boolean).join(', ');
  return html`${crumbs(context, view)}
<h1>${view.title}</h1>
<p class="lede">${view.line}</p>
<p>${englishMarked(
    view,
    html`${view.sentence}${view.licensedName ? html` ${fill(w.nameOnLicense, { name: view.licensedName })}` : ''}${
      view.status.liveStatus && view.status.liveStatus !== view.status.text
        ? fill(w.liveStatus, { checked: view.status.liveCheckedOn ? fill(w.lastChecked, { date: view.status.liveCheckedOn }) : '', status: statusIn(view.language, view.status.liveStatus) })
        : ''
    }`,
    [view.status.text, view.status.liveStatus],
  )}</p>
${view.closedNote ? html`<p class="note"><strong>${view.closedNote}</strong></p>` : ''}
${view.language === 'es' ? html`<p class="note">${say(SHARED_WORDS.nonMedical, view.language)}</p>` : ''}

<section aria-labelledby="call">
<h2 id="call">${w.howToCall}</h2>
<p>${call.phone ? html`${fill(w.phone, { phone: '' }).trimEnd()} ${call.telHref ? html`<a href="${call.telHref}">${call.phone}</a>` : call.phone}` : w.phoneNotOnFile}</p>
${call.closedWarning ? html`<p>${call.closedWarning}</p>` : ''}
${address ? html`<p>${fill(w.address, { address })}</p>` : ''}
<p>${fill(w.licenseHolder, { holder: '' }).trimEnd()} ${
    view.licensee.name
      ? view.licensee.pageSlug
        ? html`<a href="${baseUrl}${pathIn(view.language, `/licensee/${view.licensee.pageSlug}`)}">${view.licensee.name}</a>`
        : view.licensee.name
      : w.notOnFileShort
  }</p>
${
  call.questions.length > 0
    ? html`<h3>${w.questions}</h3>
<ul>${call.questions.map((question) => html`<li>${question}</li>`)}</ul>`
    : ''
}
<p>${call.openings}</p>
</section>

<section aria-labelledby="approvals">
<h2 id="approvals">${w.careApprovals}</h2>
${view.status.closed ? html`<p>${say(SHARED_WORDS.heldWhileOpen, view.language)}</p>` : ''}
<ul class="approvals">
${view.approvals.map(
  (a) => html`<li><strong>${a.label}:</strong> ${a.words}, ${a.source}.${a.note ? html` ${a.note}` : ''}
  <a class="small" href="${a.correctionsUrl}">${w.reportError}<span class="visually-hidden">${fill(w.reportErrorIn, { label: a.label })}</span></a></li>
`,
)}</ul>
</section>

<section aria-labelledby="rate">
<h2 id="rate">${w.startingRate}</h2>
<p>${view.rateLine ? (view.language !== 'en' && view.rateLineLanguage === view.language ? html`${w.startingRateLabel} ${view.rateLine}` : html`${w.startingRateQuoted} <q lang="en">${view.rateLine}</q>`) : view.noRate}</p>
</section>

<p class="note">${view.fairness}</p>

<section aria-labelledby="visits">
<h2 id="visits">${w.visitsHeading}</h2>
<ul>
  <li>${fill(w.lastVisit, { date: visits.lastVisit ?? w.notOnFileShort })}</li>
  ${visitWords(view).map((line) => html`<li>${line}</li>`)}
  <li>${words.documents}</li>
  <li>${words.citations} ${visits.citationTypes} ${w.guide} <a href="${visits.citationsGuide.url}">${visits.citationsGuide.title}</a>.</li>
  <li><a href="${visits.stateRecordUrl}">${w.stateRecordLink}</a> ${w.stateSite}</li>
</ul>
${
  visits.reports.length > 0
    ? html`<h3>${w.reportsNewest}</h3>
<ul class="reports">${visits.reports.map((report) => html`<li>${englishMarked(view, html`${reportWords(report, view.language)}`, [report.title, report.type])}</li>`)}</ul>
${visits.more > 0 ? html`<p>${fill(w.moreReports, { n: visits.more })}</p>` : ''}`
    : ''
}
</section>

<section aria-labelledby="changes">
<h2 id="changes">${view.changes.heading}</h2>
<p class="note">${view.changes.fairness}</p>
${
  view.changes.lines.length > 0
    ? html`<ul class="changes">${view.changes.lines.map((line) => html`<li>${line}</li>`)}</ul>
${view.changes.more > 0 ? html`<p>${fill(w.moreChanges, { n: view.changes.more })}</p>` : ''}`
    : html`<p>${view.changes.none}</p>`
}
<p><a href="${view.changes.pageUrl}">${w.wholeLog}</a></p>
</section>

<section aria-labelledby="corrections">
<h2 id="corrections">${w.corrections}</h2>
${
  view.corrections.disputes.length > 0
    ? html`<p>${w.approvedNotes}</p>
<ul>${view.corrections.disputes.map((d) => html`<li>${d.field}: ${d.text} ${fill(w.approvedOn, { date: d.approved_on })}</li>`)}</ul>`
    : ''
}
<p>${w.foundError} <a href="${view.corrections.url}">${w.tellUs}</a>.</p>
</section>

<section aria-labelledby="answers">
<h2 id="answers">${w.quickAnswers}</h2>
<dl class="answers">
${view.quickAnswers.map((qa) => html`<dt>${qa.question}</dt><dd>${qa.answer}</dd>
`)}</dl>
</section>
<p class="muted small"><a href="${view.markdownUrl}">${say(SHELL_WORDS.asMarkdown, view.language)}</a></p>`;
}
