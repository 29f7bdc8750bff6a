// How every tool is declared and answered: a zod input and output schema (advertised in
// tools/list), a description an assistant can act on, and a handler whose refusals come back as
// tool results with isError and a message saying what to send instead. Nothing a caller sends
// makes a tool crash: an unexpected error is logged and answered as a retryable tool error.
import type { CallToolResult, McpServer, ServerContext } from '@modelcontextprotocol/server';
import type * as z from 'zod/v4';
import { demoFields } from '../http/demo.ts';
import { say } from '../words/catalog.ts';
import { SHARED_WORDS } from '../words/family-words.ts';
import type { Language } from '../words/language.ts';
import { answerLanguage } from './language.ts';
import { jsonAsText } from '../words/quote.ts';
import { requestCall, type McpCall } from './context.ts';
import { demoNotice } from './schemas.ts';
import { compactJsonSchema } from './json-schema.ts';
import { toolUiMeta } from './cards/catalog.ts';

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
  /** Its card (MCP Apps `_meta.ui`): the ui:// resource that shows its answer, and who may call it (default: the model and the cards). */
  ui?: { resourceUri?: string; visibility?: Array<'model' | 'app'> };
  run(args: z.infer<In>, call: McpCall, ctx: ServerContext): z.infer<Out>;
  /**
   * The text block, when it is not the structuredContent's JSON: the same values in fewer bytes
   * (a list as Markdown), in the language the call asked for. Hosts hand the model one or the
   * other, or both (docs/mcp.md).
   */
  text?(answer: z.infer<Out>, language: Language): string;
}

/** Every tool's output may carry the demo notice (added to each result in registerTool). */
export function defineTool<In extends z.ZodObject, Out extends z.ZodObject>(definition: ToolDefinition<In, Out>): ToolDefinition<In, Out> {
  return { ...definition, output: definition.output.extend(demoNotice) as unknown as Out };
}

/** A refusal or failure as a tool result (while demo data is served, server.ts adds the notice after the message, to every refusal). */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** The language a tool decided its answer is in, when no argument says it (search reads it from the ask). */
const answeredIn = new WeakMap<object, Language>();

/** Marks an answer as written in `language`: its text block and demo notice follow. */
export function inLanguage<T extends object>(answer: T, language: Language): T {
  answeredIn.set(answer, language);
  return answer;
}

/** Each result's structuredContent as its text wrote it, so the answer need not write it again (engine.ts). */
const written = new WeakMap<object, string>();

/**
 * A result: structuredContent plus the same JSON as text (for clients that read only text). While
 * demo data is served, the notice comes first in both (every tool's result, one place).
 */
export function toolResult(structured: Record<string, unknown>, demo = false, render?: TextRenderer, language: Language = 'en'): CallToolResult {
  const answer = demo ? { ...demoFields(true, language), ...structured } : structured;
  const json = JSON.stringify(answer);
  written.set(answer, json);
  // The JSON text escapes what a Markdown host could render (a record's value stays text); structuredContent is the plain value.
  return { content: [{ type: 'text', text: render ? renderedText(structured, demo, render, language) : jsonAsText(json) }], structuredContent: answer };
}

export type TextRenderer = (answer: any, language: Language) => string;

/** A rendered text block: it opens with the demo notice too, as the JSON does, in the answer's language. */
export function renderedText(structured: Record<string, unknown>, demo: boolean, render: TextRenderer, language: Language = 'en'): string {
  const text = render(structured, language);
  return demo ? `${say(SHARED_WORDS.demo, language)}\n\n${text}` : text;
}

/** The JSON toolResult wrote for this structuredContent, when it made it (and nothing changed it since: results are never edited after). */
export function serializedStructured(structured: object): string | undefined {
  return written.get(structured);
}

/** Frozen all the way down: a converted schema shared by every tools/list. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as Record<string, unknown>)) deepFreeze(child);
  }
  return value;
}

type Converted = Record<string, unknown>;

/**
 * The same schema with its JSON Schema converted once per process, each shape written once
 * (json-schema.ts). The SDK converts every tool's schemas again on each tools/list (about 10 ms of
 * CPU for these ten tools); the tools never change, so the first conversion serves them all. Validation is zod's own, untouched, except for
 * a tool's output schema (`trusted`, never an input): it is not run again over each answer. The
 * SDK checks every structuredContent against the tool's output schema, a zod pass that copies the
 * whole answer (about 30 µs of a get_home call's CPU); every answer is built to its schema, and
 * test/mcp/outputs.test.ts (each tool over every home of the test snapshot) and the property tests
 * hold each one to the JSON Schema tools/list advertises.
 */
// Kept apart by role, so that a schema used as an output never lends its skipped check to an input.
const converted = { checked: new WeakMap<z.ZodType, z.ZodType>(), trusted: new WeakMap<z.ZodType, z.ZodType>() };

function convertedOnce<T extends z.ZodType>(schema: T, trusted = false): T {
  const kept = converted[trusted ? 'trusted' : 'checked'].get(schema);
  if (kept) return kept as T;
  const standard = schema['~standard'] as T['~standard'] & { jsonSchema: Record<'input' | 'output', (options: { target: string }) => Converted> };
  const memo = (io: 'input' | 'output') => {
    const byTarget = new Map<string, Converted>();
    return (options: { target: string }) => {
      let json = byTarget.get(options.target);
      if (!json) byTarget.set(options.target, (json = deepFreeze(compactJsonSchema(standard.jsonSchema[io](options), { nestedDescriptions: !trusted }))));
      return json;
    };
  };
  const jsonSchema = { input: memo('input'), output: memo('output') };
  const wrapper = { '~standard': { ...standard, jsonSchema, ...(trusted ? { validate: (value: unknown) => ({ value }) } : {}) } } as unknown as T;
  converted[trusted ? 'trusted' : 'checked'].set(schema, wrapper);
  return wrapper;
}

export function registerTool<In extends z.ZodObject, Out extends z.ZodObject>(
  server: McpServer,
  definition: ToolDefinition<In, Out>,
  name: string = definition.name,
  description: string = definition.description,
): void {
  server.registerTool(
    name,
    {
      title: definition.title,
      description,
      inputSchema: convertedOnce(definition.input),
      outputSchema: convertedOnce(definition.output, true),
      // Every tool reads stored data and writes nothing (start_family_request included). The spec
      // reads destructiveHint and idempotentHint only when readOnlyHint is false, and the title is
      // the tool's own (Tool.title), so neither is written again here.
      annotations: { readOnlyHint: true, openWorldHint: false },
      ...(definition.ui ? { _meta: toolUiMeta(definition.ui) } : {}),
    },
    ((args: z.infer<In>, ctx: ServerContext): CallToolResult => {
      const call = requestCall(ctx.http?.req);
      try {
        const structured = definition.run(args, call, ctx) as Record<string, unknown>;
        // The language every tool that takes one answers in (serve/mcp/language.ts): its text block and demo notice follow it.
        const language = answeredIn.get(structured) ?? answerLanguage((args as { language?: Language }).language, ctx);
        return toolResult(structured, call.context().snapshot.meta.demoData, definition.text as TextRenderer | undefined, language);
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
