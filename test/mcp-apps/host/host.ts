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
    hostLog: { openedLinks: string[]; toolCalls: string[]; displayModes: string[]; sizes: number[] };
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

window.hostLog = { openedLinks: [], toolCalls: [], displayModes: [], sizes: [] };

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
  bridge = new AppBridge(null, { name: 'covelight-test-host', version: '1.0.0' }, { serverTools: {}, openLinks: {} }, { hostContext: context });
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
