// Server settings from the environment, each with a safe default. createServer takes a Settings
// object, so tests pass their own instead of touching process.env.
import { fileURLToPath } from 'node:url';

export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface RateLimits {
  windowMs: number;
  /** Every path under /api/v1. */
  apiV1: number;
  /** Every path under /api (the platform ceiling). */
  apiAll: number;
  /** POST /api/v1/check. */
  check: number;
}

export interface Settings {
  port: number;
  host: string;
  /** Public address of the service, without a trailing slash; replaces {base_url} in stored JSON. */
  baseUrl: string;
  snapshotsDir: string;
  /** Poll interval for new snapshots; fs.watch is the fast path, the poll the fallback. */
  snapshotPollMs: number;
  /** How often the operator store is re-read (reviews show on REST within the spec's five minutes). */
  overlayPollMs: number;
  logLevel: LogLevel;
  /** Take the client address from X-Forwarded-For's first entry; only behind a proxy we run. */
  trustProxy: boolean;
  /** `npm start` builds a snapshot from the seeds when none is valid. */
  buildSnapshotOnStart: boolean;
  rateLimits: RateLimits;
  /** Largest POST /api/v1/check body. 100 entries of 200 characters is about 20 KiB as JSON. */
  checkBodyMaxBytes: number;
  /** Key that signs hand-off links (32+ bytes); unset: one is created in SNAPSHOTS_DIR/.handoff-secret. */
  handoffSecret: string | null;
}

/** Spec "Limits": the production budgets. */
export const DEFAULT_RATE_LIMITS: RateLimits = { windowMs: 60_000, apiV1: 120, apiAll: 240, check: 30 };

export const CHECK_BODY_MAX_BYTES = 64 * 1024;

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Settings {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const logLevel = (env.LOG_LEVEL?.trim().toLowerCase() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  return {
    port,
    // A server listens on every interface by default (containers, hosts behind a load balancer);
    // set HOST=127.0.0.1 to keep it on this machine.
    host: env.HOST?.trim() || '0.0.0.0',
    baseUrl: (env.BASE_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, ''),
    snapshotsDir: env.SNAPSHOTS_DIR?.trim() || `${REPO_ROOT}snapshots`,
    snapshotPollMs: integer(env, 'SNAPSHOT_POLL_MS', 30_000, 100, 3_600_000),
    overlayPollMs: integer(env, 'OVERLAY_POLL_MS', 30_000, 100, 3_600_000),
    logLevel,
    trustProxy: flag(env, 'TRUST_PROXY', false),
    buildSnapshotOnStart: flag(env, 'SNAPSHOT_BUILD_ON_START', true),
    rateLimits: { ...DEFAULT_RATE_LIMITS },
    checkBodyMaxBytes: CHECK_BODY_MAX_BYTES,
    handoffSecret: handoffSecret(env),
  };
}

function handoffSecret(env: NodeJS.ProcessEnv): string | null {
  const secret = env.HANDOFF_SECRET?.trim();
  if (!secret) return null;
  if (Buffer.byteLength(secret) < 32) throw new Error('HANDOFF_SECRET must be at least 32 bytes long');
  return secret;
}
