// Every catalog of a family's words, by name, and the checks that hold them: the tests read all of
// them here, so a new catalog is checked once it is listed.
import { catalogProblems, spanishTrapsIn, type Catalog } from './catalog.ts';
import { CHECK_CATALOG } from './check-words.ts';
import { ERROR_WORDS, SHARED_WORDS, SHELL_WORDS } from './family-words.ts';
import { HOME_WORDS, NEED_PERSON_WORDS, QUESTION_WORDS, SIZE_WORDS, STATUS_GLOSS } from './home-page-words.ts';
import { APPROVAL_LABEL_WORDS, APPROVAL_NAME_WORDS, READING_WORDS, SOURCE_WORDS } from './home-words.ts';
import { GUIDE_CONTENT } from './guides/content.ts';
import { FRONT_WORDS } from './front-words.ts';
import { PRICE_WORDS } from './price-words.ts';
import { PLAN_WORDS } from './plan-words.ts';
import { RELAY_WORDS } from './relay-words.ts';
import { CARD_WORDS, COMPARE_ROW_WORDS, COMPARE_WORDS } from './card-words.ts';
import { CORRECTION_FIELD_WORDS, CORRECTION_WORDS } from './correction-words.ts';
import { CHANGE_SOURCE_WORDS, CHANGE_WORDS, changeWordProblems } from './change-words.ts';
import { CARE_LIST_WORDS, CARE_TYPE_WORDS, GUIDE_PAGE_WORDS, LIST_WORDS, NEAR_WORDS } from './list-words.ts';
import { SPANISH_GUIDES } from './guides/spanish.ts';
import { SEARCH_WORDS } from './search-words.ts';
import { PLACE_WORDS } from './place-words.ts';
import { HANDOFF_WORDS, HONESTY_WORDS, SCREEN_WORDS } from './handoff-words.ts';
import { PROMPT_WORDS } from './prompt-words.ts';
import { RECORD_WORDS } from './record-words.ts';
import { QUOTE_WORDS } from './quote.ts';
import { DOCUMENT_WORDS } from './document-words.ts';
import { LIST_ANSWER_WORDS, LIST_TEXT_WORDS } from './list-answer-words.ts';
import { guideCatalog } from './guides/catalog.ts';
import { CARE_TOPICS, ENGLISH_TOPICS } from './care-topics.ts';
import { SPANISH_TOPICS } from './care-topics-es.ts';

export const ALL_CATALOGS: Readonly<Record<string, Catalog>> = {
  SHARED_WORDS,
  CHECK_CATALOG,
  SHELL_WORDS,
  ERROR_WORDS,
  HOME_WORDS,
  PRICE_WORDS,
  QUESTION_WORDS,
  NEED_PERSON_WORDS,
  SIZE_WORDS,
  STATUS_GLOSS,
  APPROVAL_LABEL_WORDS,
  APPROVAL_NAME_WORDS,
  READING_WORDS,
  SOURCE_WORDS,
  LIST_WORDS,
  CARE_TYPE_WORDS,
  CARE_LIST_WORDS,
  NEAR_WORDS,
  GUIDE_PAGE_WORDS,
  FRONT_WORDS,
  PLAN_WORDS,
  RELAY_WORDS,
  CARD_WORDS,
  COMPARE_WORDS,
  COMPARE_ROW_WORDS,
  CORRECTION_WORDS,
  CORRECTION_FIELD_WORDS,
  CHANGE_WORDS,
  CHANGE_SOURCE_WORDS,
  SEARCH_WORDS,
  PLACE_WORDS,
  HANDOFF_WORDS,
  HONESTY_WORDS,
  SCREEN_WORDS,
  PROMPT_WORDS,
  RECORD_WORDS,
  QUOTE_WORDS,
  DOCUMENT_WORDS,
  LIST_ANSWER_WORDS,
  LIST_TEXT_WORDS,
};

/**
 * A Spanish guide's problems: each text must have been written from the English guide's text in
 * the same place (else it is stale, or the guides no longer line up), with no glossary trap.
 */
export function spanishGuideProblems(
  spanish: typeof SPANISH_GUIDES = SPANISH_GUIDES,
  english: typeof GUIDE_CONTENT = GUIDE_CONTENT,
  titles: ReadonlyMap<string, { title: string; description: string }> = new Map(),
): string[] {
  const problems: string[] = [];
  for (const [slug, guide] of Object.entries(spanish)) {
    const source = english[slug];
    if (!source) {
      problems.push(`guide ${slug}: no English guide`);
      continue;
    }
    const pairs: Array<[string, { text: string; from: string }, string | undefined]> = [
      ['summary', guide.summary, source.summary],
      ['title', guide.title.es, titles.get(slug)?.title ?? guide.title.en],
      ['description', guide.description.es, titles.get(slug)?.description ?? guide.description.en],
    ];
    if (guide.sections.length !== source.sections.length) problems.push(`guide ${slug}: ${guide.sections.length} sections, the English has ${source.sections.length}`);
    guide.sections.forEach((section, i) => {
      const en = source.sections[i];
      pairs.push([`section ${i + 1} heading`, section.heading, en?.heading]);
      section.paragraphs.forEach((p, j) => pairs.push([`section ${i + 1} paragraph ${j + 1}`, p, en?.paragraphs[j]]));
      section.list?.forEach((item, j) => pairs.push([`section ${i + 1} item ${j + 1}`, item, en?.list?.[j]]));
      if ((section.list?.length ?? 0) !== (en?.list?.length ?? 0) || section.paragraphs.length !== (en?.paragraphs.length ?? 0)) {
        problems.push(`guide ${slug} section ${i + 1}: not the English section's paragraphs and items`);
      }
      if ((section.links?.length ?? 0) !== (en?.links?.length ?? 0)) problems.push(`guide ${slug} section ${i + 1}: other links than the English`);
      section.links?.forEach(([text, path], j) => {
        pairs.push([`section ${i + 1} link ${j + 1}`, text, en?.links?.[j]?.[0]]);
        if (en?.links?.[j]?.[1] !== path) problems.push(`guide ${slug} section ${i + 1} link ${j + 1}: another path than the English`);
      });
    });
    for (const [where, text, from] of pairs) {
      if (!text.text.trim()) problems.push(`guide ${slug} ${where}: no Spanish text`);
      if (text.from !== from) problems.push(`guide ${slug} ${where}: the Spanish is stale: written from "${text.from}", the English is now "${from}"`);
      problems.push(...spanishTrapsIn(text.text).map((trap) => `guide ${slug} ${where}: ${trap}`));
    }
  }
  return problems;
}

/** A Spanish care topic's problems: missing, stale against the English topic, or a trap. */
export function spanishTopicProblems(spanish: typeof SPANISH_TOPICS = SPANISH_TOPICS, english: typeof ENGLISH_TOPICS = ENGLISH_TOPICS): string[] {
  const problems: string[] = [];
  for (const topic of CARE_TOPICS) {
    const es = spanish[topic];
    const en = english[topic];
    if (!es) {
      problems.push(`topic ${topic}: no Spanish text`);
      continue;
    }
    if (es.points.length !== en.points.length) problems.push(`topic ${topic}: ${es.points.length} points, the English has ${en.points.length}`);
    const pairs: Array<[string, { text: string; from: string }, string | undefined]> = [
      ['title', es.title, en.title],
      ['summary', es.summary, en.summary],
      ...es.points.map((p, i): [string, { text: string; from: string }, string | undefined] => [`point ${i + 1}`, p, en.points[i]]),
    ];
    for (const [where, text, from] of pairs) {
      if (!text.text.trim()) problems.push(`topic ${topic} ${where}: no Spanish text`);
      if (text.from !== from) problems.push(`topic ${topic} ${where}: the Spanish is stale: written from "${text.from}", the English is now "${from}"`);
      problems.push(...spanishTrapsIn(text.text).map((trap) => `topic ${topic} ${where}: ${trap}`));
    }
  }
  return problems;
}

/** Every problem of every catalog, Spanish guide and Spanish care topic (empty when all is well). */
export function allWordProblems(): string[] {
  // The guides' English titles and descriptions as the guide list publishes them.
  const titles = new Map(guideCatalog('').map((guide) => [guide.slug, guide]));
  return [
    ...Object.entries(ALL_CATALOGS).flatMap(([name, catalog]) => catalogProblems(catalog, name)),
    ...spanishGuideProblems(SPANISH_GUIDES, GUIDE_CONTENT, titles),
    ...spanishTopicProblems(),
    ...changeWordProblems(),
  ];
}
