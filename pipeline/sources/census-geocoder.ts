// Live coordinates for real homes: each roster address not already answered is sent to a batch
// geocoder in the US Census Bureau's addressbatch format (keyless: a multipart POST of a headerless
// CSV `id,street,city,state,zip` in the field `addressFile`, plus `benchmark`), batch after batch,
// within the per-source deadline. Answers are cached by normalized address across runs, No_Match
// and Tie included (asked again once old), so a re-run sends only addresses never seen.
import Database from 'better-sqlite3';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { GeocoderConfig } from '../config.ts';
import type { HttpClient } from '../http.ts';
import { looksLikeHtml, newCount, type CsvCount, type Rejection } from './csv.ts';
import { normalizeAddress, readCensusAnswers, type Point } from './geocodes.ts';

/** The cache's file in the pipeline's source cache (never in a snapshot). */
export const GEOCODER_CACHE_FILE = 'geocoder.sqlite';

/** One address as the geocoder is asked it. */
export interface GeocoderAddress {
  /** Normalized `STREET, CITY, CA, ZIP5`: the cache key. */
  key: string;
  street: string;
  city: string;
  zip: string;
}

/** The address of a roster row as the geocoder is asked it; null without a street (nothing to place). */
export function geocoderAddress(row: { street: string | null; city: string | null; zip: string | null }): GeocoderAddress | null {
  if (!row.street) return null;
  const parts = { street: row.street, city: row.city ?? '', zip: (row.zip ?? '').slice(0, 5) };
  return { key: normalizeAddress([parts.street, parts.city, 'CA', parts.zip].join(', ')), ...parts };
}

/** What the run report says of the geocoder. */
export interface GeocoderCoverage {
  url: string;
  /** Distinct roster addresses with a street. */
  addresses: number;
  /** Answered by the cache: placed, or remembered as not placeable and not yet due again. */
  from_cache: number;
  /** Sent to the geocoder this run. */
  asked: number;
  /** Of those asked: placed in California. */
  placed: number;
  /** Of those asked: No_Match, Tie, or placed somewhere unusable. */
  not_placed: number;
  /** Of those asked: no answer (a failed batch, the deadline, a line missing from the answer). */
  unanswered: number;
  batches_sent: number;
  batches_failed: number;
}

export interface GeocodedAddresses {
  /** Placed addresses by key; `fresh` when the geocoder was asked this run. */
  byAddress: Map<string, { point: Point; fresh: boolean }>;
  coverage: GeocoderCoverage;
  /** One line each, for the run report. */
  warnings: string[];
}

const DAY_MS = 86_400_000;
/** Two failed batches in a row: the service is down, and the rest waits for the next run. */
const FAILED_BATCHES_IN_A_ROW = 2;

interface CachedAnswer {
  match: string;
  latitude: number | null;
  longitude: number | null;
  asked_on: string;
}

/** The answers file: one transaction per batch, so a run that fails or is killed leaves it whole. */
class GeocoderCache {
  private readonly db: Database.Database;
  private lookup: Database.Statement | undefined;

  constructor(file: string) {
    this.db = new Database(file);
    try {
      this.createAndCheck();
    } catch (error) {
      this.db.close();
      throw error;
    }
  }

  private createAndCheck(): void {
    this.db.exec(`CREATE TABLE IF NOT EXISTS answers (
      address TEXT PRIMARY KEY,  -- normalized STREET, CITY, CA, ZIP5
      match TEXT NOT NULL,       -- the geocoder's word: Match, No_Match, Tie
      latitude REAL,             -- null unless placed in California
      longitude REAL,
      asked_on TEXT NOT NULL     -- the date the geocoder was asked (YYYY-MM-DD)
    )`);
    const check = this.db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`quick_check: ${String(check)}`);
  }

  get(address: string): CachedAnswer | undefined {
    this.lookup ??= this.db.prepare('SELECT match, latitude, longitude, asked_on FROM answers WHERE address = ?');
    return this.lookup.get(address) as CachedAnswer | undefined;
  }

  remember(answers: ReadonlyArray<{ address: string; match: string; point: Point | null }>, askedOn: string): void {
    const insert = this.db.prepare('INSERT OR REPLACE INTO answers (address, match, latitude, longitude, asked_on) VALUES (?, ?, ?, ?, ?)');
    this.db.transaction(() => {
      for (const { address, match, point } of answers) insert.run(address, match, point?.latitude ?? null, point?.longitude ?? null, askedOn);
    })();
  }

  close(): void {
    this.db.close();
  }
}

/** Opens the cache; an unreadable one is started afresh (its answers are only asked again), with a warning. */
async function openCache(file: string, warn: (message: string) => void): Promise<GeocoderCache> {
  try {
    return new GeocoderCache(file);
  } catch (error) {
    warn(`geocoder cache ${file} was unreadable (${(error as Error).message}): started a new one, every address is asked again`);
    await Promise.all(['', '-journal', '-wal', '-shm'].map((suffix) => rm(file + suffix, { force: true })));
    return new GeocoderCache(file);
  }
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The batch as the service wants it: a headerless CSV `id,street,city,state,zip`; ids are row numbers. */
function batchForm(batch: readonly GeocoderAddress[], benchmark: string): FormData {
  const csv = batch.map((address, index) => [String(index + 1), address.street, address.city, 'CA', address.zip].map(csvCell).join(',')).join('\n') + '\n';
  const form = new FormData();
  form.append('benchmark', benchmark);
  form.append('addressFile', new Blob([csv], { type: 'text/csv' }), 'addresses.csv');
  return form;
}

export interface GeocodeOptions {
  addresses: Iterable<GeocoderAddress>;
  config: GeocoderConfig;
  http: HttpClient;
  /** The pipeline's source cache folder: the cache file and each batch's answer file live here. */
  cacheDir: string;
  now: Date;
  /** The per-source deadline: every batch together. */
  deadlineMs: number;
  reject: (rejection: Rejection) => void;
}

/** Places every address the cache does not answer, batch by batch; a failed batch leaves its addresses unplaced, never the run failed. */
export async function geocodeAddresses(options: GeocodeOptions): Promise<GeocodedAddresses> {
  const { config, http, now } = options;
  const warnings: string[] = [];
  const distinct = new Map([...options.addresses].map((address) => [address.key, address]));
  const coverage: GeocoderCoverage = { url: config.url, addresses: distinct.size, from_cache: 0, asked: 0, placed: 0, not_placed: 0, unanswered: 0, batches_sent: 0, batches_failed: 0 };
  const byAddress = new Map<string, { point: Point; fresh: boolean }>();
  await mkdir(options.cacheDir, { recursive: true });
  const cache = await openCache(path.join(options.cacheDir, GEOCODER_CACHE_FILE), (message) => warnings.push(message));
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error(`the geocoder passed its deadline of ${options.deadlineMs / 1000} s`)), options.deadlineMs);
  try {
    const toAsk: GeocoderAddress[] = [];
    for (const address of distinct.values()) {
      const cached = cache.get(address.key);
      if (cached && cached.latitude !== null && cached.longitude !== null) {
        byAddress.set(address.key, { point: { latitude: cached.latitude, longitude: cached.longitude }, fresh: false });
        coverage.from_cache += 1;
      } else if (cached && now.getTime() - Date.parse(cached.asked_on) < config.reaskAfterDays * DAY_MS) {
        coverage.from_cache += 1;
      } else {
        toAsk.push(address);
      }
    }
    coverage.asked = toAsk.length;
    const askedOn = now.toISOString().slice(0, 10);
    const problems: string[] = [];
    // Rejected answer lines are numbered through every batch's answer in turn: one line number, one line.
    const answerLines = newCount();
    let failedInARow = 0;
    for (let start = 0; start < toAsk.length; start += config.batchSize) {
      if (deadline.signal.aborted) {
        problems.push((deadline.signal.reason as Error).message);
        break;
      }
      if (failedInARow >= FAILED_BATCHES_IN_A_ROW) break;
      const batch = toAsk.slice(start, start + config.batchSize);
      coverage.batches_sent += 1;
      try {
        const answers = await askBatch(batch, options, deadline.signal, answerLines);
        failedInARow = 0;
        cache.remember(answers, askedOn);
        for (const { address, point } of answers) {
          if (point) byAddress.set(address, { point, fresh: true });
          coverage[point ? 'placed' : 'not_placed'] += 1;
        }
      } catch (error) {
        failedInARow += 1;
        coverage.batches_failed += 1;
        problems.push((error as Error).message);
      }
    }
    coverage.unanswered = coverage.asked - coverage.placed - coverage.not_placed;
    if (coverage.batches_failed || coverage.unanswered) {
      const notSent = Math.ceil(toAsk.length / config.batchSize) - coverage.batches_sent;
      warnings.push(
        `geocoder: ${coverage.batches_failed} of ${coverage.batches_sent} batch(es) failed${notSent ? `, ${notSent} not sent` : ''}` +
          `${problems.length ? ` (${problems[problems.length - 1]})` : ''}; ${coverage.unanswered} address(es) got no answer and are asked again on the next run`,
      );
    }
    return { byAddress, coverage, warnings };
  } finally {
    clearTimeout(timer);
    cache.close();
  }
}

/** One request: the answer streamed to a file and read by the Census answer parser, matched back by row number. */
async function askBatch(batch: readonly GeocoderAddress[], options: GeocodeOptions, deadline: AbortSignal, linesBefore: CsvCount) {
  const answerFile = path.join(options.cacheDir, `geocoder-answer.${process.pid}.csv`);
  const offset = linesBefore.lines;
  const reject = (rejection: Rejection) => options.reject({ ...rejection, line: offset + rejection.line });
  try {
    await options.http.post(
      options.config.url,
      batchForm(batch, options.config.benchmark),
      (body) => pipeline(body, createWriteStream(answerFile)),
      deadline,
    );
    // An error or login page is the endpoint's problem, not a thousand rejected answer lines.
    const start = (await readFile(answerFile, 'utf8')).slice(0, 200);
    if (looksLikeHtml(start)) throw new Error(`the geocoder answered an HTML page, not the Census CSV answer (it starts "${start.trim().split(/\r?\n/)[0]!.slice(0, 40)}"): is its URL right?`);
    const answers = new Map<string, { address: string; match: string; point: Point | null }>();
    for await (const answer of readCensusAnswers(answerFile, 'geocoder', reject, linesBefore)) {
      const address = batch[Number(answer.id) - 1];
      if (address) answers.set(address.key, { address: address.key, match: answer.match, point: answer.point });
    }
    return [...answers.values()];
  } finally {
    await rm(answerFile, { force: true });
  }
}
