// Real Varnish for the tests: Debian's varnishd (7.1) with the shipped VCL
// (deploy/k8s/varnish/default.vcl) and a backends.vcl naming the given loopback ports, started in
// the foreground on a free loopback port with its own working folder, and stopped by its own
// process id. Reusable: start it with a list of backend ports; it answers its port, a way to count
// what it stores, its counters, the backends' health, and stop().
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { tempDir } from './snapshot.ts';
import { freePort } from '../cluster/helpers.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
/** The one VCL the project ships (deploy/varnish/default.vcl links to it). */
export const SHIPPED_VCL = path.join(ROOT, 'deploy/k8s/varnish/default.vcl');

export interface VarnishOptions {
  /** Probe and timeout lines added to each backend (default: the shipped `readiness` probe). */
  backendLines?: string[];
  /** Extra `-p name=value` parameters. */
  parameters?: Record<string, string>;
  /** Wait until this many backends are healthy before returning (default: all of them). */
  healthy?: number;
}

export interface Varnish {
  port: number;
  url: string;
  /** The folder holding default.vcl, backends.vcl and the working folder. */
  dir: string;
  child: ChildProcess;
  /** Objects in the cache now (MAIN.n_object). */
  objects(): Promise<number>;
  /** One counter, e.g. MAIN.cache_hit, MAIN.s_pass, MAIN.backend_retry. */
  counter(name: string): Promise<number>;
  /** Each backend's health as the probe sees it, by name (app_1, app_2, ...). */
  backends(): Promise<Record<string, boolean>>;
  /** Waits until `count` backends are healthy (or, with `sick`, until that many are sick). */
  waitForBackends(count: number, state?: 'healthy' | 'sick', ms?: number): Promise<void>;
  /** varnishadm against this instance. */
  adm(...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/** backends.vcl for `ports`: app_1, app_2, ... behind the round-robin director `app`. */
export function backendsVcl(ports: number[], lines = ['.probe = readiness;', '.connect_timeout = 2s;', '.first_byte_timeout = 30s;']): string {
  const backends = ports.map((port, i) => [`backend app_${i + 1} {`, '    .host = "127.0.0.1";', `    .port = "${port}";`, ...lines.map((line) => `    ${line}`), '}'].join('\n'));
  const adds = ports.map((_port, i) => `    app.add_backend(app_${i + 1});`);
  return ['import directors;', ...backends, 'sub vcl_init {', '    new app = directors.round_robin();', ...adds, '}', ''].join('\n');
}

export async function startVarnish(backendPorts: number[], options: VarnishOptions = {}): Promise<Varnish> {
  const dir = tempDir('varnish');
  // As root, varnishd's workers run as its own user (the "unix" jail), which must reach the folder.
  fs.chmodSync(dir, 0o755);
  fs.copyFileSync(SHIPPED_VCL, path.join(dir, 'default.vcl'));
  fs.writeFileSync(path.join(dir, 'backends.vcl'), backendsVcl(backendPorts, options.backendLines));
  const workdir = path.join(dir, 'work');
  const port = await freePort();
  const parameters = { vcl_path: dir, ...options.parameters };
  const args = [
    '-F',
    '-n', workdir,
    '-a', `127.0.0.1:${port}`,
    '-T', '127.0.0.1:0',
    '-f', path.join(dir, 'default.vcl'),
    '-s', 'malloc,64m',
    ...(process.getuid?.() === 0 ? [] : ['-j', 'none']),
    ...Object.entries(parameters).flatMap(([name, value]) => ['-p', `${name}=${value}`]),
  ];
  const child = spawn('varnishd', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A test process that ends without stop() (a crash, a timeout) still takes its varnishd along.
  const orphanGuard = () => child.kill('SIGTERM');
  process.once('exit', orphanGuard);
  void exited.then(() => process.off('exit', orphanGuard));

  const adm = async (...command: string[]) => (await run('varnishadm', ['-n', workdir, ...command], { timeout: 20_000 })).stdout;
  const counter = async (name: string) => {
    const { stdout } = await run('varnishstat', ['-n', workdir, '-1', '-j', '-f', name], { timeout: 20_000 });
    const parsed = JSON.parse(stdout) as { counters?: Record<string, { value: number }> } & Record<string, { value: number }>;
    return (parsed.counters ?? parsed)[name]?.value ?? 0;
  };
  const backends = async () => {
    const text = await adm('backend.list');
    const health: Record<string, boolean> = {};
    for (const line of text.split('\n')) {
      const match = /^\S*?(app_\d+)\s+\S+\s+(\S+)\s+(\S+)/.exec(line);
      // Columns: name, admin, probe ("healthy"/"sick" in 7.1), health ("3/3 good"...).
      if (match) health[match[1]!] = /healthy/i.test(line) && !/sick/i.test(line);
    }
    return health;
  };
  const waitForBackends = async (count: number, state: 'healthy' | 'sick' = 'healthy', ms = 60_000) => {
    const until = Date.now() + ms;
    for (;;) {
      const seen = Object.values(await backends()).filter((healthy) => healthy === (state === 'healthy')).length;
      if (seen >= count) return;
      if (Date.now() > until) throw new Error(`fewer than ${count} backends ${state} after ${ms} ms: ${await adm('backend.list')}`);
      await sleep(250);
    }
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!stopped) child.kill('SIGKILL');
  };

  // Started when the admin port answers and the VCL is active.
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited: ${output.join('')}`);
    try {
      if ((await adm('vcl.list')).includes('active')) break;
    } catch {
      // not up yet
    }
    if (Date.now() > until) {
      await stop();
      throw new Error(`varnishd did not start in 60 s: ${output.join('')}`);
    }
    await sleep(250);
  }
  const varnish: Varnish = { port, url: `http://127.0.0.1:${port}`, dir, child, objects: () => counter('MAIN.n_object'), counter, backends, waitForBackends, adm, stop };
  try {
    await waitForBackends(options.healthy ?? backendPorts.length);
  } catch (error) {
    await stop();
    throw error;
  }
  return varnish;
}
