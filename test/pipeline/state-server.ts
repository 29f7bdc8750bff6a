// A loopback stand-in for the state's servers, on a real socket: a route table of replies, a log
// of every request, ETag and Last-Modified answered with 304, and the ways a server misbehaves
// (status sequences, delays, a connection reset, a body that stalls or drips for ever).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Reply {
  status?: number;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Sent as ETag; a request whose If-None-Match equals it gets 304. */
  etag?: string;
  /** Sent as Last-Modified; a request whose If-Modified-Since equals it (and has no If-None-Match) gets 304. */
  lastModified?: string;
  /** Wait this long before the status line. */
  delayMs?: number;
  /** Destroy the connection instead of answering. */
  reset?: true;
  /** After the body, keep the response open and send nothing more. */
  stall?: true;
  /** After the body, send this chunk every `everyMs` for ever. */
  drip?: { chunk: string; everyMs: number };
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string's parameters (an API's arguments). */
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The status answered; null for a reset. */
  status: number | null;
}

/** A fixed reply, or one built from the request (e.g. from the license number in its path). */
export type Responder = Reply | ((request: RecordedRequest) => Reply);

export interface StateServer {
  origin: string;
  /** What `path` answers: request n gets reply n, and the last reply repeats. Replaces an earlier route for the same path. */
  route(path: string | RegExp, ...replies: Responder[]): void;
  /** Forgets every route and the request log (between runs, as the state's files change). */
  reset(): void;
  /** Requests received since the last reset, in order; only those to `path` when given. */
  requests(path?: string): RecordedRequest[];
  /** Throws, naming them, when a fixed path route has replies no request used. */
  assertAllUsed(): void;
  close(): Promise<void>;
}

interface Route {
  path: string | RegExp;
  replies: Responder[];
  used: number;
}

export async function startStateServer(): Promise<StateServer> {
  let routes: Route[] = [];
  let log: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
    return timer;
  };

  function find(path: string): Route | undefined {
    return routes.find((r) => r.path === path) ?? routes.find((r) => r.path instanceof RegExp && r.path.test(path));
  }

  function answer(response: ServerResponse, recorded: RecordedRequest, reply: Reply): void {
    if (reply.reset) {
      response.socket?.destroy();
      return;
    }
    const headers: Record<string, string> = { ...reply.headers };
    if (reply.etag) headers.etag = reply.etag;
    if (reply.lastModified) headers['last-modified'] = reply.lastModified;
    const ifNoneMatch = recorded.headers['if-none-match'];
    const notModified = reply.etag && ifNoneMatch ? ifNoneMatch === reply.etag : !!reply.lastModified && recorded.headers['if-modified-since'] === reply.lastModified;
    recorded.status = notModified ? 304 : (reply.status ?? 200);
    if (notModified) {
      response.writeHead(304, headers).end();
      return;
    }
    const body = reply.body ?? '';
    if (!reply.stall && !reply.drip) {
      response.writeHead(recorded.status, { 'content-length': String(Buffer.byteLength(body)), ...headers }).end(body);
      return;
    }
    response.writeHead(recorded.status, headers);
    response.write(body);
    if (reply.drip) {
      const { chunk, everyMs } = reply.drip;
      const timer = setInterval(() => response.write(chunk), everyMs);
      timers.add(timer);
      response.on('close', () => {
        clearInterval(timer);
        timers.delete(timer);
      });
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://x');
      const recorded: RecordedRequest = { method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: request.headers, body: Buffer.concat(chunks), status: null };
      log.push(recorded);
      const route = find(recorded.path);
      if (!route) {
        recorded.status = 404;
        response.writeHead(404).end(`no route for ${recorded.path}`);
        return;
      }
      const responder = route.replies[Math.min(route.used, route.replies.length - 1)]!;
      route.used += 1;
      const reply = typeof responder === 'function' ? responder(recorded) : responder;
      if (reply.delayMs) {
        const timer = later(reply.delayMs, () => answer(response, recorded, reply));
        response.on('close', () => {
          clearTimeout(timer);
          timers.delete(timer);
        });
      } else answer(response, recorded, reply);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // A test file's process ends when its tests do, whether or not it closed the stand-in.
  server.unref();
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    route(path, ...replies) {
      if (replies.length === 0) throw new Error('a route needs at least one reply');
      routes = routes.filter((r) => String(r.path) !== String(path));
      routes.push({ path, replies, used: 0 });
    },
    reset() {
      routes = [];
      log = [];
    },
    requests: (path) => (path === undefined ? [...log] : log.filter((r) => r.path === path)),
    assertAllUsed() {
      const unused = routes.filter((r) => typeof r.path === 'string' && r.used < r.replies.length).map((r) => `${r.path} (${r.used} of ${r.replies.length} replies used)`);
      if (unused.length) throw new Error(`replies not used: ${unused.join(', ')}`);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
