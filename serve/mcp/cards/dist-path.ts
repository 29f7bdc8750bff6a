// Where the built cards live (git-ignored; build.ts writes them, resources.ts reads them).
import path from 'node:path';

export const CARD_DIST = path.join(import.meta.dirname, 'dist');
