// The crawler's one client for the state's site: at most two requests in flight (p-queue, the
// most urgent first), their starts paced, a User-Agent naming a contact, Retry-After honoured, a
// few retries with backoff for the odd failure, and a circuit breaker (cockatiel) for a host that
// is down: after a few consecutive connection failures, resets, timeouts or 5xx answers it stops
// asking, waits (doubling, up to an hour), tries one request, and resumes when it answers. Every
// answer is bounded: a body is streamed and dropped past its kind's cap (never buffered beyond
// it), the whole answer has a deadline, and stopping aborts what is in flight.
import { Agent, request } from 'undici';
import PQueue from 'p-queue';
import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  ExponentialBackoff,
  circuitBreaker,
  handleWhen,
  noJitterGenerator,
  retry,
  wrap,
  type CircuitBreakerPolicy,
} from 'cockatiel';
import { retryAfterMs, sleep, userAgentOf } from '../pipeline/http.ts';
import type { CrawlSettings, HttpConfig } from '../pipeline/config.ts';

/** A failure that says the host may be down: it counts toward the breaker and is retried. */
export class HostFailure extends Error {
  override name = 'HostFailure';
}

/** The host is paused (the breaker is open): nothing was asked. The home waits; it is not its failure. */
export class HostPaused extends Error {
  override name = 'HostPaused';
  constructor(readonly since: string) {
    super(`the state's site is paused (unreachable since ${since})`);
  }
}

/** An answer that is not the document (404, 400...): not retried, not the host's failure. */
export class Refused extends Error {
  override name = 'Refused';
}

/** An answer past its size cap or its deadline: that document's failure, not retried, not the host's. */
export class Unreadable extends Refused {
  override name = 'Unreadable';
}

/** How much of one answer is read, and for how long. */
export interface ReadLimits {
  maxBytes: number;
  deadlineMs: number;
}

const megabytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MB` : `${Math.round(bytes / 1024)} KB`);

/** The host asked us to wait (429, or 503 with Retry-After). */
class AskedToWait extends Error {
  constructor(readonly waitMs: number) {
    super(`asked to wait ${Math.round(waitMs / 1000)} s`);
  }
}

export interface PauseState {
  /** When the host last stopped answering. */
  since: string;
  lastFailure: string;
  /** When one trial request is next made. */
  nextTryAt: string;
}

export interface PoliteClient {
  /** The body of a 2xx answer. Throws HostPaused, HostFailure (after its retries), Refused or Unreadable; `signal` aborts it, in flight or queued. */
  read(url: string, priority: number, limits: ReadLimits, signal?: AbortSignal): Promise<string>;
  /** Null while the host answers. */
  readonly paused: PauseState | null;
  readonly inFlight: number;
  readonly requests: number;
  readonly answered: number;
  /** Resolves once the host may be asked again (at once when it is not paused). */
  untilAskable(signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

export function createPoliteClient(http: HttpConfig, settings: CrawlSettings, log: (line: string) => void = () => {}): PoliteClient {
  const perHost = http.perHostConcurrency ?? 2;
  const agent = new Agent({ connections: perHost, headersTimeout: http.timeoutMs, bodyTimeout: http.timeoutMs, connect: { timeout: http.timeoutMs } });
  const queue = new PQueue({ concurrency: perHost, ...(http.minIntervalMs > 0 ? { interval: http.minIntervalMs, intervalCap: 1, strict: true } : {}) });
  const headers = { 'user-agent': userAgentOf(http), accept: 'application/json, text/html;q=0.9, */*;q=0.5' };

  const breaker: CircuitBreakerPolicy = circuitBreaker(handleWhen((error) => error instanceof HostFailure), {
    halfOpenAfter: new ExponentialBackoff({ initialDelay: settings.pauseFirstMs, maxDelay: settings.pauseMaxMs, generator: noJitterGenerator }),
    breaker: new ConsecutiveBreaker(settings.pauseAfterFailures),
  });
  // Retries are for the odd failure; once the breaker opens, BrokenCircuitError is not retried.
  const retrying = retry(handleWhen((error) => error instanceof HostFailure), {
    maxAttempts: http.retries,
    backoff: new ExponentialBackoff({ initialDelay: http.backoffMs, maxDelay: 30_000 }),
  });
  const policy = wrap(retrying, breaker);

  let paused: PauseState | null = null;
  let pauseMs = settings.pauseFirstMs;
  let lastFailure = '';
  let inFlight = 0;
  let requests = 0;
  let answered = 0;
  breaker.onBreak(() => {
    const now = Date.now();
    paused = { since: paused?.since ?? new Date(now).toISOString(), lastFailure, nextTryAt: new Date(now + pauseMs).toISOString() };
    log(`state site unreachable since ${paused.since} (${lastFailure}): paused, one request again at ${paused.nextTryAt}`);
    pauseMs = Math.min(pauseMs * 2, settings.pauseMaxMs);
  });
  breaker.onReset(() => {
    if (paused) log(`state site answers again (unreachable since ${paused.since}): resumed`);
    paused = null;
    pauseMs = settings.pauseFirstMs;
  });

  /** The body, read chunk by chunk and given up past the cap: a host can make us hold no more than that. */
  async function boundedText(body: AsyncIterable<Buffer> & { destroy(error?: Error): unknown }, declaredLength: string | string[] | undefined, limits: ReadLimits): Promise<string> {
    const tooLarge = () => new Unreadable(`the answer is larger than the ${megabytes(limits.maxBytes)} read of one such document`);
    const declared = Number(Array.isArray(declaredLength) ? declaredLength[0] : declaredLength);
    if (Number.isFinite(declared) && declared > limits.maxBytes) {
      body.destroy();
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > limits.maxBytes) {
        body.destroy();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, size).toString('utf8');
  }

  async function once(url: string, limits: ReadLimits, stop?: AbortSignal): Promise<string> {
    inFlight += 1;
    requests += 1;
    // One controller per request, ended by the deadline or by stopping (no listener left on the long-lived stop signal).
    const ended = new AbortController();
    let pastDeadline = false;
    const deadline = setTimeout(() => {
      pastDeadline = true;
      ended.abort();
    }, limits.deadlineMs);
    const onStop = () => ended.abort();
    stop?.addEventListener('abort', onStop, { once: true });
    if (stop?.aborted) ended.abort();
    const signal = ended.signal;
    try {
      const response = await request(url, { dispatcher: agent, headers, signal });
      const status = response.statusCode;
      if (status >= 200 && status < 300) {
        const body = await boundedText(response.body, response.headers['content-length'], limits);
        answered += 1;
        return body;
      }
      await response.body.dump();
      const header = response.headers['retry-after'];
      const wait = retryAfterMs((Array.isArray(header) ? header[0] : header) ?? null, settings.pauseMaxMs);
      if (status === 429 || (status === 503 && wait !== null)) throw new AskedToWait(wait ?? settings.pauseFirstMs);
      if (status >= 500) throw new HostFailure(`HTTP ${status}`);
      answered += 1;
      throw new Refused(`HTTP ${status}`);
    } catch (error) {
      if (error instanceof AskedToWait || error instanceof Refused || error instanceof HostFailure) throw error;
      if (stop?.aborted) throw stop.reason ?? error;
      // One document that will not finish (a trickle): its own failure, not the host's; nothing more of it is read.
      if (pastDeadline) throw new Unreadable(`no whole answer within ${Math.round(limits.deadlineMs / 1000)} s (headers and body)`);
      // No answer at all (refused, reset, timed out, a body cut short): the host's failure.
      const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      throw new HostFailure(`${code ?? (error as Error).name}: ${(error as Error).message}`);
    } finally {
      clearTimeout(deadline);
      stop?.removeEventListener('abort', onStop);
      inFlight -= 1;
    }
  }

  async function attempt(url: string, limits: ReadLimits, signal?: AbortSignal): Promise<string> {
    // A host that asks us to wait is waited for, the whole queue with it, a few times at most.
    for (let waits = 0; ; waits += 1) {
      try {
        return await policy.execute(async () => {
          try {
            return await once(url, limits, signal);
          } catch (error) {
            if (error instanceof HostFailure) lastFailure = error.message;
            throw error;
          }
        }, signal);
      } catch (error) {
        if (error instanceof BrokenCircuitError) throw new HostPaused(paused?.since ?? new Date().toISOString());
        if (!(error instanceof AskedToWait) || waits >= 3) throw error instanceof AskedToWait ? new HostFailure(error.message) : error;
        log(`state site ${error.message}: waiting before asking again`);
        queue.pause();
        try {
          await sleep(error.waitMs, signal);
        } finally {
          queue.start();
        }
      }
    }
  }

  return {
    read: (url, priority, limits, signal) => queue.add(() => attempt(url, limits, signal), { priority, signal }) as Promise<string>,
    get paused() {
      return paused;
    },
    get inFlight() {
      return inFlight;
    },
    get requests() {
      return requests;
    },
    get answered() {
      return answered;
    },
    async untilAskable(signal) {
      while (!signal?.aborted && breaker.state === CircuitState.Open && paused) {
        await sleep(Math.max(50, Date.parse(paused.nextTryAt) - Date.now()), signal);
        // The breaker lets one trial through once its wait is over: the caller makes it.
        if (Date.now() >= Date.parse(paused.nextTryAt)) return;
      }
    },
    async close() {
      queue.clear();
      await queue.onIdle();
      await agent.close();
    },
  };
}
