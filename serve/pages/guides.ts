// The guides: `/guides` (the list, the same as GET /api/v1/guides) and `/guides/<slug>`, the
// service's own words with their published and reviewed dates, each with a Markdown twin.
import { GUIDE_CONTENT, type GuideSection } from '../words/guides/content.ts';
import { guideCatalog, type Guide } from '../words/guides/catalog.ts';
import { html } from '../web/html.ts';
import { EDITORIAL_SOURCE } from '../words/wording.ts';
import { mdAttribution, mdBlocks, mdLink, mdText } from '../web/markdown.ts';
import { EDITORIAL_PAGE_CACHE, pageError, type PageDoc } from '../web/page.ts';

function dates(guide: Guide): string {
  return `Published ${guide.published_on} · Reviewed ${guide.reviewed_on}`;
}

export function guideIndexPage(baseUrl: string): PageDoc {
  const guides = guideCatalog(baseUrl);
  const canonicalUrl = `${baseUrl}/guides`;
  return {
    title: 'Guides',
    description: 'Plain-words guides to choosing a licensed care home in California, reading its state record, and paying for care.',
    canonicalUrl,
    markdownUrl: `${canonicalUrl}.md`,
    cacheControl: EDITORIAL_PAGE_CACHE,
    body: html`<h1>Guides</h1>
<p>Our own guides to choosing a residential care home and reading its state licensing record, written by ${EDITORIAL_SOURCE}.</p>
<ul class="homes">
${guides.map(
  (guide) => html`<li><a href="${guide.url}">${guide.title}</a><br>${guide.description}<br><span class="muted">${dates(guide)}</span></li>
`,
)}</ul>
<p class="muted small">The same list as JSON: <a href="${baseUrl}/api/v1/guides">${baseUrl}/api/v1/guides</a>. <a href="${canonicalUrl}.md">This page as Markdown</a></p>`,
    markdown: () =>
      mdBlocks([
        '# Guides',
        `Our own guides to choosing a residential care home and reading its state licensing record, written by ${mdText(EDITORIAL_SOURCE)}.`,
        guides.map((guide) => `- ${mdLink(guide.title, guide.url)}: ${mdText(guide.description)} (${dates(guide)})`).join('\n'),
        `The same list as JSON: ${baseUrl}/api/v1/guides`,
        mdAttribution(baseUrl, true),
      ]),
  };
}

function sectionHtml(baseUrl: string, section: GuideSection) {
  return html`<section><h2>${section.heading}</h2>
${section.paragraphs.map((paragraph) => html`<p>${paragraph}</p>`)}
${section.list ? html`<ul>${section.list.map((item) => html`<li>${item}</li>`)}</ul>` : ''}
${section.links ? html`<ul class="links">${section.links.map(([text, path]) => html`<li><a href="${baseUrl}${path}">${text}</a></li>`)}</ul>` : ''}
</section>`;
}

function sectionMarkdown(baseUrl: string, section: GuideSection): string {
  return mdBlocks([
    `## ${mdText(section.heading)}`,
    ...section.paragraphs.map(mdText),
    section.list ? section.list.map((item) => `- ${mdText(item)}`).join('\n') : null,
    section.links ? section.links.map(([text, path]) => `- ${mdLink(text, `${baseUrl}${path}`)}`).join('\n') : null,
  ]).trimEnd();
}

export function guidePage(baseUrl: string, slug: string): PageDoc {
  const guide = guideCatalog(baseUrl).find((entry) => entry.slug === slug);
  const content = guide ? GUIDE_CONTENT[guide.slug] : undefined;
  if (!guide || !content) throw pageError(404, 'There is no guide at this address. All guides are listed at /guides.');
  return {
    title: guide.title,
    description: guide.description,
    canonicalUrl: guide.url,
    markdownUrl: `${guide.url}.md`,
    cacheControl: EDITORIAL_PAGE_CACHE,
    body: html`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="${baseUrl}/guides">Guides</a></li></ol></nav>
<h1>${guide.title}</h1>
<p class="muted">${dates(guide)}. Written by ${EDITORIAL_SOURCE}.</p>
<p class="lede">${content.summary}</p>
${content.sections.map((section) => sectionHtml(baseUrl, section))}
<p class="muted small"><a href="${guide.url}.md">This page as Markdown</a></p>`,
    markdown: () =>
      mdBlocks([
        `# ${mdText(guide.title)}`,
        `${dates(guide)}. Written by ${mdText(EDITORIAL_SOURCE)}.`,
        mdText(content.summary),
        ...content.sections.map((section) => sectionMarkdown(baseUrl, section)),
        `Page address: ${guide.url}`,
        mdAttribution(baseUrl, true),
      ]),
  };
}
