// The editorial guides: the service's own words, checked against the state records. The pages
// themselves are served by the pages surface; this list is what /api/v1/guides publishes.
import { pathIn, type Language } from '../language.ts';
import { SPANISH_GUIDES } from './spanish.ts';

/** One guide as /api/v1/guides lists it: the entry below with its page's address. */
export type Guide = ReturnType<typeof guideCatalog>[number];

const GUIDES = [
  {
    slug: 'choosing-a-care-home',
    title: 'Choosing a residential care home for an elderly parent',
    description:
      'How to read a home\'s state record, which questions to ask on the phone and during a visit, and why no website can tell you which homes have an open bed.',
    published_on: '2026-06-01',
    reviewed_on: '2026-10-15',
  },
  {
    slug: 'care-approvals',
    title: 'What each care approval means: dementia, hospice, non-ambulatory, bedridden',
    description:
      'What the four clearances on a California RCFE license allow a home to do, and why "not on file" means the record does not say, never "no".',
    published_on: '2026-06-01',
    reviewed_on: '2026-10-15',
  },
  {
    slug: 'reading-a-state-report',
    title: 'Reading a state inspection or complaint report',
    description:
      'What inspections, complaint investigations and Type A and Type B citations are, and why a citation does not make a home unsafe and an empty file does not make it good.',
    published_on: '2026-06-15',
    reviewed_on: '2026-10-15',
  },
  {
    slug: 'assisted-living-waiver',
    title: 'The Medi-Cal Assisted Living Waiver',
    description:
      'Who qualifies, which homes take part, and why the waiver pays for care services but not for room and board.',
    published_on: '2026-07-01',
    reviewed_on: '2026-10-15',
  },
  {
    slug: 'paying-for-care',
    title: 'Paying for a residential care home',
    description:
      'Typical monthly costs, what a starting rate leaves out, and the public programs and insurance that can help pay.',
    published_on: '2026-07-01',
    reviewed_on: '2026-10-15',
  },
];

/** The guides with their pages' addresses; in Spanish, a guide written in Spanish links its Spanish page. */
export function guideCatalog(baseUrl: string, language: Language = 'en') {
  return GUIDES.map((guide) => {
    const spanish = language === 'es' ? SPANISH_GUIDES[guide.slug] : undefined;
    return spanish
      ? { ...guide, title: spanish.title.es.text, description: spanish.description.es.text, url: `${baseUrl}${pathIn('es', `/guides/${guide.slug}`)}` }
      : { ...guide, url: `${baseUrl}/guides/${guide.slug}` };
  });
}

/** The newest review date: the retrieval date of the guide list. */
export function guidesReviewedOn(): string {
  return GUIDES.map((guide) => guide.reviewed_on).sort().at(-1)!;
}
