// The tests' MCP Apps host, in the browser: built on the package's AppBridge, it puts a card in a
// sandboxed iframe served from another origin (the sandbox server, with the CSP the card's
// resource declares), hands it the tool input and a real tool result, and forwards the card's
// tools/call to the test process (window.hostCallTool, which asks our server through a real SDK
// client of the era under test). Links and display-mode requests are recorded for the test.
import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/client';

declare global {
  interface Window {
    hostCallTool(params: CallToolRequest['params']): Promise<CallToolResult>;
    showCard(options: ShowCard): Promise<void>;
    setTheme(theme: 'light' | 'dark'): Promise<void>;
    hostLog: {
      openedLinks: string[];
      toolCalls: string[];
      displayModes: string[];
      sizes: number[];
      /** Every JSON-RPC message the card's frame posted to the host, as sent (method and params). */
      posted: Array<{ method?: string; params?: unknown }>;
      messages: unknown[];
      contextUpdates: unknown[];
    };
  }
}

interface ShowCard {
  src: string;
  toolInput: Record<string, unknown>;
  toolResult: CallToolResult;
  theme: 'light' | 'dark';
  width: number;
  /** The host's locale (BCP 47); en-US unless a test asks for another. */
  locale?: string;
}

let bridge: AppBridge | null = null;
let context: McpUiHostContext = {};

window.hostLog = { openedLinks: [], toolCalls: [], displayModes: [], sizes: [], posted: [], messages: [], contextUpdates: [] };
let cardWindow: Window | null = null;

// Everything the card's frame posts, whatever sent it: the card's own code or a script injected into it.
window.addEventListener('message', (event) => {
  if (!cardWindow || event.source !== cardWindow) return;
  const data = event.data as { method?: unknown; params?: unknown } | null;
  window.hostLog.posted.push(data && typeof data === 'object' ? { method: typeof data.method === 'string' ? data.method : undefined, params: data.params } : { method: `non-json-rpc ${JSON.stringify(data)}` });
});

window.showCard = async (options) => {
  document.getElementById('cards')!.replaceChildren();
  const frame = document.createElement('iframe');
  frame.title = 'Card';
  // Scripts only: no same-origin, no forms, no top navigation, no popups.
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.style.width = `${options.width}px`;
  frame.style.height = '200px';
  frame.style.border = '0';
  document.getElementById('cards')!.append(frame);

  context = {
    theme: options.theme,
    displayMode: 'inline',
    availableDisplayModes: ['inline', 'fullscreen'],
    containerDimensions: { maxHeight: 4000, width: options.width },
    locale: options.locale ?? 'en-US',
    platform: 'web',
  };
  cardWindow = frame.contentWindow;
  // The host accepts messages and context updates, as a chat host does: a card that sent one would be heard.
  bridge = new AppBridge(null, { name: 'covelight-test-host', version: '1.0.0' }, { serverTools: {}, openLinks: {}, message: { text: {} }, updateModelContext: { text: {} } }, { hostContext: context });
  bridge.onmessage = async (params) => {
    window.hostLog.messages.push(params);
    return {};
  };
  bridge.onupdatemodelcontext = async (params) => {
    window.hostLog.contextUpdates.push(params);
    return {};
  };
  bridge.oncalltool = async (params) => {
    window.hostLog.toolCalls.push(params.name);
    return window.hostCallTool(params);
  };
  bridge.onopenlink = async ({ url }) => {
    window.hostLog.openedLinks.push(url);
    return {};
  };
  bridge.onrequestdisplaymode = async ({ mode }) => {
    window.hostLog.displayModes.push(mode);
    context = { ...context, displayMode: mode };
    return { mode };
  };
  bridge.onsizechange = ({ height }) => {
    if (height) {
      window.hostLog.sizes.push(height);
      frame.style.height = `${Math.ceil(height)}px`;
    }
  };
  const initialized = new Promise<void>((resolve) => (bridge!.oninitialized = () => resolve()));
  frame.src = options.src;
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  await initialized;
  await bridge.sendToolInput({ arguments: options.toolInput });
  await bridge.sendToolResult(options.toolResult);
};

window.setTheme = async (theme) => {
  context = { ...context, theme };
  await bridge!.sendHostContextChange({ theme });
};
