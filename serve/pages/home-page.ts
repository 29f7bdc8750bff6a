// A home's page: `/facility/<name_slug>-<license_number>`, the record in plain words. Any status
// opens, closed licenses included (said clearly, approvals as history). Any other slug, or a
// license number written without its leading zeros, redirects to the canonical address.
import { licenseNumberFrom, nameSlug } from '../../contract/names.ts';
import { homeRecord } from '../records/home-record.ts';
import type { ShapeContext } from '../records/context.ts';
import { html } from '../web/html.ts';
import { homePagePath } from '../web/links.ts';
import { documentWords, homeView, placeWords, reportWords, visitWords, type HomeView } from '../shape/home-view.ts';
import { HELD_WHILE_OPEN } from '../words/wording.ts';
import { renderHomeMarkdown } from '../shape/home-markdown.ts';
import { pageError, RECORD_PAGE_CACHE, type PageOrRedirect } from '../web/page.ts';
import { cityBySlug, countyBySlug } from '../records/places.ts';

/** A home's page from its path (`<slug>-<license>` or a bare license number), or its canonical address; 404 when no such license. */
export function homePage(context: ShapeContext, param: string): PageOrRedirect {
  const licenseDigits = /^(?:.*-)?(\d{1,9})$/.exec(param)?.[1];
  const license = licenseDigits ? licenseNumberFrom(licenseDigits) : null;
  const record = license ? homeRecord(context, license) : undefined;
  if (!record) {
    throw pageError(404, 'No home with this license number is on the state roster. Check the number, or search for the home by name.');
  }
  const canonicalPath = homePagePath(record.row.name, record.license);
  if (`/facility/${param}` !== canonicalPath) return { redirectTo: canonicalPath };
  const baseUrl = context.filler.baseUrl;
  const view = homeView(context, record);
  const place = placeWords(view.address.city, view.address.county);
  return {
    title: `${view.title}${place ? `, ${place}` : ''}`,
    description: `The state licensing record of ${view.title} (license ${view.license}) in plain words: care approvals, state visits and reports, and how to call.`,
    canonicalUrl: view.canonicalUrl,
    markdownUrl: view.markdownUrl,
    body: homeBody(context, view),
    markdown: () => renderHomeMarkdown(view, baseUrl),
    cacheControl: RECORD_PAGE_CACHE,
  };
}

function crumbs(context: ShapeContext, view: HomeView) {
  const baseUrl = context.filler.baseUrl;
  const county = view.address.county ? countyBySlug(context.snapshot, nameSlug(view.address.county)) : undefined;
  if (!county) return '';
  const city = view.address.city ? cityBySlug(context.snapshot, county, nameSlug(view.address.city)) : undefined;
  return html`<nav class="crumbs" aria-label="Breadcrumb"><ol>
  <li><a href="${baseUrl}/county/${county.slug}">${county.name} County</a></li>
  ${city ? html`<li><a href="${baseUrl}/county/${county.slug}/${city.slug}">${city.name}</a></li>` : ''}
</ol></nav>`;
}

function homeBody(context: ShapeContext, view: HomeView) {
  const baseUrl = context.filler.baseUrl;
  const { visits, call } = view;
  const words = documentWords(view);
  const address = [view.address.street, view.address.city, view.address.zip].filter(Boolean).join(', ');
  return html`${crumbs(context, view)}
<h1>${view.title}</h1>
<p class="lede">${view.line}</p>
<p>${view.sentence}${view.licensedName ? html` Name on the license: ${view.licensedName}.` : ''}${
    view.status.liveStatus && view.status.liveStatus !== view.status.text
      ? html` The state's live status${view.status.liveCheckedOn ? html`, last checked on ${view.status.liveCheckedOn}` : ''}: ${view.status.liveStatus}.`
      : ''
  }</p>
${view.closedNote ? html`<p class="note"><strong>${view.closedNote}</strong></p>` : ''}

<section aria-labelledby="call">
<h2 id="call">How to call</h2>
<p>Phone (state roster): ${call.phone ? (call.telHref ? html`<a href="${call.telHref}">${call.phone}</a>` : call.phone) : 'not on file'}</p>
${call.closedWarning ? html`<p>${call.closedWarning}</p>` : ''}
${address ? html`<p>Address (state roster): ${address}</p>` : ''}
<p>License holder: ${
    view.licensee.name
      ? view.licensee.pageSlug
        ? html`<a href="${baseUrl}/licensee/${view.licensee.pageSlug}">${view.licensee.name}</a>`
        : view.licensee.name
      : 'not on file'
  }</p>
${
  call.questions.length > 0
    ? html`<h3>Questions to ask</h3>
<ul>${call.questions.map((question) => html`<li>${question}</li>`)}</ul>`
    : ''
}
<p>${call.openings}</p>
</section>

<section aria-labelledby="approvals">
<h2 id="approvals">Care approvals</h2>
${view.status.closed ? html`<p>${HELD_WHILE_OPEN}</p>` : ''}
<ul class="approvals">
${view.approvals.map(
  (a) => html`<li><strong>${a.label}:</strong> ${a.words}, ${a.source}.${a.note ? html` ${a.note}` : ''}
  <a class="small" href="${a.correctionsUrl}">Report an error<span class="visually-hidden"> in “${a.label}”</span></a></li>
`,
)}</ul>
</section>

<section aria-labelledby="rate">
<h2 id="rate">Starting rate</h2>
<p>${view.rateLine ? html`Starting rate: <q>${view.rateLine}</q>` : view.noRate}</p>
</section>

<p class="note">${view.fairness}</p>

<section aria-labelledby="visits">
<h2 id="visits">State visits and documents</h2>
<ul>
  <li>Last state visit: ${visits.lastVisit ?? 'not on file'}</li>
  ${visitWords(view).map((line) => html`<li>${line}</li>`)}
  <li>${words.documents}</li>
  <li>${words.citations} ${visits.citationTypes} Guide: <a href="${visits.citationsGuide.url}">${visits.citationsGuide.title}</a>.</li>
  <li><a href="${visits.stateRecordUrl}">The state's record of this home</a> (the state's licensing site)</li>
</ul>
${
  visits.reports.length > 0
    ? html`<h3>Reports, newest first</h3>
<ul class="reports">${visits.reports.map((report) => html`<li>${reportWords(report)}</li>`)}</ul>
${visits.more > 0 ? html`<p>${visits.more} more on the state's record.</p>` : ''}`
    : ''
}
</section>

<section aria-labelledby="changes">
<h2 id="changes">${view.changes.heading}</h2>
<p class="note">${view.changes.fairness}</p>
${
  view.changes.lines.length > 0
    ? html`<ul class="changes">${view.changes.lines.map((line) => html`<li>${line}</li>`)}</ul>
${view.changes.more > 0 ? html`<p>${view.changes.more} earlier changes are in the full log.</p>` : ''}`
    : html`<p>${view.changes.none}</p>`
}
<p><a href="${view.changes.pageUrl}">The whole change log of this home</a></p>
</section>

<section aria-labelledby="corrections">
<h2 id="corrections">Corrections</h2>
${
  view.corrections.disputes.length > 0
    ? html`<p>Notes approved after a correction request:</p>
<ul>${view.corrections.disputes.map((d) => html`<li>${d.field}: ${d.text} (approved ${d.approved_on})</li>`)}</ul>`
    : ''
}
<p>Found an error in this record? <a href="${view.corrections.url}">Tell us about it</a>.</p>
</section>

<section aria-labelledby="answers">
<h2 id="answers">Quick answers</h2>
<dl class="answers">
${view.quickAnswers.map((qa) => html`<dt>${qa.question}</dt><dd>${qa.answer}</dd>
`)}</dl>
</section>
<p class="muted small"><a href="${view.markdownUrl}">This page as Markdown</a></p>`;
}
