// Short explanations in the service's own words, for the MCP tool explain_care_topic (and its
// alias explain). Each points to the longer editorial guides at {base_url}/guides/<slug>.
import { guideCatalog, guidesReviewedOn } from './guides/catalog.ts';
import { CITATION_TYPES } from './wording.ts';
import type { Language } from './language.ts';
import { SPANISH_TOPICS } from './care-topics-es.ts';

/** A topic's Spanish text, with the English topic's guides and tools. */
function spanishTopic(topic: CareTopic): TopicText {
  const es = SPANISH_TOPICS[topic];
  if (!es) return TOPICS[topic];
  return { ...TOPICS[topic], title: es.title.text, summary: es.summary.text, points: es.points.map((p) => p.text) };
}

export const CARE_TOPICS = [
  'dementia_care',
  'hospice_waiver',
  'non_ambulatory',
  'bedridden',
  'assisted_living_waiver',
  'state_reports_and_citations',
  'license_statuses',
  'paying_for_care',
  'choosing_a_home',
  'not_on_file',
] as const;
export type CareTopic = (typeof CARE_TOPICS)[number];

interface TopicText {
  title: string;
  summary: string;
  points: string[];
  /** Guide slugs from serve/words/guides/catalog.ts. */
  guides: string[];
  /** Tools that answer the questions this topic raises. */
  related_tools: string[];
}

const TOPICS: Record<CareTopic, TopicText> = {
  dementia_care: {
    title: 'Dementia care approval',
    summary:
      'A residential care home for the elderly (RCFE) that admits or keeps residents with dementia must meet added state rules, and the license record shows whether it carries the dementia approval.',
    points: [
      'The added rules cover staff training in dementia care, a building made safe for people who may wander (for example delayed-egress doors), and care and activities planned for dementia.',
      "The record's value is 'true' when the license carries the approval. 'not_on_file' means the record does not say; it is not a 'no'. Ask the home.",
      'Homes often say "memory care" in their name or advertising; what counts for the license is the approval on the state record.',
      'A home under a correction review of this approval reads not_on_file until the review closes.',
    ],
    guides: ['care-approvals', 'choosing-a-care-home'],
    related_tools: ['find_homes', 'get_home'],
  },
  hospice_waiver: {
    title: 'Hospice approval (hospice waiver)',
    summary:
      'A hospice approval lets a care home keep a resident who is receiving hospice care from a licensed hospice agency, so the person need not move near the end of life.',
    points: [
      'The hospice agency provides the medical side of end-of-life care; the home keeps providing daily care and must follow the hospice care plan.',
      "The record's value is 'true' when the license carries the approval; 'not_on_file' is not a 'no'. Ask the home how it works with hospice agencies.",
      'A home under a correction review of this approval reads not_on_file until the review closes.',
    ],
    guides: ['care-approvals'],
    related_tools: ['find_homes', 'get_home'],
  },
  non_ambulatory: {
    title: 'Non-ambulatory approval (wheelchair users)',
    summary:
      'A non-ambulatory approval lets a home admit residents who cannot leave the building on their own in an emergency, such as many wheelchair users or people who cannot respond to an alarm.',
    points: [
      'It depends on the building meeting fire-safety rules for residents who need help to get out.',
      "In find_homes the need 'wheelchair' is matched against this approval: only an explicit 'true' matches.",
      "'not_on_file' means the record does not say; it is not a 'no'. Ask the home which rooms and residents the approval covers.",
    ],
    guides: ['care-approvals'],
    related_tools: ['find_homes', 'get_home'],
  },
  bedridden: {
    title: 'Bedridden approval',
    summary:
      'A bedridden approval lets a home care for residents who cannot get out of bed, or turn over, without help.',
    points: [
      'It depends on fire-safety clearance for bedridden residents and on the home having the staff to help them.',
      "The record's value is 'true' when the license carries it; 'not_on_file' is not a 'no'.",
      'If a person may become bedridden, ask the home whether they could stay.',
    ],
    guides: ['care-approvals'],
    related_tools: ['find_homes', 'get_home'],
  },
  assisted_living_waiver: {
    title: 'The Medi-Cal Assisted Living Waiver',
    summary:
      "Medi-Cal's Assisted Living Waiver pays for care services in participating homes for eligible people who would otherwise need a nursing home. It does not pay for room and board.",
    points: [
      "The record shows 'true' when the home is on the state's waiver list (with the list date); absence from the list is 'not_on_file', never a verified 'no'.",
      'Room and board are paid by the resident, often from their own income; ask the home what it charges waiver residents.',
      'Enrollment is arranged through the program, which can have a waiting list; a home on the list may not have a waiver place free.',
      'find_homes (and homes_near_hospital) with waiver: true lists only the homes on the list in a place, and says how many it left out.',
    ],
    guides: ['assisted-living-waiver', 'paying-for-care'],
    related_tools: ['get_home', 'find_homes'],
  },
  state_reports_and_citations: {
    title: 'State reports and citations',
    summary:
      "The state's licensing division visits homes for inspections and complaint investigations and publishes reports; a report may cite the home for not meeting a rule.",
    points: [
      CITATION_TYPES,
      'A citation does not make a home unsafe, and an empty file does not make a home good: read what was found and what the home did about it.',
      'get_state_documents lists a home\'s reports newest first, with the transcribed text and citations when asked, including reports the state no longer lists.',
      "The official record is the state's own facility page (state_record_url).",
    ],
    guides: ['reading-a-state-report', 'choosing-a-care-home'],
    related_tools: ['get_state_documents', 'get_home'],
  },
  license_statuses: {
    title: 'License statuses',
    summary:
      "Each home's record carries the state's license status verbatim; lists show only homes that hold a current license.",
    points: [
      'LICENSED and LICENSED/PENDING INCREASE (a licensed home that asked for more beds) are current licenses.',
      'PROBATIONARY LICENSE (ON PROBATION in some state files) is a current license under probation; such homes are listed and on_probation says so.',
      'PENDING alone is an application, not yet a license; such homes are not listed.',
      'Any status containing CLOSED is a closed license: its care approvals and waiver values are history, not current approvals, and a dated closed_note says so.',
    ],
    guides: ['choosing-a-care-home'],
    related_tools: ['get_home', 'check_homes'],
  },
  paying_for_care: {
    title: 'Paying for care',
    summary:
      'Most residents pay privately; long-term care insurance, veterans\' benefits and, for care services only, the Medi-Cal Assisted Living Waiver can help. Medicare does not pay for living in a care home.',
    points: [
      "A record's price block says whose figure it is: only is_this_homes_own_rate true is the home's own starting rate; an estimate or an area figure is not the home's price. Quote its line.",
      'A starting rate usually leaves out the cost of more care: ask what level-of-care fees apply.',
      'Ask every home for its own current rates, in writing.',
    ],
    guides: ['paying-for-care', 'assisted-living-waiver'],
    related_tools: ['find_homes', 'get_home'],
  },
  choosing_a_home: {
    title: 'Choosing a home',
    summary:
      'Start from the care the person needs, find licensed homes that carry those approvals, read their state records, then call and visit.',
    points: [
      'No website knows which homes have an open bed today: openings are learned by phone.',
      'No home pays to appear here and nothing is ranked by quality, popularity or payment.',
      'Ask each home about openings, rates and what they include, staffing at night, and how they handle a change in care needs; visit more than once if you can.',
      'start_family_request prepares a call plan the family opens with a link; it contacts no one.',
    ],
    guides: ['choosing-a-care-home', 'care-approvals', 'reading-a-state-report'],
    related_tools: ['find_homes', 'compare_homes', 'start_family_request'],
  },
  not_on_file: {
    title: "What 'not_on_file' means",
    summary:
      "'not_on_file' means the state record does not say. It is never a 'no', and in words it reads 'not on file'.",
    points: [
      "Care approvals and waiver participation are tri-state: 'true', 'false' (only where the record states a real negative) and 'not_on_file'.",
      "Absence from a list, such as the waiver list, can only be 'not_on_file', because it is not a verified 'no'.",
      'A clearance under an open correction review also reads not_on_file until the review closes.',
      "When it matters, ask the home, and check the state's own record (state_record_url).",
    ],
    guides: ['care-approvals'],
    related_tools: ['get_home'],
  },
};

/** The English topics, for the Spanish ones' check (care-topics-es.ts). */
export const ENGLISH_TOPICS: Readonly<Record<CareTopic, TopicText>> = TOPICS;

/** A topic in a language (English unless asked): the same fields, the guides linked in that language where they exist. */
export function careTopic(topic: CareTopic, baseUrl: string, source: string, language: Language = 'en') {
  const text = language === 'es' ? spanishTopic(topic) : TOPICS[topic];
  const catalog = new Map(guideCatalog(baseUrl, language).map((guide) => [guide.slug, guide]));
  return {
    topic,
    title: text.title,
    summary: text.summary,
    points: [...text.points],
    guides: text.guides.flatMap((slug) => {
      const guide = catalog.get(slug);
      return guide ? [{ slug: guide.slug, title: guide.title, url: guide.url }] : [];
    }),
    related_tools: [...text.related_tools],
    source,
    reviewed_on: guidesReviewedOn(),
  };
}
