// The cluster as `npm start` runs it, for the cluster tests: serve/server.ts started as its own
// process on loopback, its JSON log lines, its workers' process ids, and plain requests each on a
// connection of its own (so the primary hands them to the workers in turn).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface LogLine {
  msg: string;
  pid?: number;
  [field: string]: unknown;
}

/** The server process, its JSON log lines as they come, and a wait for a line. */
export interface Running {
  child: ChildProcess;
  lines: LogLine[];
  stderr: string[];
  waitFor(match: (line: LogLine) => boolean, ms?: number): Promise<LogLine>;
  exited: Promise<number | null>;
}

export function start(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import=tsx', path.join(ROOT, 'serve/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', SNAPSHOT_BUILD_ON_START: 'false', BASE_URL: 'https://care.example', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  const stderr: string[] = [];
  const waiters = new Set<() => void>();
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const complete = buffered.split('\n');
    buffered = complete.pop()!;
    for (const text of complete) if (text.startsWith('{')) lines.push(JSON.parse(text) as LogLine);
    for (const wake of waiters) wake();
  });
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    stderr,
    exited,
    waitFor(match, ms = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no log line in ${ms} ms; stderr: ${stderr.join('')}`));
        }, ms);
        waiters.add(check);
        void exited.then(() => {
          waiters.delete(check);
          clearTimeout(timer);
          reject(new Error(`the server exited; stderr: ${stderr.join('')}`));
        });
        check();
      });
    },
  };
}

/** The process ids of a process's children (the cluster's workers). */
export function children(pid: number): number[] {
  const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

/** Ends a started cluster at once, its workers first seen included (a test's after.always). */
export function killCluster(server: Running | null | undefined): void {
  if (!server || server.child.exitCode !== null) return;
  const pids = children(server.child.pid!);
  server.child.kill('SIGKILL');
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on a connection of its own: the primary hands each new connection to the next worker. */
export function get(url: string, headers: Record<string, string> = {}, body?: string, timeoutMs = 5_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const options = { agent: false, headers, method: body === undefined ? 'GET' : 'POST' };
    const request = http.request(url, options, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(timeoutMs, () => request.destroy(new Error('timed out')));
    request.end(body);
  });
}

