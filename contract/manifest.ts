// manifest.json: what a pipeline run shipped with --publish-to (pipeline/snapshot/ship.ts writes
// it last, after every file it names), and what a server with SNAPSHOT_SOURCE_URL follows
// (serve/records/snapshot-source.ts): each retained snapshot and its document texts file, with
// size and sha256. The newest snapshot is the one to serve; every snapshot listed is what /data lists.
import { DOCUMENT_TEXTS_FILE } from './document-store.ts';
import { SNAPSHOT_FILE, compareSnapshotFiles } from './snapshot-schema.ts';

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_VERSION = 1;
/** Largest manifest a reader accepts: a few hundred bytes per file. */
export const MANIFEST_MAX_BYTES = 1024 * 1024;

export interface ManifestFile {
  name: string;
  kind: 'snapshot' | 'document_texts';
  size: number;
  sha256: string;
  /** The snapshot's date (a document texts file: its snapshot's). */
  snapshot_date: string;
  /** The run that published it (null for a snapshot without one). */
  run_id: string | null;
}

export interface Manifest {
  manifest_version: typeof MANIFEST_VERSION;
  /** When the manifest was written (ISO 8601). */
  written_at: string;
  /** The newest snapshot's run and date. */
  run_id: string | null;
  snapshot_date: string;
  /** What a server serves: the newest snapshot and its document texts file (null: published without one). */
  newest: { snapshot: string; document_texts: string | null };
  /** Every file shipped, the newest snapshot's first, then older snapshots newest first. */
  files: ManifestFile[];
}

export class ManifestError extends Error {
  override name = 'ManifestError';
}

const SHA256 = /^[0-9a-f]{64}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Reads a manifest's text; throws ManifestError naming what is wrong. File names can only be snapshot or document texts names (no path). */
export function parseManifest(text: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ManifestError(`${MANIFEST_FILE} is not JSON: ${(error as Error).message}`);
  }
  const fail = (what: string): never => {
    throw new ManifestError(`${MANIFEST_FILE} ${what}`);
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail('must be a JSON object');
  const manifest = raw as Record<string, unknown>;
  if (manifest.manifest_version !== MANIFEST_VERSION) fail(`has manifest_version ${JSON.stringify(manifest.manifest_version ?? null)}; this reader reads ${MANIFEST_VERSION}`);
  if (!Array.isArray(manifest.files) || manifest.files.length === 0) fail('lists no files');
  const files = (manifest.files as unknown[]).map((entry, index): ManifestFile => {
    const file = (entry ?? {}) as Record<string, unknown>;
    const where = `files[${index}]`;
    const name = typeof file.name === 'string' ? file.name : fail(`${where}.name must be a file name`);
    const kind = file.kind === 'snapshot' || file.kind === 'document_texts' ? file.kind : fail(`${where}.kind must be "snapshot" or "document_texts"`);
    if (!(kind === 'snapshot' ? SNAPSHOT_FILE : DOCUMENT_TEXTS_FILE).test(name)) fail(`${where}.name ${JSON.stringify(name.slice(0, 80))} is not a ${kind === 'snapshot' ? 'snapshot' : 'document texts'} file name`);
    if (!Number.isSafeInteger(file.size) || (file.size as number) < 0) fail(`${where}.size must be a whole number of bytes`);
    if (typeof file.sha256 !== 'string' || !SHA256.test(file.sha256)) fail(`${where}.sha256 must be 64 lowercase hex digits`);
    if (typeof file.snapshot_date !== 'string' || !DATE.test(file.snapshot_date)) fail(`${where}.snapshot_date must be written YYYY-MM-DD`);
    if (file.run_id !== null && typeof file.run_id !== 'string') fail(`${where}.run_id must be a string or null`);
    return { name, kind, size: file.size as number, sha256: file.sha256 as string, snapshot_date: file.snapshot_date as string, run_id: file.run_id as string | null };
  });
  if (new Set(files.map((file) => file.name)).size !== files.length) fail('lists a file twice');
  const newest = (manifest.newest ?? {}) as Record<string, unknown>;
  const snapshot = files.find((file) => file.kind === 'snapshot' && file.name === newest.snapshot) ?? fail('newest.snapshot must name a snapshot it lists');
  const texts = newest.document_texts ?? null;
  if (texts !== null && !files.some((file) => file.kind === 'document_texts' && file.name === texts)) fail('newest.document_texts must name a document texts file it lists, or be null');
  const newer = files.find((file) => file.kind === 'snapshot' && compareSnapshotFiles(file.name, snapshot.name) > 0);
  if (newer) fail(`names ${snapshot.name} as newest, but lists the newer ${newer.name}`);
  return {
    manifest_version: MANIFEST_VERSION,
    written_at: typeof manifest.written_at === 'string' ? manifest.written_at : '',
    run_id: typeof manifest.run_id === 'string' ? manifest.run_id : null,
    snapshot_date: typeof manifest.snapshot_date === 'string' ? manifest.snapshot_date : snapshot.snapshot_date,
    newest: { snapshot: snapshot.name, document_texts: texts as string | null },
    files,
  };
}
