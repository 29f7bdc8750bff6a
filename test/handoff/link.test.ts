// The hand-off link: what it carries, its 7-day lapse, and that no change to it goes unnoticed.
import test from 'ava';
import { randomBytes } from 'node:crypto';
import { HandoffSigner } from '../../serve/http/handoff-link.ts';

const signer = new HandoffSigner(randomBytes(32));
const fields = { licenses: ['015601302', '197600123'], needs: ['dementia'], timing: 'within_a_month' as const, client: 'Example Assistant' };
const issued = new Date('2026-11-22T12:00:00Z');

test('a link opens with exactly what was signed, and lapses after 7 days', (t) => {
  const { token, expires } = signer.sign(fields, issued);
  t.is(expires.toISOString(), '2026-11-29T12:00:00.000Z');
  const opened = signer.open(token, new Date('2026-11-29T11:59:59Z'));
  t.deepEqual(opened, { valid: true, expired: false, payload: { ...fields, expires: expires.getTime() / 1000 } });
  t.like(signer.open(token, new Date('2026-11-29T12:00:00Z')), { valid: true, expired: true });
});

test('a tampered, truncated, re-signed or foreign link opens nothing', (t) => {
  const { token } = signer.sign(fields, issued);
  const [body, signature] = token.split('.') as [string, string];
  const forged = Buffer.from(JSON.stringify({ ...fields, expires: 9_999_999_999 })).toString('base64url');
  for (const bad of [
    `${forged}.${signature}`,
    `${body}.${signature.slice(0, -2)}`,
    `${body.slice(1)}.${signature}`,
    `${body}.${signature}.x`,
    `${body}`,
    '',
    new HandoffSigner(randomBytes(32)).sign(fields, issued).token,
  ]) {
    t.deepEqual(signer.open(bad, issued), { valid: false }, bad);
  }
  // One flipped character anywhere.
  for (let i = 0; i < token.length; i += 7) {
    const flipped = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
    if (flipped !== token) t.false(signer.open(flipped, issued).valid);
  }
});
