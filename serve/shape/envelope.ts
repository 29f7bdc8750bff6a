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

const ENVELOPE_HEAD = '{"api_version":"v1","data":';

function envelopeTail(attribution: Attribution, generatedAt: Date): string {
  return `,"attribution":${JSON.stringify(attribution)},"generated_at":"${generatedAt.toISOString()}"}`;
}

export function envelopeJson(dataJson: string, attribution: Attribution, generatedAt: Date = new Date()): string {
  return ENVELOPE_HEAD + dataJson + envelopeTail(attribution, generatedAt);
}

/** The same envelope around data already encoded, in pieces: joined once, never re-encoded. */
export function envelopeBytes(data: readonly Buffer[], attribution: Attribution, generatedAt: Date = new Date()): Buffer {
  return Buffer.concat([Buffer.from(ENVELOPE_HEAD), ...data, Buffer.from(envelopeTail(attribution, generatedAt))]);
}
