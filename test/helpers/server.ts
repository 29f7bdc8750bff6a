// A real server for the tests: hapi on a free loopback port over a real snapshot folder.
import { createServer, type App } from '../../serve/server.ts';
import { settingsFromEnv, type Settings } from '../../serve/http/settings.ts';
import { snapshotDir } from './snapshot.ts';

export const BASE_URL = 'https://care.example';

/** Budgets no ordinary test reaches; rate-limit tests pass their own (the defaults among them). */
const ROOMY_LIMITS = { windowMs: 60_000, apiV1: 1_000_000, apiAll: 1_000_000, check: 1_000_000 };

export interface TestServer {
  url: string;
  dir: string;
  app: App;
  close(): Promise<void>;
}

export async function startServer(overrides: Partial<Settings> = {}): Promise<TestServer> {
  const dir = overrides.snapshotsDir ?? (await snapshotDir());
  const settings: Settings = {
    ...settingsFromEnv({}),
    port: 0,
    host: '127.0.0.1',
    baseUrl: BASE_URL,
    logLevel: 'silent',
    snapshotPollMs: 3_600_000,
    overlayPollMs: 3_600_000,
    rateLimits: ROOMY_LIMITS,
    ...overrides,
    snapshotsDir: dir,
  };
  const app = await createServer(settings);
  return { url: app.url, dir, app, close: () => app.close() };
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

/** One HTTP request; the body is parsed when it is JSON. */
export async function call(url: string, init: RequestInit = {}): Promise<Reply> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return call(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/**
 * For property tests: the status is one of `allowed`; an error is exactly {"error": string} with
 * no-store; a success is JSON. Throws with what was wrong.
 */
export function assertJsonAnswer(reply: Reply, allowed: number[]): void {
  if (!allowed.includes(reply.status)) throw new Error(`status ${reply.status}: ${reply.text.slice(0, 300)}`);
  if (reply.status >= 400) {
    if (reply.headers.get('cache-control') !== 'no-store') throw new Error(`error without no-store: ${reply.status}`);
    const keys = Object.keys(reply.body ?? {});
    if (keys.length !== 1 || keys[0] !== 'error' || typeof reply.body.error !== 'string' || !reply.body.error) {
      throw new Error(`error body is not {error: string}: ${reply.text.slice(0, 300)}`);
    }
  } else if (reply.body === undefined) {
    throw new Error(`a 200 that is not JSON: ${reply.text.slice(0, 300)}`);
  }
}
