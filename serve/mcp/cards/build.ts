// Builds each card into one self-contained HTML document: its TypeScript (app/<name>.ts, with the
// package's App class and, for the map, Leaflet) bundled by esbuild into an inline script, its
// styles inline, nothing loaded from anywhere. Its own CSP (a meta element) runs that one script
// by hash and nothing else, whatever the host's policy allows. `npm start` and `npm test` run this first
// (prestart, pretest); the tests also build before they load a card, so none reads a stale one.
//
//   npx tsx serve/mcp/cards/build.ts        # writes serve/mcp/cards/dist/<name>.html
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { CARD_CONFIG_SLOT, CARDS, cardPolicy, type CardName } from './catalog.ts';
import { CARD_DIST } from './dist-path.ts';

const APP = path.join(import.meta.dirname, 'app');
const require = createRequire(import.meta.url);

function styles(name: CardName): string {
  const own = fs.readFileSync(path.join(APP, 'card.css'), 'utf8');
  if (!CARDS[name].map) return own;
  return fs.readFileSync(require.resolve('leaflet/dist/leaflet.css'), 'utf8') + own;
}

/**
 * zod (under the SDK's client) re-exports every one of its ~40 message locales; a card speaks
 * English only, so the locale index resolves to the English one (about a third of a card's bytes).
 */
const englishOnly: Plugin = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`) ? { path: path.join(path.dirname(args.importer), '../locales/en.js') } : undefined,
    );
  },
};

/** Text that may sit inside an inline element without closing it early. */
function inline(text: string, tag: 'script' | 'style'): string {
  return text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');
}

/** One card's HTML document. */
export async function buildCardHtml(name: CardName): Promise<string> {
  const result = await build({
    entryPoints: [path.join(APP, `${name}.ts`)],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
    plugins: [englishOnly],
  });
  const script = inline(result.outputFiles[0]!.text, 'script');
  const card = CARDS[name];
  // The hash of the script exactly as it sits in the document: the only script the card's own policy runs.
  const hash = createHash('sha256').update(script, 'utf8').digest('base64');
  return (
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    `<meta http-equiv="Content-Security-Policy" content="${cardPolicy(hash, card.map)}">\n` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>${card.title}</title>\n<style>${inline(styles(name), 'style')}</style>\n</head>\n` +
    // The script fills <main>; until a tool result arrives it says it is waiting.
    `<body>\n<main id="card" data-card="${name}"><p class="waiting">Waiting for the record…</p></main>\n` +
    // The map card's tile settings are the server's (MAP_TILE_URL): filled in when the card is read.
    (card.map ? `<script type="application/json" id="card-config">${CARD_CONFIG_SLOT}</script>\n` : '') +
    `<script>${script}</script>\n</body>\n</html>\n`
  );
}

/** Builds every card into `dir` (default: where the server reads them). */
export async function buildCards(dir: string = CARD_DIST): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  for (const name of Object.keys(CARDS) as CardName[]) {
    const html = await buildCardHtml(name);
    // Written whole then renamed, so a server reading the folder never sees half a card.
    const target = path.join(dir, `${name}.html`);
    fs.writeFileSync(`${target}.tmp`, html);
    fs.renameSync(`${target}.tmp`, target);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildCards();
}
