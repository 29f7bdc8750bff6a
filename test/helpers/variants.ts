// The request headers browsers send for one page, for the tests of what a shared cache stores:
// each list selects a single variant (English HTML), so a cache should keep one copy for all.

/** Navigation Accept strings: Chrome, Firefox, Safari, and Edge's older one. */
export const BROWSER_ACCEPTS = [
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8,image/webp',
  'text/html, application/xhtml+xml, image/jxr, */*',
];

/** Two English readers' Accept-Language. */
export const ENGLISH_LANGUAGES = ['en-US,en;q=0.9', 'en-GB,en;q=0.8,fr;q=0.5'];
