// WebMCP: registers the site's tools for an AI agent browsing this page, where the browser offers
// the API (document.modelContext in the current draft, navigator.modelContext in earlier ones).
// Each tool answers from this site's own REST API on the same origin, and says the service's
// words with the answer. Where the API is absent the script does nothing: the page works as it is.
(() => {
  'use strict';
  // Filled in by the server from serve/web/agent-tools.ts when it serves this file.
  const CONFIG = /*AGENT_TOOLS_CONFIG*/ null;
  const context = (typeof document !== 'undefined' && document.modelContext) || (typeof navigator !== 'undefined' && navigator.modelContext);
  if (!CONFIG || !context || typeof context.registerTool !== 'function') return;

  /** The REST address for a call: the path with `{license}` filled, and the declared query parameters. */
  function addressFor(tool, input) {
    let path = tool.path;
    if (path.includes('{license}')) path = path.replace('{license}', encodeURIComponent(String(input.license ?? '').trim()));
    const params = new URLSearchParams();
    for (const name of tool.query) {
      const value = input[name];
      if (value === undefined || value === null || value === '') continue;
      params.set(name, Array.isArray(value) ? value.join(',') : String(value));
    }
    for (const [name, value] of Object.entries(tool.defaults || {})) if (!params.has(name)) params.set(name, value);
    const query = params.toString();
    return `${location.origin}${path}${query ? `?${query}` : ''}`;
  }

  /** An MCP-shaped result: the words first, then the REST answer as JSON (and as structured content). */
  async function run(tool, input) {
    const address = addressFor(tool, input && typeof input === 'object' ? input : {});
    let response;
    let body;
    try {
      response = await fetch(address, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
      body = await response.json();
    } catch (error) {
      return { content: [{ type: 'text', text: `The site could not be reached (${String(error)}). Nothing was changed.` }], isError: true };
    }
    if (!response.ok) {
      // The REST error names what was wrong and what is accepted.
      return { content: [{ type: 'text', text: String((body && body.error) || `The site answered ${response.status}.`) }], structuredContent: body, isError: true };
    }
    const demo = Boolean(body && body.attribution && body.attribution.demo_data);
    const notes = [...(demo ? [CONFIG.demoNotice] : []), ...tool.notes, `Source: ${address}`];
    return { content: [{ type: 'text', text: `${notes.join('\n')}\n\n${JSON.stringify(body)}` }], structuredContent: body };
  }

  for (const tool of CONFIG.tools) {
    try {
      const registered = context.registerTool({
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: { readOnlyHint: true },
        execute: (input) => run(tool, input),
      });
      // A refused registration (a name taken, a policy) leaves the page as it is.
      if (registered && typeof registered.catch === 'function') registered.catch(() => {});
    } catch {
      // An older draft's API that throws instead: the same.
    }
  }
})();
