// The JSON Schema a tool advertises, written once per shape. Zod spells every use of a shape out
// in full (the Fact record twenty times in check_homes, each nullable value as an anyOf with
// null), and every assistant pays for each tools/list in its context. The rewrites below accept
// exactly the values zod's own conversion accepts, except where said (the safe-integer bounds):
// - a nullable primitive or object (anyOf [X, null], X without enum or const) becomes X with
//   `type: [X's type, "null"]`: the other keywords of X only constrain values of X's type;
// - a closed object (additionalProperties: false) that requires every one of its N properties
//   says `minProperties: N` instead of naming them all again: it has no other keys to count;
// - zod's bounds on every integer (±9007199254740991, Number.MAX_SAFE_INTEGER) go: they are a
//   limit of JavaScript numbers, not a rule of the contract;
// - a shape written more than once is written once under `$defs`, and each use is a `$ref` with
//   what it adds (draft 2020-12, MCP's default dialect: keywords beside a `$ref` apply together
//   with it): its own description, and for objects that differ only in some properties' values
//   (every Fact record: value, source_class, confirmed_on, next_due, ref), those values. The
//   shared shape leaves such a property open ({}), and each use's `properties` says what it is;
// - `$schema` goes (MCP reads a schema without one as 2020-12, as the SDK's validators do), and
//   so do the titles that name the shared shapes once they have named them.
// test/mcp/schema-size.test.ts holds the result to the zod schema's values and to the budget.
type Json = Record<string, unknown>;

const PRIMITIVE_OR_OBJECT = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array']);

/** zod's bounds on every .int(): the range of a JavaScript number, not a rule of the contract. */
export const SAFE_INTEGER_BOUNDS = { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };

/** Keywords whose value is one subschema, or a map / list of them (the places a $ref may stand). */
const ONE_SCHEMA = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
const SCHEMA_MAP = ['properties', '$defs', 'patternProperties'];
const SCHEMA_LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];

function isSchema(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Visit = (child: Json, hint: string, replace: (next: Json) => void, isDef: boolean) => void;

/** Calls visit on every subschema of a schema (not the root itself), with a name hint for each. */
function eachChild(schema: Json, visit: Visit): void {
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

/** The integer bounds dropped and each closed, fully required object counted instead of listed, bottom-up. */
function tighten(schema: Json): void {
  eachChild(schema, (child) => tighten(child));
  if ([schema.type].flat().includes('integer')) {
    if (schema.minimum === SAFE_INTEGER_BOUNDS.minimum) delete schema.minimum;
    if (schema.maximum === SAFE_INTEGER_BOUNDS.maximum) delete schema.maximum;
  }
  const { properties, required } = schema;
  if (schema.additionalProperties === false && isSchema(properties) && Array.isArray(required)) {
    const names = Object.keys(properties);
    if (required.length === names.length && names.every((name) => required.includes(name))) {
      delete schema.required;
      schema.minProperties = names.length;
    }
  }
}

/** Titles only name shared shapes ($defs); once named, they go. */
function dropDescriptions(schema: Json): void {
  delete schema.description;
  eachChild(schema, (child) => dropDescriptions(child));
}

function dropTitles(schema: Json): void {
  delete schema.title;
  eachChild(schema, (child) => dropTitles(child));
}

/** A use of a shape where the schema tree holds it: replaced by a $ref (with what it adds) when hoisted. */
interface Occurrence {
  schema: Json;
  hint: string;
  replace: (next: Json) => void;
}

/**
 * Which occurrences may share one shape: the same schema but for its own description and title,
 * and for an object, but for its properties' values (the shared shape leaves those that differ open).
 */
function shapeKey(schema: Json): string {
  const { description: _description, title: _title, ...rest } = schema;
  return JSON.stringify(isSchema(rest.properties) ? { ...rest, properties: Object.keys(rest.properties) } : rest);
}

const text = (value: unknown) => JSON.stringify(value);

/** Bytes as advertised: without the titles, which go at the end (a title is a string; a property named title is a schema). */
const advertisedLength = (value: unknown) => JSON.stringify(value, (key, child) => (key === 'title' && typeof child === 'string' ? undefined : child)).length;

/** What a shape is, in a few words: its title, the shape it refers to (and what a use sets), else its type. */
function kindOf(schema: Json): string {
  if (typeof schema.title === 'string') return [schema.title, ...[schema.type].flat().filter((type) => type === 'null')].join('_or_');
  if (typeof schema.$ref === 'string') {
    const shared = schema.$ref.replace('#/$defs/', '');
    const set = isSchema(schema.properties) ? Object.values(schema.properties).filter(isSchema).map(kindOf) : [];
    return [shared, ...set].join('_');
  }
  const types = [schema.type ?? 'value'].flat() as string[];
  if (types[0] === 'array' && isSchema(schema.items)) return [`${kindOf(schema.items)}_list`, ...types.slice(1)].join('_or_');
  return types.join('_or_');
}

/**
 * A readable $defs name for a shape: its title (schemas.ts names the shared ones), else the field
 * name its uses share, else what it is.
 */
function nameFor(members: Occurrence[], taken: Set<string>): string {
  const first = members[0]!.schema;
  const hint = members[0]!.hint;
  const sameTitle = members.every((member) => member.schema.title === first.title);
  const generic = ['item', 'anyOf', 'oneOf', 'allOf', 'prefixItems', 'additionalProperties'];
  const base =
    typeof first.title === 'string' && sameTitle
      ? kindOf(first)
      : members.every((member) => member.hint === hint) && !generic.includes(hint)
        ? hint
        : kindOf({ ...first, title: undefined });
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = `${base}_${n}`;
  return name;
}

/**
 * The description the shared shape carries: the one most of its uses give, when every use gives
 * one (a use without a description must not inherit another's).
 */
function sharedDescription(values: unknown[]): string | undefined {
  if (!values.every((value) => typeof value === 'string')) return undefined;
  const counts = new Map<string, number>();
  for (const value of values as string[]) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | undefined;
  for (const [value, count] of counts) if (best === undefined || count > counts.get(best)!) best = value;
  return best;
}

/** The shared shape of a group, each member's use of it, and how many bytes that saves. */
function plan(members: Occurrence[], name: string) {
  const first = members[0]!.schema;
  const { description: _own, title, ...shape } = first;
  // The shared shape carries the description most of its uses give; a use that says something else says it beside its $ref.
  const description = sharedDescription(members.map((member) => member.schema.description));
  const sameTitle = members.every((member) => member.schema.title === title);
  const differing = isSchema(first.properties)
    ? Object.keys(first.properties).filter((key) => members.some((member) => text((member.schema.properties as Json)[key]) !== text((first.properties as Json)[key])))
    : [];
  if (differing.length) shape.properties = Object.fromEntries(Object.entries(first.properties as Json).map(([key, child]) => [key, differing.includes(key) ? {} : child]));
  if (description !== undefined) shape.description = description;
  if (sameTitle && title !== undefined) shape.title = title;
  const ref = `#/$defs/${name}`;
  const uses = members.map(({ schema }) => {
    const use: Json = { $ref: ref };
    if (schema.description !== undefined && schema.description !== description) use.description = schema.description;
    if (differing.length) use.properties = Object.fromEntries(differing.map((key) => [key, (schema.properties as Json)[key]]));
    return use;
  });
  const before = members.reduce((sum, member) => sum + advertisedLength(member.schema), 0);
  const after = advertisedLength(shape) + name.length + 4 + uses.reduce((sum, use) => sum + advertisedLength(use), 0);
  return { shape, uses, saving: before - after };
}

/** Hoists the shared shape that saves the most bytes, again and again, until none saves any. */
function hoistRepeats(root: Json): Json {
  const defs: Json = isSchema(root.$defs) ? root.$defs : {};
  for (;;) {
    const groups = new Map<string, Occurrence[]>();
    // Occurrences inside another occurrence of the same group are left to it (nothing is hoisted twice).
    // Each subschema may share its exact text with others, or only its shape (a use with a $ref: only its text).
    const collect = (schema: Json, open: Set<string>) =>
      eachChild(schema, (child, hint, replace) => {
        const keys = [`=${text(child)}`, ...('$ref' in child ? [] : [`~${shapeKey(child)}`])].filter((key) => !open.has(key));
        for (const key of keys) {
          const group = groups.get(key) ?? [];
          group.push({ schema: child, hint, replace });
          groups.set(key, group);
        }
        collect(child, new Set([...open, ...keys]));
      });
    collect(root, new Set());
    let best: { members: Occurrence[]; name: string; saving: number } | null = null;
    for (const members of groups.values()) {
      if (members.length < 2) continue;
      const name = nameFor(members, new Set(Object.keys(defs)));
      const { saving } = plan(members, name);
      if (saving > 0 && (!best || saving > best.saving)) best = { members, name, saving };
    }
    if (!best) break;
    const { shape, uses } = plan(best.members, best.name);
    best.members.forEach((member, index) => member.replace(uses[index]!));
    defs[best.name] = shape;
    root.$defs = defs;
  }
  return root;
}

/** The advertised form of a converted schema: the same values accepted, each shape written once. */
export function compactJsonSchema(schema: Json, options: { nestedDescriptions?: boolean } = {}): Json {
  const { $schema: _dialect, ...copy } = JSON.parse(JSON.stringify(schema)) as Json;
  // An output schema keeps only its root's description: hosts hand the model a tool's name,
  // description and input schema, rarely its output schema (docs/mcp.md), and the reading rules
  // an answer needs stand in the tool's description and in the answer's own notes.
  if (options.nestedDescriptions === false) eachChild(copy, (child) => dropDescriptions(child));
  const folded = foldNullable(copy);
  tighten(folded);
  const compact = hoistRepeats(folded);
  dropTitles(compact);
  return compact;
}
