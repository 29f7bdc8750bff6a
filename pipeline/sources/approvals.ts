// Care approvals and service designations: a second state file keyed by facility number.
// A flag the file leaves blank, or a license the file does not list, is not on file: never a no.
import Joi from 'joi';
import type { TriState } from '../../contract/facts.ts';
import { facilityNumberColumn, newCount, readCsv, validateRow, type Rejection } from './csv.ts';
import { cell, licenseNumber } from '../normalize/text.ts';
import { DateShapeTally, type DateShapeCounts } from '../normalize/dates.ts';
import type { FieldProblem } from './roster.ts';

export interface ApprovalRow {
  line: number;
  license_number: string;
  dementia: TriState;
  hospice: TriState;
  non_ambulatory: TriState;
  bedridden: TriState;
  service_designations: string[];
  as_of: string | null;
}

export interface ApprovalsResult {
  byLicense: Map<string, ApprovalRow>;
  rowsRead: number;
  /** Physical lines of the file. */
  linesRead: number;
  /** The file's own date: the newest AS_OF_DATE it carries. */
  asOf: string | null;
  /** AS_OF_DATE cells that are not a date: that row's clearances are confirmed on no date. */
  fieldProblems: FieldProblem[];
  dateShapes: DateShapeCounts;
}

const flag = Joi.string()
  .trim()
  .uppercase()
  .allow('')
  .valid('Y', 'N', 'YES', 'NO', '')
  .default('')
  .messages({ 'any.only': '{#label} must be Y, N or blank' });

const rowSchema = Joi.object({
  facility_number: facilityNumberColumn,
  dementia_care: flag,
  hospice_waiver: flag,
  non_ambulatory: flag,
  bedridden_waiver: flag,
  client_served: Joi.string().allow('').default(''),
  as_of_date: Joi.string().allow('').default(''),
});

/** Y is a stated approval, N a stated absence; blank is silence. */
function triState(value: string): TriState {
  if (value === 'Y' || value === 'YES') return 'true';
  if (value === 'N' || value === 'NO') return 'false';
  return 'not_on_file';
}

export async function readApprovals(file: string, reject: (r: Rejection) => void): Promise<ApprovalsResult> {
  const byLicense = new Map<string, ApprovalRow>();
  const count = newCount();
  const dates = new DateShapeTally();
  const fieldProblems: FieldProblem[] = [];
  for await (const csvRow of readCsv(file, { count, source: 'approvals', requiredColumns: ['facility_number', 'client_served'] }, reject)) {
    const valid = validateRow<Record<string, string>>(rowSchema, csvRow, 'approvals', reject);
    if (!valid) continue;
    const asOf = dates.read('as_of_date', valid.as_of_date);
    if (asOf?.problem) fieldProblems.push({ source: 'approvals', line: csvRow.line, field: 'as_of_date', value: cell(valid.as_of_date)!, reason: asOf.problem });
    const row: ApprovalRow = {
      line: csvRow.line,
      license_number: licenseNumber(valid.facility_number!),
      dementia: triState(valid.dementia_care!),
      hospice: triState(valid.hospice_waiver!),
      non_ambulatory: triState(valid.non_ambulatory!),
      bedridden: triState(valid.bedridden_waiver!),
      service_designations: (valid.client_served ?? '')
        .split(';')
        .map((code) => cell(code))
        .filter((code): code is string => code !== null),
      as_of: asOf?.iso ?? null,
    };
    const earlier = byLicense.get(row.license_number);
    if (earlier) {
      reject({
        source: 'approvals',
        line: earlier.line,
        superseded: true,
        reason: `superseded: license ${row.license_number} appears again at line ${row.line}; the later row is kept`,
        raw: JSON.stringify(earlier),
      });
    }
    byLicense.set(row.license_number, row);
  }
  return { byLicense, rowsRead: count.rows, linesRead: count.lines, asOf: newestRowDate(byLicense.values()), fieldProblems, dateShapes: dates.counts };
}

/** The file's date: the newest date among its rows (null when no row states one). */
export function newestRowDate(rows: Iterable<Pick<ApprovalRow, 'as_of'>>): string | null {
  let newest: string | null = null;
  for (const { as_of: date } of rows) if (date && (!newest || date > newest)) newest = date;
  return newest;
}
