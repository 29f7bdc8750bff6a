// The REST envelope. Built as a string around data that is already JSON, so stored records are
// never parsed just to be re-serialized.
import { EDITORIAL_SOURCE, STATE_SOURCE } from '../wording.ts';

export interface Attribution {
  source: string;
  retrieved_on: string | null;
  terms_url: string;
}

export function stateAttribution(baseUrl: string, retrievedOn: string | null): Attribution {
  return { source: STATE_SOURCE, retrieved_on: retrievedOn, terms_url: `${baseUrl}/terms` };
}

export function editorialAttribution(baseUrl: string, reviewedOn: string | null): Attribution {
  return { source: EDITORIAL_SOURCE, retrieved_on: reviewedOn, terms_url: `${baseUrl}/terms` };
}

export function envelopeJson(dataJson: string, attribution: Attribution, generatedAt: Date = new Date()): string {
  return (
    `{"api_version":"v1","data":${dataJson},"attribution":${JSON.stringify(attribution)},` +
    `"generated_at":"${generatedAt.toISOString()}"}`
  );
}
