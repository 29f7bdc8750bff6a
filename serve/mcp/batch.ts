// JSON-RPC batches on POST /mcp (docs/mcp.md, "Batches"). MCP allowed batches in 2025-03-26 only:
// 2025-06-18 removed them and 2026-07-28 has none. A batch declaring a revision without them (the
// MCP-Protocol-Version header, an initialize's protocolVersion or a 2026 `_meta` claim in any
// message) is refused with the error the SDK gives a 2026-07-28 batch (HTTP 400, -32600). Where a
// batch is still allowed (no header, or 2025-03-26 and older), every message counts against the
// caller's MCP budget and a batch holds at most MAX_BATCH_MESSAGES, so one POST's work and answer
// are at most those of that many single calls.
import { PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';

/** Most messages one batch may hold (its answer is at most this many single calls' answers). */
export const MAX_BATCH_MESSAGES = 10;

/** The first revision without JSON-RPC batches. */
export const FIRST_REVISION_WITHOUT_BATCHES = '2025-06-18';

const REVISION = /^\d{4}-\d{2}-\d{2}$/;

export type BatchVerdict = { messages: number } | { refused: string };

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The revision a message declares for itself: a 2026 `_meta` claim, or an initialize's protocolVersion. */
function declaredBy(message: unknown): string | null {
  const params = record(record(message)?.params);
  const claim = record(params?._meta)?.[PROTOCOL_VERSION_META_KEY];
  if (typeof claim === 'string') return claim;
  if (record(message)?.method === 'initialize' && typeof params?.protocolVersion === 'string') return params.protocolVersion;
  return null;
}

/**
 * Null when the body is not a batch (`parsed`: the body as parseMcpBody reads it, the very reading
 * the SDK would make, so whatever marks or blanks precede an array, it is judged here). Otherwise
 * how many messages it holds, or why it is refused.
 */
export function batchVerdict(parsed: unknown, protocolHeader: string | undefined): BatchVerdict | null {
  if (!Array.isArray(parsed)) return null;
  const declared = [protocolHeader?.trim(), ...parsed.map(declaredBy)].filter((revision): revision is string => typeof revision === 'string' && REVISION.test(revision));
  const without = declared.find((revision) => revision >= FIRST_REVISION_WITHOUT_BATCHES);
  if (without) {
    return {
      refused:
        `Bad Request: JSON-RPC batches may not contain requests for protocol revision ${FIRST_REVISION_WITHOUT_BATCHES} or later ` +
        `(this one declares ${without}); send each message in a POST of its own.`,
    };
  }
  if (parsed.length > MAX_BATCH_MESSAGES) {
    return {
      refused:
        `Bad Request: a JSON-RPC batch may hold at most ${MAX_BATCH_MESSAGES} messages here (this one holds ${parsed.length}); ` +
        'send the rest in further POSTs. Every message counts against the MCP budget.',
    };
  }
  return { messages: parsed.length };
}
