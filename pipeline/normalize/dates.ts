// The one reader of the state's dates, for every date field of every state file: the shapes the
// state writes, each read strictly, and a count of which shape each field came in, so the run
// report can say what the state sent. A date in no known shape is a field problem with its reason,
// never a guess.

/** The shapes the state writes a date in. A slash date whose month and day both have two digits counts as MM/DD/YYYY. */
export type DateShape = 'M/D/YYYY' | 'MM/DD/YYYY' | 'MMDDYYYY' | 'MDDYYYY' | 'YYYY-MM-DD';

/** What one cell held: a date and its shape, or why it is not one (shape null: none of the shapes). */
export type DateReading = { iso: string; shape: DateShape; problem?: undefined } | { iso: null; shape: DateShape | null; problem: string };

export const DATE_SHAPES: readonly DateShape[] = ['M/D/YYYY', 'MM/DD/YYYY', 'MMDDYYYY', 'MDDYYYY', 'YYYY-MM-DD'];

/** An ISO date of those parts, or null when no such day exists (2/30/2020). */
function isoOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** The reason a cell in none of the shapes is not read. */
function unknownShape(_text: string): string {
  return `not a date in the state's shapes (${DATE_SHAPES.join(', ')})`;
}

/**
 * A state date: `M/D/YYYY` or `MM/DD/YYYY`, eight digits `MMDDYYYY` (`05252025`), seven digits
 * `MDDYYYY` (the portal's datastore types `file_date` as a number, so `05252025` arrives as
 * `5252025`: only a month's leading zero can go, so seven digits read one way only), or ISO
 * `YYYY-MM-DD` (a datastore timestamp's `T00:00:00` is allowed after it). Null for a blank cell.
 */
export function readStateDate(text: string | null | undefined): DateReading | null {
  const value = (text ?? '').trim();
  if (value === '') return null;
  let shape: DateShape;
  let parts: [number, number, number];
  let match: RegExpExecArray | null;
  if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value))) {
    shape = match[1]!.length === 2 && match[2]!.length === 2 ? 'MM/DD/YYYY' : 'M/D/YYYY';
    parts = [Number(match[3]), Number(match[1]), Number(match[2])];
  } else if ((match = /^(\d{2})(\d{2})(\d{4})$/.exec(value))) {
    shape = 'MMDDYYYY';
    parts = [Number(match[3]), Number(match[1]), Number(match[2])];
  } else if ((match = /^(\d)(\d{2})(\d{4})$/.exec(value))) {
    shape = 'MDDYYYY';
    parts = [Number(match[3]), Number(match[1]), Number(match[2])];
  } else if ((match = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}:\d{2}(?:\.\d+)?)?$/.exec(value))) {
    shape = 'YYYY-MM-DD';
    parts = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    return { iso: null, shape: null, problem: unknownShape(value) };
  }
  const iso = isoOf(...parts);
  return iso === null ? { iso: null, shape, problem: `not a real date (read as ${shape})` } : { iso, shape };
}

/** A state date as ISO, or null when it is blank or not a date. */
export function stateDateToIso(text: string | null | undefined): string | null {
  return readStateDate(text)?.iso ?? null;
}

/** Per field, how many cells came in each shape; `unreadable` counts cells in none of them. */
export type DateShapeCounts = Record<string, Partial<Record<DateShape | 'unreadable', number>>>;

/** Reads one file's dates and counts their shapes, field by field. */
export class DateShapeTally {
  readonly counts: DateShapeCounts = {};

  read(field: string, text: string | null | undefined): DateReading | null {
    const reading = readStateDate(text);
    if (reading) {
      const byShape = (this.counts[field] ??= {});
      const key = reading.shape ?? 'unreadable';
      byShape[key] = (byShape[key] ?? 0) + 1;
    }
    return reading;
  }
}
