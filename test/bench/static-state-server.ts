// A local stand-in for the state's file servers, on loopback only: serves a folder with ETag and
// Last-Modified and answers conditional requests with 304, so the pipeline's conditional-GET path
// is measured for real.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export interface StaticServer {
  origin: string;
  requests: number;
  close(): Promise<void>;
}

/** `delayMs`: how long each answer under a path waits before its status line (the state's site answers in 1 to 2 s). */
export async function startStaticServer(root: string, options: { delayMs?: (pathname: string) => number } = {}): Promise<StaticServer> {
  // Bodies are kept in memory once read: the stand-in should cost as little as possible, so the
  // figures are the pipeline's, not the stand-in's.
  const files = new Map<string, { body: Buffer; etag: string; lastModified: string }>();
  const state = { requests: 0 };
  const server: Server = createServer(async (request, response) => {
    state.requests += 1;
    const delay = options.delayMs?.(request.url ?? '/') ?? 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const file = path.join(root, path.normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    try {
      let entry = files.get(file);
      if (!entry) {
        const [info, body] = await Promise.all([stat(file), readFile(file)]);
        entry = { body, etag: `"${createHash('sha1').update(body).digest('hex')}"`, lastModified: info.mtime.toUTCString() };
        files.set(file, entry);
      }
      if (request.headers['if-none-match'] === entry.etag) {
        response.writeHead(304, { etag: entry.etag }).end();
        return;
      }
      response.writeHead(200, { etag: entry.etag, 'last-modified': entry.lastModified, 'content-length': entry.body.length });
      response.end(entry.body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
