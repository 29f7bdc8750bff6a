// The document texts file published with each snapshot (`<snapshot base>.documents.db`): the
// document store's rows of the snapshot's homes, copied at publication. The server reads texts from
// it, never from the store the crawler keeps writing, so what a snapshot serves never changes under
// it and the file can be shipped with the snapshot. Written under a temporary name, checked, made
// read-only and linked into place like the snapshot itself, and before it: a snapshot never
// appears without its texts.
import { existsSync } from 'node:fs';
import { chmod, link, rm } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DOCUMENT_STORE_FILE, DOCUMENT_TEXTS_DDL, documentTextsFileOf } from '../../contract/document-store.ts';
import { TEMP_SUFFIX } from './folder.ts';

export interface WrittenTexts {
  path: string;
  documents: number;
  /** Removes the file: the snapshot it was written for was not published after all. */
  remove(): Promise<void>;
}

/** Writes the texts of `licenses` from the store in `snapshotsDir` beside `snapshotPath`; no store: an empty file. */
export async function writeDocumentTexts(snapshotsDir: string, snapshotPath: string, licenses: readonly string[]): Promise<WrittenTexts> {
  const finalPath = path.join(path.dirname(snapshotPath), documentTextsFileOf(path.basename(snapshotPath)));
  const temporary = `${finalPath}${TEMP_SUFFIX}-${process.pid}`;
  const store = path.join(snapshotsDir, DOCUMENT_STORE_FILE);
  await rm(temporary, { force: true });
  let db: Database.Database | null = null;
  try {
    db = new Database(temporary);
    db.pragma('journal_mode = DELETE');
    db.exec(DOCUMENT_TEXTS_DDL);
    db.exec('CREATE TEMP TABLE licenses (license_number TEXT PRIMARY KEY)');
    const license = db.prepare('INSERT OR IGNORE INTO temp.licenses VALUES (?)');
    db.transaction(() => {
      for (const number of licenses) license.run(number);
    })();
    let documents = 0;
    if (existsSync(store)) {
      // One read transaction of the store: the rows as they stand now, whatever the crawler adds meanwhile.
      db.prepare('ATTACH DATABASE ? AS store').run(store);
      documents = db
        .prepare(
          `INSERT INTO main.documents SELECT d.ref, d.license_number, d.control_number, d.date, d.type, d.title, d.text, d.citations, d.html_sha256, d.first_seen_on, d.last_listed_on
           FROM store.documents d JOIN temp.licenses l ON l.license_number = d.license_number ORDER BY d.license_number, d.date, d.ref`,
        )
        .run().changes;
      db.exec('DETACH DATABASE store');
    }
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`integrity check of ${path.basename(finalPath)} failed: ${String(integrity)}`);
    db.close();
    await chmod(temporary, 0o444);
    await link(temporary, finalPath).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EEXIST' ? new Error(`${path.basename(finalPath)} already exists (published by another run); it was left as it is`) : error;
    });
    await rm(temporary, { force: true });
    return { path: finalPath, documents, remove: () => rm(finalPath, { force: true }) };
  } catch (error) {
    if (db?.open) db.close();
    await rm(temporary, { force: true });
    await rm(`${temporary}-journal`, { force: true });
    throw error;
  }
}
