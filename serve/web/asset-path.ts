// An asset's content-hashed address, apart from the plugin that serves assets so that a module
// which builds an asset (agent-tools.ts) and the plugin that serves it do not import each other.
import { createHash } from 'node:crypto';

export interface Asset {
  path: string;
  type: string;
  body: string | Buffer;
}

/** Content-hashed path for an asset: `/assets/<name>-<hash>.<ext>`. */
export function assetPath(name: string, extension: string, body: string | Buffer): string {
  return `/assets/${name}-${createHash('sha256').update(body).digest('hex').slice(0, 12)}.${extension}`;
}
