// A `server/discover` sent without the 2026-07-28 per-request `_meta` is a client trying the new
// revision by hand. The SDK reads such a message as 2025-era traffic, where the method does not
// exist (-32601 "Method not found", which says nothing of what was missing). This answer names it.
import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { MODERN_PROTOCOL_VERSION } from '../words/identity.ts';

/** What the 2026-07-28 revision needs on every request: the error's `data`. */
export const MODERN_REQUEST_NEEDS = {
  revision: MODERN_PROTOCOL_VERSION,
  params_meta: [PROTOCOL_VERSION_META_KEY, CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY],
  headers: ['MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name'],
};

export const BARE_DISCOVER_MESSAGE =
  `server/discover belongs to the ${MODERN_PROTOCOL_VERSION} revision, and this request does not carry it. Send params._meta with ` +
  `"${PROTOCOL_VERSION_META_KEY}": "${MODERN_PROTOCOL_VERSION}", "${CLIENT_CAPABILITIES_META_KEY}" (an object) and ` +
  `"${CLIENT_INFO_META_KEY}" ({"name", "version"}), and the headers MCP-Protocol-Version: ${MODERN_PROTOCOL_VERSION} and ` +
  'Mcp-Method: server/discover (every request of this revision carries both; tools/call, resources/read and prompts/get also ' +
  'carry Mcp-Name: the tool name, resource URI or prompt name). A 2025-era client sends initialize instead.';

/** Whether a parsed body is a `server/discover` request with no `_meta` protocol-version claim. */
export function isBareDiscover(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const message = body as Record<string, unknown>;
  if (message.method !== 'server/discover' || !('id' in message)) return false;
  const params = message.params;
  const meta = params !== null && typeof params === 'object' ? (params as Record<string, unknown>)._meta : undefined;
  return meta === null || typeof meta !== 'object' || !(PROTOCOL_VERSION_META_KEY in meta);
}
