// The guides: `/guides` (the list, the same as GET /api/v1/guides) and `/guides/<slug>`, the
// service's own words with their published and reviewed dates, each with a Markdown twin; and
// their Spanish twins under `/es` for the guides written in Spanish (words/guides/spanish.ts).
import { GUIDE_CONTENT, type GuideSection } from '../words/guides/content.ts';
import { SPANISH_GUIDES } from '../words/guides/spanish.ts';
import { guideCatalog, type Guide } from '../words/guides/catalog.ts';
import { html } from '../web/html.ts';
import { linkIn } from '../web/links.ts';
import { mdAttribution, mdBlocks, mdEnglishPrevails, mdLink, mdText } from '../web/markdown.ts';
import { EDITORIAL_PAGE_CACHE, pageError, type PageDoc } from '../web/page.ts';
import { fill, say, wordsIn } from '../words/catalog.ts';
import { SHELL_WORDS } from '../words/family-words.ts';
import { HOME_WORDS } from '../words/home-page-words.ts';
import { pathIn, type Language } from '../words/language.ts';
import { GUIDE_PAGE_WORDS, LIST_WORDS } from '../words/list-words.ts';

function dates(guide: Guide, language: Language): string {
  return say(GUIDE_PAGE_WORDS.dates, language, { published: guide.published_on, reviewed: guide.reviewed_on });
}

/** " (en inglés)" after a Spanish page's link to an English-only page. */
const inEnglish = (language: Language, english: boolean) => (english ? ` ${say(SHELL_WORDS.inEnglish, language)}` : '');

export function guideIndexPage(baseUrl: string, language: Language = 'en'): PageDoc {
  const w = wordsIn(GUIDE_PAGE_WORDS, language);
  const guides = guideCatalog(baseUrl, language).map((guide) => ({ ...guide, english: language === 'es' && !guide.url.startsWith(`${baseUrl}/es/`) }));
  const canonicalUrl = `${baseUrl}${pathIn(language, '/guides')}`;
  const intro = fill(w.intro, { source: w.source });
  return {
    title: w.title,
    description: w.description,
    canonicalUrl,
    markdownUrl: `${canonicalUrl}.md`,
    language,
    translationUrl: `${baseUrl}${pathIn(language === 'en' ? 'es' : 'en', '/guides')}`,
    cacheControl: EDITORIAL_PAGE_CACHE,
    body: html`<h1>${w.title}</h1>
<p>${intro}</p>
<ul class="homes">
${guides.map(
  (guide) => html`<li><a href="${guide.url}">${guide.title}</a>${inEnglish(language, guide.english)}<br>${guide.description}<br><span class="muted">${dates(guide, language)}</span></li>
`,
)}</ul>
<p class="muted small">${w.asJson} <a href="${baseUrl}/api/v1/guides">${baseUrl}/api/v1/guides</a>. <a href="${canonicalUrl}.md">${say(SHELL_WORDS.asMarkdown, language)}</a></p>`,
    markdown: () =>
      mdBlocks([
        `# ${w.title}`,
        mdEnglishPrevails(language, `${baseUrl}/guides`),
        mdText(intro),
        guides.map((guide) => `- ${mdLink(guide.title, guide.url)}${inEnglish(language, guide.english)}: ${mdText(guide.description)} (${dates(guide, language)})`).join('\n'),
        `${w.asJson} ${baseUrl}/api/v1/guides`,
        mdAttribution(baseUrl, true, language),
      ]),
  };
}

function sectionHtml(baseUrl: string, section: GuideSection, language: Language) {
  return html`<section><h2>${section.heading}</h2>
${section.paragraphs.map((paragraph) => html`<p>${paragraph}</p>`)}
${section.list ? html`<ul>${section.list.map((item) => html`<li>${item}</li>`)}</ul>` : ''}
${
  section.links
    ? html`<ul class="links">${section.links.map(([text, path]) => {
        const link = linkIn(language, path);
        return html`<li><a href="${baseUrl}${link.path}">${text}</a>${inEnglish(language, link.english)}</li>`;
      })}</ul>`
    : ''
}
</section>`;
}

function sectionMarkdown(baseUrl: string, section: GuideSection, language: Language): string {
  return mdBlocks([
    `## ${mdText(section.heading)}`,
    ...section.paragraphs.map(mdText),
    section.list ? section.list.map((item) => `- ${mdText(item)}`).join('\n') : null,
    section.links
      ? section.links
          .map(([text, path]) => {
            const link = linkIn(language, path);
            return `- ${mdLink(text, `${baseUrl}${link.path}`)}${inEnglish(language, link.english)}`;
          })
          .join('\n')
      : null,
  ]).trimEnd();
}

/** A guide's text in a language: the English guide, or its Spanish twin read as the same shape. */
function guideContent(slug: string, language: Language): { summary: string; sections: GuideSection[] } | undefined {
  if (language === 'en') return GUIDE_CONTENT[slug];
  const spanish = SPANISH_GUIDES[slug];
  if (!spanish) return undefined;
  return {
    summary: spanish.summary.text,
    sections: spanish.sections.map((section) => ({
      heading: section.heading.text,
      paragraphs: section.paragraphs.map((p) => p.text),
      list: section.list?.map((item) => item.text),
      links: section.links?.map(([text, path]) => [text.text, path] as [string, string]),
    })),
  };
}

export function guidePage(baseUrl: string, slug: string, language: Language = 'en'): PageDoc {
  const w = wordsIn(GUIDE_PAGE_WORDS, language);
  const guide = guideCatalog(baseUrl, language).find((entry) => entry.slug === slug);
  const content = guide ? guideContent(guide.slug, language) : undefined;
  if (!guide || !content) throw pageError(404, w.noGuide);
  const written = fill(w.writtenBy, { dates: dates(guide, language), source: w.source });
  const hasSpanish = Object.hasOwn(SPANISH_GUIDES, guide.slug);
  const englishUrl = `${baseUrl}/guides/${guide.slug}`;
  return {
    title: guide.title,
    description: guide.description,
    canonicalUrl: guide.url,
    markdownUrl: `${guide.url}.md`,
    language,
    translationUrl: hasSpanish ? (language === 'en' ? `${baseUrl}${pathIn('es', `/guides/${guide.slug}`)}` : englishUrl) : undefined,
    cacheControl: EDITORIAL_PAGE_CACHE,
    body: html`<nav class="crumbs" aria-label="${say(HOME_WORDS.breadcrumb, language)}"><ol><li><a href="${baseUrl}${pathIn(language, '/guides')}">${w.title}</a></li></ol></nav>
<h1>${guide.title}</h1>
<p class="muted">${written}</p>
<p class="lede">${content.summary}</p>
${content.sections.map((section) => sectionHtml(baseUrl, section, language))}
<p class="muted small"><a href="${guide.url}.md">${say(SHELL_WORDS.asMarkdown, language)}</a></p>`,
    markdown: () =>
      mdBlocks([
        `# ${mdText(guide.title)}`,
        mdEnglishPrevails(language, englishUrl),
        mdText(written),
        mdText(content.summary),
        ...content.sections.map((section) => sectionMarkdown(baseUrl, section, language)),
        say(LIST_WORDS.pageAddress, language, { url: guide.url }),
        mdAttribution(baseUrl, true, language),
      ]),
  };
}
