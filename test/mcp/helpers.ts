// MCP test helpers: a real server on loopback over the seed snapshot and its document store, SDK
// clients for both protocol eras, and an ajv check of every result against the tool's declared
// output schema (on top of the check the SDK client makes after listTools).
import fs from 'node:fs';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Ajv2020 } from 'ajv/dist/2020.js';
import Database from 'better-sqlite3';
import { runOperatorCommand } from '../../serve/operator/cli.ts';
import { settingsFromEnv, type McpSettings, type Settings } from '../../serve/http/settings.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { seedSnapshotFile, snapshotDir, textsFileOf } from '../helpers/snapshot.ts';

export { BASE_URL } from '../helpers/server.ts';

export const MODERN = '2026-07-28';
export const LEGACY = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'] as const;

/** A budget no ordinary test reaches (the rate-limit test uses the default). */
const ROOMY_MCP = 1_000_000;

export interface McpTestServer extends TestServer {
  mcpUrl: string;
  /** Runs an operator CLI command against the server's store and makes the server re-read it. */
  operator(...args: string[]): number;
}

/**
 * A server on a copy of the seed snapshot and of the document texts file published with it.
 * `editDocuments` may change that copy first (e.g. add a report the state no longer lists).
 */
export async function startMcpServer(
  options: { mcp?: Partial<McpSettings>; settings?: Partial<Settings>; editDocuments?: (db: Database.Database) => void } = {},
): Promise<McpTestServer> {
  const dir = await snapshotDir();
  const seed = await seedSnapshotFile();
  const copy = textsFileOf(path.join(dir, path.basename(seed)));
  if (options.editDocuments) {
    fs.rmSync(copy, { force: true });
    const source = new Database(textsFileOf(seed), { readonly: true });
    await source.backup(copy);
    source.close();
    const db = new Database(copy);
    options.editDocuments(db);
    db.close();
  }
  const base = settingsFromEnv({});
  const server = await startServer({
    ...options.settings,
    snapshotsDir: dir,
    mcp: { ...base.mcp, rateLimit: ROOMY_MCP, ...options.mcp },
  });
  return {
    ...server,
    mcpUrl: `${server.url}/mcp`,
    operator(...args: string[]) {
      const code = runOperatorCommand(args, { snapshotsDir: dir, out: () => {} });
      server.app.services.overlays.refresh();
      return code;
    },
  };
}

export type Era = 'modern' | (typeof LEGACY)[number];

/** A connected SDK client: pinned to 2026-07-28, or a legacy initialize offering that revision. */
export async function connect(url: string, era: Era, name = 'mcp-test'): Promise<Client> {
  const client =
    era === 'modern'
      ? new Client({ name, version: '0.0.1' }, { versionNegotiation: { mode: { pin: MODERN } } })
      : new Client({ name, version: '0.0.1' }, { supportedProtocolVersions: [era] });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/** Validates structuredContent against the output schema tools/list declared for the tool. */
export function validateOutput(tools: Array<{ name: string; outputSchema?: unknown }>, name: string, value: unknown): string | null {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool?.outputSchema) return `tool ${name} declares no output schema`;
  const key = `${name}:${JSON.stringify(tool.outputSchema).length}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(tool.outputSchema as object);
    validators.set(key, validate);
  }
  return validate(value) ? null : ajv.errorsText(validate.errors);
}

/** The text of an isError result. */
export function errorText(result: { content?: unknown; isError?: boolean }): string {
  const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
  return content.map((part) => part.text ?? '').join('\n');
}

/** A raw JSON-RPC POST to /mcp (legacy style unless headers say otherwise). */
/** A tool's structured answer; a refusal (isError) throws with its text, so a test reads only answers. */
export async function structuredAnswer(client: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${errorText(result)}`);
  return result.structuredContent;
}

export async function rpc(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: json };
}

/** A 2026-07-28 request body with its _meta envelope, and the headers that go with it. */
export function modernRequest(method: string, params: Record<string, unknown> = {}, id: number | string = 1, version = MODERN) {
  const body = {
    jsonrpc: '2.0',
    id,
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': version,
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'raw-test', version: '1' },
      },
    },
  };
  const headers: Record<string, string> = { 'mcp-protocol-version': version, 'mcp-method': method };
  if (method === 'tools/call' && typeof params.name === 'string') headers['mcp-name'] = params.name;
  return { body, headers };
}

export function fileExists(file: string): boolean {
  return fs.existsSync(file);
}

/** A listed home with a location, and what a call about it is given. */
export interface ExampleHome {
  license_number: string;
  name: string;
  latitude: number;
  longitude: number;
  county: string;
}

/** Every tool's happy path (and the alias), about `home` and one `other` listed license. */
export function happyPathCalls(home: ExampleHome, other: string): Array<[string, Record<string, unknown>]> {
  return [
    ['find_homes', { county: home.county, needs: ['dementia'], limit: 5 }],
    ['find_homes', { near: { latitude: home.latitude, longitude: home.longitude }, radius_km: 30, max_monthly_budget_usd: 9000 }],
    ['check_homes', { homes: [home.license_number, home.name, 'no such home anywhere'], detail: true }],
    ['get_home', { license_number: home.license_number }],
    ['get_state_documents', { license_number: home.license_number, include_text: true, limit: 3 }],
    ['compare_homes', { license_numbers: [home.license_number, other] }],
    ['homes_near_hospital', { hospital: 'Livermore Community Hospital', radius_km: 40 }],
    ['explain_care_topic', { topic: 'dementia_care' }],
    ['explain', { topic: 'hospice_waiver' }],
    ['start_family_request', { license_numbers: [home.license_number], care_needs: ['dementia'], timing: 'within_a_month' }],
    ['search', { query: home.name }],
    ['fetch', { id: home.license_number }],
  ];
}

/**
 * A test file's server and modern-era SDK client, started before its tests and closed after them,
 * with `call` (a tool's structured answer, checked against the schema tools/list declared; a
 * refusal throws) and `refusal` (a call that must be refused: its result and text).
 */
export function askingClient(test: { before: (run: () => Promise<void>) => void; after: { always: (run: () => Promise<void>) => void } }) {
  const state = {} as { server: McpTestServer; client: Client; tools: Array<{ name: string; outputSchema?: unknown }> };
  test.before(async () => {
    state.server = await startMcpServer();
    state.client = await connect(state.server.mcpUrl, 'modern');
    state.tools = (await state.client.listTools()).tools;
  });
  test.after.always(async () => {
    await state.client?.close();
    await state.server?.close();
  });
  return {
    state,
    async call(name: string, args: Record<string, unknown>): Promise<any> {
      const result = await state.client.callTool({ name, arguments: args });
      if (result.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${errorText(result)}`);
      const problem = validateOutput(state.tools, name, result.structuredContent);
      if (problem) throw new Error(`${name}: ${problem}`);
      return result.structuredContent;
    },
    async refusal(name: string, args: Record<string, unknown>): Promise<{ result: any; text: string }> {
      const result = await state.client.callTool({ name, arguments: args });
      if (!result.isError) throw new Error(`${name} ${JSON.stringify(args)} was not refused`);
      return { result, text: errorText(result) };
    },
  };
}
