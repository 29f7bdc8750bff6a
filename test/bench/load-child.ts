// The load generator, in its own process so it never shares the server's event loop.
//   load-child.ts <json options>  ->  prints { rps, p50_ms, p99_ms, non2xx, errors, requests }
// Requests come from a file of keyed requests, taken in the file's (shuffled) order from `start`
// by all connections together, so every call asks for the next key. A body's "__ID__" becomes a
// fresh JSON-RPC id. Each connection may first send an opening (the 2025 initialize handshake),
// again every SESSION_CALLS calls, like a client that reconnects now and then.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { KeyedRequest, RequestsFile } from './keys.ts';

const options = JSON.parse(process.argv[2]!) as { url: string; file: string; start: number; connections: number; duration: number };
const { requests, opening = [] } = JSON.parse(readFileSync(options.file, 'utf8')) as RequestsFile;
const SESSION_CALLS = 1_000;

let cursor = options.start;
let id = 0;

/** autocannon's request (host and port included) with this key's method, path, headers and body. */
function prepared(base: Record<string, unknown>, request: KeyedRequest): Record<string, unknown> {
  const headers: Record<string, string> = { 'x-bench-key': request.key, ...request.headers };
  if (request.body === undefined) return { ...base, method: request.method, path: request.path, headers };
  headers['content-type'] = 'application/json';
  return { ...base, method: request.method, path: request.path, headers, body: request.body.replace('"__ID__"', String((id += 1))) };
}

const next = (base: Record<string, unknown>) => prepared(base, requests[cursor++ % requests.length]!);
const url = new URL(options.url);
const result = await autocannon({
  url: url.origin,
  connections: options.connections,
  duration: options.duration,
  requests: [...opening.map((request) => ({ setupRequest: (base: Record<string, unknown>) => prepared(base, request) })), ...Array.from({ length: SESSION_CALLS }, () => ({ setupRequest: next }))],
});
console.log(
  JSON.stringify({
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: cursor - options.start,
    /** Answers received (the server's CPU per request divides by these). */
    answered: result.requests.total,
  }),
);
