// Picks test cases out of the seed snapshot with plain SQL, so the tests hold for whatever homes
// the seeds carry. Each picker fails loudly when the seeds lack the case.
import Database from 'better-sqlite3';
import { seedSnapshotFile } from './snapshot.ts';

export interface Examples {
  db: Database.Database;
  /** First row of a query; throws `seeds must contain <what>` when there is none. */
  one<T = Record<string, any>>(what: string, sql: string, ...params: unknown[]): T;
  all<T = Record<string, any>>(sql: string, ...params: unknown[]): T[];
  value<T = unknown>(sql: string, ...params: unknown[]): T;
}

let opened: Promise<Examples> | null = null;

export function examples(): Promise<Examples> {
  opened ??= seedSnapshotFile().then((file) => {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    return {
      db,
      one<T>(what: string, sql: string, ...params: unknown[]): T {
        const row = db.prepare(sql).get(...params) as T | undefined;
        if (row === undefined) throw new Error(`seeds must contain ${what}`);
        return row;
      },
      all<T>(sql: string, ...params: unknown[]): T[] {
        return db.prepare(sql).all(...params) as T[];
      },
      value<T>(sql: string, ...params: unknown[]): T {
        return db.prepare(sql).pluck().get(...params) as T;
      },
    };
  });
  return opened;
}
