// Issue 46, item 4: a body that stalls, or a Content-Length whose body never comes, is answered
// within the body timeout with the surface's JSON error (408), and the connection is then closed,
// not held until Node's five-minute request timeout.
import test from 'ava';
import net from 'node:net';
import { BODY_TIMEOUT_MS, BODY_TIMEOUT_MESSAGE } from '../../serve/http/body-timeout.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(() => server?.close());

/** Sends a request's head (and part of a body), never the rest; what came back and whether the server closed the connection. */
async function stall(path: string, head: string, partial: string) {
  const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
  const started = Date.now();
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n${head}\r\n${partial}`);
  const closed = await new Promise<boolean>((resolve) => {
    socket.on('close', () => resolve(true));
    setTimeout(() => resolve(false), BODY_TIMEOUT_MS + 3_000);
  });
  socket.destroy();
  const [rawHead = '', body = ''] = received.split('\r\n\r\n');
  return { closed, ms: Date.now() - started, status: Number(/^HTTP\/1\.1 (\d+)/.exec(rawHead)?.[1]), head: rawHead.toLowerCase(), body };
}

const cases = [
  ['REST, a Content-Length with no body', '/api/v1/check', 'Content-Length: 120\r\n', ''],
  ['REST, half a body', '/api/v1/check', 'Content-Length: 120\r\n', '{"homes":["'],
  ['MCP, a Content-Length with no body', '/mcp', 'Content-Length: 120\r\n', ''],
  ['MCP, a chunked body that stops', '/mcp', 'Transfer-Encoding: chunked\r\n', '6\r\n{"json\r\n'],
] as const;

for (const [label, path, head, partial] of cases) {
  test(`${label}: a JSON 408 within the body timeout, then the connection is closed`, async (t) => {
    const answer = await stall(path, head, partial);
    t.true(answer.closed, 'the server closed the connection');
    t.true(answer.ms < BODY_TIMEOUT_MS + 2_000, `answered after ${answer.ms} ms`);
    t.is(answer.status, 408);
    t.regex(answer.head, /\r\nconnection: close/);
    t.regex(answer.head, /\r\ncache-control: no-store/);
    const error = JSON.parse(answer.body) as { error: string | { message: string } };
    t.is(typeof error.error === 'string' ? error.error : error.error.message, BODY_TIMEOUT_MESSAGE);
  });
}
