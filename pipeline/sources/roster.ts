// The roster, in either of the state's two shapes: the Care Facility Search's weekly export
// ("Download Data", 38 Title-Case headers ending in a variable tail of complaint blocks, the roster
// of record) or the open-data portal's file (lower-case headers, a file_date per row). Both name
// the same columns once snake-cased; the export adds each home's visits, citations and complaint
// outcomes. One row per license, keyed by the 9-digit license number. The facility
// administrator's name is personal data and is dropped here.
import Joi from 'joi';
import { facilityNumberColumn, newCount, readCsv, validateRow, type Rejection } from './csv.ts';
import { licenseNumber, stateCell, wholeNumberFrom } from '../normalize/text.ts';
import { DateShapeTally, type DateShapeCounts } from '../normalize/dates.ts';
import type { StateVisits } from '../../contract/records.ts';
import { MAX_STATE_TEXT_LENGTH, withinStateLength } from '../../contract/names.ts';

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
  /**
   * The export's All Visit Dates as ISO dates, sorted, joined by ','; null when the row came from
   * a file without visit dates (the portal's). Unchanged between runs: no new visit was recorded.
   */
  visit_dates: string | null;
  /** The export's visits, citations and complaint outcomes; null for a file that carries none. */
  visits: StateVisits | null;
}

/**
 * Every row in is read or rejected: `rows_in` counts the file's lines after its header that hold
 * data, from its bytes alone; `read` the rows kept, merged as exact repeats or superseded;
 * `rejected` those kept out with a reason. A row merged into another, or lost, breaks the sum.
 */
export interface RowAccounting {
  rows_in: number;
  read: number;
  rejected: number;
}

export interface RosterResult {
  rows: RosterRow[];
  rowsRead: number;
  accounting: RowAccounting;
  /** Physical lines of the file. */
  linesRead: number;
  /** Exact repeats of a row already read (same values, another portal row id). */
  duplicatesMerged: number;
  /** Cells kept out of rows that were kept: the field is not on file, and the report says why. */
  fieldProblems: FieldProblem[];
  /** Which shape each date field came in. */
  dateShapes: DateShapeCounts;
  /** `export` (the state's weekly Download Data file) or `portal` (the open-data portal's file). */
  shape: 'export' | 'portal';
  /** Placeholder cells (`Unavailable`, `See FAQs`, `N/A`) read as not on file, per field. */
  placeholders: Record<string, number>;
  /**
   * Licenses with two rows that differ and no later file date to choose between them: the later
   * line is kept, and each is named here for the run's warnings (which row is true is unknown).
   */
  conflicts: Array<{ license: string; lines: [number, number]; fields: string[] }>;
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
  // The export's columns (absent from the portal's file).
  last_visit_date: text,
  inspection_visits: text,
  complaint_visits: text,
  other_visits: text,
  total_visits: text,
  citation_numbers: text,
  poc_dates: text,
  all_visit_dates: text,
  inspection_visit_dates: text,
  inspect_typea: text,
  inspect_typeb: text,
  other_visit_dates: text,
  other_typea: text,
  other_typeb: text,
  complaint_type_a: text,
  complaint_type_b: text,
  total_allegations: text,
  inconclusive_allegations: text,
  substantiated_allegations: text,
  unsubstantiated_allegations: text,
  unfounded_allegations: text,
});

/** The export's last header, `Complaint Info- Date, #Sub A, ...`: one 7-cell block per complaint from there on. */
const isComplaintTail = (key: string) => key.startsWith('complaint_info');
/** A column only the export has: a file with it is read as the export. */
const EXPORT_MARK = 'all_visit_dates';
const COMPLAINT_BLOCK = 7;
/** What the export writes in the tail of a home without complaints: none, not a misshapen tail. */
const NO_COMPLAINTS = /^no complaints$/i;

/**
 * The complaint tail as the export writes it: whole 7-cell blocks (trailing blank cells are
 * padding), or the words `No Complaints`, which are zero blocks. `fits` is false for anything else.
 */
function complaintTail(tail: readonly string[]): { blocks: string[][]; fits: boolean; cells: readonly string[] } {
  let end = tail.length;
  while (end > 0 && tail[end - 1]!.trim() === '') end--;
  const cells = tail.slice(0, end);
  if (cells.length === 1 && NO_COMPLAINTS.test(cells[0]!.trim())) return { blocks: [], fits: true, cells };
  if (cells.length % COMPLAINT_BLOCK !== 0) return { blocks: [], fits: false, cells };
  const blocks: string[][] = [];
  for (let at = 0; at < cells.length; at += COMPLAINT_BLOCK) blocks.push(cells.slice(at, at + COMPLAINT_BLOCK));
  return { blocks, fits: true, cells };
}

type ValidRow = Record<string, string>;

const REQUIRED_COLUMNS = ['facility_number', 'facility_name', 'facility_status'] as const;

/** Fields that make two rows of one license the same row (the portal's `_id` does not count). */
function rowIdentity(row: RosterRow): string {
  const { line: _line, ...values } = row;
  return JSON.stringify(values);
}

/** The fields two rows of one license disagree on. */
function differingFields(a: RosterRow, b: RosterRow): string[] {
  return (Object.keys(a) as Array<keyof RosterRow>).filter((key) => key !== 'line' && JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}

/**
 * `today` (the run's date) bounds the dates: a license first granted or closed, or a file dated,
 * after the run is impossible.
 */
export async function readRoster(file: string, rejectRow: (r: Rejection) => void, today: string, source = 'roster'): Promise<RosterResult> {
  let rejected = 0;
  let superseded = 0;
  const reject = (rejection: Rejection) => {
    if (rejection.superseded) superseded += 1;
    else rejected += 1;
    rejectRow(rejection);
  };
  const byLicense = new Map<string, RosterRow>();
  const count = newCount();
  let duplicatesMerged = 0;
  const fieldProblems: FieldProblem[] = [];
  const dates = new DateShapeTally();
  const placeholders: Record<string, number> = {};
  let shape: RosterResult['shape'] = 'portal';
  const conflicts: RosterResult['conflicts'] = [];

  const csvOptions = {
    count,
    source,
    requiredColumns: REQUIRED_COLUMNS,
    personalColumns: ['facility_administrator'],
    tailColumn: isComplaintTail,
    tailFits: (tail: readonly string[]) => complaintTail(tail).fits,
    stateQuotes: true,
    onRepair: (repair: { line: number; field: string; value: string; reason: string }) => fieldProblems.push({ source, ...repair }),
  };
  for await (const csvRow of readCsv(file, csvOptions, reject)) {
    const valid = validateRow<ValidRow>(rowSchema, csvRow, source, reject);
    if (!valid) continue;
    const isExport = EXPORT_MARK in csvRow.values;
    if (isExport) shape = 'export';
    const problem = (field: string, value: string, reason: string) => {
      fieldProblems.push({ source, line: csvRow.line, field, value, reason });
      return null;
    };
    /** A text cell; a placeholder is not on file, and counted. */
    const cell = (field: string): string | null => {
      const read = stateCell(valid[field]);
      if (read.placeholder) placeholders[field] = (placeholders[field] ?? 0) + 1;
      return read.value;
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
    const zipText = cell('facility_zip');
    const zip = zipText === null || ZIP.test(zipText) ? zipText : problem('facility_zip', zipText, 'neither 5 digits nor ZIP+4');
    const date = (field: string, text = valid[field]) => {
      if (stateCell(text).placeholder) return null;
      const reading = dates.read(field, text);
      if (reading === null) return null;
      if (reading.iso === null) return problem(field, (text ?? '').trim(), reading.problem);
      // A plan of correction may be due after the file was written; every other date is in the past.
      const latest = field === 'poc_dates' ? `${Number(today.slice(0, 4)) + 1}${today.slice(4)}` : today;
      if (reading.iso < '1900-01-01' || reading.iso > latest) return problem(field, (text ?? '').trim(), `not a possible date (1900 to ${latest})`);
      return reading.iso;
    };
    // A name, licensee or address past any the state publishes is cut, with a warning (contract/names.ts).
    const bounded = (field: string, text: string | null): string | null => {
      if (text === null) return null;
      const kept = withinStateLength(text);
      if (kept.cutFrom !== null) problem(field, `${text.slice(0, 60)}…`, `${kept.cutFrom} characters, longer than any the state publishes: cut to ${MAX_STATE_TEXT_LENGTH}`);
      return kept.text;
    };
    const visits = isExport ? readVisits(valid, csvRow.tail, { date, problem }) : null;
    const row: RosterRow = {
      line: csvRow.line,
      license_number: licenseNumber(valid.facility_number!),
      facility_type: cell('facility_type'),
      // A name is required: a placeholder there leaves the text as the state wrote it.
      facility_name: bounded('facility_name', stateCell(valid.facility_name).value ?? valid.facility_name!.trim())!,
      licensee: bounded('licensee', cell('licensee')),
      phone: cell('facility_telephone_number'),
      street: bounded('facility_address', cell('facility_address')),
      city: bounded('facility_city', cell('facility_city')),
      zip,
      county: cell('county_name'),
      regional_office: cell('regional_office'),
      capacity,
      status: cell('facility_status'),
      license_first_date: date('license_first_date'),
      closed_date: date('closed_date'),
      file_date: date('file_date'),
      visit_dates: visits ? visits.all_visit_dates.join(',') || null : null,
      visits,
    };

    const earlier = byLicense.get(row.license_number);
    if (!earlier) {
      byLicense.set(row.license_number, row);
    } else if (rowIdentity(earlier) === rowIdentity(row)) {
      duplicatesMerged += 1;
    } else {
      // Two different rows for one license: the later file date wins; with no later date, the later
      // line is kept and the conflict is named in the run's warnings, never passed over in silence.
      const fields = differingFields(earlier, row);
      const dated = (row.file_date ?? '') !== (earlier.file_date ?? '');
      const keepLater = (row.file_date ?? '') >= (earlier.file_date ?? '');
      const [kept, dropped] = keepLater ? [row, earlier] : [earlier, row];
      byLicense.set(row.license_number, kept);
      if (!dated) conflicts.push({ license: row.license_number, lines: [earlier.line, row.line], fields });
      reject({
        source,
        line: dropped.line,
        superseded: true,
        reason: dated
          ? `superseded: license ${row.license_number} appears again at line ${kept.line} with a later file date and other values (${fields.join(', ')}); that row is kept`
          : `conflict: license ${row.license_number} appears again at line ${kept.line} with other values (${fields.join(', ')}) and no later file date; the later line is kept, which is true is unknown`,
        raw: JSON.stringify(dropped),
      });
    }
  }
  const rows = [...byLicense.values()];
  const accounting = { rows_in: count.rowsIn ?? 0, read: rows.length + duplicatesMerged + superseded, rejected };
  return { rows, rowsRead: count.rows, accounting, linesRead: count.lines, duplicatesMerged, fieldProblems, dateShapes: dates.counts, shape, placeholders, conflicts };
}

interface CellReaders {
  date: (field: string, text?: string) => string | null;
  problem: (field: string, value: string, reason: string) => null;
}

/**
 * One home's visits, citations and complaint outcomes, as the export states them. A blank count
 * is not on file (null), never zero; a cell that is not a whole number is a field problem.
 */
function readVisits(valid: ValidRow, tail: readonly string[], read: CellReaders): StateVisits {
  const count = (field: string, text = valid[field] ?? ''): number | null => {
    const value = text.trim();
    if (value === '' || stateCell(value).placeholder) return null;
    return /^\d+$/.test(value) ? Number(value) : read.problem(field, value, 'not a whole number');
  };
  /** A comma-separated list of MM/DD/YYYY dates in one cell, sorted; an unreadable one is a field problem. */
  const dateList = (field: string): string[] =>
    (valid[field] ?? '')
      .split(',')
      .flatMap((part) => (part.trim() === '' ? [] : (read.date(field, part) ?? [])))
      .sort();
  const sum = (...parts: Array<number | null>) => (parts.every((part) => part === null) ? null : parts.reduce<number>((total, part) => total + (part ?? 0), 0));
  const typeA = { inspection: count('inspect_typea'), other: count('other_typea'), complaint: count('complaint_type_a'), total: 0 as number | null };
  const typeB = { inspection: count('inspect_typeb'), other: count('other_typeb'), complaint: count('complaint_type_b'), total: 0 as number | null };
  // The state's total is the sum of the three visit-type subtotals: never a fourth figure added on top.
  typeA.total = sum(typeA.inspection, typeA.other, typeA.complaint);
  typeB.total = sum(typeB.inspection, typeB.other, typeB.complaint);

  const shape = complaintTail(tail);
  const complaints: StateVisits['complaints'] = [];
  if (!shape.fits) read.problem('complaint_info', shape.cells.join(','), `the complaint tail has ${shape.cells.length} cells, not blocks of ${COMPLAINT_BLOCK}: complaints not on file`);
  for (const block of shape.blocks) {
    const blockCount = (index: number, name: string) => count(`complaint_info ${name}`, block[index]);
    complaints.push({
      date: block[0]!.trim() === '' ? null : read.date('complaint_info_date', block[0]),
      substantiated: blockCount(1, 'substantiated'),
      inconclusive: blockCount(2, 'inconclusive'),
      unsubstantiated: blockCount(3, 'unsubstantiated'),
      unfounded: blockCount(4, 'unfounded'),
      type_a: blockCount(5, 'type_a'),
      type_b: blockCount(6, 'type_b'),
    });
  }
  complaints.sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
  const sections = (valid.citation_numbers ?? '')
    .split(',')
    .map((section) => section.trim())
    .filter((section) => section !== '' && !stateCell(section).placeholder);
  return {
    last_visit_date: read.date('last_visit_date'),
    visits: { inspection: count('inspection_visits'), complaint: count('complaint_visits'), other: count('other_visits'), total: count('total_visits') },
    all_visit_dates: [...new Set(dateList('all_visit_dates'))],
    inspection_visit_dates: dateList('inspection_visit_dates'),
    other_visit_dates: dateList('other_visit_dates'),
    type_a: typeA,
    type_b: typeB,
    citation_sections: sections,
    poc_dates: dateList('poc_dates'),
    allegations: {
      total: count('total_allegations'),
      substantiated: count('substantiated_allegations'),
      inconclusive: count('inconclusive_allegations'),
      unsubstantiated: count('unsubstantiated_allegations'),
      unfounded: count('unfounded_allegations'),
    },
    complaints,
  };
}
