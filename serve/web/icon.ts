// The service's icon: the favicon every page links and the icon the discovery files name. One
// SVG from our own origin, under a content-hashed path.
import { SERVICE_NAME } from '../words/wording.ts';
import { assetPath } from './assets.ts';

/** A small house mark. */
export const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${SERVICE_NAME}">
<rect width="64" height="64" rx="12" fill="#0b5cad"/>
<path d="M32 12 10 31h6v21h12V40h8v12h12V31h6z" fill="#fff"/>
</svg>
`;
export const ICON_PATH = assetPath('icon', 'svg', ICON_SVG);
/** Browsers and crawlers ask here when a page names no icon (a JSON 404 would be a console error). */
export const FAVICON_PATH = '/favicon.ico';
