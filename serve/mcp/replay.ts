// The SDK's own answers to read-only tool calls, kept per snapshot and operator overlay and sent
// again, with the new request's id, when the same call comes back. The SDK's handling of one call
// (web Request, message parsing and validation, a per-request server, result validation and
// serialization) costs several times the tool itself; a repeated call is a look-up instead.
//
// Only what cannot change the answer is left out of the key: the JSON-RPC id, and headers no part
// of the MCP handling reads. Everything else (the whole message with its _meta, Host, Accept,
// Content-Type, the Mcp-* headers) is in it, so a replayed answer is one the SDK gave to that
// exact call, after every check it makes. Only modern-era calls (2026-07-28: stateless, the
// revision in _meta) of tools whose answer depends only on their arguments, the snapshot and the
// overlay are kept, and only 200 JSON answers whose id the SDK echoed.
import type { IncomingHttpHeaders } from 'node:http';
import { PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { SnapshotMemo, type MemoScope } from '../shape/memo.ts';
import type { MessageSummary } from './transport.ts';

/** Tools that read the snapshot and overlay only: no clock, no signing, no other store. */
const REPLAYABLE_TOOLS = new Set(['get_home', 'find_homes', 'compare_homes', 'homes_near_hospital', 'check_homes', 'search', 'fetch']);

/** Headers that never reach the answer: transport, client identification and tracing. */
const UNREAD_HEADERS = new Set([
  'connection',
  'content-length',
  'keep-alive',
  'accept-encoding',
  'user-agent',
  'x-client-name',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-request-id',
  'traceparent',
  'tracestate',
]);

/** Stands where the id goes while an answer is kept; a string no serializer writes by itself. */
const ID_MARK = '\u0000jsonrpc-id\u0000';
const ID_MARK_JSON = JSON.stringify(ID_MARK);

export interface KeptAnswer {
  status: number;
  headers: Array<[string, string]>;
  /** The body split where the id goes. */
  before: string;
  after: string;
  summary: MessageSummary;
}

export interface ReplayableCall {
  key: string;
  id: string | number;
}

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The call's key when it may be answered again from a kept answer; null when it never is. */
export function replayableCall(message: unknown, headers: IncomingHttpHeaders): ReplayableCall | null {
  const call = record(message);
  const params = record(call?.params);
  const meta = record(params?._meta);
  const id = call?.id;
  if (call?.method !== 'tools/call' || typeof params?.name !== 'string' || !REPLAYABLE_TOOLS.has(params.name)) return null;
  if (meta?.[PROTOCOL_VERSION_META_KEY] === undefined) return null;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)))) return null;
  const { id: _id, ...withoutId } = call;
  const read = Object.entries(headers)
    .filter(([name]) => !UNREAD_HEADERS.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { key: JSON.stringify([read, withoutId]), id };
}

export class AnswerReplay {
  private readonly answers = new SnapshotMemo<KeptAnswer>(32 * 1024 * 1024, (kept) => kept.before.length + kept.after.length);

  /** The kept answer's body for this call, with its own id; undefined when none is kept. */
  find(scope: MemoScope, call: ReplayableCall): { kept: KeptAnswer; body: string } | undefined {
    const kept = this.answers.peek(scope, call.key);
    return kept ? { kept, body: kept.before + JSON.stringify(call.id) + kept.after } : undefined;
  }

  /** Keeps the SDK's answer to `call` when it is a 200 JSON answer carrying the call's id. */
  keep(scope: MemoScope, call: ReplayableCall, status: number, headers: Array<[string, string]>, body: string, summary: MessageSummary): void {
    if (status !== 200 || !headers.some(([name, value]) => name === 'content-type' && /^application\/json/i.test(value))) return;
    let answer: Record<string, unknown> | null;
    try {
      answer = record(JSON.parse(body));
    } catch {
      return;
    }
    if (!answer || answer.id !== call.id || 'error' in answer) return;
    answer.id = ID_MARK;
    const marked = JSON.stringify(answer);
    // Only an answer that serializes back to the very bytes the SDK sent is kept.
    const at = marked.indexOf(ID_MARK_JSON);
    const before = marked.slice(0, at);
    const after = marked.slice(at + ID_MARK_JSON.length);
    if (at < 0 || before + JSON.stringify(call.id) + after !== body) return;
    this.answers.get(scope, call.key, () => ({ status, headers, before, after, summary }));
  }
}
