// The last-good copy of the operator overlay (docs/operations.md, "Corrections fail closed"): what
// the last good read of the operator store held, kept beside it in SNAPSHOTS_DIR so that a process
// or worker starting while the store cannot be read still holds every review. Only the overlay's
// rows are kept (license, clearance, approved annotations, hand-off mode), never the store's
// families' requests or corrections. Written atomically (a temporary file, then a rename), so a
// reader sees the old copy or the new one, never half of one; every worker may write it.
import fs from 'node:fs';
import path from 'node:path';
import { CLEARANCE_KEYS, type ClearanceKey } from '../../contract/facts.ts';
import { DEFAULT_HANDOFF_MODE, HANDOFF_MODES, type DisputeAnnotation, type HandoffMode } from '../../contract/overlay.ts';
import type { Logger } from '../lib/log.ts';

export const OVERLAY_COPY_FILE = 'operator.last-good.json';

/** What an overlay is built from. */
export interface OverlayRows {
  reviews: ReadonlyArray<{ license_number: string; clearance: ClearanceKey }>;
  disputes: ReadonlyArray<DisputeAnnotation & { license_number: string }>;
  handoffMode: HandoffMode;
}

interface CopyFile {
  format: 1;
  /** When the store was read. */
  read_at: string;
  reviews: Array<[string, string]>;
  disputes: Array<{ license_number: string; field: string; text: string; approved_on: string }>;
  handoff_mode: string;
}

let written = 0;

/** Writes the copy; false (logged) when it cannot be written: serving goes on, the copy is a safeguard. */
export function writeOverlayCopy(dir: string, rows: OverlayRows, readAt: string, log: Logger): boolean {
  const file = path.join(dir, OVERLAY_COPY_FILE);
  const temporary = path.join(dir, `.${OVERLAY_COPY_FILE}.${process.pid}.${(written += 1)}.tmp`);
  const body: CopyFile = {
    format: 1,
    read_at: readAt,
    reviews: rows.reviews.map((row) => [row.license_number, row.clearance]),
    disputes: rows.disputes.map(({ license_number, field, text, approved_on }) => ({ license_number, field, text, approved_on })),
    handoff_mode: rows.handoffMode,
  };
  try {
    fs.writeFileSync(temporary, JSON.stringify(body), { mode: 0o600 });
    fs.renameSync(temporary, file);
    return true;
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    log.warn('the last-good overlay copy could not be written', { file, reason: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

/** The copy, or null when there is none or it cannot be read (said in the log). */
export function readOverlayCopy(dir: string, log: Logger): { rows: OverlayRows; readAt: string } | null {
  const file = path.join(dir, OVERLAY_COPY_FILE);
  let parsed: CopyFile;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as CopyFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      log.error('the last-good overlay copy cannot be read', { file, reason: error instanceof Error ? error.message : String(error) });
    }
    return null;
  }
  const clearances = CLEARANCE_KEYS as readonly string[];
  const valid =
    parsed?.format === 1 &&
    typeof parsed.read_at === 'string' &&
    Array.isArray(parsed.reviews) &&
    parsed.reviews.every((row) => Array.isArray(row) && typeof row[0] === 'string' && clearances.includes(row[1])) &&
    Array.isArray(parsed.disputes) &&
    parsed.disputes.every((row) => ['license_number', 'field', 'text', 'approved_on'].every((key) => typeof (row as Record<string, unknown>)?.[key] === 'string'));
  if (!valid) {
    log.error('the last-good overlay copy is not one this server wrote; ignored', { file });
    return null;
  }
  return {
    readAt: parsed.read_at,
    rows: {
      reviews: parsed.reviews.map(([license_number, clearance]) => ({ license_number, clearance: clearance as ClearanceKey })),
      disputes: parsed.disputes.map(({ license_number, field, text, approved_on }) => ({ license_number, field, text, approved_on })),
      handoffMode: HANDOFF_MODES.find((mode) => mode === parsed.handoff_mode) ?? DEFAULT_HANDOFF_MODE,
    },
  };
}
