// The cards (MCP Apps, extension io.modelcontextprotocol/ui): one ui:// resource each, the tools
// that link to it, and what it may load. Browser-safe (no Node import): the build, the resource
// registration and the tools all read this one list.

export type CardName = 'home' | 'comparison' | 'homes' | 'call-plan';

export interface Card {
  name: CardName;
  uri: `ui://${string}`;
  title: string;
  description: string;
  /** Whether the card shows map tiles (its CSP then names the tile host, and nothing else). */
  map: boolean;
}

export const CARDS: Record<CardName, Card> = {
  home: {
    name: 'home',
    uri: 'ui://covelight/home.html',
    title: "A home's record",
    description: "One home's facts, each with its source and date, as get_home shapes them; links to its page, the corrections form and the state record.",
    map: false,
  },
  comparison: {
    name: 'comparison',
    uri: 'ui://covelight/comparison.html',
    title: 'Homes side by side',
    description: "compare_homes as a table: columns in the tool's order, one row per fact, each column's dates; nothing marked better, no sort.",
    map: false,
  },
  homes: {
    name: 'homes',
    uri: 'ui://covelight/homes.html',
    title: 'Homes on a map and in a list',
    description: "find_homes and homes_near_hospital as a list in the tool's own order with a map of the homes that have a location; choosing one opens its record.",
    map: true,
  },
  'call-plan': {
    name: 'call-plan',
    uri: 'ui://covelight/call-plan.html',
    title: "The family's call plan",
    description: 'start_family_request as a plan: each home\'s roster phone, the questions to ask, the signed link and what happens next. Nothing is sent to any home.',
    map: false,
  },
};

/** Where a built map card takes its settings (a JSON script element, never executed). */
export const CARD_CONFIG_SLOT = '{"card_config":"unset"}';

/** Where a built map card's own CSP names the tile host as an image source (filled in when the card is read). */
export const CARD_TILE_SOURCE_SLOT = 'card-tile-source-unset';

/**
 * The card's own Content-Security-Policy (a meta element, enforced beside whatever the host sets):
 * its one inline script by hash, so no injected script or inline handler runs even under a host
 * policy with 'unsafe-inline' (the MCP Apps default); images only from data: and, for the map,
 * the tile host; no connection, plugin, base, form, frame or media of its own.
 */
export function cardPolicy(scriptHash: string, map: boolean): string {
  return [
    `script-src 'sha256-${scriptHash}'`,
    `img-src data:${map ? ` ${CARD_TILE_SOURCE_SLOT}` : ''}`,
    "connect-src 'none'",
    "object-src 'none'",
    "media-src 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The settings a map card is read with. */
export interface CardConfig {
  tileUrl: string;
  tileAttribution: string;
}

/** The `_meta.ui` a tool carries to name its card (the spec's nested form). */
export function cardLink(name: CardName): { resourceUri: string } {
  return { resourceUri: CARDS[name].uri };
}

/**
 * A tool's `_meta` for the extension: the nested `ui` the spec defines, and the flat
 * `ui/resourceUri` key hosts built on earlier drafts still read (the package's registerAppTool
 * writes both the same way).
 */
export function toolUiMeta(ui: { resourceUri?: string; visibility?: Array<'model' | 'app'> }): Record<string, unknown> {
  return ui.resourceUri ? { ui, 'ui/resourceUri': ui.resourceUri } : { ui };
}

/** Whether a listed tool is for the cards alone (`_meta.ui.visibility` without "model"). */
export function isAppOnly(tool: { _meta?: Record<string, unknown> | undefined }): boolean {
  const visibility = (tool._meta?.ui as { visibility?: unknown } | undefined)?.visibility;
  return Array.isArray(visibility) && !visibility.includes('model');
}
