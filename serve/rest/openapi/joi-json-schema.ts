// Converts the joi schemas the routes validate with into JSON Schema (2020-12, as OpenAPI 3.1
// uses it). Covers the joi features this project's schemas use; an unknown one throws, so a new
// schema feature cannot silently vanish from the published contract.
import type Joi from 'joi';

export type JsonSchema = Record<string, unknown>;

type Presence = 'required' | 'optional';

interface Description {
  type: string;
  flags?: {
    presence?: Presence | 'forbidden';
    only?: boolean;
    description?: string;
    default?: unknown;
    unknown?: boolean;
  };
  allow?: unknown[];
  rules?: Array<{ name: string; args?: Record<string, unknown> }>;
  metas?: Array<Record<string, unknown>>;
  examples?: unknown[];
  keys?: Record<string, Description>;
  items?: Description[];
  preferences?: { presence?: Presence };
}

/** Named schemas found while converting (joi `.meta({ component: 'Name' })`), for components.schemas. */
export type Components = Map<string, JsonSchema>;

export function toJsonSchema(schema: Joi.Schema, components: Components): JsonSchema {
  return convert(schema.describe() as Description, components, 'optional');
}

/** The keys of an object schema with their JSON Schemas, whether each is required, and its description. */
export function objectProperties(schema: Joi.Schema, components: Components) {
  const { properties = {}, required = [] } = toJsonSchema(schema, components) as { properties?: Record<string, JsonSchema>; required?: string[] };
  // The description is carried by the parameter itself.
  return Object.entries(properties).map(([name, { description, ...converted }]) => ({
    name,
    schema: converted,
    required: required.includes(name),
    ...(description ? { description: description as string } : {}),
  }));
}

function isRequired(description: Description, inherited: Presence): boolean {
  const presence = description.flags?.presence ?? inherited;
  return presence === 'required' && description.flags?.default === undefined;
}

function metaValue(description: Description, key: string): unknown {
  return description.metas?.find((meta) => key in meta)?.[key];
}

function convert(description: Description, components: Components, inherited: Presence): JsonSchema {
  const component = metaValue(description, 'component');
  if (typeof component === 'string') {
    // A use site may add null (`.allow(null)`); the component itself stays as declared.
    const nullable = description.allow?.includes(null) ?? false;
    if (!components.has(component)) {
      components.set(component, {}); // reserve the name first, so a self-reference terminates
      const declared = {
        ...description,
        allow: description.allow?.filter((value) => value !== null),
        metas: description.metas?.filter((meta) => !('component' in meta)),
      };
      components.set(component, convertInline(declared, components, inherited));
    }
    const ref = { $ref: `#/components/schemas/${component}` };
    return nullable ? { anyOf: [ref, { type: 'null' }] } : ref;
  }
  return convertInline(description, components, inherited);
}

function convertInline(description: Description, components: Components, inherited: Presence): JsonSchema {
  const flags = description.flags ?? {};
  const allowed = description.allow ?? [];
  let schema: JsonSchema;

  if (flags.only) {
    schema = allowed.length === 1 ? { const: allowed[0] } : { enum: allowed };
  } else {
    schema = byType(description, components, inherited);
    const extra = allowed.filter((value) => value !== null && value !== '');
    if (extra.length > 0) throw new Error(`joi-json-schema: allow(${JSON.stringify(extra)}) without valid() is not supported`);
    if (allowed.includes(null)) {
      if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
      else schema = { anyOf: [schema, { type: 'null' }] };
    }
  }

  if (flags.description) schema.description = flags.description;
  if (flags.default !== undefined && typeof flags.default !== 'function') schema.default = flags.default;
  if (description.examples?.length) schema.examples = description.examples;
  const format = metaValue(description, 'format');
  if (typeof format === 'string') schema.format = format;
  return schema;
}

function rule(description: Description, name: string): Record<string, unknown> | undefined {
  const found = description.rules?.find((candidate) => candidate.name === name);
  return found ? (found.args ?? {}) : undefined;
}

/** The schema with its min and max rules' limits under the given JSON Schema keywords. */
function limits(description: Description, schema: JsonSchema, minKeyword: string, maxKeyword: string): JsonSchema {
  const min = rule(description, 'min');
  const max = rule(description, 'max');
  if (min) schema[minKeyword] = min.limit;
  if (max) schema[maxKeyword] = max.limit;
  return schema;
}

function byType(description: Description, components: Components, inherited: Presence): JsonSchema {
  switch (description.type) {
    case 'any':
      return {};
    case 'boolean':
      return { type: 'boolean' };
    case 'string': {
      const schema = limits(description, { type: 'string' }, 'minLength', 'maxLength');
      const pattern = rule(description, 'pattern');
      if (pattern) schema.pattern = String(pattern.regex).replace(/^\/(.*)\/[a-z]*$/s, '$1');
      if (rule(description, 'isoDate')) schema.format = 'date-time';
      if (rule(description, 'uri')) schema.format = 'uri';
      return schema;
    }
    case 'number':
      return limits(description, { type: rule(description, 'integer') ? 'integer' : 'number' }, 'minimum', 'maximum');
    case 'array': {
      const schema: JsonSchema = { type: 'array' };
      const items = description.items ?? [];
      if (items.length === 1) schema.items = convert(items[0]!, components, 'optional');
      else if (items.length > 1) schema.items = { anyOf: items.map((item) => convert(item, components, 'optional')) };
      return limits(description, schema, 'minItems', 'maxItems');
    }
    case 'object': {
      const presence = description.preferences?.presence ?? inherited;
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [name, child] of Object.entries(description.keys ?? {})) {
        if (child.flags?.presence === 'forbidden') continue;
        properties[name] = convert(child, components, presence);
        if (isRequired(child, presence)) required.push(name);
      }
      const schema: JsonSchema = { type: 'object' };
      if (description.keys) schema.properties = properties;
      if (required.length > 0) schema.required = required;
      if (description.keys && description.flags?.unknown !== true) schema.additionalProperties = false;
      return schema;
    }
    default:
      throw new Error(`joi-json-schema: joi type "${description.type}" is not supported`);
  }
}
