// Shipping snapshots in tests: a real pipeline run on the seeds published to a folder with
// --publish-to (real rclone), and that folder served over HTTP on a free loopback port, as a
// bucket or a CDN would serve it to servers with SNAPSHOT_SOURCE_URL. Reusable by any end-to-end
// test (a cache in front, a shared operator store).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { MANIFEST_FILE, parseManifest, type Manifest } from '../../contract/manifest.ts';
import { runPipeline, type RunResult } from '../../pipeline/run.ts';
import { tempDir } from './snapshot.ts';

export interface PublishedRun {
  /** The run's own snapshots folder (reuse it for the next run: its snapshots are retained and shipped again). */
  snapshotsDir: string;
  result: RunResult;
  /** The manifest the run wrote at the destination. */
  manifest: Manifest;
}

/**
 * One pipeline run on the seeds, published in `snapshotsDir` (a new folder unless given) and
 * shipped to `destination` with rclone. Throws unless it published and shipped.
 */
export async function publishRun(destination: string, options: { snapshotsDir?: string; now?: Date } = {}): Promise<PublishedRun> {
  const snapshotsDir = options.snapshotsDir ?? tempDir('publishing');
  const result = await runPipeline({ snapshotsDir, publishTo: destination, now: options.now, log: () => {} });
  if (!result.published) throw new Error(`the seed run published nothing: ${result.heldBack.join('; ')}`);
  if (!result.shipped?.ok) throw new Error(`the seed run was not shipped: ${result.shipped?.reason}`);
  return { snapshotsDir, result, manifest: readManifest(destination) };
}

/** The manifest.json in a local folder. */
export function readManifest(folder: string): Manifest {
  return parseManifest(fs.readFileSync(path.join(folder, MANIFEST_FILE), 'utf8'));
}

export function sha256File(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

export interface ServedFolder {
  /** Base URL of the folder (ends with a slash): SNAPSHOT_SOURCE_URL. */
  url: string;
  /** Every path asked, in order (e.g. to count manifest polls). */
  requests: string[];
  close(): Promise<void>;
}

/** Serves the files directly in `folder` (no subfolders, nothing outside it) on a free loopback port. */
export async function serveFolder(folder: string): Promise<ServedFolder> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname.slice(1));
    requests.push(`/${name}`);
    const file = path.join(folder, name);
    if (request.method !== 'GET' || !name || name.includes('/') || name.startsWith('.') || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-length': fs.statSync(file).size, 'content-type': 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
