// The state's own CSV, as its export writer makes it: one record a line, a cell wrapped in quotes
// when it holds a comma, and quotes inside a cell written as they are, never doubled
// (`"ZHU, XIAOTONG "SHERRY""` is `ZHU, XIAOTONG "SHERRY"`; `"87303(a), 87224"(a)(2)"` is
// `87303(a), 87224"(a)(2)`). An RFC parser reads such a quote as the end of the cell, or as an
// escape, and then runs on into the next line, merging two homes into one garbled row. Here a
// record never leaves its line, and the file's lines are counted on their own bytes, so that every
// line is accounted for as a row read or a row rejected.
import { createReadStream } from 'node:fs';

const LF = 0x0a;
const CR = 0x0d;

/** One physical line of a file: its text without the line break, and its number from 1. */
export interface PhysicalLine {
  text: string;
  line: number;
  /** Set, with `text` empty, for a line longer than MAX_LINE_BYTES: its length in bytes (it is not read). */
  tooLong?: number;
}

/**
 * The longest line read as a row. The state's rows are well under 10 KB even with many complaint
 * blocks; a line past 1 MiB is no row of its file, and reading it would cost time and memory for
 * nothing. (Below it, a row with absurdly long cells is still read: its cells are cut where the
 * snapshot is written, with a note.)
 */
export const MAX_LINE_BYTES = 1024 * 1024;

/**
 * The file's lines, split on LF (a CR before it is dropped, so CRLF, LF and a mix of both all end a
 * line); a last line without a break is a line too. Lines are cut on bytes and decoded one by one,
 * so a character split across two chunks is whole. Each byte is looked at once (a line's pieces
 * are joined only at its end), so a long line costs linear time; past MAX_LINE_BYTES its bytes are
 * counted, not kept. `onBytes` sees every chunk as it was read.
 */
export async function* physicalLines(file: string, onBytes?: (bytes: Buffer) => void, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<PhysicalLine> {
  let pieces: Buffer[] = [];
  let lineBytes = 0;
  let line = 0;
  const finish = (last: Buffer): PhysicalLine => {
    line += 1;
    const total = lineBytes + last.length;
    const kept = pieces;
    pieces = [];
    lineBytes = 0;
    if (total > maxLineBytes) return { text: '', line, tooLong: total };
    const bytes = kept.length ? Buffer.concat([...kept, last]) : last;
    const end = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
    const text = bytes.toString('utf8', 0, end);
    return { text: line === 1 ? text.replace(/^\uFEFF/, '') : text, line };
  };
  for await (const chunk of createReadStream(file)) {
    const bytes = chunk as Buffer;
    onBytes?.(bytes);
    let start = 0;
    for (let at = bytes.indexOf(LF); at !== -1; at = bytes.indexOf(LF, start)) {
      yield finish(bytes.subarray(start, at));
      start = at + 1;
    }
    const rest = bytes.length - start;
    if (rest === 0) continue;
    // A piece is kept only while the line is short enough to be read; a copy, since the stream reuses nothing but may be large.
    if (lineBytes + rest <= maxLineBytes) pieces.push(Buffer.from(bytes.subarray(start)));
    else pieces = [];
    lineBytes += rest;
  }
  if (lineBytes > 0) yield finish(Buffer.alloc(0));
}

/** A line with nothing but spaces, tabs, commas and quotes holds no data: skipped, and not a row (the same bytes LineTally skips). */
export const isBlankLine = (text: string) => /^[ \t\r,"]*$/.test(text);

/**
 * Counts a file's lines from its bytes alone, apart from any reading of its cells: how many lines,
 * and which hold data. `rowsAfter(header)` is the file's rows in: the lines after the header
 * that hold data, each of which must come out of the reader as a row read or a row rejected.
 */
export class LineTally {
  lines = 0;
  /** Line numbers of lines without data (spacing, commas, quotes only). */
  private readonly blank: number[] = [];
  private hasData = false;
  private open = false;

  feed(bytes: Buffer): void {
    for (const byte of bytes) {
      if (byte === LF) {
        this.lines += 1;
        if (!this.hasData) this.blank.push(this.lines);
        this.hasData = false;
        this.open = false;
        continue;
      }
      this.open = true;
      // Spaces, tabs, CR, commas and quotes are no data (a BOM opens the file, before any header).
      if (!this.hasData && byte !== 0x20 && byte !== 0x09 && byte !== CR && byte !== 0x2c && byte !== 0x22) this.hasData = true;
    }
  }

  /** The end of the file: a last line without a line break is a line. */
  end(): void {
    if (!this.open) return;
    this.lines += 1;
    if (!this.hasData) this.blank.push(this.lines);
    this.open = false;
    this.hasData = false;
  }

  /** Lines after `headerLine` that hold data. */
  rowsAfter(headerLine: number): number {
    return this.lines - headerLine - this.blank.filter((line) => line > headerLine).length;
  }
}

/**
 * Where a cell that opens with a quote at `at` closes: at the first quote followed by a comma or
 * the end of the line, unless the text before it holds `,"` (a comma and a quote: the start of a
 * later quoted cell), which means the opening quote closes nothing and is text. -1: it is text.
 */
function closingQuote(line: string, at: number): number {
  // The first `,"` after the opening quote, found once (not per candidate quote): linear in the line.
  const laterCell = line.indexOf(',"', at + 1);
  for (let quote = line.indexOf('"', at + 1); quote !== -1; quote = line.indexOf('"', quote + 1)) {
    if (quote + 1 === line.length || line[quote + 1] === ',') {
      return laterCell !== -1 && laterCell + 2 <= quote ? -1 : quote;
    }
  }
  return -1;
}

/**
 * One line's cells as the state meant them. A cell that opens with a quote runs to its closing
 * quote (above), and a doubled quote inside it is one quote (files written by an RFC writer read
 * the same); a quote anywhere else is text, and so is an opening quote that closes nothing
 * (`"GOLDEN" OAKS,...` is the cell `"GOLDEN" OAKS`). Never more than the line.
 */
export function stateLineCells(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const cells: string[] = [];
  let at = 0;
  for (;;) {
    if (line[at] === '"') {
      const close = closingQuote(line, at);
      if (close !== -1) {
        cells.push(line.slice(at + 1, close).replaceAll('""', '"'));
        if (close + 1 >= line.length) return cells;
        at = close + 2;
        continue;
      }
    }
    const comma = line.indexOf(',', at);
    if (comma === -1) {
      cells.push(line.slice(at));
      return cells;
    }
    cells.push(line.slice(at, comma));
    at = comma + 1;
  }
}

/**
 * One line read as RFC 4180 reads it (a quoted cell closes at a lone quote before a comma or the
 * end; `""` inside it is one quote), for a file an RFC writer made (`"SMITH ""JR"", LLC"`); null
 * when the line is not RFC CSV (a quote that closes nothing, a quote inside an unquoted cell).
 */
export function rfcLineCells(line: string): string[] | null {
  const cells: string[] = [];
  let at = 0;
  for (;;) {
    if (line[at] !== '"') {
      const comma = line.indexOf(',', at);
      const cell = comma === -1 ? line.slice(at) : line.slice(at, comma);
      if (cell.includes('"')) return null;
      cells.push(cell);
      if (comma === -1) return cells;
      at = comma + 1;
      continue;
    }
    let value = '';
    let from = at + 1;
    for (;;) {
      const quote = line.indexOf('"', from);
      if (quote === -1) return null;
      value += line.slice(from, quote);
      if (line[quote + 1] === '"') {
        value += '"';
        from = quote + 2;
        continue;
      }
      cells.push(value);
      if (quote + 1 === line.length) return cells;
      if (line[quote + 1] !== ',') return null;
      at = quote + 2;
      break;
    }
  }
}

/**
 * Every place a cell opening at `at` may close: each quote followed by a comma or the end of the
 * line, up to the start of a later quoted cell (`,"`), which a cell never swallows.
 */
function closingQuotes(line: string, at: number): number[] {
  const closes: number[] = [];
  const stop = line.indexOf(',"', at + 1);
  for (let quote = line.indexOf('"', at + 1); quote !== -1 && (stop === -1 || quote < stop); quote = line.indexOf('"', quote + 1)) {
    if (quote + 1 === line.length || line[quote + 1] === ',') closes.push(quote);
  }
  return closes;
}

/** How many readings of one line are tried before it is called ambiguous. */
const MAX_READINGS = 2000;

/**
 * For a line the first reading (stateLineCells) and RFC's both read into the wrong shape: every
 * way its quotes can be read (each quoted cell closing at any of its closing quotes, or its opening
 * quote as text), and the one that fits, when exactly one does (`"DOE, JOHN "JACK", JR."` is
 * `DOE, JOHN "JACK", JR.`). Null when none fits, or more than one.
 */
export function onlyFittingReading(line: string, fits: (cells: string[]) => boolean): string[] | null {
  const cells: string[] = [];
  let tried = 0;
  const fitting = new Map<string, string[]>();
  const read = (at: number): boolean => {
    const options: Array<[string, number]> = line[at] === '"' ? closingQuotes(line, at).map((close) => [line.slice(at + 1, close).replaceAll('""', '"'), close + 1]) : [];
    const comma = line.indexOf(',', at);
    options.push([comma === -1 ? line.slice(at) : line.slice(at, comma), comma === -1 ? line.length : comma]);
    for (const [cell, end] of options) {
      cells.push(cell);
      if (end >= line.length) {
        tried += 1;
        if (fits(cells)) fitting.set(JSON.stringify(cells), [...cells]);
      } else if (!read(end + 1)) return false;
      cells.pop();
      if (tried >= MAX_READINGS || fitting.size > 1) return false;
    }
    return true;
  };
  const finished = read(0);
  return finished && fitting.size === 1 ? [...fitting.values()][0]! : null;
}

/** A whole text's rows read the state's way (for a file read at once rather than streamed); blank lines left out. */
export function stateCsvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => !isBlankLine(line))
    .map(stateLineCells);
}
