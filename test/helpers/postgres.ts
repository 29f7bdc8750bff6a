// A real PostgreSQL 15 for the tests (Debian's binaries): a fresh cluster in a temporary folder,
// listening on a free loopback port, owned by an unprivileged user when the tests run as root
// (initdb and postgres refuse root). Stopped by its own process id; `restart` brings the same
// data back on the same port, so a test can take the store away and give it back.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from '../cluster/helpers.ts';

export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

export interface RunningPostgres {
  /** postgres://... for the cluster's own database (user `care`, password `care-secret`). */
  url: string;
  port: number;
  /** Stops the server (SIGINT: fast shutdown) and waits for it to exit; the data stays. */
  stop(): Promise<void>;
  /** Kills the server and its backends at once (SIGKILL to its process group), as a crash would; the data stays. */
  kill(): Promise<void>;
  /** Starts the stopped server again on the same port and data. */
  restart(): Promise<void>;
  /** Stops the server and removes its data. */
  destroy(): Promise<void>;
  /** Creates a fresh, empty database and returns its URL (one per test keeps tests apart). */
  database(name: string): Promise<string>;
}

/** Whether the binaries are here (a test that needs them fails with this reason when not). */
export function postgresMissing(): string | null {
  return fs.existsSync(path.join(POSTGRES_BIN, 'postgres'))
    ? null
    : `PostgreSQL 15 is not installed at ${POSTGRES_BIN} (apt-get install -y postgresql)`;
}

/** The user the server runs as: this process's own unless it is root, then `postgres` (or `nobody`). */
function runAs(): { uid: number; gid: number } {
  if (process.getuid?.() !== 0) return { uid: process.getuid!(), gid: process.getgid!() };
  for (const name of ['postgres', 'nobody']) {
    const found = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    if (found.status === 0) {
      const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim();
      return { uid: Number(found.stdout.trim()), gid: Number(gid) };
    }
  }
  throw new Error('running as root and no postgres or nobody user to run PostgreSQL as');
}

export async function startPostgres(): Promise<RunningPostgres> {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  const { uid, gid } = runAs();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'care-pg-'));
  const data = path.join(root, 'data');
  const socket = path.join(root, 'socket');
  const passwordFile = path.join(root, 'password');
  fs.mkdirSync(socket);
  fs.writeFileSync(passwordFile, 'care-secret\n');
  fs.chmodSync(root, 0o755);
  for (const item of [root, socket, passwordFile]) fs.chownSync(item, uid, gid);
  const asUser = { uid, gid };

  const init = spawnSync(
    path.join(POSTGRES_BIN, 'initdb'),
    ['-D', data, '-U', 'care', '--pwfile', passwordFile, '-A', 'scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-sync'],
    { ...asUser, encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  let server: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  const launch = async () => {
    const log: string[] = [];
    const child = spawn(
      path.join(POSTGRES_BIN, 'postgres'),
      ['-D', data, '-k', socket, '-h', '127.0.0.1', '-p', String(port), '-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'max_connections=60'],
      // Its own process group, so kill() reaches its backends too.
      { ...asUser, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    child.stdout!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    exited = new Promise((resolve) => child.once('exit', () => resolve()));
    server = child;
    // Ready once it accepts a connection on its port.
    for (const deadline = Date.now() + 60_000; ; ) {
      if (child.exitCode !== null) throw new Error(`postgres exited: ${log.join('')}`);
      const open = await new Promise<boolean>((resolve) => {
        const probe = net.connect(port, '127.0.0.1', () => {
          probe.destroy();
          resolve(true);
        });
        probe.once('error', () => resolve(false));
      });
      if (open && log.join('').includes('ready to accept connections')) return;
      if (Date.now() > deadline) throw new Error(`postgres did not start in 60 s: ${log.join('')}`);
      await sleep(100);
    }
  };

  const running = () => server !== null && server.exitCode === null && server.signalCode === null;
  const stop = async () => {
    if (!running()) return;
    server!.kill('SIGINT');
    await exited;
  };
  const kill = async () => {
    if (!running()) return;
    process.kill(-server!.pid!, 'SIGKILL');
    await exited;
    // The backends end with their group; wait until none holds the port before a restart.
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(100)) {
      const open = await new Promise<boolean>((resolve) => {
        const probe = net.connect(port, '127.0.0.1', () => {
          probe.destroy();
          resolve(true);
        });
        probe.once('error', () => resolve(false));
      });
      if (!open) break;
    }
  };
  // A test process that ends without destroy() takes its server with it.
  process.once('exit', () => {
    if (running()) process.kill(-server!.pid!, 'SIGKILL');
  });

  await launch();
  const url = `postgres://care:care-secret@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    stop,
    kill,
    restart: launch,
    async database(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      const client = new pg.Client(url);
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return url.replace(/\/postgres$/, `/${name}`);
    },
    async destroy() {
      await stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
