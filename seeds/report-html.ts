// One report page of the state's transparency service, in the old layout of its forms: LIC 809
// (Facility Evaluation Report) for inspections and other visits, LIC 9099 (Complaint
// Investigation Report) for complaints. Plain tables, <br>, &nbsp; and upper-case headings.
// Every text is invented and neutral, and staff are named only by role (the administrator, the
// Licensing Program Analyst or LPA). `compact` keeps a page to a few hundred bytes (state scale).
import { Rng } from './prng.ts';
import { streetLine, type Home } from './model.ts';

export type ReportType = 'Inspection' | 'Complaint' | 'Other';
export type Finding = 'Substantiated' | 'Unsubstantiated' | 'Inconclusive' | 'Unfounded';

export interface Citation {
  type: 'A' | 'B';
  /** Title 22 section, e.g. 87303(a). */
  section: string;
  text: string;
}

export interface Allegation {
  text: string;
  finding: Finding;
}

export interface Report {
  /** The state's own number for the report (in REPORTPAGE's internal address); its page is asked by position in the index. */
  inx: number;
  /** Visit date, in days since 1970-01-01 (UTC). */
  day: number;
  type: ReportType;
  title: string;
  control: string;
  /** Complaints: the day the complaint came in. */
  received: number;
  citations: Citation[];
  allegations: Allegation[];
  /** Earlier report a Plan of Correction answers. */
  follows?: number;
}

// ---- findings and allegations: Title 22, Division 6, Chapter 8 (RCFE) sections ------------

/** [section, Type A finding?, finding text] */
export const DEFICIENCIES: readonly (readonly [string, boolean, string])[] = [
  ['87303(a)', false, 'Facility was not maintained in good repair: a bathroom grab bar was loose and a window screen was torn.'],
  ['87303(e)(2)', true, 'Hot water at a resident-accessible faucet measured above 120 degrees Fahrenheit.'],
  ['87309(a)', true, 'Cleaning chemicals were stored in an unlocked cabinet accessible to residents.'],
  ['87411(a)', true, 'Staffing on the overnight shift was not sufficient to meet the needs of the residents in care.'],
  ['87411(c)(1)', false, 'Two staff files did not document the required initial training hours.'],
  ['87412(a)', false, 'Personnel records were incomplete for one staff member.'],
  ['87355(e)(1)', true, 'One staff member was present in the facility before a criminal record clearance was received.'],
  ['87465(h)(2)', false, 'Centrally stored medication records did not match the medications on hand for one resident.'],
  ['87465(a)(5)', true, 'One resident did not receive a prescribed medication as ordered by the physician.'],
  ['87506(a)', false, 'Resident records were missing a current physician report for one resident.'],
  ['87507(a)', false, 'An admission agreement on file was not signed by the resident or the resident representative.'],
  ['87555(b)(23)', false, 'The posted menu did not match the meal being served.'],
  ['87211(a)(1)', false, 'An unusual incident was not reported to the licensing office within the required time.'],
  ['87468.1(a)', false, 'Resident personal rights were not posted in a location accessible to residents and visitors.'],
  ['87705(c)(5)', false, 'Dementia care plan for one resident was not updated after a change of condition.'],
];

/** [allegation, section cited when substantiated] */
export const ALLEGATIONS: readonly (readonly [string, string])[] = [
  ['Staff did not provide adequate supervision to a resident.', '87411(a)'],
  ['Resident did not receive medications as prescribed.', '87465(a)(5)'],
  ['Facility is not clean, safe and in good repair.', '87303(a)'],
  ["Facility did not meet a resident's dietary needs.", '87555(b)(23)'],
  ['Staff did not treat a resident with dignity and respect.', '87468.1(a)'],
  ["Facility did not notify a resident's representative of an injury.", '87211(a)(1)'],
  ['Facility does not have enough staff on the overnight shift.', '87411(a)'],
  ["A resident's personal property was not safeguarded.", '87468.1(a)'],
  ['Staff have not completed the required training.', '87411(c)(1)'],
  ['Facility did not keep resident rooms at a comfortable temperature.', '87303(a)'],
  ['Facility did not seek medical attention for a resident in a timely manner.', '87465(a)(5)'],
];

const FINDING_SENTENCE: Record<Finding, string> = {
  Substantiated: 'the allegation is found to be SUBSTANTIATED: the preponderance of evidence shows that it occurred',
  Unsubstantiated: 'the allegation is found to be UNSUBSTANTIATED: it may have happened, but there is not a preponderance of evidence to prove it',
  Inconclusive: 'the allegation is found to be INCONCLUSIVE: there is not a preponderance of evidence to prove or disprove it',
  Unfounded: 'the allegation is found to be UNFOUNDED: it is false, could not have happened or is without a reasonable basis',
};

// ---- narrative -------------------------------------------------------------------------------

interface Context {
  rng: Rng;
  home: Home;
  report: Report;
  census: number;
}

const opening = (c: Context): string => {
  const kind =
    c.report.type === 'Complaint'
      ? 'to conduct a complaint investigation'
      : c.report.title === 'Plan of Correction'
        ? 'to review the plan of correction for deficiencies cited on an earlier visit'
        : c.report.title.startsWith('Case Management')
          ? 'to conduct a case management visit'
          : c.report.title === 'Pre-Licensing Visit'
            ? 'to conduct a pre-licensing inspection of the proposed facility'
            : `to conduct ${c.report.title === 'Required - 1 Year' ? 'a required' : 'an annual'} inspection`;
  const how = c.report.title === 'Pre-Licensing Visit' ? 'announced' : 'unannounced';
  return `Licensing Program Analyst (LPA) arrived ${how} at the facility ${kind}. LPA met with the administrator and explained the purpose of the visit.`;
};

const TOUR: readonly ((c: Context) => string)[] = [
  (c) => `The facility is licensed for ${c.home.capacity} residents; the census on the day of the visit was ${c.census}.`,
  () => 'LPA toured the facility, including resident rooms, bathrooms, the kitchen, common areas and the yard.',
  () => 'Hot water temperatures in resident-accessible areas were measured and were between 105 and 120 degrees Fahrenheit.',
  () => 'Medications were observed to be centrally stored in a locked cabinet.',
  (c) => `LPA reviewed ${c.rng.int(2, Math.max(2, Math.min(6, c.census)))} resident files and ${c.rng.int(2, 5)} staff files.`,
  () => 'Food supplies on hand met the required two-day supply of perishable and seven-day supply of nonperishable food.',
  () => 'The fire extinguisher was serviced within the last year, and smoke detectors were tested and were operating.',
  () => 'The emergency disaster plan was current and evacuation routes were posted.',
  () => 'Residents observed during the visit were clean and appropriately dressed.',
  () => 'Toxic substances and sharp objects were stored in a locked area.',
];

const OTHER: Record<string, readonly string[]> = {
  'Case Management - Incidents': [
    'LPA reviewed an unusual incident report the facility submitted about a resident fall.',
    "The facility notified the resident's physician and representative, and the resident was seen by a physician.",
    'LPA reviewed the resident record and the facility incident log.',
  ],
  'Case Management - Deficiencies': [
    'This visit followed up on information received by the licensing office.',
    'LPA reviewed facility records and observed the area of concern.',
  ],
  'Plan of Correction': [
    'LPA reviewed documentation the administrator submitted to show that the cited deficiencies were corrected.',
    'The plan of correction was accepted and the deficiencies are cleared.',
  ],
  'Pre-Licensing Visit': [
    'LPA inspected the building and grounds before a license is issued.',
    'The applicant was advised that the facility may not accept residents until a license is issued.',
  ],
};

const closing = (c: Context): string =>
  c.report.citations.length
    ? 'Deficiencies were cited as listed below. An exit interview was held with the administrator, and a copy of this report and the appeal rights were provided.'
    : 'No deficiencies were cited during this visit. An exit interview was held with the administrator, and a copy of this report was provided.';

function narrative(c: Context, compact: boolean): string[] {
  const { rng, report } = c;
  if (report.type === 'Complaint') {
    const lines = [
      compact ? 'LPA made an unannounced visit, interviewed staff and residents, and reviewed records.' : opening(c),
      ...(compact ? [] : ['LPA interviewed the administrator, staff and residents, and reviewed resident and staff records.']),
    ];
    // (compact pages: the findings stand in the allegation table only)
    if (!compact) {
      for (const [i, a] of report.allegations.entries()) {
        lines.push(`Allegation ${i + 1}: based on observations, interviews and record review, ${FINDING_SENTENCE[a.finding]}.`);
      }
    }
    if (!compact) lines.push(closing(c));
    return lines;
  }
  const specific = OTHER[report.title];
  if (compact) return [specific ? specific[0]! : TOUR[rng.int(0, TOUR.length - 1)]!(c)];
  const middle = specific ? [...specific] : rng.sample(TOUR, rng.int(3, 5)).map((f) => f(c));
  return [opening(c), ...middle, closing(c)];
}

// ---- HTML ------------------------------------------------------------------------------------

/** Escapes markup and writes every non-ASCII character as a numeric entity, as the old pages do. */
export function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/[^\x20-\x7e]/g, (ch) => `&#${ch.codePointAt(0)};`);
}

const DAY_MS = 86_400_000;
export function mmddyyyy(day: number): string {
  const d = new Date(day * DAY_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

function clock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(((h + 11) % 12) + 1).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A form label in small print (compact pages drop the <font> tag, not the label). */
const label = (text: string, compact: boolean) => (compact ? text : `<font size="1">${text}</font>`);

/** A form field: label, line break, value. */
const fieldCell = (compact: boolean) => (text: string, value: string, span = 1): string =>
  `<td${span > 1 ? ` colspan="${span}"` : ''}>${label(text, compact)}<br>${value || '&nbsp;'}</td>`;

const table = (compact: boolean) => (compact ? '<table border="1">' : '<table width="100%" border="1" cellspacing="0" cellpadding="3">');

function citationTable(report: Report, compact: boolean): string[] {
  if (report.citations.length === 0) return [];
  const due = mmddyyyy(report.day + 30);
  return [
    '<br><b>DEFICIENCY INFORMATION</b><br>',
    table(compact),
    `<tr><td><b>TYPE</b></td><td><b>SECTION CITED</b></td><td><b>DEFICIENCY</b></td>${compact ? '' : '<td><b>POC DUE</b></td>'}</tr>`,
    ...report.citations.map(
      (ct) =>
        `<tr><td>TYPE ${ct.type}</td><td>${ct.section}<br>TITLE 22</td><td>${esc(ct.text)}</td>${compact ? '' : `<td>${due}</td>`}</tr>`,
    ),
    '</table>',
  ];
}

function allegationTable(report: Report, compact: boolean): string[] {
  return [
    '<br><b>ALLEGATION(S):</b><br>',
    table(compact),
    ...report.allegations.map((a, i) => `<tr><td>${i + 1}.&nbsp;${esc(a.text)}</td><td>${label('FINDING:', compact)}<br>${a.finding}</td></tr>`),
    '</table>',
  ];
}

export function reportHtml(home: Home, report: Report, compact: boolean): string {
  const rng = new Rng(`report/${home.number}/${report.inx}`);
  const census = Math.max(1, Math.round(home.capacity * (0.55 + 0.45 * rng.next())));
  const complaint = report.type === 'Complaint';
  const title = complaint ? 'COMPLAINT INVESTIGATION REPORT' : 'FACILITY EVALUATION REPORT';
  const name = esc(home.name.trim().replace(/\s+/g, ' ').toUpperCase());
  const begin = rng.int(8 * 60, 13 * 60);
  const cell = fieldCell(compact);
  const lines: string[] = ['<html>', '<head>', `<title>${title}</title>`, '</head>', '<body>'];
  if (!compact) {
    lines.push(
      '<table width="100%" border="0" cellspacing="0" cellpadding="0">',
      '<tr><td><font size="1">STATE OF CALIFORNIA - HEALTH AND HUMAN SERVICES AGENCY</font></td><td align="right"><font size="1">CALIFORNIA DEPARTMENT OF SOCIAL SERVICES</font></td></tr>',
      `<tr><td>&nbsp;</td><td align="right"><font size="1">COMMUNITY CARE LICENSING DIVISION<br>${esc(home.city.office)}</font></td></tr>`,
      '</table>',
    );
  }
  lines.push(`<br><center><b>${title}</b></center><br>`, table(compact));
  lines.push(`<tr>${cell('FACILITY NAME:', name, 2)}${cell('FACILITY NUMBER:', home.number)}</tr>`);
  lines.push(`<tr>${cell('ADDRESS:', esc(streetLine(home.address)))}${cell('CITY:', esc(home.city.name))}${cell('STATE / ZIP CODE:', `CA&nbsp;${home.address.zip}`)}</tr>`);
  if (!compact) lines.push(`<tr>${cell('FACILITY TYPE:', 'RESIDENTIAL CARE ELDERLY')}${cell('CAPACITY:', String(home.capacity))}${cell('CENSUS:', String(census))}</tr>`);
  lines.push(`<tr>${cell('REPORT TYPE:', esc(report.title))}${cell('VISIT DATE:', mmddyyyy(report.day))}${cell('UNANNOUNCED:', report.title === 'Pre-Licensing Visit' ? 'NO' : 'YES')}</tr>`);
  if (complaint) lines.push(`<tr>${cell('CONTROL NUMBER:', report.control)}${cell('COMPLAINT RECEIVED:', mmddyyyy(report.received), 2)}</tr>`);
  if (!compact) lines.push(`<tr>${cell('TIME VISIT BEGAN:', clock(begin))}${cell('TIME VISIT COMPLETED:', clock(begin + rng.int(60, 210)))}${cell('MET WITH:', 'the administrator')}</tr>`);
  lines.push('</table>');
  if (complaint) lines.push(...allegationTable(report, compact));
  lines.push(
    `<br><b>${complaint ? 'INVESTIGATION FINDINGS:' : 'NARRATIVE'}</b><br>`,
    narrative({ rng, home, report, census }, compact).map(esc).join('<br>\n'),
    '<br>',
  );
  lines.push(...citationTable(report, compact));
  if (!compact) {
    lines.push('<br><font size="1">LICENSING PROGRAM ANALYST (LPA)&nbsp;&nbsp;&nbsp;&nbsp;LICENSING PROGRAM MANAGER</font><br>');
  }
  lines.push(`<font size="1">${complaint ? 'LIC 9099 (FAS) (04/15)' : 'LIC 809 (FAS) (06/04)'}</font>`, '</body>', '</html>', '');
  return lines.join('\n');
}
