// The family hand-off link: signed, lapsing after 7 days, and carrying only license numbers, care
// needs, a timing choice, an expiry and the MCP client's own name. Nothing a family typed is in
// it. A tampered link opens nothing; an expired one still opens the homes, without attribution.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const HANDOFF_LIFETIME_DAYS = 7;
export const HANDOFF_PATH = '/plan';

export const HANDOFF_TIMINGS = ['as_soon_as_possible', 'within_a_month', 'within_three_months', 'just_researching'] as const;

export interface HandoffPayload {
  licenses: string[];
  needs: string[];
  timing: (typeof HANDOFF_TIMINGS)[number] | null;
  /** Seconds since the epoch. */
  expires: number;
  /** The MCP client's name from its initialize call (or per-request _meta), never free text. */
  client: string | null;
}

export type HandoffOpening =
  | { valid: true; payload: HandoffPayload; expired: boolean }
  | { valid: false };

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export class HandoffSigner {
  constructor(private readonly secret: Buffer) {
    if (secret.length < 32) throw new Error('the hand-off signing secret must be at least 32 bytes');
  }

  /**
   * The configured secret (HANDOFF_SECRET), else one kept in `<snapshotsDir>/.handoff-secret`
   * (created once, readable by the owner only), so links stay valid across restarts and processes.
   */
  static fromSettings(secret: string | null, snapshotsDir: string): HandoffSigner {
    if (secret) return new HandoffSigner(Buffer.from(secret, 'utf8'));
    const file = path.join(snapshotsDir, '.handoff-secret');
    if (!existsSync(file)) {
      mkdirSync(snapshotsDir, { recursive: true });
      try {
        writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
        chmodSync(file, 0o600);
      } catch (error) {
        // Another process created it first: use theirs.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    return new HandoffSigner(Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8'));
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.secret).update(body).digest();
  }

  /** The token for a new link, lapsing HANDOFF_LIFETIME_DAYS after `now`. */
  sign(fields: Omit<HandoffPayload, 'expires'>, now = new Date()): { token: string; expires: Date } {
    const expires = Math.floor(now.getTime() / 1000) + HANDOFF_LIFETIME_DAYS * 86_400;
    const payload: HandoffPayload = { ...fields, expires };
    const body = base64url(JSON.stringify(payload));
    return { token: `${body}.${base64url(this.mac(body))}`, expires: new Date(expires * 1000) };
  }

  /** Reads a token; any change to it, however small, makes it invalid. */
  open(token: string, now = new Date()): HandoffOpening {
    if (typeof token !== 'string' || token.length > 4096) return { valid: false };
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return { valid: false };
    const expected = this.mac(body);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected) || base64url(given) !== signature) return { valid: false };
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as HandoffPayload;
      if (!Array.isArray(payload.licenses) || typeof payload.expires !== 'number') return { valid: false };
      return { valid: true, payload, expired: now.getTime() / 1000 >= payload.expires };
    } catch {
      return { valid: false };
    }
  }
}
