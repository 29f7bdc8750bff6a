// How every tool is declared and answered: a zod input and output schema (advertised in
// tools/list), a description an assistant can act on, and a handler whose refusals come back as
// tool results with isError and a message saying what to send instead. Nothing a caller sends
// makes a tool crash: an unexpected error is logged and answered as a retryable tool error.
import type { CallToolResult, McpServer, ServerContext } from '@modelcontextprotocol/server';
import type * as z from 'zod/v4';
import type { McpCall } from './context.ts';

/** A refusal: the message says what was wrong and what to send instead. */
export class ToolRefusal extends Error {}

export function refuse(message: string): never {
  throw new ToolRefusal(message);
}

export const TOOL_FAILURE = 'The server could not finish this call; nothing was changed. Retry after a minute.';

export interface ToolDefinition<In extends z.ZodObject, Out extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: In;
  output: Out;
  run(args: z.infer<In>, call: McpCall, ctx: ServerContext): z.infer<Out>;
}

export function defineTool<In extends z.ZodObject, Out extends z.ZodObject>(definition: ToolDefinition<In, Out>): ToolDefinition<In, Out> {
  return definition;
}

export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** The text form of results that are kept and reused (frozen ones), written once each. */
const textOfFrozen = new WeakMap<object, string>();

/** A result: structuredContent plus the same JSON as text (for clients that read only text). */
export function toolResult(structured: Record<string, unknown>): CallToolResult {
  let text = textOfFrozen.get(structured);
  if (text === undefined) {
    text = JSON.stringify(structured);
    if (Object.isFrozen(structured)) textOfFrozen.set(structured, text);
  }
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

type JsonSchemaOptions = { target: string };
interface StandardWithJson {
  '~standard': {
    version: 1;
    vendor: string;
    validate: (value: unknown) => unknown;
    jsonSchema: { input: (options: JsonSchemaOptions) => Record<string, unknown>; output: (options: JsonSchemaOptions) => Record<string, unknown> };
  };
}

/** Frozen all the way down: what a tool keeps per snapshot and returns again, unchanged. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as Record<string, unknown>)) deepFreeze(child);
  }
  return value;
}

const cachedSchemas = new WeakMap<object, StandardWithJson>();

/** Frozen values a schema has accepted: they cannot have changed since, so they pass again unread. */
const acceptedFrozen = new WeakMap<object, WeakSet<object>>();

export function validateOnce(schema: object, validate: (value: unknown) => unknown): (value: unknown) => unknown {
  let accepted = acceptedFrozen.get(schema);
  if (!accepted) acceptedFrozen.set(schema, (accepted = new WeakSet()));
  const known = accepted;
  return (value) => {
    if (value !== null && typeof value === 'object' && known.has(value)) return { value };
    const result = validate(value);
    const frozen = value !== null && typeof value === 'object' && Object.isFrozen(value);
    if (frozen && !(result instanceof Promise) && !(result as { issues?: unknown }).issues) known.add(value as object);
    return result;
  };
}

/**
 * The same schema with its JSON Schema computed once per process. The SDK converts a tool's schemas
 * on every tools/list and tools/call of every fresh per-request server; for the large record
 * schemas that conversion costs more than the tool itself. Validation still runs through zod, once
 * per kept (frozen) result rather than on every call that returns it.
 */
function cached<T extends z.ZodType>(schema: T): T {
  let wrapper = cachedSchemas.get(schema);
  if (!wrapper) {
    const standard = (schema as unknown as StandardWithJson)['~standard'];
    const memo = (io: 'input' | 'output') => {
      const byTarget = new Map<string, Record<string, unknown>>();
      return (options: JsonSchemaOptions) => {
        let json = byTarget.get(options.target);
        if (!json) {
          json = deepFreeze(standard.jsonSchema[io](options));
          byTarget.set(options.target, json);
        }
        return json;
      };
    };
    wrapper = {
      '~standard': {
        version: 1,
        vendor: standard.vendor,
        validate: validateOnce(schema, (value: unknown) => standard.validate(value)),
        jsonSchema: { input: memo('input'), output: memo('output') },
      },
    };
    cachedSchemas.set(schema, wrapper);
  }
  return wrapper as unknown as T;
}

export function registerTool<In extends z.ZodObject, Out extends z.ZodObject>(
  server: McpServer,
  call: McpCall,
  definition: ToolDefinition<In, Out>,
  name: string = definition.name,
  description: string = definition.description,
): void {
  server.registerTool(
    name,
    {
      title: definition.title,
      description,
      inputSchema: cached(definition.input),
      outputSchema: cached(definition.output),
      // Every tool reads stored data and writes nothing (start_family_request included).
      annotations: { title: definition.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ((args: z.infer<In>, ctx: ServerContext): CallToolResult => {
      try {
        return toolResult(definition.run(args, call, ctx) as Record<string, unknown>);
      } catch (error) {
        if (error instanceof ToolRefusal) return toolError(error.message);
        call.services.log.error('mcp tool failed', {
          tool: name,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
        return toolError(TOOL_FAILURE);
      }
    }) as never,
  );
}
