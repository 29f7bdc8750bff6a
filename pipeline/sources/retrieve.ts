// One interface for every source location: an http(s) URL is downloaded (conditionally, with the
// validators of the last download) into a local cache file; a file path is read where it lies.
// Either way the parsers get a local file to stream, with its checksum and provenance.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile, open } from 'node:fs/promises';
import path from 'node:path';
import type { HttpClient } from '../http.ts';

export interface RetrievedSource {
  name: string;
  location: string;
  /** `fetched` (new body), `not_modified` (304: the cached body is current) or `file` (local path). */
  fetchStatus: 'fetched' | 'not_modified' | 'file';
  /** Local file holding the body. */
  file: string;
  fetchedAt: string;
  etag: string | null;
  lastModified: string | null;
  sha256: string;
  bytes: number;
}

interface CacheMeta {
  location: string;
  etag: string | null;
  lastModified: string | null;
  sha256: string;
  bytes: number;
  fetchedAt: string;
}

export function isUrl(location: string): boolean {
  return /^https?:\/\//i.test(location);
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
async function writeBody(body: AsyncIterable<Buffer>, file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const handle = await open(file, 'w');
  try {
    for await (const chunk of body) {
      hash.update(chunk);
      bytes += chunk.length;
      await handle.write(chunk);
    }
  } finally {
    await handle.close();
  }
  return { sha256: hash.digest('hex'), bytes };
}

export async function retrieveSource(
  name: string,
  location: string,
  options: { http: HttpClient; cacheDir: string; rootDir: string; now: Date; deadlineMs: number },
): Promise<RetrievedSource> {
  const fetchedAt = options.now.toISOString();
  if (!isUrl(location)) {
    const file = path.resolve(options.rootDir, location);
    await stat(file).catch(() => {
      throw new Error(`Source "${name}" is configured as the file ${file}, which does not exist.`);
    });
    return { name, location, fetchStatus: 'file', file, fetchedAt, etag: null, lastModified: null, ...(await hashFile(file)) };
  }

  await mkdir(options.cacheDir, { recursive: true });
  const bodyFile = path.join(options.cacheDir, `${name}.body`);
  const metaFile = path.join(options.cacheDir, `${name}.json`);
  const tmpFile = `${bodyFile}.${process.pid}.tmp`;
  const cached = await readCacheMeta(metaFile, location);
  const cachedBodyExists = cached !== null && (await stat(bodyFile).then(() => true, () => false));
  const validators = cachedBodyExists ? { etag: cached.etag, lastModified: cached.lastModified } : undefined;

  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error(`source "${name}" passed its deadline of ${options.deadlineMs / 1000} s`)), options.deadlineMs);
  try {
    const result = await options.http.get(location, (body) => writeBody(body, tmpFile), validators, deadline.signal);
    if (result.status === 'not_modified' && cached && cachedBodyExists) {
      return { name, location, fetchStatus: 'not_modified', file: bodyFile, fetchedAt, etag: cached.etag, lastModified: cached.lastModified, sha256: cached.sha256, bytes: cached.bytes };
    }
    if (result.status !== 'fetched') {
      throw new Error(`Source "${name}" answered 304 Not Modified but no cached copy is on disk.`);
    }
    await rename(tmpFile, bodyFile);
    const meta: CacheMeta = { location, etag: result.etag, lastModified: result.lastModified, fetchedAt, ...result.value };
    await writeFile(metaFile, JSON.stringify(meta, null, 2));
    return { name, fetchStatus: 'fetched', file: bodyFile, ...meta };
  } finally {
    clearTimeout(timer);
    await rm(tmpFile, { force: true });
  }
}

/**
 * A small text resource (one facility's JSON or one report's HTML): fetched with the shared HTTP
 * client, or read from disk for file locations. A 404 or a missing file is an error like any other:
 * the caller keeps the last good data.
 */
export async function readLocation(location: string, options: { http: HttpClient; rootDir: string }): Promise<string> {
  if (!isUrl(location)) return readFile(path.resolve(options.rootDir, location), 'utf8');
  const result = await options.http.get(location, (body) => body.text());
  if (result.status !== 'fetched') throw new Error(`${location} answered 304 to an unconditional request`);
  return result.value;
}
