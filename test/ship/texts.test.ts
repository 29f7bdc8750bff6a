// Issue 49: no live store under the server. Report texts come from the document texts file
// published with the served snapshot, whether the crawler's documents.sqlite is absent or
// changing, and switch with the snapshot. And a snapshot a sync tool writes in place is waited
// for, never logged as an error while it grows.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import { DOCUMENT_STORE_DDL, DOCUMENT_STORE_FILE } from '../../contract/document-store.ts';
import { createLogger } from '../../serve/lib/log.ts';
import { settingsFromEnv } from '../../serve/http/settings.ts';
import { createServer } from '../../serve/server.ts';
import { connect, startMcpServer, structuredAnswer } from '../mcp/helpers.ts';
import { publishNewerSnapshot, snapshotDir, tempDir, textsFileOf } from '../helpers/snapshot.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sets one report's text in a texts or store file (a published file is read-only: made writable first). */
function setText(file: string, ref: string, text: string): void {
  fs.chmodSync(file, 0o644);
  const db = new Database(file);
  db.prepare('UPDATE documents SET text = ? WHERE ref = ?').run(text, ref);
  db.close();
}

test('report texts come from the snapshot\'s texts file, whatever the crawler\'s store holds, and switch with the snapshot', async (t) => {
  const server = await startMcpServer();
  t.teardown(() => server.close());
  const served = path.join(server.dir, server.app.services.snapshots.current.file);
  const texts = new Database(textsFileOf(served), { readonly: true });
  const doc = texts.prepare("SELECT ref, license_number, text FROM documents WHERE length(text) > 20 AND last_listed_on >= '2000-01-01' ORDER BY ref LIMIT 1").get() as { ref: string; license_number: string; text: string };
  texts.close();
  t.truthy(doc, 'the seed run published texts');
  const client = await connect(server.mcpUrl, 'modern');
  t.teardown(() => client.close());
  const textOf = async () => {
    const answer = await structuredAnswer(client, 'get_state_documents', { license_number: doc.license_number, include_text: true, limit: 50 });
    t.true(answer.texts_readable);
    return answer.reports.find((report: { ref: string }) => report.ref === doc.ref)?.text as string | undefined;
  };

  // No crawler store in the folder at all.
  t.false(fs.existsSync(path.join(server.dir, DOCUMENT_STORE_FILE)));
  t.is(await textOf(), doc.text.slice(0, 20_000));

  // A crawler store appears and changes that very report: the served text does not move.
  const store = new Database(path.join(server.dir, DOCUMENT_STORE_FILE));
  store.exec(DOCUMENT_STORE_DDL);
  store
    .prepare(`INSERT INTO documents (ref, license_number, control_number, date, type, title, text, citations, html_sha256, first_seen_on, last_listed_on) VALUES (?, ?, NULL, '2020-01-01', 'Inspection', 'x', 'CHANGED BY THE CRAWLER', '[]', 'x', '2020-01-01', '2020-01-01')`)
    .run(doc.ref, doc.license_number);
  store.close();
  t.is(await textOf(), doc.text.slice(0, 20_000));
  setText(path.join(server.dir, DOCUMENT_STORE_FILE), doc.ref, 'CHANGED AGAIN');
  t.is(await textOf(), doc.text.slice(0, 20_000));

  // A newer snapshot comes with its own texts: the answer follows the snapshot, not the store.
  const newer = await publishNewerSnapshot(server.dir, '2099-01-01');
  setText(textsFileOf(newer), doc.ref, 'THE NEWER SNAPSHOT\'S TEXT');
  await server.app.services.snapshots.refresh();
  t.is(server.app.services.snapshots.current.file, path.basename(newer));
  t.is(await textOf(), 'THE NEWER SNAPSHOT\'S TEXT');
});

test('a snapshot a sync tool writes in place is served once whole, with one warning and no error logged', async (t) => {
  const dir = await snapshotDir();
  // The bytes a sync tool will copy: a valid newer snapshot built elsewhere.
  const scratch = tempDir('scratch');
  const built = await publishNewerSnapshot(scratch, '2099-02-01');
  const bytes = fs.readFileSync(built);
  const lines: string[] = [];
  const settings = { ...settingsFromEnv({}), snapshotsDir: dir, port: 0, host: '127.0.0.1', logLevel: 'info' as const, snapshotPollMs: 3_600_000 };
  const app = await createServer(settings, createLogger('info', (line) => lines.push(line)));
  t.teardown(() => app.close());

  const target = path.join(dir, path.basename(built));
  fs.copyFileSync(textsFileOf(built), textsFileOf(target));
  // Written in place at its final name, a piece at a time, the header first.
  const pieces = 8;
  const fd = fs.openSync(target, 'w');
  for (let piece = 0; piece < pieces; piece += 1) {
    const start = Math.floor((bytes.length * piece) / pieces);
    const end = Math.floor((bytes.length * (piece + 1)) / pieces);
    fs.writeSync(fd, bytes, start, end - start, start);
    await sleep(300);
  }
  fs.closeSync(fd);
  for (const startedAt = Date.now(); app.services.snapshots.current.file !== path.basename(target) && Date.now() - startedAt < 30_000; ) await sleep(200);
  t.is(app.services.snapshots.current.file, path.basename(target));

  const logged = lines.map((line) => JSON.parse(line) as { level: string; msg: string; file?: string });
  t.deepEqual(logged.filter((line) => line.level === 'error'), [], 'no error while it was written');
  t.false(logged.some((line) => /malformed/.test(JSON.stringify(line))));
  const waiting = logged.filter((line) => line.msg === 'snapshot file not complete yet; it is served once whole and checked');
  t.true(waiting.length <= 1, `${waiting.length} warnings`);
  t.true(waiting.every((line) => line.level === 'warn' && line.file === path.basename(target)));
  t.true(logged.some((line) => line.msg === 'snapshot switched'));
});
