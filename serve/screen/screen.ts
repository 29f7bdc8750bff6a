// The personal-data screen, in one place for every surface: start_family_request's free-text fields
// and the MCP client's own name (link and log), and the corrections form. It finds the kinds of
// detail a family must not send: e-mail addresses, phone numbers, street addresses, ID numbers,
// birth dates and people's names. The text is normalized first (normalize.ts), so zero-width characters, look-alike letters, other scripts' digits and
// spelled-out numbers read as the plain detail. It is a heuristic: it cannot catch every name, and
// it is measured on labelled corpora (test/handoff/screen-corpus.json, and test/screen-corpus/ with its
// held-out half; `npm run bench -- screen`)
// for recall and for not refusing ordinary care notes. A finding is reported by kind only; the text
// found is never repeated back.
import { hasAddress, hasEmail, hasPhone } from './contact.ts';
import { hasBirthDate, hasIdNumber } from './identifiers.ts';
import { hasName } from './names.ts';
import { normalizeForScreen, normalizeKeepingMarks } from './normalize.ts';

export type PersonalDetailKind = 'email' | 'phone' | 'address' | 'id_number' | 'birth_date' | 'name';

export interface ScreenFinding {
  field: string;
  kind: PersonalDetailKind;
}

/** Each kind in words, as every refusal names it. */
export const KIND_WORDS: Record<PersonalDetailKind, string> = {
  email: 'an e-mail address',
  phone: 'a phone number',
  address: 'a street address',
  id_number: 'an identity or health-plan number (Social Security, Medicare, Medi-Cal or another ID)',
  birth_date: 'a date of birth',
  name: "a person's name (a family member's or anyone else's)",
};

/**
 * The refusal for one finding or several: names every field and every kind of detail found in it
 * (so one resend can fix them all), never the detail itself.
 */
export function screenRefusal(finding: ScreenFinding | readonly ScreenFinding[]): string {
  const findings = Array.isArray(finding) ? (finding as readonly ScreenFinding[]) : [finding as ScreenFinding];
  const byField = new Map<string, string[]>();
  for (const { field, kind } of findings) byField.set(field, [...(byField.get(field) ?? []), KIND_WORDS[kind]]);
  const said = [...byField].map(([field, kinds]) => `${field} looks like it contains ${kinds.join(' and ')}`).join('; ');
  return (
    `${said}. No personal details may be sent to this service: ` +
    'resend the call without names, phone numbers, e-mail addresses or street addresses in any free-text field, and without ID numbers or birth dates ' +
    '(describe the care needed and the area instead, e.g. "memory care in Alameda County"). The family adds their own details on the page, only if they choose to.'
  );
}

/** Each kind's test, in the order the screen asks them: over the lower-cased text, a name over the text as written (and with its accents). */
const DETECTORS: ReadonlyArray<[PersonalDetailKind, (lower: string, normalized: string, original: string) => boolean]> = [
  ['email', (lower) => hasEmail(lower)],
  ['phone', (lower) => hasPhone(lower)],
  ['address', (lower, normalized) => hasAddress(lower, normalized)],
  ['id_number', (lower) => hasIdNumber(lower)],
  ['birth_date', (lower) => hasBirthDate(lower)],
  ['name', (_lower, normalized, original) => hasName(normalized, normalizeKeepingMarks(original))],
];

/**
 * The kind of personal detail a text seems to hold, or null. Checks in order: e-mail, phone,
 * address, ID number, birth date, name; `only` limits it to some kinds (a form that allows the
 * others), so an allowed kind found first never hides a refused one.
 */
export function screenText(text: string, only?: ReadonlySet<PersonalDetailKind>): PersonalDetailKind | null {
  const normalized = normalizeForScreen(text);
  const lower = normalized.toLowerCase();
  for (const [kind, found] of DETECTORS) if ((!only || only.has(kind)) && found(lower, normalized, text)) return kind;
  return null;
}

/** Every kind of personal detail a text seems to hold, in the screen's order (empty when none). */
export function screenKinds(text: string): PersonalDetailKind[] {
  const normalized = normalizeForScreen(text);
  const lower = normalized.toLowerCase();
  return DETECTORS.filter(([, found]) => found(lower, normalized, text)).map(([kind]) => kind);
}

/** Every finding over the given fields, each field with each kind it seems to hold (undefined and null fields are skipped). */
export function screenEveryField(fields: Record<string, string | null | undefined>): ScreenFinding[] {
  return Object.entries(fields).flatMap(([field, text]) => (typeof text === 'string' && text ? screenKinds(text).map((kind) => ({ field, kind })) : []));
}

/** The first finding over the given fields (undefined and null fields are skipped). */
export function screenFields(fields: Record<string, string | null | undefined>): ScreenFinding | null {
  for (const [field, text] of Object.entries(fields)) {
    if (typeof text !== 'string' || !text) continue;
    const kind = screenText(text);
    if (kind) return { field, kind };
  }
  return null;
}

/** A product name as it may enter a hand-off link: plain printable ASCII, so no hidden characters, look-alike letters or full-width forms. */
const PRODUCT_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._+:/()@-]*$/;

/**
 * The MCP client's own name if it is plainly a product name ("Claude", "my-assistant 1.2"), else
 * null: a name with hidden characters, look-alike letters or anything the screen finds stays out.
 */
export function productNameOrNull(name: string): string | null {
  const plain = name.replace(/\s+/g, ' ').trim();
  if (!PRODUCT_NAME.test(plain)) return null;
  return screenText(plain) === null ? plain : null;
}
