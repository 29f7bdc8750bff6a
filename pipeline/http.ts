// The pipeline's one outbound HTTP client. Every request to a state server goes through here:
// bounded concurrency (overall and per host), a User-Agent naming the service and its operator, pacing, timeouts for headers and for a stalled body, retries with backoff on
// network errors, 429 and 5xx, conditional requests from the previous run's validators, deadlines.
// Built on undici's own request() on one Agent: a state-scale run makes ~77,000 requests, and
// fetch() costs about three times its CPU per request.
import { Agent, request, type Dispatcher } from 'undici';
import { getMaxListeners, setMaxListeners } from 'node:events';
import pLimit from 'p-limit';
import type { HttpConfig } from './config.ts';

export interface Validators {
  etag?: string | null;
  lastModified?: string | null;
}

/** What a successful request yields: the consumer's result, or nothing new since the validators. */
export type HttpResult<T> = (
  | { status: 'fetched'; value: T; etag: string | null; lastModified: string | null; /** The response's `Date` header. */ served: string | null }
  | { status: 'not_modified' }
) & { attempts: number };

/** A response body: a Node Readable (iterate it for Buffers) with `.text()`, `.json()`, `.arrayBuffer()`. */
export type ResponseBody = Dispatcher.ResponseData['body'];

/** Reads a response body; a failure while reading (a stall, a reset) is retried like any other. */
export type BodyConsumer<T> = (body: ResponseBody) => Promise<T>;

export class FetchFailed extends Error {
  constructor(
    readonly url: string,
    readonly attempts: number,
    readonly lastProblem: string,
  ) {
    super(`Could not fetch ${url} after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${lastProblem}`);
    this.name = 'FetchFailed';
  }
}

export interface HttpClient {
  /** `deadline`, when aborted, ends the request at once (body included) with no further attempt. */
  get<T>(url: string, consume: BodyConsumer<T>, validators?: Validators, deadline?: AbortSignal): Promise<HttpResult<T>>;
  /**
   * A multipart form POST with the same retries, timeouts and deadlines (no validators): the
   * consumer's value, or FetchFailed. Only for endpoints where sending the form twice is harmless.
   */
  post<T>(url: string, body: FormData, consume: BodyConsumer<T>, deadline?: AbortSignal): Promise<T>;
  /**
   * A GET of an API that explains a refusal in its body (CKAN's `{success: false, error}` comes
   * with 403, 404 or 409): the consumer reads the body whatever the status, except 429 and 5xx,
   * which are retried like any other request. No validators.
   */
  ask<T>(url: string, consume: BodyConsumer<T>, deadline?: AbortSignal): Promise<{ status: number; value: T }>;
  /** Requests made so far (every attempt counts), for the run report and benchmarks. */
  readonly requestsMade: number;
  close(): Promise<void>;
}

/** Waits `ms`, or less when `signal` is aborted first (a deadline ends a wait between attempts too). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** The User-Agent: the service's name, and the operator's address when one is set (`name (+contact)`). */
export function userAgentOf(config: Pick<HttpConfig, 'userAgent' | 'contact'>): string {
  return config.contact ? `${config.userAgent} (+${config.contact})` : config.userAgent;
}

/** Requests in flight to one host unless the configuration says otherwise: the state's site is asked at most two at a time. */
export const PER_HOST_CONCURRENCY = 2;

/** Redirect statuses followed by hand (send, below), at most MAX_REDIRECTS hops. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** Seconds from a Retry-After header (delta or date), capped so a bad header cannot stall a run. */
export function retryAfterMs(value: string | null, capMs: number): number | null {
  if (!value) return null;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, capMs) : null;
}

/** One line for the run report: undici's timeout errors in the operator's terms, with any cause. */
function describe(error: unknown, timeoutMs: number): string {
  const code = (error as { code?: string })?.code;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return `no response within ${timeoutMs} ms`;
  if (code === 'UND_ERR_BODY_TIMEOUT') return `body stalled for ${timeoutMs} ms`;
  const cause = (error as Error & { cause?: Error }).cause;
  const message = (error as Error)?.message ?? String(error);
  return cause?.message ? `${message} (${cause.message})` : message;
}

/** A GET's answer before its attempts are counted. */
type Answer<T> = { status: 'fetched'; value: T; etag: string | null; lastModified: string | null; served: string | null } | { status: 'not_modified' };

type Outcome<T> = { done: true; result: T } | { done: false; problem: string; retryAfter: string | null; retryable: boolean };

/** `runDeadline` bounds every request of the client (the per-run deadline). */
export function createHttpClient(config: HttpConfig, runDeadline?: AbortSignal): HttpClient {
  const limit = pLimit(config.concurrency);
  // A host's own bound comes first, so a request waiting for its host holds no slot another host could use.
  const hostLimits = new Map<string, ReturnType<typeof pLimit>>();
  const perHost = config.perHostConcurrency ?? PER_HOST_CONCURRENCY;
  function bounded<T>(url: string, task: () => Promise<T>): Promise<T> {
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      host = '';
    }
    let hostLimit = hostLimits.get(host);
    if (!hostLimit) hostLimits.set(host, (hostLimit = pLimit(perHost)));
    return hostLimit(() => limit(task));
  }
  // undici adds one abort listener per request in flight: up to `concurrency` on the run's signal, no leak to warn of.
  if (runDeadline) setMaxListeners(Math.max(getMaxListeners(runDeadline), config.concurrency + 10), runDeadline);
  const agent = new Agent({
    connections: config.concurrency,
    // The Agent's own timers: no response headers in time, or no body bytes for this long (a
    // stalled body errors its stream, so the consumer's read fails instead of hanging).
    headersTimeout: config.timeoutMs,
    bodyTimeout: config.timeoutMs,
    connect: { timeout: config.timeoutMs },
    // Counted on the wire as the body arrives: a larger or endless body ends there, never on disk or in memory.
    maxResponseSize: config.maxFileBytes ?? -1,
  });
  const dispatcher: Dispatcher = agent;
  const redirectHosts = new Set((config.redirectHosts ?? []).map((host) => host.toLowerCase()));
  let requestsMade = 0;
  let nextStart = 0;
  /** Spaces request starts at least minIntervalMs apart, across every caller. */
  async function pace(): Promise<void> {
    if (config.minIntervalMs <= 0) return;
    const now = Date.now();
    const startAt = Math.max(now, nextStart);
    nextStart = startAt + config.minIntervalMs;
    if (startAt > now) await sleep(startAt - now);
  }

  const baseHeaders = { 'user-agent': userAgentOf(config), accept: '*/*' };

  /**
   * One request, following redirects by hand (a portal's download link often answers 302 to its
   * file store), but only on the host asked or a host the configuration names: an upstream that
   * points elsewhere (an internal address, another site) fails the source with its reason, and
   * nothing of ours is sent there.
   */
  async function send(url: string, options: Omit<Dispatcher.RequestOptions, 'origin' | 'path' | 'method'> & { method?: Dispatcher.HttpMethod }): Promise<Dispatcher.ResponseData> {
    const asked = new URL(url);
    let current = asked;
    for (let hop = 0; ; hop += 1) {
      const response = await request(current, { ...options, dispatcher });
      const location = header(response.headers, 'location');
      if (!REDIRECTS.has(response.statusCode) || location === null) return response;
      await response.body.dump();
      if (hop === MAX_REDIRECTS) throw new FetchFailed(url, 1, `more than ${MAX_REDIRECTS} redirects`);
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        throw new FetchFailed(url, 1, `redirected to an unreadable address (${location.slice(0, 120)})`);
      }
      if (!/^https?:$/.test(next.protocol)) throw new FetchFailed(url, 1, `redirected to a ${next.protocol} address, which is never followed`);
      if (next.host.toLowerCase() !== asked.host.toLowerCase() && !redirectHosts.has(next.host.toLowerCase()) && !redirectHosts.has(next.hostname.toLowerCase())) {
        throw new FetchFailed(
          url,
          1,
          `redirected to another host (${next.host}), which is not followed: only ${asked.host}${redirectHosts.size ? ` and ${[...redirectHosts].join(', ')}` : ''} (http.redirectHosts in pipeline.config.ts names the others)`,
        );
      }
      // A 303 (and, as browsers do, a 301 or 302 after a POST) asks for the new address with a GET.
      if (options.method === 'POST' && response.statusCode !== 307 && response.statusCode !== 308) options = { ...options, method: 'GET', body: undefined };
      current = next;
    }
  }

  /** Both deadlines as one signal; no new signal when there is only one (the common case). */
  function deadlineFor(sourceDeadline: AbortSignal | undefined): AbortSignal | undefined {
    if (runDeadline && sourceDeadline) return AbortSignal.any([runDeadline, sourceDeadline]);
    return runDeadline ?? sourceDeadline;
  }

  /**
   * Attempts until one settles the request: `once` makes one attempt and says whether it finished,
   * or what went wrong and whether another attempt may help. A passed deadline ends it at once.
   */
  async function withRetries<T>(url: string, deadline: AbortSignal | undefined, once: (signal: AbortSignal | undefined) => Promise<Outcome<T>>): Promise<{ result: T; attempts: number }> {
    const maxAttempts = config.retries + 1;
    const checkDeadline = (attemptNo: number) => {
      if (deadline?.aborted) throw new FetchFailed(url, attemptNo, (deadline.reason as Error)?.message ?? 'deadline passed');
    };
    let lastProblem = '';
    for (let attemptNo = 1; attemptNo <= maxAttempts; attemptNo += 1) {
      let waitMs = config.backoffMs * 2 ** (attemptNo - 1) * (0.75 + Math.random() * 0.5);
      checkDeadline(attemptNo - 1);
      await pace();
      requestsMade += 1;
      try {
        const outcome = await once(deadline);
        if (outcome.done) return { result: outcome.result, attempts: attemptNo };
        lastProblem = outcome.problem;
        if (!outcome.retryable) throw new FetchFailed(url, attemptNo, lastProblem);
        waitMs = retryAfterMs(outcome.retryAfter, 60_000) ?? waitMs;
      } catch (error) {
        if (error instanceof FetchFailed) throw error;
        if ((error as { code?: string })?.code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') throw new FetchFailed(url, attemptNo, tooLarge('its body passed'));
        checkDeadline(attemptNo);
        lastProblem = describe(error, config.timeoutMs);
      }
      if (attemptNo < maxAttempts) await sleep(waitMs, deadline);
    }
    throw new FetchFailed(url, maxAttempts, lastProblem);
  }

  const tooLarge = (what: string) => `${what} the ${config.maxFileBytes} bytes a download may have (http.maxFileBytes); nothing of it is kept`;

  /** A 2xx answer that announces a body over the cap is refused before any of it is read. */
  function announcedTooLarge(response: Dispatcher.ResponseData): string | null {
    const length = Number(header(response.headers, 'content-length') ?? NaN);
    if (config.maxFileBytes === undefined || !(length > config.maxFileBytes)) return null;
    response.body.destroy();
    return tooLarge(`it announces ${length} bytes, over`);
  }

  /** A response that is not the wanted one: its body is let go, and whether to retry is said. */
  async function refused<T>(response: Dispatcher.ResponseData): Promise<Outcome<T>> {
    await response.body.dump();
    return {
      done: false,
      problem: `HTTP ${response.statusCode}`,
      retryAfter: header(response.headers, 'retry-after'),
      retryable: isRetryableStatus(response.statusCode),
    };
  }

  /** Runs the consumer on a 2xx body; a consumer that fails leaves no half-read socket behind. */
  async function consumeBody<T>(body: ResponseBody, consume: BodyConsumer<T>): Promise<T> {
    try {
      return await consume(body);
    } catch (error) {
      body.destroy();
      throw error;
    }
  }

  async function get<T>(url: string, consume: BodyConsumer<T>, validators?: Validators, sourceDeadline?: AbortSignal): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...baseHeaders };
    if (validators?.etag) headers['if-none-match'] = validators.etag;
    if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
    const { result, attempts } = await withRetries(url, deadlineFor(sourceDeadline), async (signal): Promise<Outcome<Answer<T>>> => {
      const response = await send(url, { headers, signal });
      if (response.statusCode === 304) {
        await response.body.dump();
        return { done: true, result: { status: 'not_modified' } };
      }
      if (response.statusCode < 200 || response.statusCode >= 300) return refused(response);
      const oversized = announcedTooLarge(response);
      if (oversized) return { done: false, problem: oversized, retryAfter: null, retryable: false };
      const value = await consumeBody(response.body, consume);
      const etag = header(response.headers, 'etag');
      const lastModified = header(response.headers, 'last-modified');
      return { done: true, result: { status: 'fetched', value, etag, lastModified, served: header(response.headers, 'date') } };
    });
    return { ...result, attempts };
  }

  async function ask<T>(url: string, consume: BodyConsumer<T>, deadline?: AbortSignal): Promise<{ status: number; value: T }> {
    const { result } = await withRetries(url, deadlineFor(deadline), async (signal): Promise<Outcome<{ status: number; value: T }>> => {
      const response = await send(url, { headers: baseHeaders, signal });
      if (isRetryableStatus(response.statusCode)) return refused(response);
      return { done: true, result: { status: response.statusCode, value: await consumeBody(response.body, consume) } };
    });
    return result;
  }

  async function post<T>(url: string, form: FormData, consume: BodyConsumer<T>, deadline?: AbortSignal): Promise<T> {
    // Encoded once, sent whole on every attempt. (The global FormData is not undici 7's: Response encodes either.)
    const encoded = new Response(form);
    const headers = { ...baseHeaders, 'content-type': encoded.headers.get('content-type')! };
    const body = Buffer.from(await encoded.arrayBuffer());
    const { result } = await withRetries(url, deadlineFor(deadline), async (signal): Promise<Outcome<T>> => {
      const response = await send(url, { method: 'POST', headers, body, signal });
      if (response.statusCode < 200 || response.statusCode >= 300) return refused(response);
      return { done: true, result: await consumeBody(response.body, consume) };
    });
    return result;
  }

  return {
    get: (url, consume, validators, deadline) => bounded(url, () => get(url, consume, validators, deadline)),
    post: (url, body, consume, deadline) => bounded(url, () => post(url, body, consume, deadline)),
    ask: (url, consume, deadline) => bounded(url, () => ask(url, consume, deadline)),
    get requestsMade() {
      return requestsMade;
    },
    close: () => agent.close(),
  };
}
