// The Assisted Living Waiver list: participating homes by name and address, no license numbers.
// Its title line carries the list's date ("... as of 10/01/2026").
import Joi from 'joi';
import { newCount, readCsv, validateRow, type Rejection } from './csv.ts';
import { cell } from '../normalize/text.ts';
import { DateShapeTally, type DateShapeCounts } from '../normalize/dates.ts';
import type { FieldProblem } from './roster.ts';

export interface WaiverRow {
  line: number;
  facility_name: string;
  street: string | null;
  city: string | null;
  county: string | null;
  zip: string | null;
}

export interface WaiverResult {
  rows: WaiverRow[];
  rowsRead: number;
  /** Physical lines of the file. */
  linesRead: number;
  listDate: string | null;
  /** A title date that is not a date: the list is then dated by its server, or not at all. */
  fieldProblems: FieldProblem[];
  dateShapes: DateShapeCounts;
}

const text = Joi.string().allow('').default('');
const rowSchema = Joi.object({
  facility_name: Joi.string().trim().required().messages({ 'string.empty': 'Facility Name is blank' }),
  street_address: text,
  city: text,
  county: text,
  zip_code: text,
  phone_number: text,
});

/** The title line's "as of <date>": the word after it is read as a state date, whatever its shape. */
const LIST_DATE = /as of\s+([^\s,;)]+)/i;

export async function readWaiverList(file: string, reject: (r: Rejection) => void): Promise<WaiverResult> {
  const rows: WaiverRow[] = [];
  const count = newCount();
  let listDate: string | null = null;
  const dates = new DateShapeTally();
  const fieldProblems: FieldProblem[] = [];
  const onPreamble = (cells: string[]) => {
    const match = LIST_DATE.exec(cells.join(' '));
    if (!match) return;
    const reading = dates.read('list date', match[1]!.replace(/\.$/, ''));
    listDate = reading?.iso ?? null;
    if (reading?.problem) fieldProblems.push({ source: 'waiver', line: 1, field: 'list date', value: match[1]!, reason: reading.problem });
  };
  for await (const csvRow of readCsv(file, { count, source: 'waiver', requiredColumns: ['facility_name', 'street_address', 'city'], onPreamble }, reject)) {
    const valid = validateRow<Record<string, string>>(rowSchema, csvRow, 'waiver', reject);
    if (!valid) continue;
    rows.push({
      line: csvRow.line,
      facility_name: cell(valid.facility_name)!,
      street: cell(valid.street_address),
      city: cell(valid.city),
      county: cell(valid.county),
      zip: cell(valid.zip_code)?.slice(0, 5) ?? null,
    });
  }
  return { rows, rowsRead: count.rows, linesRead: count.lines, listDate, fieldProblems, dateShapes: dates.counts };
}
