// A roster phone as a link: the page, the call plan and the MCP call-plan card dial it the same way.

/** The `tel:` form of a roster phone: digits only, +1 for a ten-digit US number. */
export function telHref(phone: string | null): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return digits.length >= 7 ? `tel:${digits}` : null;
}
