// A loopback stand-in for the state's servers, on a real socket: a route table of replies, a log
// of every request, ETag and Last-Modified answered with 304, and the ways a server misbehaves
// (status sequences, delays, a connection reset, a body that stalls or drips for ever, a host that
// never answers). serveTransparencyApi() speaks the state's Transparency API in its real shapes.
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
  /** Never answer: the connection stays open and silent (a host that hangs). */
  hang?: true;
  /** After the body, keep the response open and send nothing more. */
  stall?: true;
  /** After the body, send this chunk every `everyMs` for ever. */
  drip?: { chunk: string; everyMs: number };
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The path with its query string (`/FacilityReports?facNum=...&inx=0`). */
  url: string;
  /** When it arrived (performance.now()): how long a client waited between attempts. */
  at: number;
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
  /**
   * What `path` answers: request n gets reply n, and the last reply repeats. Replaces an earlier
   * route for the same path. A path with a query string (`/FacilityReports?facNum=1&inx=0`) is
   * matched first, against the request's path and query as sent.
   */
  route(path: string | RegExp, ...replies: Responder[]): void;
  /** Forgets every route and the request log (between runs, as the state's files change). */
  reset(): void;
  /** Requests received since the last reset, in order; only those to `path` (or path and query) when given. */
  requests(path?: string): RecordedRequest[];
  /** The most requests that were in flight at once since the last reset. */
  readonly mostInFlight: number;
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

  function find(url: string, path: string): Route | undefined {
    return routes.find((r) => r.path === url) ?? routes.find((r) => r.path === path) ?? routes.find((r) => r.path instanceof RegExp && r.path.test(path));
  }
  let inFlight = 0;
  let mostInFlight = 0;

  function answer(response: ServerResponse, recorded: RecordedRequest, reply: Reply): void {
    if (reply.reset) {
      response.socket?.destroy();
      return;
    }
    if (reply.hang) return;
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
      const recorded: RecordedRequest = { method: request.method ?? 'GET', path: url.pathname, url: url.pathname + url.search, at: performance.now(), query: url.searchParams, headers: request.headers, body: Buffer.concat(chunks), status: null };
      log.push(recorded);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      response.on('close', () => (inFlight -= 1));
      const route = find(recorded.url, recorded.path);
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
      mostInFlight = inFlight;
    },
    requests: (path) => (path === undefined ? [...log] : log.filter((r) => r.path === path || r.url === path)),
    get mostInFlight() {
      return mostInFlight;
    },
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

// ---- the state's Transparency API, in the shapes it serves -----------------------------------

/** Where the Transparency API answers under its base (the real one, a mirror, or this stand-in). */
export const TRANSPARENCY_PATHS = {
  detail: (license: string) => `/FacilityDetail/${license}`,
  index: (license: string) => `/FacilityReports/${license}`,
  report: (license: string, position: number) => `/FacilityReports?facNum=${license}&inx=${position}`,
};

const DETAIL_COUNTS = ['NBRINSPVISITS', 'NBRCMPLTVISITS', 'NBROTHERVISITS', 'TOTCMPVISITS', 'NBRINSPTYPA', 'NBRINSPTYPB', 'NBROTHERTYPA', 'NBROTHERTYPB', 'NBRCMPLTTYPA', 'NBRCMPLTTYPB'];
const DETAIL_TEXTS = ['FACILITYNAME', 'LASTVISITDATE', 'VSTDATEALL', 'VSTDATECMPLT', 'VSTDATEINSP', 'VSTDATEOTHER', 'CLIENTSERVED1', 'CLIENTSERVED2', 'CLIENTSERVED3', 'CLIENTSERVED4', 'CLIENTSERVED5', 'CLIENTSERVED6', 'COMMENTS'];
const TSO = { DISTRICTOFFICE: 'OAKLAND ASC', ADDRESS: '1515 CLAY STREET, SUITE 310', CITY: 'OAKLAND', ZIPCODE: '94612', TELEPHONE: '(510) 622-2602' };

/**
 * `FacilityDetail/{license}`: `{"FacilityDetail": {...}, "TSO": {...}}` with every value a string.
 * Counts default to "0", STATUS to `Licensed`; TOTTYPEA/B are the complaint figures (NBRCMPLTTYPA/B).
 */
export function facilityDetailJson(license: string, fields: Record<string, string | number> = {}): string {
  const detail: Record<string, string> = { FACILITYNUMBER: license, STATUS: 'Licensed' };
  for (const key of DETAIL_TEXTS) detail[key] = '';
  for (const key of DETAIL_COUNTS) detail[key] = '0';
  for (const [key, value] of Object.entries(fields)) detail[key] = String(value);
  detail.TOTTYPEA ??= detail.NBRCMPLTTYPA!;
  detail.TOTTYPEB ??= detail.NBRCMPLTTYPB!;
  detail.COMPLAINTARRAY ??= '';
  return JSON.stringify({ FacilityDetail: detail, TSO });
}

/** What the service answers for a license it does not know: 200, every value an empty string, STATUS "". */
export function unknownFacilityDetailJson(): string {
  const detail: Record<string, string> = { FACILITYNUMBER: '', STATUS: '', TOTTYPEA: '', TOTTYPEB: '' };
  for (const key of [...DETAIL_TEXTS, ...DETAIL_COUNTS]) detail[key] = '';
  return JSON.stringify({ FacilityDetail: detail, TSO: Object.fromEntries(Object.keys(TSO).map((key) => [key, ''])) });
}

export interface ReportEntry {
  control?: string;
  /** MM/DD/YYYY */
  date: string;
  title: string;
  type: 'Inspection' | 'Complaint' | 'Other';
}

/** `FacilityReports/{license}`: REPORTPAGE is a URL on the state's internal host, which no one outside can fetch. */
export function facilityReportsJson(license: string, entries: readonly ReportEntry[]): string {
  return JSON.stringify({
    COUNT: entries.length,
    REPORTARRAY: entries.map((e, position) => ({
      CONTROLNUMBER: e.control ?? '',
      FACILITYNUMBER: license,
      REPORTDATE: e.date,
      REPORTTITLE: e.title,
      REPORTTYPE: e.type,
      REPORTPAGE: `http://ccldinternal.dss.local/transparencyapi/api/FacilityReports?facNum=${license}&inx=${position}`,
    })),
  });
}

/** One license on the Transparency API: its detail, its index, and its report pages by position. */
export interface TransparencyHome {
  detail: string;
  index: string;
  reports?: Record<number, string>;
}

/**
 * Routes the Transparency API for these licenses; any other license answers `otherDetail` (by
 * default a Licensed detail with no visits) and an empty index.
 */
export function serveTransparencyApi(server: StateServer, homes: Record<string, TransparencyHome>, otherDetail: (license: string) => string = (license) => facilityDetailJson(license)): void {
  for (const [license, home] of Object.entries(homes)) {
    server.route(TRANSPARENCY_PATHS.detail(license), { body: home.detail });
    server.route(TRANSPARENCY_PATHS.index(license), { body: home.index });
    for (const [position, html] of Object.entries(home.reports ?? {})) server.route(TRANSPARENCY_PATHS.report(license, Number(position)), { body: html });
  }
  server.route(/^\/FacilityDetail\/\d{9}$/, (request) => ({ body: otherDetail(request.path.split('/')[2]!) }));
  server.route(/^\/FacilityReports\/\d{9}$/, (request) => ({ body: facilityReportsJson(request.path.split('/')[2]!, []) }));
}
