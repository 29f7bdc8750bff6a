// The map tile server (MAP_TILE_URL) as a Content-Security-Policy source: the site's pages and the
// MCP map card both name it, and nothing else outside our origin.

/** The CSP source of the tile server: its origin, with a `{s}` subdomain as a wildcard. */
export function tileSource(tileUrl: string): string | null {
  const probeUrl = tileUrl.replace(/\{s\}/g, 'subdomain').replace(/\{[a-z]+\}/g, '0');
  if (!URL.canParse(probeUrl)) return null;
  const probe = new URL(probeUrl);
  const host = probe.host.startsWith('subdomain.') ? `*.${probe.host.slice('subdomain.'.length)}` : probe.host;
  return `${probe.protocol}//${host}`;
}
