// Streaming CSV reading shared by every tabular source: finds the header row (some state files
// open with a title line), maps header names to snake_case keys, and turns rows the parser cannot
// read into rejections with a reason instead of failing the run.
import { createReadStream } from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { parse } from 'csv-parse';
import Joi from 'joi';

export interface Rejection {
  source: string;
  line: number;
  reason: string;
  raw: string;
  /** An older row of a license read again later: reported apart, not counted as rejected. */
  superseded?: true;
}

export interface CsvRow {
  line: number;
  /** Values by snake_case header key; missing trailing cells read as ''. */
  values: Record<string, string>;
  /** With `tailColumn`: the cells from that column on (a row may be longer than its header). */
  tail: string[];
  raw: string;
}

/** The facility number column the roster and the care approvals file both key their rows by. */
export const facilityNumberColumn = Joi.string()
  .trim()
  .pattern(/^\d{1,9}$/)
  .required()
  .messages({
    'string.pattern.base': 'facility_number must be 1 to 9 digits',
    'string.empty': 'facility_number is blank',
    'any.required': 'facility_number is missing',
  });

/** "Facility Number", "FACILITY_NUMBER" and "facility_number" all become `facility_number`. */
export function headerKey(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

export interface ReadCsvOptions {
  source: string;
  /** Header keys that identify the header row; rows before it (title lines) are skipped. */
  requiredColumns: readonly string[];
  /** For files without a header row: the column keys in order. */
  columns?: readonly string[];
  /** Receives the rows before the header (a title line may carry the list's date). */
  onPreamble?: (cells: string[]) => void;
  /** Columns holding personal data: never copied into a rejection's raw text. */
  personalColumns?: readonly string[];
  /** Rows may stop early (the Census geocoder's No_Match rows do); elsewhere a short row is cut off. */
  allowShortRows?: boolean;
  /** Filled in while reading: every physical line and every data row, read or rejected, is counted. */
  count?: CsvCount;
  /**
   * The column where a variable tail starts (the state's export ends in one 7-cell block per
   * complaint under a single header): cells from it on are the row's `tail`, however many there
   * are, and a row may stop before it. Without it, a row longer than the header is rejected.
   */
  tailColumn?: (key: string) => boolean;
  /**
   * A quote inside a cell that does not close it (`87224"(a)(2)`, in a quoted cell or not) is kept
   * as text rather than failing the row or shifting the cells after it.
   */
  relaxQuotes?: boolean;
}

export interface CsvCount {
  /** Physical lines of the file (line breaks, plus an unterminated last line). */
  lines: number;
  /** Data rows after the header: yielded, or rejected here as unreadable, short or long. */
  rows: number;
}

/** A fresh count for one file. */
export const newCount = (): CsvCount => ({ lines: 0, rows: 0 });

const WITHHELD = '[withheld: personal data]';

/**
 * Yields each data row with its line number. Rows the CSV parser cannot read, and rows whose
 * cell count does not match the header, are passed to `reject` and never yielded.
 */
export async function* readCsv(
  file: string,
  options: ReadCsvOptions,
  reject: (rejection: Rejection) => void,
): AsyncGenerator<CsvRow> {
  const count = options.count ?? newCount();
  const input = createReadStream(file);
  let lastByte = 0x0a;
  input.on('data', (chunk) => {
    const bytes = chunk as Buffer;
    for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) count.lines += 1;
    if (bytes.length) lastByte = bytes[bytes.length - 1]!;
  });
  input.on('end', () => {
    if (lastByte !== 0x0a) count.lines += 1;
  });
  let lastSkippedLine = -1;
  const parser = (options.relaxQuotes ? input.pipe(new StrayQuotes()) : input).pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      relax_quotes: options.relaxQuotes === true,
      info: true,
      raw: true,
      on_skip: (error, raw) => {
        const line = Number((error as { lines?: number } | undefined)?.lines ?? 0);
        // The parser may report one broken record more than once (each bad quote in it): one row, one rejection.
        if (line === lastSkippedLine) return undefined;
        lastSkippedLine = line;
        count.rows += 1;
        reject({
          source: options.source,
          line,
          reason: `unreadable CSV row: ${error?.message ?? 'parse error'}`,
          // Which cell is which is unknown in an unreadable row, so none of it is kept.
          raw: options.personalColumns?.length ? WITHHELD : (raw ?? ''),
        });
        return undefined;
      },
    }),
  );

  let columns: string[] | null = options.columns ? [...options.columns] : null;
  let firstLine: string | null = null;
  let personal = new Set<number>();
  let tailAt = -1;
  const rawText = (record: string[], raw: string) =>
    personal.size === 0 ? raw.replace(/\r?\n$/, '') : record.map((value, index) => (personal.has(index) ? WITHHELD : value)).join(',');
  for await (const entry of parser as AsyncIterable<{ record: string[]; info: { lines: number }; raw: string }>) {
    const { record, info, raw } = entry;
    if (record.every((cell) => cell.trim() === '')) continue;
    if (!columns) {
      const keys = record.map(headerKey);
      if (options.requiredColumns.every((required) => keys.includes(required))) {
        tailAt = options.tailColumn ? keys.findIndex(options.tailColumn) : -1;
        columns = tailAt >= 0 ? keys.slice(0, tailAt) : keys;
        personal = new Set(keys.flatMap((key, index) => (options.personalColumns?.includes(key) ? [index] : [])));
      } else {
        firstLine ??= raw;
        options.onPreamble?.(record);
      }
      continue;
    }
    count.rows += 1;
    const rawLine = rawText(record, raw);
    if (tailAt >= 0) {
      // Every cell before the tail must be there; the tail has as many cells as the row has left.
      if (record.length < columns.length) {
        reject({ source: options.source, line: info.lines, reason: `short row: ${record.length} cells; the header has ${columns.length} before its variable tail (cut off?)`, raw: rawLine });
        continue;
      }
      const values: Record<string, string> = {};
      columns.forEach((key, index) => {
        values[key] = record[index]!;
      });
      yield { line: info.lines, values, tail: record.slice(tailAt), raw: rawLine };
      continue;
    }
    if (record.length > columns.length) {
      reject({ source: options.source, line: info.lines, reason: `row has ${record.length} cells; the header has ${columns.length}`, raw: rawLine });
      continue;
    }
    // A short row is a cut-off line (a truncated download ends mid-row): its missing cells are unknown, not blank.
    if (record.length < columns.length && !options.allowShortRows) {
      reject({ source: options.source, line: info.lines, reason: `short row: ${record.length} cells; the header has ${columns.length} (cut off?)`, raw: rawLine });
      continue;
    }
    const values: Record<string, string> = {};
    columns.forEach((key, index) => {
      values[key] = record[index] ?? '';
    });
    yield { line: info.lines, values, tail: [], raw: rawLine };
  }
  if (!columns) {
    // A portal's error or login page in place of the file: say so rather than "no header".
    if (looksLikeHtml(firstLine ?? '')) {
      throw new Error(`Source "${options.source}" is an HTML page, not a CSV file (it starts "${firstLine!.trim().slice(0, 40)}"): is its address right?`);
    }
    throw new Error(
      `Source "${options.source}" has no header row with the columns ${options.requiredColumns.join(', ')}: is it the right file?`,
    );
  }
}

/**
 * Escapes the state's stray quotes before the parser sees them: inside a quoted cell, a quote
 * followed by anything but a quote, a comma, a line break or the end of the file closes nothing
 * (`"87101(a), 87224"(a)(2)"`), so it is doubled and read as text. csv-parse's `relax_quotes`
 * keeps such a quote in an unquoted cell, but in a quoted one it ends the cell there and splits
 * the rest at its commas, shifting every cell after it. Quotes are ASCII, so working on the
 * decoded text chunk by chunk is safe; a quote ending a chunk waits for the next one.
 */
export class StrayQuotes extends Transform {
  private inQuoted = false;
  private atFieldStart = true;
  /** A quote inside a quoted cell seen as the last character of a chunk: what follows decides. */
  private pendingQuote = false;

  constructor() {
    super({ decodeStrings: false, encoding: 'utf8' });
    this.setDefaultEncoding('utf8');
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    done(null, this.repair(typeof chunk === 'string' ? chunk : chunk.toString('utf8')));
  }

  override _flush(done: TransformCallback): void {
    done(null, this.rest());
  }

  /** What is held back at the end: a quote at the very end of the file closes its cell. */
  rest(): string {
    return this.pendingQuote ? '"' : '';
  }

  /** The text with its stray quotes doubled, keeping its state for the next chunk. */
  repair(text: string): string {
    let out = '';
    let at = 0;
    if (this.pendingQuote) {
      this.pendingQuote = false;
      text = `"${text}`;
    }
    while (at < text.length) {
      const ch = text[at]!;
      if (!this.inQuoted) {
        if (ch === '"' && this.atFieldStart) this.inQuoted = true;
        this.atFieldStart = ch === ',' || ch === '\n' || ch === '\r';
        out += ch;
        at += 1;
        continue;
      }
      if (ch !== '"') {
        out += ch;
        at += 1;
        continue;
      }
      if (at + 1 === text.length) {
        this.pendingQuote = true;
        break;
      }
      const next = text[at + 1]!;
      if (next === '"') {
        out += '""';
        at += 2;
      } else if (next === ',' || next === '\n' || next === '\r') {
        out += '"';
        this.inQuoted = false;
        at += 1;
      } else {
        out += '""';
        at += 1;
      }
    }
    return out;
  }
}

/** A whole text with its stray quotes escaped (for a file read at once rather than streamed). */
export function escapeStrayQuotes(text: string): string {
  const repair = new StrayQuotes();
  return repair.repair(text) + repair.rest();
}

/** A portal's error or login page where data was expected. */
export function looksLikeHtml(text: string): boolean {
  return /^\s*<(?:!doctype\s+html|html|head|body)\b/i.test(text);
}

const ROW_PREFERENCES = { abortEarly: false, stripUnknown: true, convert: true } as const;
/** Each schema with the row preferences set once: joi then reuses them instead of merging them per row. */
const withRowPreferences = new WeakMap<Joi.ObjectSchema, Joi.ObjectSchema>();

/** Validates one row with joi; a failure becomes a rejection naming every problem. */
export function validateRow<T>(schema: Joi.ObjectSchema<T>, row: CsvRow, source: string, reject: (r: Rejection) => void): T | null {
  let prepared = withRowPreferences.get(schema) as Joi.ObjectSchema<T> | undefined;
  if (!prepared) {
    prepared = schema.prefs(ROW_PREFERENCES);
    withRowPreferences.set(schema, prepared);
  }
  const { error, value } = prepared.validate(row.values);
  if (error) {
    reject({ source, line: row.line, reason: error.details.map((d) => d.message.replace(/"/g, '')).join('; '), raw: row.raw });
    return null;
  }
  return value;
}
