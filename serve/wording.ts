// Sentences every surface says the same way (REST, MCP, pages), kept in one place.

/** The service's own name; editorial surfaces attribute to it. */
export const SERVICE_NAME = 'Covelight';

export const STATE_SOURCE = 'California Department of Social Services, Community Care Licensing Division';
export const EDITORIAL_SOURCE = `${SERVICE_NAME} (checked against the state records)`;

export const NEUTRAL_ORDER = 'Alphabetical by facility name, then license number (order: name_asc). Nothing is ranked.';
export const NEUTRALITY =
  'No home pays to appear; nothing is ranked by quality, popularity or payment.';
export const NEVER_IN_THIS_DATA =
  'Open beds are never in this data: no website knows which homes have an open bed today. Openings are learned by phone.';
export const FAIRNESS_NOTE =
  'A citation does not make a home unsafe, and an empty file does not make a home good. "not_on_file" means the record does not say; it never means no.';
export const CHECK_ORDER = 'Results are in the order the inputs were sent.';
export const NO_SORT_PARAMETER =
  'There is no sort parameter: results are always in neutral alphabetical order (name, then license number).';
