// The shapes REST (joi, published in /openapi.json) and MCP (zod, advertised in tools/list)
// both describe are held equal here, field by field: the batch check result with its compact
// home, candidate and full Facility record (every Fact), and the honesty block. Both schemas are
// turned into JSON Schema the way each is published, flattened to one entry per field path, and
// compared on names, types, nullability, enums and required keys. Any drift fails, unless it is
// in the commented allow-list below. The TypeScript types are held to the zod schemas at compile
// time (tsc checks this file): see the typed samples at the end.
import test from 'ava';
import * as z from 'zod/v4';
import type { CheckResult } from '../serve/shape/check.ts';
import type { CompactHome, FacilityDetailRecord } from '../contract/records.ts';
import type { Candidate } from '../serve/shape/candidate.ts';
import { checkResult as mcpCheckResult, honesty as mcpHonesty } from '../serve/mcp/schemas.ts';
import { toJsonSchema, type Components, type JsonSchema } from '../serve/rest/openapi/joi-json-schema.ts';
import { compactJsonSchema } from '../serve/mcp/json-schema.ts';
import { getStateDocuments } from '../serve/mcp/tools/get-state-documents.ts';
import { checkResponse, reportsResponse } from '../serve/rest/response-schemas.ts';

interface Field {
  types: string[];
  enum: unknown[] | null;
  required: boolean;
}

/** Every field of a schema by path (`results[].home.clearances.dementia`), its $refs resolved. */
function fields(schema: JsonSchema, resolve: (ref: string) => JsonSchema, path = '', required = true, out = new Map<string, Field>()): Map<string, Field> {
  const variants = flatten(schema, resolve);
  const types = new Set<string>();
  let values: unknown[] | null = null;
  for (const variant of variants) {
    if (variant.enum || 'const' in variant) {
      values = [...(values ?? []), ...((variant.enum as unknown[]) ?? [variant.const])];
      // An enum's type is its values' type (zod writes it, joi does not).
      for (const value of (variant.enum as unknown[]) ?? [variant.const]) types.add(value === null ? 'null' : typeof value);
    } else for (const type of [variant.type ?? 'any'].flat() as string[]) types.add(type === 'integer' ? 'integer' : type);
  }
  if (path) out.set(path, { types: [...types].sort(), enum: values && [...new Set(values)].map(String).sort(), required });
  for (const variant of variants) {
    const properties = (variant.properties ?? {}) as Record<string, JsonSchema>;
    // A closed object with as many properties required as it has (minProperties) requires them all.
    const closedAndFull = variant.additionalProperties === false && variant.minProperties === Object.keys(properties).length;
    const requiredKeys = new Set((variant.required as string[] | undefined) ?? (closedAndFull ? Object.keys(properties) : []));
    for (const [name, child] of Object.entries(properties)) fields(child, resolve, path ? `${path}.${name}` : name, requiredKeys.has(name), out);
    if (variant.items) fields(variant.items as JsonSchema, resolve, `${path}[]`, true, out);
  }
  return out;
}

/** The alternatives a schema allows (anyOf/oneOf opened, $refs followed). */
function flatten(schema: JsonSchema, resolve: (ref: string) => JsonSchema): JsonSchema[] {
  if (typeof schema.$ref === 'string') {
    // Keywords beside a $ref apply with it (2020-12): a use may say what some properties' values are.
    const shared = resolve(schema.$ref);
    const own = withoutRef(schema);
    const properties = shared.properties || own.properties ? { ...(shared.properties as object), ...(own.properties as object) } : undefined;
    return flatten({ ...shared, ...own, ...(properties ? { properties } : {}) }, resolve);
  }
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return alternatives ? alternatives.flatMap((alternative) => flatten(alternative, resolve)) : [schema];
}

function withoutRef(schema: JsonSchema): JsonSchema {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}

function restFields(response: typeof checkResponse = checkResponse): Map<string, Field> {
  const components: Components = new Map();
  const envelope = toJsonSchema(response, components);
  const resolve = (ref: string) => components.get(ref.replace('#/components/schemas/', ''))!;
  const data = (flatten(envelope, resolve)[0]!.properties as Record<string, JsonSchema>).data!;
  return fields(data, resolve);
}

function mcpFields(schema: z.ZodType): Map<string, Field> {
  // As tools/list advertises an output schema (draft 2020-12, output side, each shape once).
  const json = compactJsonSchema(z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12' }) as JsonSchema) as JsonSchema;
  const resolve = (ref: string) => (json.$defs as Record<string, JsonSchema>)[ref.replace('#/$defs/', '')]!;
  return fields(json, resolve);
}

/**
 * Intended differences, by field path. Everything else must match. (Formats, patterns, length
 * limits, descriptions and additionalProperties are not compared: REST objects may grow within
 * v1 and carry date/uri formats for OpenAPI readers; MCP advertises closed objects.)
 */
const INTENDED: Array<{ path: RegExp; differs: keyof Field | 'presence'; why: string }> = [
  // REST pins each Fact's ref to its field's source column (OpenAPI readers see which one); MCP
  // describes ref as text. The values sent are the same (one record).
  // next_due: REST documents the date a published re-check cadence will give; none exists, so the
  // TypeScript type and MCP say null, which is what every fact carries today.
  { path: /\.next_due$/, differs: 'types', why: 'REST leaves room for a date' },
  // A state report: REST lists each with the state's document address (url); MCP get_state_documents
  // adds what an assistant reads in the same call (texts, citations, whether the state still lists
  // it, the home's state record page) and leaves url out (the state has no stable per-report page).
  { path: /^reports\[\]\.url$/, differs: 'presence', why: 'REST only' },
  {
    path: /^reports\[\]\.(listed_by_state|note|state_record_url|citation_counts.*|text|text_truncated|citations.*)$/,
    differs: 'presence',
    why: 'MCP only: the texts and their findings',
  },
  { path: /^results\[\]\.home\.record\..*\.ref$/, differs: 'enum', why: 'REST pins each Fact ref' },
];

function compare(rest: Map<string, Field>, mcp: Map<string, Field>): string[] {
  const drift: string[] = [];
  for (const path of new Set([...rest.keys(), ...mcp.keys()])) {
    const a = rest.get(path);
    const b = mcp.get(path);
    if (!a || !b) {
      if (INTENDED.some((allowed) => allowed.differs === 'presence' && allowed.path.test(path))) continue;
      drift.push(`${path}: only in ${a ? 'REST' : 'MCP'}`);
      continue;
    }
    for (const key of ['types', 'enum', 'required'] as const) {
      if (INTENDED.some((allowed) => allowed.differs === key && allowed.path.test(path))) continue;
      if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) drift.push(`${path}: ${key} REST ${JSON.stringify(a[key])} vs MCP ${JSON.stringify(b[key])}`);
    }
  }
  return drift;
}

test('the batch check result: REST (joi, OpenAPI) and MCP check_homes (zod) describe the same fields', (t) => {
  const rest = restFields();
  const mcp = mcpFields(mcpCheckResult);
  t.true(rest.size > 100, `REST check fields found: ${rest.size}`);
  t.deepEqual(compare(rest, mcp), []);
});

test('the honesty block of the check is the MCP honesty shape', (t) => {
  const rest = new Map([...restFields()].filter(([path]) => path.startsWith('honesty.')).map(([path, field]) => [path.slice('honesty.'.length), field]));
  t.is(rest.size, 4);
  t.deepEqual(compare(rest, mcpFields(mcpHonesty)), []);
});

test("a state report: REST's Report and MCP get_state_documents' report agree on every field both carry", (t) => {
  const only = (fields: Map<string, Field>) => new Map([...fields].filter(([path]) => path.startsWith('reports[]')));
  const rest = only(restFields(reportsResponse));
  const mcp = only(mcpFields(getStateDocuments.output));
  t.true(rest.has('reports[].control_number') && mcp.has('reports[].control_number'));
  t.deepEqual(compare(rest, mcp), []);
});

test('the comparison sees drift: a renamed, retyped or no-longer-nullable field fails', (t) => {
  const mcp = mcpFields(mcpCheckResult);
  const drifted = new Map(mcp);
  drifted.delete('counts.matched');
  drifted.set('counts.matches', mcp.get('counts.given')!);
  drifted.set('results[].home.beds', { ...mcp.get('results[].home.beds')!, types: ['integer'] });
  drifted.set('results[].status', { ...mcp.get('results[].status')!, enum: ['matched', 'not_found'] });
  t.deepEqual(compare(restFields(), drifted).sort(), [
    'counts.matched: only in REST',
    'counts.matches: only in MCP',
    'results[].home.beds: types REST ["integer","null"] vs MCP ["integer"]',
    'results[].status: enum REST ["ambiguous","matched","not_found"] vs MCP ["matched","not_found"]',
  ]);
});

// ---- Typed samples: the TypeScript types and the zod schema accept each other's values ----------
type McpCheckResult = z.infer<typeof mcpCheckResult>;
type McpResultItem = McpCheckResult['results'][number];
type McpHome = NonNullable<McpResultItem['home']>;

/** Compiles only while A and B are assignable both ways. */
function sameType<A, B>(_check: [A] extends [B] ? ([B] extends [A] ? true : false) : false): void {}

test('the TypeScript types of the check are the zod schema\'s (checked by tsc)', (t) => {
  sameType<CheckResult, McpCheckResult>(true);
  sameType<Omit<McpHome, 'record'>, CompactHome>(true);
  sameType<NonNullable<McpHome['record']>, FacilityDetailRecord>(true);
  sameType<McpResultItem['candidates'][number], Candidate>(true);
  t.pass();
});
