// One interface for every source location: an http(s) URL is downloaded (conditionally, with the
// validators of the last download) into a local cache file; a `ckan:` catalog source is looked up
// first, then downloaded the same way, or read from the portal's datastore into that cache file;
// a file path is read where it lies. Either way the parsers get a local file to stream, with its
// checksum and provenance.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile, open } from 'node:fs/promises';
import path from 'node:path';
import type { HttpClient } from '../http.ts';
import { CatalogProblem, datastoreCsv, datastoreUrl, isCkanLocation, lookUpResource, parseCkanLocation, type CatalogReading, type CkanLocation, type DatastoreStats } from './ckan.ts';

export interface RetrievedSource {
  name: string;
  location: string;
  /**
   * `fetched` (new body), `not_modified` (304: the cached body is current), `file` (local path), or
   * `carried_forward` (not read this run: the values of an earlier snapshot, `file`, were kept).
   */
  fetchStatus: 'fetched' | 'not_modified' | 'file' | 'carried_forward';
  /** Local file holding the body. */
  file: string;
  fetchedAt: string;
  etag: string | null;
  lastModified: string | null;
  /** The `Date` header of the response that brought the body (for a source that states no date and no Last-Modified). */
  served?: string | null;
  /** When these very bytes were first retrieved (that answer's Date, else its fetch time): an unchanged file is no fresher for being fetched again. */
  firstServed?: string | null;
  sha256: string;
  bytes: number;
  /** For a `ckan:` source: what the catalog said, and which road the rows came by. */
  catalog?: CatalogReading;
}

/**
 * A source the run goes on without: the catalog could not give it (no such resource, a refusal, a
 * format the run cannot read, an incomplete datastore read). Its facts are not on file.
 */
export class SourceAbsent extends Error {
  override name = 'SourceAbsent';
  constructor(
    readonly source: string,
    /** What the catalog answered, for the report. */
    readonly reason: string,
  ) {
    super(`Source "${source}" is absent: ${reason}`);
  }
}

interface CacheMeta {
  location: string;
  etag: string | null;
  lastModified: string | null;
  served?: string | null;
  firstServed?: string | null;
  sha256: string;
  bytes: number;
  fetchedAt: string;
}

export function isUrl(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/** Read over the network (a URL or a catalog source), not from this machine's disk. */
export function isRemote(location: string): boolean {
  return isUrl(location) || isCkanLocation(location);
}

async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

async function readCacheMeta(metaFile: string, location: string): Promise<CacheMeta | null> {
  try {
    const meta = JSON.parse(await readFile(metaFile, 'utf8')) as CacheMeta;
    return meta.location === location ? meta : null;
  } catch {
    return null;
  }
}

/** Streams a response body to `file` through a hash, so a large source never sits in memory. */
async function writeBody(body: AsyncIterable<Buffer | string>, file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const handle = await open(file, 'w');
  try {
    for await (const piece of body) {
      const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
      hash.update(chunk);
      bytes += chunk.length;
      await handle.write(chunk);
    }
  } finally {
    await handle.close();
  }
  return { sha256: hash.digest('hex'), bytes };
}

export interface RetrieveOptions {
  http: HttpClient;
  cacheDir: string;
  rootDir: string;
  now: Date;
  deadlineMs: number;
  /** Rows asked per `datastore_search` page. */
  datastorePageSize: number;
  /** Hosts besides a portal's own that its catalog may send a download to (http.redirectHosts). */
  otherHosts?: readonly string[];
}

export async function retrieveSource(name: string, location: string, options: RetrieveOptions): Promise<RetrievedSource> {
  if (isCkanLocation(location)) {
    let catalog: CkanLocation;
    try {
      catalog = parseCkanLocation(location);
    } catch (error) {
      throw new Error(`Source "${name}": ${(error as Error).message}`);
    }
    return withDeadline(name, options.deadlineMs, (deadline) => retrieveFromCatalog(name, catalog, options, deadline));
  }
  if (!isUrl(location)) {
    const file = path.resolve(options.rootDir, location);
    await stat(file).catch(() => {
      throw new Error(`Source "${name}" is configured as the file ${file}, which does not exist.`);
    });
    const headers = await savedHeaders(file);
    return { name, location, fetchStatus: 'file', file, fetchedAt: options.now.toISOString(), etag: null, ...headers, ...(await hashFile(file)) };
  }
  return withDeadline(name, options.deadlineMs, (deadline) => download(name, location, options, deadline));
}

/**
 * A file saved with the headers it was served with (`curl -D roster.csv.headers -o roster.csv ...`,
 * beside it as `<file>.headers`): its `Last-Modified` and `Date` date the file as a download would.
 * Without one, a file on disk states no date.
 */
async function savedHeaders(file: string): Promise<{ lastModified: string | null; served: string | null }> {
  const text = await readFile(`${file}.headers`, 'utf8').catch(() => '');
  const value = (name: string) => {
    // curl -D writes every response of a redirect chain: the last one is the file's.
    const found = [...text.matchAll(new RegExp(`^${name}:[ \t]*(.+?)\s*$`, 'gim'))].at(-1);
    return found?.[1] ?? null;
  };
  return { lastModified: value('last-modified'), served: value('date') };
}

/** One whole source, every request and its body included, within the per-source deadline. */
async function withDeadline<T>(name: string, deadlineMs: number, work: (deadline: AbortSignal) => Promise<T>): Promise<T> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error(`source "${name}" passed its deadline of ${deadlineMs / 1000} s`)), deadlineMs);
  try {
    return await work(deadline.signal);
  } finally {
    clearTimeout(timer);
  }
}

const cacheFiles = (name: string, cacheDir: string) => {
  const body = path.join(cacheDir, `${name}.body`);
  return { body, meta: path.join(cacheDir, `${name}.json`), tmp: `${body}.${process.pid}.tmp` };
};

/** A URL into the cache, conditionally when the cache holds the last download from that same URL. */
async function download(name: string, location: string, options: RetrieveOptions, deadline: AbortSignal): Promise<RetrievedSource> {
  const fetchedAt = options.now.toISOString();
  await mkdir(options.cacheDir, { recursive: true });
  const files = cacheFiles(name, options.cacheDir);
  const cached = await readCacheMeta(files.meta, location);
  const cachedBodyExists = cached !== null && (await stat(files.body).then(() => true, () => false));
  const validators = cachedBodyExists ? { etag: cached.etag, lastModified: cached.lastModified } : undefined;
  // `{guid}` in a location is a fresh UUID per request (the state's export asks one, any one); the
  // location with `{guid}` in it stays the cache's key, so the next run can ask conditionally.
  const url = location.replaceAll('{guid}', () => randomUUID());
  try {
    const result = await options.http.get(url, (body) => writeBody(body, files.tmp), validators, deadline);
    if (result.status === 'not_modified' && cached && cachedBodyExists) {
      return { name, location, fetchStatus: 'not_modified', file: files.body, fetchedAt, etag: cached.etag, lastModified: cached.lastModified, served: cached.served ?? null, firstServed: firstServedOf(cached), sha256: cached.sha256, bytes: cached.bytes };
    }
    if (result.status !== 'fetched') {
      throw new Error(`Source "${name}" answered 304 Not Modified but no cached copy is on disk.`);
    }
    const firstServed = cached && cached.sha256 === result.value.sha256 ? firstServedOf(cached) : (result.served ?? fetchedAt);
    return { name, fetchStatus: 'fetched', file: files.body, ...(await keep(files, { location, etag: result.etag, lastModified: result.lastModified, served: result.served, firstServed, fetchedAt, ...result.value })) };
  } finally {
    await rm(files.tmp, { force: true });
  }
}

const firstServedOf = (meta: CacheMeta) => meta.firstServed ?? meta.served ?? meta.fetchedAt;

/** A new body becomes the cached copy, with what the next run's conditional request needs. */
async function keep(files: ReturnType<typeof cacheFiles>, meta: CacheMeta): Promise<CacheMeta> {
  await rename(files.tmp, files.body);
  await writeFile(files.meta, JSON.stringify(meta, null, 2));
  return meta;
}

/** Where the catalog says the source is now: its file downloaded, or its datastore read into the cache as CSV. */
async function retrieveFromCatalog(name: string, location: CkanLocation, options: RetrieveOptions, deadline: AbortSignal): Promise<RetrievedSource> {
  const absent = (error: unknown): never => {
    throw error instanceof CatalogProblem ? new SourceAbsent(name, `catalog ${location.spec}: ${error.message}`) : error;
  };
  const { reading, fileUrl } = await lookUpResource(location, options.http, deadline).catch(absent);
  if (fileUrl !== null) {
    // A catalog entry may name any address: a download goes only to the portal's host or one the configuration names.
    const fileHost = new URL(fileUrl).host.toLowerCase();
    const allowed = [new URL(location.portal).host.toLowerCase(), ...(options.otherHosts ?? []).map((host) => host.toLowerCase())];
    if (!allowed.includes(fileHost) && !allowed.includes(new URL(fileUrl).hostname.toLowerCase())) {
      throw new SourceAbsent(name, `catalog ${location.spec}: its file is at another host (${fileHost}), which is not followed: only ${allowed.join(', ')} (http.redirectHosts in pipeline.config.ts names the others)`);
    }
    return { ...(await download(name, fileUrl, options, deadline)), catalog: reading };
  }

  await mkdir(options.cacheDir, { recursive: true });
  const files = cacheFiles(name, options.cacheDir);
  const stats: DatastoreStats = { pages: 0, rows: 0, pageSize: options.datastorePageSize, numericColumns: [] };
  try {
    const written = await writeBody(datastoreCsv(location, reading.resourceId, options.http, { pageSize: options.datastorePageSize, deadline, stats }), files.tmp).catch(absent);
    // No validators: a datastore is read whole every run, and the next download of a file is unconditional.
    const meta = await keep(files, { location: datastoreUrl(location, reading.resourceId), etag: null, lastModified: null, fetchedAt: options.now.toISOString(), ...written });
    return { name, fetchStatus: 'fetched', file: files.body, ...meta, catalog: { ...reading, datastore: stats } };
  } finally {
    await rm(files.tmp, { force: true });
  }
}

/**
 * A small text resource (one facility's JSON or one report's HTML): fetched with the shared HTTP
 * client, or read from disk for file locations. A 404 or a missing file is an error like any other:
 * the caller keeps the last good data.
 */
export async function readLocation(location: string, options: { http: HttpClient; rootDir: string; deadline?: AbortSignal }): Promise<string> {
  if (!isUrl(location)) return readFile(path.resolve(options.rootDir, location), 'utf8');
  const result = await options.http.get(location, (body) => body.text(), undefined, options.deadline);
  if (result.status !== 'fetched') throw new Error(`${location} answered 304 to an unconditional request`);
  return result.value;
}
