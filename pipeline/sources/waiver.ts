// The Assisted Living Waiver list as the health-care services department publishes it, "ALW
// Assisted Living Facilities" (catalog `alw-assisted-living-facilities`), read in its own columns:
// OBJECTID, Number, Legal_Name, Business_Name, Capacity_Per_PEU, Address, Address_2, City, County,
// Zip_Code, Phone_Number, Latitude, Longitude. `Number` is the department's provider number, not a
// license number, so rows are matched to licenses by address, then name (waiver-match.ts). The file
// states no date of its own: the list is dated by its catalog or server (read-all.ts), never the run.
// The list also names adult residential facilities, which are not on the elder-care roster.
import Joi from 'joi';
import { newCount, readCsv, validateRow, type Rejection } from './csv.ts';
import { cell } from '../normalize/text.ts';
import type { DateShapeCounts } from '../normalize/dates.ts';
import type { FieldProblem } from './roster.ts';

export interface WaiverRow {
  line: number;
  /** The business name (what a family sees on the door), else the legal name. */
  facility_name: string;
  /** The legal name too, when the file gives one apart from the business name: a second name to match. */
  legal_name?: string | null;
  /** The department's provider number (`Number`): never a license number. */
  provider_number?: string | null;
  street: string | null;
  city: string | null;
  county: string | null;
  zip: string | null;
  /** The row's own names say it is an adult residential facility (not on the elder-care roster). */
  adult_residential?: boolean;
}

export interface WaiverResult {
  rows: WaiverRow[];
  rowsRead: number;
  /** Physical lines of the file. */
  linesRead: number;
  /** The published file states none: always null here (the catalog's or server's date is used). */
  listDate: string | null;
  fieldProblems: FieldProblem[];
  dateShapes: DateShapeCounts;
}

/** The published columns, as header keys; a file without the identifying ones is not this list. */
export const WAIVER_COLUMNS = ['objectid', 'number', 'legal_name', 'business_name', 'capacity_per_peu', 'address', 'address_2', 'city', 'county', 'zip_code', 'phone_number', 'latitude', 'longitude'] as const;
const REQUIRED = ['legal_name', 'business_name', 'address', 'city'];

const text = Joi.string().allow('').default('');
const rowSchema = Joi.object(Object.fromEntries(WAIVER_COLUMNS.map((column) => [column, text])))
  .custom((row: Record<string, string>, helpers) => (row.business_name?.trim() || row.legal_name?.trim() ? row : helpers.error('any.custom')))
  .messages({ 'any.custom': 'Business_Name and Legal_Name are both blank' });

/** "ABC ADULT RESIDENTIAL FACILITY", "Sunrise ARF": the names say it serves adults under 60, not elders. */
const ADULT_RESIDENTIAL = /\badult residential\b|\bARF\b/i;

export async function readWaiverList(file: string, reject: (r: Rejection) => void): Promise<WaiverResult> {
  const rows: WaiverRow[] = [];
  const count = newCount();
  for await (const csvRow of readCsv(file, { count, source: 'waiver', requiredColumns: REQUIRED }, reject)) {
    const valid = validateRow<Record<string, string>>(rowSchema, csvRow, 'waiver', reject);
    if (!valid) continue;
    const business = cell(valid.business_name);
    const legal = cell(valid.legal_name);
    const street = [cell(valid.address), cell(valid.address_2)].filter(Boolean).join(', ') || null;
    rows.push({
      line: csvRow.line,
      facility_name: (business ?? legal)!,
      legal_name: legal && legal !== business ? legal : null,
      provider_number: cell(valid.number),
      street,
      city: cell(valid.city),
      county: cell(valid.county),
      zip: cell(valid.zip_code)?.slice(0, 5) ?? null,
      adult_residential: ADULT_RESIDENTIAL.test(`${business ?? ''} ${legal ?? ''}`),
    });
  }
  return { rows, rowsRead: count.rows, linesRead: count.lines, listDate: null, fieldProblems: [], dateShapes: {} };
}
