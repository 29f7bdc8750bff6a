// The roster: the open-data portal's CSV of RCFE licenses. One row per license, keyed by the
// 9-digit license number. The facility administrator's name is personal data and is dropped here.
import Joi from 'joi';
import { facilityNumberColumn, newCount, readCsv, validateRow, type Rejection } from './csv.ts';
import { cell, licenseNumber, wholeNumberFrom } from '../normalize/text.ts';
import { DateShapeTally, type DateShapeCounts } from '../normalize/dates.ts';

export interface RosterRow {
  line: number;
  license_number: string;
  facility_type: string | null;
  facility_name: string;
  licensee: string | null;
  phone: string | null;
  street: string | null;
  city: string | null;
  zip: string | null;
  county: string | null;
  regional_office: string | null;
  capacity: number | null;
  status: string | null;
  license_first_date: string | null;
  closed_date: string | null;
  file_date: string | null;
}

export interface RosterResult {
  rows: RosterRow[];
  rowsRead: number;
  /** Physical lines of the file. */
  linesRead: number;
  /** Exact repeats of a row already read (same values, another portal row id). */
  duplicatesMerged: number;
  /** Cells kept out of rows that were kept: the field is not on file, and the report says why. */
  fieldProblems: FieldProblem[];
  /** Which shape each date field came in. */
  dateShapes: DateShapeCounts;
}

/** A cell that cannot be true (a ZIP of "ABCDE", 0 beds, 2/30/2020): its field is stored as not on file. */
export interface FieldProblem {
  source: string;
  line: number;
  field: string;
  value: string;
  reason: string;
}

/** More beds than any RCFE in the state has had: a typo or a shifted column, not a home. */
const MAX_CAPACITY = 1500;
const ZIP = /^\d{5}(?:-\d{4})?$/;

const text = Joi.string().allow('').default('');

const rowSchema = Joi.object({
  facility_number: facilityNumberColumn,
  facility_name: Joi.string()
    .trim()
    .required()
    .messages({ 'string.empty': 'facility_name is blank', 'any.required': 'facility_name is missing' }),
  facility_type: text,
  licensee: text,
  facility_telephone_number: text,
  facility_address: text,
  facility_city: text,
  facility_zip: text,
  county_name: text,
  regional_office: text,
  facility_capacity: text,
  facility_status: text,
  license_first_date: text,
  closed_date: text,
  file_date: text,
});

type ValidRow = Record<string, string>;

const REQUIRED_COLUMNS = ['facility_number', 'facility_name', 'facility_status'] as const;

/** Fields that make two rows of one license the same row (the portal's `_id` does not count). */
function rowIdentity(row: RosterRow): string {
  const { line: _line, ...values } = row;
  return JSON.stringify(values);
}

/**
 * `today` (the run's date) bounds the dates: a license first granted or closed, or a file dated,
 * after the run is impossible.
 */
export async function readRoster(file: string, reject: (r: Rejection) => void, today: string): Promise<RosterResult> {
  const byLicense = new Map<string, RosterRow>();
  const count = newCount();
  let duplicatesMerged = 0;
  const fieldProblems: FieldProblem[] = [];
  const dates = new DateShapeTally();

  for await (const csvRow of readCsv(file, { count, source: 'roster', requiredColumns: REQUIRED_COLUMNS, personalColumns: ['facility_administrator'] }, reject)) {
    const valid = validateRow<ValidRow>(rowSchema, csvRow, 'roster', reject);
    if (!valid) continue;
    const problem = (field: string, value: string, reason: string) => {
      fieldProblems.push({ source: 'roster', line: csvRow.line, field, value, reason });
      return null;
    };
    const capacityText = (valid.facility_capacity ?? '').trim();
    const beds = wholeNumberFrom(capacityText);
    const capacity =
      capacityText === ''
        ? null
        : beds === null
          ? problem('facility_capacity', capacityText, 'not a whole number of beds')
          : beds < 1 || beds > MAX_CAPACITY
            ? problem('facility_capacity', capacityText, `not a possible bed count (1 to ${MAX_CAPACITY})`)
            : beds;
    const zipText = cell(valid.facility_zip);
    const zip = zipText === null || ZIP.test(zipText) ? zipText : problem('facility_zip', zipText, 'neither 5 digits nor ZIP+4');
    const date = (field: string) => {
      const reading = dates.read(field, valid[field]);
      if (reading === null) return null;
      if (reading.iso === null) return problem(field, cell(valid[field])!, reading.problem);
      if (reading.iso < '1900-01-01' || reading.iso > today) return problem(field, cell(valid[field])!, `not a possible date (1900 to ${today})`);
      return reading.iso;
    };
    const row: RosterRow = {
      line: csvRow.line,
      license_number: licenseNumber(valid.facility_number!),
      facility_type: cell(valid.facility_type),
      facility_name: cell(valid.facility_name)!,
      licensee: cell(valid.licensee),
      phone: cell(valid.facility_telephone_number),
      street: cell(valid.facility_address),
      city: cell(valid.facility_city),
      zip,
      county: cell(valid.county_name),
      regional_office: cell(valid.regional_office),
      capacity,
      status: cell(valid.facility_status),
      license_first_date: date('license_first_date'),
      closed_date: date('closed_date'),
      file_date: date('file_date'),
    };

    const earlier = byLicense.get(row.license_number);
    if (!earlier) {
      byLicense.set(row.license_number, row);
    } else if (rowIdentity(earlier) === rowIdentity(row)) {
      duplicatesMerged += 1;
    } else {
      // Two different rows for one license: the later file date wins, then the later line.
      const keepLater = (row.file_date ?? '') >= (earlier.file_date ?? '');
      const [kept, dropped] = keepLater ? [row, earlier] : [earlier, row];
      byLicense.set(row.license_number, kept);
      reject({
        source: 'roster',
        line: dropped.line,
        superseded: true,
        reason: `superseded: license ${row.license_number} appears again at line ${kept.line} with other values; the row with the later file date (then the later line) is kept`,
        raw: JSON.stringify(dropped),
      });
    }
  }
  return { rows: [...byLicense.values()], rowsRead: count.rows, linesRead: count.lines, duplicatesMerged, fieldProblems, dateShapes: dates.counts };
}
