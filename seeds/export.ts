// roster.csv in the shape of the state's weekly export (Care Facility Search, "Download Data"):
// 38 Title-Case headers, the last naming a variable tail of one 7-cell block per complaint, and
// each home's visits, citations and complaint outcomes counted from the very reports the seed
// documents hold, with the state's meanings (Type A total = inspection + other + complaint). The
// file states no date: roster.csv.headers holds the headers it was "served" with (Last-Modified).
// Also portal-roster.csv: the open-data portal's older file of the same homes, 18 months stale,
// for the run's comparison of the two.
import { Rng } from './prng.ts';
import { FILE_DATE, streetLine, type Home, type World } from './model.ts';
import { csvField, render, rosterRows, type SourceFile } from './files.ts';
import { mmddyyyy, type Report, type ReportType } from './report-html.ts';

export const EXPORT_HEADER = [
  'Facility Type', 'Facility Number', 'Facility Name', 'Licensee', 'Facility Administrator',
  'Facility Telephone Number', 'Facility Address', 'Facility City', 'Facility State', 'Facility Zip',
  'County Name', 'Regional Office', 'Facility Capacity', 'Facility Status', 'License First Date',
  'Closed Date', 'Last Visit Date', 'Inspection Visits', 'Complaint Visits', 'Other Visits',
  'Total Visits', 'Citation Numbers', 'POC Dates', 'All Visit Dates', 'Inspection Visit Dates',
  'Inspect TypeA', 'Inspect TypeB', 'Other Visit Dates', 'Other TypeA', 'Other TypeB',
  'Complaint Type A', 'Complaint Type B', 'Total Allegations', 'Inconclusive Allegations',
  'Substantiated Allegations', 'Unsubstantiated Allegations', 'Unfounded Allegations',
  'Complaint Info- Date, #Sub A, # Inc A, # Uns A, # Unf A, # TypeA, # TypeB ...',
] as const;

/** What the state's server answered the export with: its Last-Modified dates the file (the roster's own date). */
export function exportHeaders(): string {
  const [month, day, year] = FILE_DATE.split('/').map(Number) as [number, number, number];
  const served = new Date(Date.UTC(year, month - 1, day, 14, 0, 0)).toUTCString();
  return ['HTTP/1.1 200 OK', 'Content-Type: text/csv', `Last-Modified: ${served}`, `Date: ${served}`, ''].join('\r\n') + '\r\n';
}

/** A home's reports as the seed documents hold them (the first run's list). */
export interface HomeReports {
  home: Home;
  reports: readonly Report[];
}

const PLACEHOLDER = 'Unavailable';
/** The state's stray quote (`87224"(a)(2)`): one section of one home's Citation Numbers keeps a quote that closes nothing. */
const STRAY_QUOTE_HOME = 'blank-phone';

/** The visit, citation and complaint cells of one home, from its reports (oldest first inside each list, as the state's order is not relied on). */
export function visitCells(reports: readonly Report[], strayQuote = false): { cells: string[]; tail: string[] } {
  const oldestFirst = reports.slice().sort((a, b) => a.day - b.day);
  const of = (type: ReportType) => oldestFirst.filter((r) => r.type === type);
  const cites = (list: readonly Report[], t: 'A' | 'B') => String(list.reduce((n, r) => n + r.citations.filter((c) => c.type === t).length, 0));
  const dates = (list: readonly Report[]) => list.map((r) => mmddyyyy(r.day)).join(', ');
  const complaints = of('Complaint');
  const findings = (finding: string, list = complaints) => list.reduce((n, r) => n + r.allegations.filter((a) => a.finding === finding).length, 0);
  const sections = [...new Set(oldestFirst.flatMap((r) => r.citations.map((c) => c.section)))];
  if (strayQuote && sections.length) sections[0] = sections[0]!.replace('(', '"(');
  const newest = oldestFirst.at(-1);
  const allegations = complaints.reduce((n, r) => n + r.allegations.length, 0);
  return {
    cells: [
      newest ? mmddyyyy(newest.day) : '',
      String(of('Inspection').length),
      String(complaints.length),
      String(of('Other').length),
      String(oldestFirst.length),
      sections.join(', '),
      // A plan of correction is due 30 days after a visit with citations (the report pages say so).
      dates(oldestFirst.filter((r) => r.citations.length)).replace(/\d\d\/\d\d\/\d{4}/g, (visit) => mmddyyyy(dayOf(visit) + 30)),
      // The state's own order of a date list is newest first.
      dates(oldestFirst.slice().reverse()),
      dates(of('Inspection')),
      cites(of('Inspection'), 'A'),
      cites(of('Inspection'), 'B'),
      dates(of('Other')),
      cites(of('Other'), 'A'),
      cites(of('Other'), 'B'),
      cites(complaints, 'A'),
      cites(complaints, 'B'),
      String(allegations),
      String(findings('Inconclusive')),
      String(findings('Substantiated')),
      String(findings('Unsubstantiated')),
      String(findings('Unfounded')),
    ],
    tail: complaints.flatMap((r) => [
      mmddyyyy(r.day),
      String(findings('Substantiated', [r])),
      String(findings('Inconclusive', [r])),
      String(findings('Unsubstantiated', [r])),
      String(findings('Unfounded', [r])),
      cites([r], 'A'),
      cites([r], 'B'),
    ]),
  };
}

const DAY_MS = 86_400_000;
function dayOf(mdy: string): number {
  const [m, d, y] = mdy.split('/').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

export function exportRosterFile(world: World, documents: readonly HomeReports[]): SourceFile {
  const reportsOf = new Map(documents.map((d) => [d.home, d.reports]));
  const rng = new Rng(`export/${world.size}`);
  const rosterNumber = (h: Home) => (h.valid || /^\d{9}$/.test(h.number) ? String(Number(h.number)) : h.number);
  const rows = rosterRows(world).map((row) => {
    const h = row.home;
    const open = !/CLOSED/i.test(h.status);
    const tags = [...row.tags];
    // The state writes a placeholder where it has no phone, and for some closed homes no address.
    const phone = h.phone === '' ? PLACEHOLDER : h.phone;
    const noAddress = !open && h.valid && !h.curated && rng.chance(0.05);
    if (noAddress) tags.push('export-placeholder-address');
    const closedDate = h.closedDate === '' && open && !h.curated && rng.chance(0.03) ? 'N/A' : h.closedDate;
    if (closedDate === 'N/A') tags.push('export-placeholder-closed-date');
    // An administrator's nickname in quotes at the end of the cell: a doubled quote right before the closing one.
    const administrator = h.administrator && h.curated === 'maple-grove' ? `${h.administrator} "${h.administrator.split(' ')[0]}"` : h.administrator;
    if (administrator !== h.administrator) tags.push('export-doubled-quote');
    const strayQuote = h.curated === STRAY_QUOTE_HOME && row.first;
    const { cells, tail } = visitCells(reportsOf.get(h) ?? [], strayQuote);
    if (strayQuote && cells[5]!.includes('"')) tags.push('export-stray-quote');
    if (tail.length) tags.push('export-complaint-tail');
    return {
      cells: [
        'RESIDENTIAL CARE ELDERLY',
        rosterNumber(h),
        h.name,
        h.licensee,
        administrator,
        phone,
        noAddress ? PLACEHOLDER : streetLine(h.address),
        h.cityText,
        'CA',
        h.address.zip,
        h.countyText,
        h.city.office,
        row.capacityText,
        h.status,
        h.firstDate,
        closedDate,
        ...cells,
        ...tail,
      ],
      tags,
      license: h.number,
      curated: !!h.curated,
    };
  });
  const file = render('roster.csv', [EXPORT_HEADER.map((header) => csvField(header)).join(',')], rows, '\r\n', false);
  // The stray quote is written as the state writes it: inside the quoted cell, not doubled.
  const lines = file.text.split('\r\n');
  for (const mark of file.marks) if (mark.tag === 'export-stray-quote' && mark.line !== null) lines[mark.line - 1] = lines[mark.line - 1]!.replace('""(', '"(');
  file.text = lines.join('\r\n');
  return file;
}

/** The portal's file was last refreshed 05/25/2025; its datastore types file_date as a number. */
const PORTAL_FILE_DATE = '5252025';
const PORTAL_AS_OF = 20233; // 2025-05-25 in days since 1970-01-01

export const PORTAL_HEADER = [
  '_id', 'facility_type', 'facility_number', 'facility_name', 'licensee', 'facility_administrator',
  'facility_telephone_number', 'facility_address', 'facility_city', 'facility_state', 'facility_zip',
  'county_name', 'regional_office', 'facility_capacity', 'facility_status', 'license_first_date',
  'closed_date', 'file_date',
] as const;

/**
 * The open-data portal's file of the same homes as they stood on 05/25/2025: homes licensed since
 * are missing (and applications), and homes closed since still show their earlier status.
 */
export function portalRosterFile(world: World): SourceFile {
  const rows = rosterRows(world).flatMap((row, index) => {
    const h = row.home;
    const first = h.firstDate ? dayOf(h.firstDate) : null;
    if (first !== null && first > PORTAL_AS_OF) return [];
    if (h.firstDate === '' && /^PENDING$/i.test(h.status.trim())) return [];
    const closedLater = h.closedDate !== '' && dayOf(h.closedDate) > PORTAL_AS_OF;
    const status = closedLater ? 'LICENSED' : h.status;
    return [{
      cells: [
        String(index + 1), 'RESIDENTIAL CARE ELDERLY', h.valid ? String(Number(h.number)) : h.number,
        h.name, h.licensee, h.administrator, h.phone, streetLine(h.address), h.cityText, 'CA', h.address.zip, h.countyText, h.city.office,
        row.capacityText, status, h.firstDate, closedLater ? '' : h.closedDate, PORTAL_FILE_DATE,
      ],
      tags: closedLater ? ['portal-stale-status'] : [],
      license: h.number,
      curated: !!h.curated,
    }];
  });
  return render('portal-roster.csv', [PORTAL_HEADER.join(',')], rows, '\r\n', false);
}
