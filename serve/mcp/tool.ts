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

/** A result: structuredContent plus the same JSON as text (for clients that read only text). */
export function toolResult(structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
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

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as Record<string, unknown>)) deepFreeze(child);
  }
  return value;
}

const cachedSchemas = new WeakMap<object, StandardWithJson>();

/**
 * The same schema with its JSON Schema computed once per process. The SDK converts a tool's schemas
 * on every tools/list and tools/call of every fresh per-request server; for the large record
 * schemas that conversion costs more than the tool itself. Validation still runs through zod.
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
        validate: (value: unknown) => standard.validate(value),
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
