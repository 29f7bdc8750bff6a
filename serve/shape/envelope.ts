// The REST envelope. Built around data that is already JSON text, so
// stored records are never parsed just to be re-serialized.
import { EDITORIAL_SOURCE, STATE_SOURCE } from '../words/wording.ts';

export interface Attribution {
  source: string;
  retrieved_on: string | null;
  terms_url: string;
  /** Present (true) only while the served snapshot holds invented demo homes. */
  demo_data?: true;
}

export function stateAttribution(baseUrl: string, retrievedOn: string | null, demoData: boolean): Attribution {
  const attribution: Attribution = { source: STATE_SOURCE, retrieved_on: retrievedOn, terms_url: `${baseUrl}/terms` };
  if (demoData) attribution.demo_data = true;
  return attribution;
}

export function editorialAttribution(baseUrl: string, reviewedOn: string | null): Attribution {
  return { source: EDITORIAL_SOURCE, retrieved_on: reviewedOn, terms_url: `${baseUrl}/terms` };
}

const ENVELOPE_HEAD = '{"api_version":"v1","data":';

/** The few distinct attributions a server sends (one per source and date), serialized once each. */
const attributionJson = new Map<string, string>();

function envelopeTail(attribution: Attribution, generatedAt: Date): string {
  const key = `${attribution.source}\u0000${attribution.retrieved_on}\u0000${attribution.terms_url}\u0000${attribution.demo_data === true}`;
  let json = attributionJson.get(key);
  if (json === undefined) {
    if (attributionJson.size > 1_000) attributionJson.clear();
    attributionJson.set(key, (json = JSON.stringify(attribution)));
  }
  return `,"attribution":${json},"generated_at":"${generatedAt.toISOString()}"}`;
}

export function envelopeJson(dataJson: string, attribution: Attribution, generatedAt: Date = new Date()): string {
  return ENVELOPE_HEAD + dataJson + envelopeTail(attribution, generatedAt);
}
