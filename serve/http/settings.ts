// Server settings from the environment, each with a safe default. createServer takes a Settings
// object, so tests pass their own instead of touching process.env.
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { LOG_LEVELS, type LogLevel } from '../lib/log.ts';


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
  /**
   * Processes `npm start` serves with (WEB_CONCURRENCY): one cluster worker per core by default;
   * 1 is one process and no cluster. createServer itself always builds one.
   */
  workers: number;
  port: number;
  host: string;
  /** Public address of the service, without a trailing slash; replaces {base_url} in stored JSON. */
  baseUrl: string;
  snapshotsDir: string;
  /** Poll interval for new snapshots; fs.watch is the fast path, the poll the fallback. */
  snapshotPollMs: number;
  /** How often the operator store is re-read (reviews show on REST within the spec's five minutes). */
  overlayPollMs: number;
  /** DATABASE_URL: the operator store in PostgreSQL, shared by every instance; null: SNAPSHOTS_DIR/operator.sqlite. */
  databaseUrl: string | null;
  logLevel: LogLevel;
  /**
   * How many proxies of ours stand in front (0: none). With N, the client address is the N-th
   * X-Forwarded-For entry from the right: the one our outermost proxy saw. Entries further left
   * are whatever the client sent, so they never count.
   */
  trustedProxyHops: number;
  /** `npm start` builds a snapshot from the seeds when none is valid. */
  buildSnapshotOnStart: boolean;
  rateLimits: RateLimits;
  /** Largest POST /api/v1/check body. 100 entries of 200 characters is about 20 KiB as JSON. */
  checkBodyMaxBytes: number;
  /** Key that signs hand-off links (32+ bytes); unset: one is created in SNAPSHOTS_DIR/.handoff-secret. */
  handoffSecret: string | null;
  /** The MCP surface (POST /mcp). */
  mcp: McpSettings;
  /** The home page's map (served by serve/site). */
  map: MapSettings;
  /** /healthz is degraded when the served snapshot was built longer ago than this; 0: no limit. */
  healthMaxSnapshotAgeHours: number;
  /** Prometheus metrics on their own listener (serve/http/metrics.ts); port null: off, 0: any free port. */
  metrics: { port: number | null; host: string };
  /** /data downloads: requests per address per window, counted apart from the /api and /mcp budgets. */
  downloads: { rateLimit: number; windowMs: number };
  /**
   * Where this server pulls its snapshots from (SNAPSHOT_SOURCE_URL: the base URL of a folder a
   * pipeline run shipped to with --publish-to, manifest.json at its root), polled every
   * SNAPSHOT_SOURCE_POLL_MS; null: the server reads its folder only.
   */
  snapshotSource: { url: string; pollMs: number } | null;
}

/** Requests a minute per address on /data (DOWNLOAD_RATE_LIMIT): a whole state's files is a handful. */
export const DOWNLOAD_RATE_LIMIT = 30;

export interface MapSettings {
  /**
   * Raster tile URL template ({z}/{x}/{y}, optional {s}) from MAP_TILE_URL. Tiles are the one thing
   * a page loads from another host; use a tile server whose terms fit the traffic. With none
   * reachable the homes still list.
   */
  tileUrl: string;
  /** Credit the tile server requires, shown on the map, from MAP_TILE_ATTRIBUTION. */
  tileAttribution: string;
}

export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

export interface McpSettings {
  /** Requests per caller per window on /mcp (spec "Limits": 60 a minute), counted apart from the /api budgets. */
  rateLimit: number;
  windowMs: number;
  /** Largest POST /mcp body; a 100-home check_homes call is about 25 KiB. */
  bodyMaxBytes: number;
  /**
   * Host names /mcp answers besides BASE_URL's host and loopback (DNS-rebinding protection:
   * any other Host header gets 403). From MCP_ALLOWED_HOSTS, comma-separated.
   */
  allowedHosts: string[];
  /** The clock the MCP surface reads (alias cut-off, hand-off link expiry); tests inject their own. */
  now: () => Date;
}

export const MCP_RATE_LIMIT = 60;
export const MCP_BODY_MAX_BYTES = 256 * 1024;

/** Spec "Limits": the production budgets. */
export const DEFAULT_RATE_LIMITS: RateLimits = { windowMs: 60_000, apiV1: 120, apiAll: 240, check: 30 };

/** Most proxies of ours TRUST_PROXY may name in front of the server. */
const MAX_PROXY_HOPS = 10;

/** Most workers WEB_CONCURRENCY may ask for. */
const MAX_WORKERS = 256;

/** Highest budget a RATE_*_PER_MIN setting takes. */
const MAX_BUDGET = 1_000_000;

/**
 * Far above the largest valid 100-home batch: 100 entries of 200 characters, each written as a
 * `\uXXXX` escape (as Python's json.dumps sends any non-ASCII text), is about 120 KB.
 */
export const CHECK_BODY_MAX_BYTES = 256 * 1024;

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

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

/** TRUST_PROXY: false (or 0) for none, true for one proxy of ours in front, or the number of them. */
function proxyHops(env: NodeJS.ProcessEnv): number {
  const raw = env.TRUST_PROXY?.trim().toLowerCase();
  if (raw === undefined || raw === '' || ['false', 'no', 'off', '0'].includes(raw)) return 0;
  if (['true', 'yes', 'on'].includes(raw)) return 1;
  if (/^\d+$/.test(raw) && Number(raw) <= MAX_PROXY_HOPS) return Number(raw);
  throw new Error(`TRUST_PROXY must be false, true or the number of your proxies in front (1 to ${MAX_PROXY_HOPS}), got "${env.TRUST_PROXY}"`);
}

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Settings {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const logLevel = (env.LOG_LEVEL?.trim().toLowerCase() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  return {
    workers: webConcurrency(env),
    port,
    // A server listens on every interface by default (containers, hosts behind a load balancer);
    // set HOST=127.0.0.1 to keep it on this machine.
    host: env.HOST?.trim() || '0.0.0.0',
    baseUrl: (env.BASE_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, ''),
    snapshotsDir: env.SNAPSHOTS_DIR?.trim() || `${REPO_ROOT}snapshots`,
    snapshotPollMs: integer(env, 'SNAPSHOT_POLL_MS', 30_000, 100, 3_600_000),
    overlayPollMs: integer(env, 'OVERLAY_POLL_MS', 30_000, 100, 3_600_000),
    databaseUrl: databaseUrl(env),
    logLevel,
    trustedProxyHops: proxyHops(env),
    buildSnapshotOnStart: flag(env, 'SNAPSHOT_BUILD_ON_START', true),
    // Spec "Limits" by default; an operator behind their own proxy or CDN, or a load test, sets their own.
    rateLimits: {
      windowMs: DEFAULT_RATE_LIMITS.windowMs,
      apiV1: integer(env, 'RATE_V1_PER_MIN', DEFAULT_RATE_LIMITS.apiV1, 1, MAX_BUDGET),
      apiAll: integer(env, 'RATE_API_PER_MIN', DEFAULT_RATE_LIMITS.apiAll, 1, MAX_BUDGET),
      check: integer(env, 'RATE_CHECK_PER_MIN', DEFAULT_RATE_LIMITS.check, 1, MAX_BUDGET),
    },
    checkBodyMaxBytes: CHECK_BODY_MAX_BYTES,
    handoffSecret: handoffSecret(env),
    mcp: {
      rateLimit: integer(env, 'RATE_MCP_PER_MIN', MCP_RATE_LIMIT, 1, MAX_BUDGET),
      windowMs: 60_000,
      bodyMaxBytes: MCP_BODY_MAX_BYTES,
      allowedHosts: (env.MCP_ALLOWED_HOSTS ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      now: () => new Date(),
    },
    map: mapSettings(env),
    // Three missed daily runs (the schedule runs once a day) before health says so.
    healthMaxSnapshotAgeHours: integer(env, 'HEALTH_MAX_SNAPSHOT_AGE_HOURS', 72, 0, 87_600),
    metrics: metricsSettings(env, port),
    downloads: { rateLimit: integer(env, 'DOWNLOAD_RATE_LIMIT', DOWNLOAD_RATE_LIMIT, 1, 100_000), windowMs: 60_000 },
    snapshotSource: snapshotSourceSettings(env),
  };
}

/** SNAPSHOT_SOURCE_URL unset or empty: no source. Polled every 10 s by default, so a new manifest is followed within 30 s. */
function snapshotSourceSettings(env: NodeJS.ProcessEnv): Settings['snapshotSource'] {
  const raw = env.SNAPSHOT_SOURCE_URL?.trim();
  if (!raw) return null;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash) {
    throw new Error(`SNAPSHOT_SOURCE_URL must be the http(s) base URL where manifest.json is served (no query), got "${env.SNAPSHOT_SOURCE_URL}"`);
  }
  return { url: url.href, pollMs: integer(env, 'SNAPSHOT_SOURCE_POLL_MS', 10_000, 1_000, 3_600_000) };
}

/** The address a listener on `host` is reached at from this machine (every interface: loopback). */
export function localUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** DATABASE_URL, when set: a postgres:// URL. Never echoed back: it holds the password. */
function databaseUrl(env: NodeJS.ProcessEnv): string | null {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return null;
  const protocol = URL.canParse(raw) ? new URL(raw).protocol : null;
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw new Error('DATABASE_URL must be a postgres:// (or postgresql://) URL such as postgres://user:password@host:5432/database; the value set is not (not shown: it may hold a password)');
  }
  return raw;
}

/** WEB_CONCURRENCY (the usual name for it): unset or empty, one worker per available core. */
function webConcurrency(env: NodeJS.ProcessEnv): number {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (raw === undefined || raw === '') return os.availableParallelism();
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_WORKERS) {
    throw new Error(
      `WEB_CONCURRENCY must be a whole number of worker processes from 1 to ${MAX_WORKERS} (1: one process, no cluster), ` +
        `or unset for one per available core (${os.availableParallelism()} here), got "${env.WEB_CONCURRENCY}"`,
    );
  }
  return Number(raw);
}

/** METRICS_PORT unset, empty or 0: no metrics listener. Never the public port. */
function metricsSettings(env: NodeJS.ProcessEnv, publicPort: number): Settings['metrics'] {
  const port = integer(env, 'METRICS_PORT', 0, 0, 65535);
  if (port !== 0 && port === publicPort) throw new Error(`METRICS_PORT must differ from PORT (${publicPort}): metrics are never served on the public port`);
  return { port: port === 0 ? null : port, host: env.METRICS_HOST?.trim() || '127.0.0.1' };
}

function mapSettings(env: NodeJS.ProcessEnv): MapSettings {
  const tileUrl = env.MAP_TILE_URL?.trim() || DEFAULT_MAP_TILE_URL;
  const template = tileUrl.replace(/\{[a-z]\}/g, '0');
  const parsed = URL.canParse(template) ? new URL(template) : null;
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || !/\{z\}/.test(tileUrl) || !/\{x\}/.test(tileUrl) || !/\{y\}/.test(tileUrl)) {
    throw new Error(`MAP_TILE_URL must be an http(s) URL template with {z}, {x} and {y}, got "${env.MAP_TILE_URL}"`);
  }
  return { tileUrl, tileAttribution: env.MAP_TILE_ATTRIBUTION?.trim() || DEFAULT_MAP_TILE_ATTRIBUTION };
}

function handoffSecret(env: NodeJS.ProcessEnv): string | null {
  const secret = env.HANDOFF_SECRET?.trim();
  if (!secret) return null;
  if (Buffer.byteLength(secret) < 32) throw new Error('HANDOFF_SECRET must be at least 32 bytes long');
  return secret;
}
