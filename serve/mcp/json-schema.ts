// The JSON Schema a tool advertises, written once per shape. Zod spells every use of a shape out
// in full (the compact home four times in check_homes' Fact records alone, each nullable value as
// an anyOf with null), and every assistant pays for each tools/list in its context. Two rewrites,
// each accepting exactly the same values as zod's own conversion:
// - a nullable primitive or object (anyOf [X, null], X without enum or const) becomes X with
//   `type: [X's type, "null"]`: the other keywords of X only constrain values of X's type;
// - a subschema written more than once is written once under `$defs` and referred to by `$ref`
//   (draft 2020-12, which the SDK's validators and ajv's Ajv2020 read).
// test/mcp/schema-size.test.ts holds the result to the zod schema's values and to the budget.
type Json = Record<string, unknown>;

const PRIMITIVE_OR_OBJECT = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array']);

/** Keywords whose value is one subschema, or a map / list of them (the places a $ref may stand). */
const ONE_SCHEMA = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
const SCHEMA_MAP = ['properties', '$defs', 'patternProperties'];
const SCHEMA_LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];

function isSchema(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Calls visit on every subschema of a schema (not the root itself), with a name hint for each. */
function eachChild(schema: Json, visit: (child: Json, hint: string, replace: (next: Json) => void, isDef: boolean) => void): void {
  for (const key of ONE_SCHEMA) {
    const child = schema[key];
    if (isSchema(child)) visit(child, key === 'items' ? 'item' : key, (next) => (schema[key] = next), false);
  }
  for (const key of SCHEMA_MAP) {
    const map = schema[key];
    if (!isSchema(map)) continue;
    for (const [name, child] of Object.entries(map)) if (isSchema(child)) visit(child, name, (next) => (map[name] = next), key === '$defs');
  }
  for (const key of SCHEMA_LIST) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    list.forEach((child, index) => {
      if (isSchema(child)) visit(child, key, (next) => (list[index] = next), false);
    });
  }
}

/** anyOf [X, {type: null}] as X with null added to its type, bottom-up. */
function foldNullable(schema: Json): Json {
  eachChild(schema, (child, _hint, replace) => replace(foldNullable(child)));
  const anyOf = schema.anyOf;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return schema;
  const nullIndex = anyOf.findIndex((option) => isSchema(option) && option.type === 'null' && Object.keys(option).length === 1);
  const other = anyOf[1 - nullIndex] as Json | undefined;
  if (nullIndex < 0 || !isSchema(other) || typeof other.type !== 'string' || !PRIMITIVE_OR_OBJECT.has(other.type)) return schema;
  if ('enum' in other || 'const' in other || '$ref' in other) return schema;
  const { anyOf: _anyOf, ...outer } = schema;
  // The outer description (the field's) says more than the inner one (the value's) when both exist.
  return { ...other, ...outer, type: [other.type, 'null'] };
}

/**
 * A readable $defs name for a shape: its title (schemas.ts names the shared ones), else its type
 * for a bare value, else the field name where it first appears.
 */
function nameFor(schema: Json, hint: string, taken: Set<string>): string {
  const types = [schema.type ?? 'value'].flat() as string[];
  const bare = !('properties' in schema) && !('description' in schema);
  const base =
    typeof schema.title === 'string'
      ? [schema.title, ...types.filter((type) => type === 'null')].join('_or_')
      : bare || ['item', 'anyOf', 'oneOf', 'allOf', 'prefixItems', 'additionalProperties'].includes(hint)
        ? types.join('_or_')
        : hint;
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = `${base}_${n}`;
  return name;
}

/** Hoists the repeated subschema that saves the most bytes, again and again, until none saves any. */
function hoistRepeats(root: Json): Json {
  const defs: Json = isSchema(root.$defs) ? root.$defs : {};
  for (;;) {
    const seen = new Map<string, { count: number; hint: string; schema: Json }>();
    const count = (schema: Json) =>
      eachChild(schema, (child, hint, _replace, isDef) => {
        if (isDef) return count(child);
        // A reference is already as short as a use can be.
        if ('$ref' in child && Object.keys(child).length === 1) return;
        const text = JSON.stringify(child);
        const entry = seen.get(text);
        if (entry) entry.count += 1;
        else seen.set(text, { count: 1, hint, schema: child });
        count(child);
      });
    count(root);
    let best: { text: string; saving: number; hint: string; schema: Json } | null = null;
    for (const [text, entry] of seen) {
      if (entry.count < 2) continue;
      // Each use shrinks to {"$ref":"#/$defs/<name>"}; the shape is written once more under $defs.
      const refLength = 20 + entry.hint.length;
      const saving = (entry.count - 1) * text.length - entry.count * refLength - entry.hint.length - 4;
      if (saving > 0 && (!best || saving > best.saving)) best = { text, saving, hint: entry.hint, schema: entry.schema };
    }
    if (!best) break;
    const chosen = best;
    const name = nameFor(chosen.schema, chosen.hint, new Set(Object.keys(defs)));
    const ref = { $ref: `#/$defs/${name}` };
    const replaceAll = (schema: Json) =>
      eachChild(schema, (child, _hint, replace, isDef) => {
        if (!isDef && JSON.stringify(child) === chosen.text) replace(ref);
        else replaceAll(child);
      });
    replaceAll(root);
    defs[name] = JSON.parse(chosen.text) as Json;
    root.$defs = defs;
  }
  return root;
}

/** The advertised form of a converted schema: the same values accepted, each shape written once. */
export function compactJsonSchema(schema: Json): Json {
  const copy = JSON.parse(JSON.stringify(schema)) as Json;
  return hoistRepeats(foldNullable(copy));
}
