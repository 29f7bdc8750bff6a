// GET /api/v1: the one plain object (not an envelope) that tells a developer where everything is.
import { NEED_KEYS } from '../../contract/facts.ts';
import { NEUTRAL_ORDER, SERVICE_NAME, STATE_SOURCE } from '../words/wording.ts';

export function frontDoor(baseUrl: string) {
  const api = `${baseUrl}/api/v1`;
  return {
    api_version: 'v1',
    description:
      `${SERVICE_NAME}: a free, keyless, read-only API over California's licensing record of residential care facilities ` +
      'for the elderly (RCFEs). Every fact carries its source, a confirmation date and a stable reference. ' +
      'Open beds are never in this data; nothing is ranked; not_on_file never means no.',
    endpoints: {
      list: `GET ${api}/facilities?county=&city=&needs=&limit=&offset=`,
      facility: `GET ${api}/facilities/{license}`,
      reports: `GET ${api}/facilities/{license}/reports`,
      changes: `GET ${api}/changes?since=&county=&city=&kind=&field=&limit=&offset=`,
      history: `GET ${api}/facilities/{license}/history`,
      guides: `GET ${api}/guides`,
      batch_check: `POST ${api}/check`,
    },
    downloads: `${baseUrl}/data/index.json`,
    feeds: { changes: `${baseUrl}/changes.atom`, county_changes: `${baseUrl}/county/{county}/changes.atom` },
    mcp: { url: `${baseUrl}/mcp`, transport: 'streamable-http', documentation: `${baseUrl}/docs/mcp` },
    openapi: `${baseUrl}/openapi.json`,
    documentation: `${baseUrl}/docs/api`,
    terms: `${baseUrl}/terms`,
    attribution: `Data: ${STATE_SOURCE}, as compiled by ${SERVICE_NAME} (${baseUrl}). Not the official record; the official record is the state's own facility search.`,
    ordering: NEUTRAL_ORDER,
    needs: NEED_KEYS,
  };
}
