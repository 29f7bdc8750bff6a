// What every card shares: connecting to the host with the package's App class, following the
// host's theme, CSS variables, fonts and display mode, and putting text on the page (always as
// text, never as markup). A card calls the server only through the host (app.callServerTool),
// and opens links only by asking the host (app.openLink): it reaches nothing itself.
import {
  App,
  applyDocumentTheme,
  applyHostFonts,
  applyHostStyleVariables,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { MCP_SERVER_INFO } from '../../../words/identity.ts';
import { DEMO_SENTENCE } from '../../../words/wording.ts';
import { say } from '../../../words/catalog.ts';
import { CARD_WORDS } from '../../../words/card-words.ts';
import { SHARED_WORDS } from '../../../words/family-words.ts';
import { languageOfTag, type Language } from '../../../words/language.ts';

/** The card's language: the host's locale (any es-* is Spanish), else English. */
export function cardLanguage(app: App): Language {
  return languageOfTag(app.getHostContext()?.locale);
}
import type { CardName } from '../catalog.ts';

type Child = Node | string | null | undefined | false;

/** An element with attributes and children; strings become text nodes, never markup. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, children: Child[] = []): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'text') node.textContent = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) if (child) node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  return node;
}

/** The card's root, emptied, to draw into. */
export function root(): HTMLElement {
  const main = document.getElementById('card')!;
  main.replaceChildren();
  return main;
}

function followHost(context: McpUiHostContext | undefined): void {
  if (!context) return;
  if (context.theme) applyDocumentTheme(context.theme);
  if (context.styles?.variables) applyHostStyleVariables(context.styles.variables);
  if (context.styles?.css?.fonts) applyHostFonts(context.styles.css.fonts);
  if (context.displayMode) document.documentElement.dataset.displayMode = context.displayMode;
  const toggle = document.getElementById('display-mode');
  if (toggle && context.availableDisplayModes) toggle.hidden = !context.availableDisplayModes.includes('fullscreen');
}

/** Whether an address is one a card may offer: http(s) only (never javascript:, data: or the like). */
export function isWebAddress(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/**
 * A link the host opens (a card in a sandbox may not navigate); the href stays for reading and
 * copying. An address that is not http(s) is shown as text, never offered as a link.
 */
export function hostLink(app: App, url: string, text: string): HTMLElement {
  if (!isWebAddress(url)) return el('span', { text });
  const link = el('a', { href: url, target: '_blank', rel: 'noopener noreferrer', text });
  link.addEventListener('click', (event) => {
    event.preventDefault();
    void app.openLink({ url });
  });
  return link;
}

/** The button that asks the host for the other display mode (shown when the host offers fullscreen). */
function displayModeButton(app: App): HTMLButtonElement {
  const language = cardLanguage(app);
  const button = el('button', { type: 'button', id: 'display-mode', class: 'display-mode', text: say(CARD_WORDS.fullScreen, language) });
  button.hidden = true;
  button.addEventListener('click', async () => {
    const current = app.getHostContext()?.displayMode ?? 'inline';
    const { mode } = await app.requestDisplayMode({ mode: current === 'fullscreen' ? 'inline' : 'fullscreen' });
    document.documentElement.dataset.displayMode = mode;
    button.textContent = say(mode === 'fullscreen' ? CARD_WORDS.backToConversation : CARD_WORDS.fullScreen, language);
  });
  return button;
}

/** The sentence a card shows when a tool answered with an error: the server's own words. */
export function errorText(result: CallToolResult): string {
  const text = result.content.find((block) => block.type === 'text');
  return text && 'text' in text ? text.text : 'The server could not answer this call.';
}

/**
 * Connects the card to its host. `render` draws a tool result's structuredContent (the tool's own
 * shaped answer), first the one the host hands over, then any the card asks for itself.
 */
export function startCard<T>(name: CardName, render: (structured: T, app: App) => void): App {
  const app = new App({ name: `${MCP_SERVER_INFO.name}-${name}-card`, version: MCP_SERVER_INFO.version }, { availableDisplayModes: ['inline', 'fullscreen'] }, { autoResize: true });
  const show = (result: CallToolResult) => {
    const main = root();
    const language = cardLanguage(app);
    document.documentElement.lang = language;
    if (result.isError || !result.structuredContent) {
      main.append(el('p', { class: 'error', role: 'alert', text: errorText(result) }));
      return;
    }
    render(result.structuredContent as T, app);
    // While invented demo homes are served, every tool result says so (demo_data, serve/mcp/tool.ts); so does the card.
    if ((result.structuredContent as { demo_data?: boolean }).demo_data === true) {
      main.prepend(el('p', { class: 'demo-notice', role: 'note', 'data-field': 'demo', text: language === 'es' ? say(SHARED_WORDS.demo, language) : DEMO_SENTENCE }));
    }
    main.prepend(displayModeButton(app));
    followHost(app.getHostContext());
  };
  app.ontoolresult = show;
  app.onhostcontextchanged = (context) => followHost({ ...app.getHostContext(), ...context });
  void app.connect().then(() => followHost(app.getHostContext()));
  return app;
}
