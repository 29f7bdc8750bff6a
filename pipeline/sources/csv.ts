// Streaming CSV reading shared by every tabular source: finds the header row (some state files
// open with a title line), maps header names to snake_case keys, and turns rows the parser cannot
// read into rejections with a reason instead of failing the run.
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import Joi from 'joi';
import { LineTally, MAX_LINE_BYTES, isBlankLine, onlyFittingReading, physicalLines, rfcLineCells, stateLineCells } from './state-csv.ts';

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
  /** Whether a row's variable tail has the shape its file writes (the export: whole 7-cell complaint blocks). */
  tailFits?: (tail: readonly string[]) => boolean;
  /**
   * The state's own writing (state-csv.ts): one record a line, quotes inside a cell never doubled
   * (`"ZHU, XIAOTONG "SHERRY""`, `87224"(a)(2)`); its rows in are counted from the file's lines.
   */
  stateQuotes?: boolean;
  /**
   * With `stateQuotes`: a cell read with an unmatched quote at its start or end (`"SUNNY ACRES`) is
   * read without it and reported here (the value is withheld for a personal column), never served
   * with a stray quote.
   */
  onRepair?: (repair: { line: number; field: string; value: string; reason: string }) => void;
}

export interface CsvCount {
  /** Physical lines of the file (line breaks, plus an unterminated last line). */
  lines: number;
  /** Data rows after the header: yielded, or rejected here as unreadable, short or long. */
  rows: number;
  /**
   * With `stateQuotes`: the rows in, counted from the file's bytes apart from any reading of its
   * cells (the lines after the header that hold data). Null where a record may span lines.
   */
  rowsIn: number | null;
}

/** A fresh count for one file. */
export const newCount = (): CsvCount => ({ lines: 0, rows: 0, rowsIn: null });

const WITHHELD = '[withheld: personal data]';
/** A row whose cells cannot be placed: which of them holds the personal column is unknown, so none is kept. */
const WITHHELD_UNPLACED = '[withheld: the row holds a personal column, and its cells could not be placed to leave that one out]';

interface Entry {
  record: string[];
  /** The physical line the record ends on. */
  line: number;
  raw: string;
  /** Read the state's way from a line with a quote: its cells may have shifted if the quotes were misread. */
  quoted: boolean;
  /** A line not read at all (longer than any row of its file): why. */
  unreadable?: string;
}

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
  let headerLine = 0;
  const entries = options.stateQuotes ? stateEntries(file, count, () => headerLine) : parsedEntries(file, options, count, reject);

  let columns: string[] | null = options.columns ? [...options.columns] : null;
  let firstLine: string | null = null;
  let personal = new Set<number>();
  let tailAt = -1;
  const rawText = (record: string[], raw: string) =>
    personal.size === 0 ? raw.replace(/\r?\n$/, '') : record.map((value, index) => (personal.has(index) ? WITHHELD : value)).join(',');
  /** The header's shape: every cell before the tail, and a tail of the file's shape. */
  const fitsHeader = (record: string[], header: string[]) => {
    if (tailAt < 0) return record.length === header.length || (options.allowShortRows === true && record.length < header.length);
    return record.length >= header.length && (options.tailFits?.(record.slice(tailAt)) ?? true);
  };
  for await (const entry of entries) {
    const { line, raw, quoted } = entry;
    let { record } = entry;
    if (entry.unreadable !== undefined) {
      if (columns) {
        count.rows += 1;
        reject({ source: options.source, line, reason: entry.unreadable, raw: '[not kept: too long]' });
      }
      continue;
    }
    if (record.every((cell) => cell.trim() === '')) {
      // A line of the state's file that holds bytes (a no-break space) but no value is a row in: rejected, not lost.
      if (columns && options.stateQuotes) {
        count.rows += 1;
        reject({ source: options.source, line, reason: 'a row without data: every cell is blank', raw });
      }
      continue;
    }
    if (!columns) {
      const keys = record.map(headerKey);
      if (options.requiredColumns.every((required) => keys.includes(required))) {
        headerLine = line;
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
    // A quote misread shifts every cell after it. A row that misses the header's shape read the
    // state's way is read as an RFC writer writes (`"SMITH ""JR"", LLC"`), then in the one way its
    // quotes fit the header, if only one does; else it is kept out whole rather than read with its
    // values in the wrong columns.
    if (quoted && !fitsHeader(record, columns)) {
      const header = columns;
      const rfc = rfcLineCells(raw);
      record = rfc && fitsHeader(rfc, header) ? rfc : (onlyFittingReading(raw, (cells) => fitsHeader(cells, header)) ?? record);
    }
    if (quoted && !fitsHeader(record, columns)) {
      // No reading of its quotes fits. If every reading is short (or every one long) of the
      // header, the row is cut off (or has cells too many) whatever its quotes: say that.
      const counts = [record.length, rfcLineCells(raw)?.length ?? record.length, raw.split(',').length];
      const short = counts.every((n) => n < columns!.length);
      const long = tailAt < 0 && counts.every((n) => n > columns!.length);
      const shape = short
        ? `short row: ${Math.max(...counts)} cells at most, however its quotes are read; the header has ${columns.length}${tailAt >= 0 ? ' before its variable tail' : ''} (cut off?)`
        : long
          ? `row has ${Math.min(...counts)} cells at least, however its quotes are read; the header has ${columns.length}`
          : `unreadable quotes: no one reading of its quotes fits the header's ${columns.length} cells${tailAt >= 0 ? ' and its variable tail' : ''} (read as the state writes them: ${record.length} cells)`;
      reject({ source: options.source, line, reason: shape, raw: personal.size ? WITHHELD_UNPLACED : raw });
      continue;
    }
    if (options.stateQuotes && quoted) record = repairedStrayQuotes(record, line, columns, personal, options.onRepair);
    const rawLine = rawText(record, raw);
    if (tailAt >= 0) {
      // Every cell before the tail must be there; the tail has as many cells as the row has left.
      if (record.length < columns.length) {
        reject({ source: options.source, line, reason: `short row: ${record.length} cells; the header has ${columns.length} before its variable tail (cut off?)`, raw: rawLine });
        continue;
      }
      const values: Record<string, string> = {};
      columns.forEach((key, index) => {
        values[key] = record[index]!;
      });
      yield { line, values, tail: record.slice(tailAt), raw: rawLine };
      continue;
    }
    if (record.length > columns.length) {
      reject({ source: options.source, line, reason: `row has ${record.length} cells; the header has ${columns.length}`, raw: rawLine });
      continue;
    }
    // A short row is a cut-off line (a truncated download ends mid-row): its missing cells are unknown, not blank.
    if (record.length < columns.length && !options.allowShortRows) {
      reject({ source: options.source, line, reason: `short row: ${record.length} cells; the header has ${columns.length} (cut off?)`, raw: rawLine });
      continue;
    }
    const values: Record<string, string> = {};
    columns.forEach((key, index) => {
      values[key] = record[index] ?? '';
    });
    yield { line, values, tail: [], raw: rawLine };
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
 * A cell with an odd number of quotes, one of them its first or last character, was opened or
 * closed and never matched (`"SUNNY ACRES`): that quote is no part of the value. A quote inside
 * a cell (`87224"(a)(2)`) is as the state wrote it and stays.
 */
function repairedStrayQuotes(record: string[], line: number, columns: readonly string[], personal: ReadonlySet<number>, onRepair: ReadCsvOptions['onRepair']): string[] {
  return record.map((cell, index) => {
    const quotes = cell.split('"').length - 1;
    if (quotes % 2 === 0) return cell;
    const trimmed = cell.trim();
    const repaired = trimmed.startsWith('"') ? trimmed.slice(1) : trimmed.endsWith('"') ? trimmed.slice(0, -1) : null;
    if (repaired === null) return cell;
    onRepair?.({
      line,
      field: columns[index] ?? `cell ${index + 1}`,
      value: personal.has(index) ? WITHHELD : cell,
      reason: `an unmatched quote at its ${trimmed.startsWith('"') ? 'start' : 'end'}: read without it`,
    });
    return repaired;
  });
}

/** The state's own file, line by line (state-csv.ts); its rows in are counted from its bytes, apart from the reading. */
async function* stateEntries(file: string, count: CsvCount, headerLine: () => number): AsyncGenerator<Entry> {
  const tally = new LineTally();
  for await (const { text, line, tooLong } of physicalLines(file, (bytes) => tally.feed(bytes))) {
    if (tooLong !== undefined) {
      yield { record: [], line, raw: '', quoted: false, unreadable: `a line of ${tooLong} bytes, longer than the ${MAX_LINE_BYTES} any row of this file may have: not read` };
      continue;
    }
    if (isBlankLine(text)) continue;
    yield { record: stateLineCells(text), line, raw: text, quoted: text.includes('"') };
  }
  tally.end();
  count.lines = tally.lines;
  count.rowsIn = headerLine() > 0 ? tally.rowsAfter(headerLine()) : 0;
}

/** Any other CSV file, through csv-parse: a quoted cell may span lines there. */
async function* parsedEntries(file: string, options: ReadCsvOptions, count: CsvCount, reject: (rejection: Rejection) => void): AsyncGenerator<Entry> {
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
  const parser = input.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
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
  for await (const { record, info, raw } of parser as AsyncIterable<{ record: string[]; info: { lines: number }; raw: string }>) {
    yield { record, line: info.lines, raw, quoted: false };
  }
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
