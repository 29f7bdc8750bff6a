// The pipeline's one outbound HTTP client. Every request to a state server goes through here:
// bounded concurrency, a timeout that also fires on a stalled body, retries with backoff on
// network errors, 429 and 5xx, and conditional requests from the previous run's validators.
// Retries live here rather than in a dispatcher interceptor so that tests (nock) exercise them.
import { Agent } from 'undici';
import pLimit from 'p-limit';
import type { HttpConfig } from './config.ts';

export interface Validators {
  etag?: string | null;
  lastModified?: string | null;
}

/** What a successful request yields: the consumer's result, or nothing new since the validators. */
export type HttpResult<T> =
  | { status: 'fetched'; value: T; etag: string | null; lastModified: string | null; attempts: number }
  | { status: 'not_modified'; attempts: number };

/** Reads a response body; a failure while reading (a stall, a reset) is retried like any other. */
export type BodyConsumer<T> = (body: ReadableStream<Uint8Array>) => Promise<T>;

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
  /** A form POST (the Census batch geocoder), paced, timed out and retried like get. */
  post<T>(url: string, body: FormData, consume: BodyConsumer<T>, deadline?: AbortSignal): Promise<T>;
  /** Requests made so far (every attempt counts), for the run report and benchmarks. */
  readonly requestsMade: number;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Seconds from a Retry-After header (delta or date), capped so a bad header cannot stall a run. */
function retryAfterMs(header: string | null, capMs: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, capMs) : null;
}

/** `runDeadline` bounds every request of the client (the per-run deadline). */
export function createHttpClient(config: HttpConfig, runDeadline?: AbortSignal): HttpClient {
  const limit = pLimit(config.concurrency);
  const dispatcher = new Agent({
    connections: config.concurrency,
    headersTimeout: config.timeoutMs,
    bodyTimeout: config.timeoutMs,
    connect: { timeout: config.timeoutMs },
  });
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

  async function attempt(url: string, validators: Validators | undefined, deadline: AbortSignal | undefined): Promise<Response> {
    const headers: Record<string, string> = { 'user-agent': config.userAgent, accept: '*/*' };
    if (validators?.etag) headers['if-none-match'] = validators.etag;
    if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
    await pace();
    requestsMade += 1;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`no response within ${config.timeoutMs} ms`)), config.timeoutMs);
    try {
      // Global fetch with an undici Agent as dispatcher: nock (tests) intercepts it, undici pools it.
      const signal = deadline ? AbortSignal.any([controller.signal, deadline]) : controller.signal;
      const init = { headers, signal, dispatcher };
      return await fetch(url, init as unknown as RequestInit);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Wraps a body so that a stall longer than the timeout errors the stream instead of hanging. */
  function withIdleTimeout(body: ReadableStream<Uint8Array>, url: string): ReadableStream<Uint8Array> {
    const reader = body.getReader();
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        let timer: NodeJS.Timeout | undefined;
        const stalled = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`${url}: body stalled for ${config.timeoutMs} ms`)),
            config.timeoutMs,
          );
        });
        try {
          const { done, value } = await Promise.race([reader.read(), stalled]);
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          void reader.cancel(error).catch(() => {});
          controller.error(error);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
  }

  async function get<T>(url: string, consume: BodyConsumer<T>, validators?: Validators, sourceDeadline?: AbortSignal): Promise<HttpResult<T>> {
    let lastProblem = '';
    const maxAttempts = config.retries + 1;
    const deadlines = [runDeadline, sourceDeadline].filter((signal): signal is AbortSignal => signal !== undefined);
    const deadline = deadlines.length ? AbortSignal.any(deadlines) : undefined;
    /** A passed deadline ends the request: no retry can beat it. */
    const checkDeadline = (attemptNo: number) => {
      if (deadline?.aborted) throw new FetchFailed(url, attemptNo, (deadline.reason as Error)?.message ?? 'deadline passed');
    };
    for (let attemptNo = 1; attemptNo <= maxAttempts; attemptNo += 1) {
      let waitMs = config.backoffMs * 2 ** (attemptNo - 1) * (0.75 + Math.random() * 0.5);
      checkDeadline(attemptNo - 1);
      try {
        const response = await attempt(url, validators, deadline);
        if (response.status === 304) {
          await response.body?.cancel();
          return { status: 'not_modified', attempts: attemptNo };
        }
        if (response.ok && response.body) {
          const value = await consume(withIdleTimeout(response.body, url));
          return {
            status: 'fetched',
            value,
            etag: response.headers.get('etag'),
            lastModified: response.headers.get('last-modified'),
            attempts: attemptNo,
          };
        }
        await response.body?.cancel();
        lastProblem = `HTTP ${response.status}`;
        if (!isRetryableStatus(response.status)) throw new FetchFailed(url, attemptNo, lastProblem);
        waitMs = retryAfterMs(response.headers.get('retry-after'), 60_000) ?? waitMs;
      } catch (error) {
        if (error instanceof FetchFailed) throw error;
        checkDeadline(attemptNo);
        const cause = (error as Error & { cause?: Error }).cause;
        const message = (error as Error)?.message ?? String(error);
        lastProblem = cause?.message ? `${message} (${cause.message})` : message;
      }
      if (attemptNo < maxAttempts) await sleep(waitMs);
    }
    throw new FetchFailed(url, maxAttempts, lastProblem);
  }

  /** Minimal stand-in until the undici request() client (branch h14-http) replaces this file. */
  async function post<T>(url: string, body: FormData, consume: BodyConsumer<T>, sourceDeadline?: AbortSignal): Promise<T> {
    const deadline = AbortSignal.any([runDeadline, sourceDeadline].filter((signal): signal is AbortSignal => signal !== undefined));
    let lastProblem = '';
    let attempts = 0;
    while (attempts <= config.retries && !deadline.aborted) {
      if (attempts > 0) await sleep(config.backoffMs * 2 ** (attempts - 1));
      attempts += 1;
      await pace();
      requestsMade += 1;
      try {
        const signal = AbortSignal.any([AbortSignal.timeout(config.timeoutMs), deadline]);
        const response = await fetch(url, { method: 'POST', body, headers: { 'user-agent': config.userAgent }, signal, dispatcher } as unknown as RequestInit);
        if (response.ok && response.body) return await consume(withIdleTimeout(response.body, url));
        await response.body?.cancel();
        lastProblem = `HTTP ${response.status}`;
        if (!isRetryableStatus(response.status)) break;
      } catch (error) {
        lastProblem = (error as Error)?.message ?? String(error);
      }
    }
    throw new FetchFailed(url, attempts, deadline.aborted ? ((deadline.reason as Error)?.message ?? 'deadline passed') : lastProblem);
  }

  return {
    get: (url, consume, validators, deadline) => limit(() => get(url, consume, validators, deadline)),
    post: (url, body, consume, deadline) => limit(() => post(url, body, consume, deadline)),
    get requestsMade() {
      return requestsMade;
    },
    close: () => dispatcher.close(),
  };
}
