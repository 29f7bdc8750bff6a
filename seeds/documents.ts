// The state's transparency service for every valid roster license, in documents/<license>/, in the
// shapes the state serves:
//   detail.json   FacilityDetail/{license}: {"FacilityDetail": {...}, "TSO": {...}}, every value a
//                 string: the live STATUS in the state's own words (probation reads `Licensed`),
//                 LASTVISITDATE, the visit dates, visit and citation counts per visit type (TOTTYPEA/B
//                 are the complaint figures, as NBRCMPLTTYPA/B), allegation outcomes, CLIENTSERVED1..6
//   index.json    FacilityReports/{license}: {COUNT, REPORTARRAY:[{CONTROLNUMBER, FACILITYNUMBER,
//                 REPORTDATE, REPORTTITLE, REPORTTYPE, REPORTPAGE (a URL on the state's internal host)}]},
//                 newest first
//   <n>.html      the report page at position n of REPORTARRAY, from 0 (report-html.ts)
// and for a few homes the next run: index.next.json, detail.next.json and <n>.next.html, where one
// report the state listed before is withdrawn and one newer report is added (positions shift).
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Rng } from './prng.ts';
import type { Home, World } from './model.ts';
import type { Mark } from './files.ts';
import {
  ALLEGATIONS,
  DEFICIENCIES,
  mmddyyyy,
  reportHtml,
  type Allegation,
  type Citation,
  type Finding,
  type Report,
  type ReportType,
} from './report-html.ts';

const DAY_MS = 86_400_000;
const dayOf = (y: number, m: number, d: number): number => Date.UTC(y, m - 1, d) / DAY_MS;
/** The state keeps about five to six years of reports; the roster is dated 11/16/2026. */
const WINDOW_FIRST = dayOf(2020, 11, 16);
const WINDOW_LAST = dayOf(2026, 11, 13);
/** The next run finds reports dated after the roster file. */
const NEXT_FIRST = dayOf(2026, 11, 17);

/** Roster status (any case) -> the detail's live vocabulary; the detail does not show probation. */
const LIVE_STATUS: Record<string, string> = {
  LICENSED: 'Licensed',
  'ON PROBATION': 'Licensed',
  'PROBATIONARY LICENSE': 'Licensed',
  'LICENSED/PENDING INCREASE': 'Licensed/Pending Increase',
  CLOSED: 'Closed, Licensee Initiated',
  PENDING: 'Pending',
};
/** Why the detail says a license closed: `Closed, <reason>`. */
const CLOSED_REASONS = ['Closed, Licensee Initiated', 'Closed, Change of Ownership', 'Closed, Non-payment'] as const;
/** The internal host the state's REPORTPAGE URLs name (not reachable from outside). */
const REPORT_PAGE_HOST = 'http://ccld-internal.example/transparencyapi/api';

/** Office part of a complaint control number (`23-CR-20240312094512`). */
const OFFICE_CODE: Record<string, string> = {
  'SANTA ROSA ASC': '21', 'SACRAMENTO ASC': '22', 'OAKLAND ASC': '23', 'CHICO ASC': '24',
  'FRESNO ASC': '25', 'SAN BRUNO ASC': '26', 'LOS ANGELES EAST ASC': '27', 'LOS ANGELES NORTH ASC': '28',
  'LOS ANGELES WEST ASC': '29', 'ORANGE COUNTY ASC': '30', 'CENTRAL COAST ASC': '31', 'RIVERSIDE ASC': '32',
  'SAN DIEGO ASC': '33', 'SAN JOSE ASC': '34',
};

type Role =
  | 'no-documents'
  | 'dozens'
  | 'no-control'
  | 'withdrawn-complaint'
  | 'withdrawn-oldest'
  | 'withdrawn-citation'
  | 'live-closed'
  | 'live-increase';

type Withdrawal = 'withdrawn-complaint' | 'withdrawn-oldest' | 'withdrawn-citation';

/** FacilityDetail: every value a string, as the state sends it. */
export type DetailFields = Record<string, string>;

export interface HomeDocuments {
  home: Home;
  live: string;
  /** The first run's list, newest first. */
  reports: Report[];
  next?: { reports: Report[]; withdrawn: Report; added: Report; kind: Withdrawal };
  tags: string[];
}

export interface DocumentStats {
  folders: number;
  reports: number;
  htmlFiles: number;
  files: number;
  bytes: number;
  none: number;
  withNext: number;
  maxReports: number;
}

// ---- which homes carry the curated document quirks ----------------------------------------

/** Curated roster homes (quirks.ts keys) tried in order for each role. */
const ROLE_CANDIDATES: readonly [Role, number, readonly string[]][] = [
  ['live-closed', 1, ['harmony-fremont', 'sunny-hills']],
  ['live-increase', 1, ['mothers-touch', 'evergreen-manor']],
  ['no-documents', 1, ['harmony-concord', 'blank-phone', 'county-titlecase']],
  ['dozens', 2, ['campus', 'palm-vista', 'st-marys', 'bayview', 'sunrise-villa-llc']],
  ['no-control', 1, ['maple-grove', 'willow-creek', 'golden-oaks-inc', 'sunrise-villa']],
  ['withdrawn-complaint', 1, ['willow-creek', 'golden-oaks-inc', 'sunrise-villa', 'hillcrest']],
  ['withdrawn-oldest', 1, ['hillcrest', 'sunrise-villa', 'golden-oaks-inc', 'geo-absent']],
  ['withdrawn-citation', 1, ['bayview', 'geo-no-match', 'approvals-absent-1', 'alw-address-only-1']],
];

function windowOf(h: Home): { first: number | null; start: number; end: number } {
  const parse = (mdy: string): number | null => {
    const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(mdy);
    return m ? dayOf(Number(m[3]), Number(m[1]), Number(m[2])) : null;
  };
  const first = parse(h.firstDate);
  const closed = parse(h.closedDate);
  const start = first === null ? WINDOW_LAST - 240 : Math.max(WINDOW_FIRST, first + 21);
  const end = closed === null ? WINDOW_LAST : Math.min(WINDOW_LAST, closed - 3);
  return { first, start, end };
}

function curatedRoles(homes: readonly Home[]): Map<Home, Role> {
  const roles = new Map<Home, Role>();
  const byKey = (key: string) =>
    homes.find((h) => h.valid && h.curated === key && (key !== 'campus' || h.capacity >= 100));
  for (const [role, count, keys] of ROLE_CANDIDATES) {
    let given = 0;
    for (const key of keys) {
      const h = byKey(key);
      if (!h || roles.has(h) || given >= count) continue;
      const { start, end } = windowOf(h);
      const years = (end - start) / 365.25;
      const fits = role.startsWith('live') || role === 'no-documents' ? /^LICENSED$/.test(h.status) : years >= (role === 'dozens' ? 3 : 2);
      if (!fits) continue;
      roles.set(h, role);
      given++;
    }
  }
  return roles;
}

// ---- reports -------------------------------------------------------------------------------

function citations(rng: Rng, count: number, pA: number): Citation[] {
  return rng.sample(DEFICIENCIES, count).map(([section, serious, text]) => ({
    type: serious && rng.chance(pA * 2) ? 'A' : rng.chance(pA / 3) ? 'A' : 'B',
    section,
    text,
  }));
}

function complaint(rng: Rng, day: number, office: string, withControl: boolean): Omit<Report, 'inx'> {
  const n = rng.weighted({ '1': 0.45, '2': 0.3, '3': 0.17, '4': 0.08 });
  const allegations: Allegation[] = rng.sample(ALLEGATIONS, Number(n)).map(([text]) => ({
    text,
    finding: rng.weighted<Finding>({ Substantiated: 0.24, Unsubstantiated: 0.46, Inconclusive: 0.08, Unfounded: 0.22 }),
  }));
  const cited = allegations
    .filter((a) => a.finding === 'Substantiated')
    .map((a): Citation => {
      const section = ALLEGATIONS.find(([t]) => t === a.text)![1];
      const d = DEFICIENCIES.find(([s]) => s === section)!;
      return { type: d[1] && rng.chance(0.45) ? 'A' : 'B', section, text: d[2] };
    });
  const received = day - rng.int(2, 45);
  const stamp = `${mmddyyyy(received).replace(/^(\d\d)\/(\d\d)\/(\d{4})$/, '$3$1$2')}${String(rng.int(7, 17)).padStart(2, '0')}${String(rng.int(0, 59)).padStart(2, '0')}${String(rng.int(0, 59)).padStart(2, '0')}`;
  return {
    day,
    type: 'Complaint',
    title: 'Complaint Investigation',
    control: withControl ? `${OFFICE_CODE[office] ?? '23'}-CR-${stamp}` : '',
    received,
    citations: cited,
    allegations,
  };
}

function visit(rng: Rng, day: number, type: ReportType, title: string, cited: Citation[], follows?: number): Omit<Report, 'inx'> {
  return { day, type, title, control: '', received: day, citations: cited, allegations: [], ...(follows === undefined ? {} : { follows }) };
}

/** Reports oldest first (without inx). */
function drawReports(h: Home, rng: Rng, count: number, start: number, end: number, role: Role | undefined): Omit<Report, 'inx'>[] {
  const probation = /PROBATION/i.test(h.status);
  const days = Array.from({ length: count }, () => rng.int(start, end)).sort((a, b) => a - b);
  const out: Omit<Report, 'inx'>[] = [];
  const firstLicensed = windowOf(h).first ?? start;
  const withControl = () => role !== 'no-control' && !rng.chance(0.12);
  for (const day of days) {
    const prev = out.at(-1);
    if (/^PENDING$/i.test(h.status.trim())) {
      out.push(visit(rng, day, 'Other', 'Pre-Licensing Visit', []));
      continue;
    }
    const type = rng.weighted<ReportType>(count >= 30 ? { Inspection: 0.3, Complaint: 0.45, Other: 0.25 } : { Inspection: 0.5, Complaint: 0.27, Other: 0.23 });
    if (type === 'Complaint') {
      out.push(complaint(rng, day, h.city.office, withControl()));
    } else if (type === 'Inspection') {
      const title = day - firstLicensed < 420 || rng.chance(0.12) ? 'Required - 1 Year' : 'Annual Inspection';
      const cited = rng.chance(probation ? 0.6 : 0.3) ? citations(rng, rng.int(1, 3), 0.25) : [];
      out.push(visit(rng, day, 'Inspection', title, cited));
    } else if (prev && prev.citations.length && !prev.follows && rng.chance(0.6)) {
      out.push(visit(rng, Math.min(end, prev.day + rng.int(14, 35)), 'Other', 'Plan of Correction', [], prev.day));
    } else if (rng.chance(0.6)) {
      out.push(visit(rng, day, 'Other', 'Case Management - Incidents', rng.chance(0.2) ? citations(rng, 1, 0.2) : []));
    } else {
      out.push(visit(rng, day, 'Other', 'Case Management - Deficiencies', citations(rng, rng.int(1, 2), 0.3)));
    }
  }
  // roles that need a kind of report to be there
  const mid = Math.floor(out.length / 2);
  if ((role === 'withdrawn-complaint' || role === 'no-control') && out.filter((r) => r.type === 'Complaint').length < 2) {
    for (const i of [mid, Math.max(0, mid - 1)]) if (out[i]!.type !== 'Complaint') out[i] = complaint(rng, out[i]!.day, h.city.office, role !== 'no-control');
  }
  if (role === 'withdrawn-citation' && !out.some((r) => r.citations.length && r.type === 'Inspection')) {
    out[mid] = visit(rng, out[mid]!.day, 'Inspection', 'Annual Inspection', citations(rng, 2, 0.5));
  }
  return out.sort((a, b) => a.day - b.day);
}

/**
 * The state numbers a home's reports its own way: complaint reports first, then the others, each
 * oldest first. That number is in REPORTPAGE's internal address only; a page is asked by position.
 */
function numberReports(reports: Omit<Report, 'inx'>[]): Report[] {
  const complaints = reports.filter((r) => r.type === 'Complaint');
  const others = reports.filter((r) => r.type !== 'Complaint');
  return [...complaints, ...others].map((r, inx) => ({ ...r, inx }));
}

const newestFirst = (reports: Report[]): Report[] => reports.slice().sort((a, b) => b.day - a.day || b.inx - a.inx);

function planNext(h: Home, rng: Rng, reports: Report[], kind: Withdrawal): HomeDocuments['next'] {
  const oldestFirst = reports.slice().reverse();
  const middle = (list: Report[]) => list[Math.floor(list.length / 2)];
  let withdrawn: Report | undefined;
  if (kind === 'withdrawn-oldest') withdrawn = oldestFirst[0];
  if (kind === 'withdrawn-complaint') withdrawn = middle(oldestFirst.filter((r, i) => r.type === 'Complaint' && i < oldestFirst.length - 1));
  if (kind === 'withdrawn-citation') withdrawn = middle(oldestFirst.filter((r) => r.citations.length > 0));
  withdrawn ??= middle(oldestFirst)!;
  const day = NEXT_FIRST + rng.int(0, 3);
  const inx = Math.max(...reports.map((r) => r.inx)) + 1;
  const added: Report =
    kind === 'withdrawn-oldest'
      ? { ...complaint(rng, day, h.city.office, true), inx }
      : kind === 'withdrawn-complaint'
        ? { ...visit(rng, day, 'Inspection', 'Annual Inspection', []), inx }
        : { ...visit(rng, day, 'Other', 'Case Management - Incidents', []), inx };
  return { reports: newestFirst([...reports.filter((r) => r !== withdrawn), added]), withdrawn, added, kind };
}

function planHome(h: Home, role: Role | undefined, size: World['size']): HomeDocuments {
  const rng = new Rng(`documents/${h.number}`);
  const status = h.status.trim().toUpperCase();
  const asRostered = status === 'CLOSED' ? rng.pick(CLOSED_REASONS) : (LIVE_STATUS[status] ?? h.status.trim());
  let live = asRostered;
  const tags: string[] = [];
  // the live status moved on since the roster file (about 2% of homes)
  const drift = rng.next();
  if (role === 'live-closed' || (!h.curated && status === 'LICENSED' && drift < 0.016)) live = rng.pick(CLOSED_REASONS);
  else if (role === 'live-increase' || (!h.curated && status === 'LICENSED' && drift < 0.027)) live = 'Licensed/Pending Increase';
  else if (!h.curated && status === 'PENDING' && drift < 0.03) live = 'Licensed';
  if (live !== asRostered) tags.push(live.startsWith('Closed') ? 'docs-live-closed' : live === 'Licensed' ? 'docs-live-licensed' : 'docs-live-increase');
  if (status === 'ON PROBATION') tags.push('docs-probationary');

  const { start, end } = windowOf(h);
  const years = (end - start) / 365.25;
  const none = rng.next();
  const sizeDraw = rng.next();
  let count: number;
  if (end <= start || role === 'no-documents') count = 0;
  else if (status === 'PENDING') count = none < 0.85 ? 0 : 1;
  else if (role === 'dozens' || (!h.curated && years >= 3 && ((h.capacity >= 100 && sizeDraw < 0.3) || (h.capacity >= 16 && sizeDraw < 0.015)))) count = rng.int(30, 60);
  else if (none < (years < 0.5 ? 0.3 : 0.015)) count = 0;
  else {
    const base = Math.min(12, 2 + Math.floor(11 * Math.pow(rng.next(), 1.5)) + (status === 'ON PROBATION' ? 3 : 0));
    count = Math.max(1, Math.round(base * Math.min(1, years / 5)));
    if (role?.startsWith('withdrawn') || role === 'no-control') count = Math.max(count, 5);
  }
  const reports = newestFirst(numberReports(count ? drawReports(h, rng, count, start, end, role) : []));
  if (reports.length === 0) tags.push('docs-none');
  if (reports.length >= 30) tags.push('docs-dozens');
  if (reports.some((r) => r.type === 'Complaint' && r.control === '')) tags.push('docs-no-control');
  if (/\u2019/.test(h.name) && reports.length) tags.push('docs-name-entity');

  let kind: Withdrawal | undefined = role?.startsWith('withdrawn') ? (role as Withdrawal) : undefined;
  if (!kind && !h.curated && size === 'state' && reports.length >= 3 && rng.chance(0.0012)) {
    kind = rng.pick(['withdrawn-complaint', 'withdrawn-oldest', 'withdrawn-citation'] as const);
  }
  const next = kind && reports.length >= 3 ? planNext(h, rng.fork('next'), reports, kind) : undefined;
  if (next) tags.push('docs-withdrawn');
  return { home: h, live, reports, tags, ...(next ? { next } : {}) };
}

export function planDocuments(world: World): HomeDocuments[] {
  const roles = curatedRoles(world.homes);
  const seen = new Set<string>();
  const plans: HomeDocuments[] = [];
  for (const h of world.homes) {
    if (!h.valid || seen.has(h.number)) continue;
    seen.add(h.number);
    plans.push(planHome(h, roles.get(h), world.size));
  }
  return plans;
}

// ---- the state's JSON ----------------------------------------------------------------------

export function indexJson(h: Home, reports: readonly Report[]): string {
  return JSON.stringify({
    COUNT: reports.length,
    REPORTARRAY: reports.map((r) => ({
      CONTROLNUMBER: r.control,
      FACILITYNUMBER: h.number,
      REPORTDATE: mmddyyyy(r.day),
      REPORTTITLE: r.title,
      REPORTTYPE: r.type,
      // The state's own page address, on a host only it reaches: the page is asked by position.
      REPORTPAGE: `${REPORT_PAGE_HOST}/FacilityReports?facNum=${h.number}&inx=${r.inx}`,
    })),
  });
}

/** The facility detail as the state serves it: FacilityDetail and the district office (TSO), every value a string. */
export function detailJson(h: Home, live: string, reports: readonly Report[]): string {
  return JSON.stringify({ FacilityDetail: detailFields(h, live, reports), TSO: { DISTRICTOFFICE: h.city.office, TELEPHONE: '', ADDRESS: '', CITY: '', ZIPCODE: '' } });
}

export function detailFields(h: Home, live: string, reports: readonly Report[]): DetailFields {
  const of = (type: ReportType) => reports.filter((r) => r.type === type);
  const cites = (list: readonly Report[], t: 'A' | 'B') => String(list.reduce((n, r) => n + r.citations.filter((c) => c.type === t).length, 0));
  const findings = (f: Finding) => String(of('Complaint').reduce((n, r) => n + r.allegations.filter((a) => a.finding === f).length, 0));
  const dates = (list: readonly Report[]) => list.map((r) => r.day).sort((a, b) => b - a).map(mmddyyyy).join(',');
  const newest = reports.reduce<number | null>((d, r) => (d === null || r.day > d ? r.day : d), null);
  const complaints = of('Complaint');
  return {
    FACILITYNUMBER: h.number,
    FACILITYNAME: h.name,
    STATUS: live,
    LASTVISITDATE: newest === null ? '' : mmddyyyy(newest),
    VSTDATEALL: dates(reports),
    VSTDATECMPLT: dates(complaints),
    VSTDATEINSP: dates(of('Inspection')),
    VSTDATEOTHER: dates(of('Other')),
    NBRINSPVISITS: String(of('Inspection').length),
    NBRCMPLTVISITS: String(complaints.length),
    NBROTHERVISITS: String(of('Other').length),
    NBRINSPTYPA: cites(of('Inspection'), 'A'),
    NBRINSPTYPB: cites(of('Inspection'), 'B'),
    NBROTHERTYPA: cites(of('Other'), 'A'),
    NBROTHERTYPB: cites(of('Other'), 'B'),
    NBRCMPLTTYPA: cites(complaints, 'A'),
    NBRCMPLTTYPB: cites(complaints, 'B'),
    // The complaint figures again, as the state sends them: never a total of all visits.
    TOTTYPEA: cites(complaints, 'A'),
    TOTTYPEB: cites(complaints, 'B'),
    TOTCMPVISITS: String(complaints.length),
    TOTSUBALG: findings('Substantiated'),
    TOTINCALG: findings('Inconclusive'),
    TOTUNSALG: findings('Unsubstantiated'),
    TOTUNFALG: findings('Unfounded'),
    CLIENTSERVED1: '', CLIENTSERVED2: '', CLIENTSERVED3: '', CLIENTSERVED4: '', CLIENTSERVED5: '', CLIENTSERVED6: '',
    COMMENTS: '',
  };
}

// ---- writing ---------------------------------------------------------------------------------

/**
 * Brings documents/ under outDir to exactly this set of files. Files whose bytes are already
 * right are left alone and stale ones are removed, so a rerun rewrites nothing (deleting and
 * recreating 80,000 files is slow on disks that discard freed blocks).
 */
export function writeDocuments(plans: readonly HomeDocuments[], outDir: string, compact: boolean): DocumentStats {
  const root = join(outDir, 'documents');
  mkdirSync(root, { recursive: true });
  const stats: DocumentStats = { folders: 0, reports: 0, htmlFiles: 0, files: 0, bytes: 0, none: 0, withNext: 0, maxReports: 0 };
  const folders = new Set<string>();
  for (const p of plans) {
    const dir = join(root, p.home.number);
    folders.add(p.home.number);
    if (!existsSync(dir)) mkdirSync(dir);
    const stale = new Set(readdirSync(dir));
    const put = (name: string, text: string) => {
      const bytes = Buffer.from(text);
      const same = stale.has(name) && statSync(join(dir, name)).size === bytes.length && readFileSync(join(dir, name)).equals(bytes);
      if (!same) writeFileSync(join(dir, name), bytes);
      stale.delete(name);
      stats.files++;
      stats.bytes += bytes.length;
    };
    stats.folders++;
    stats.reports += p.reports.length;
    stats.maxReports = Math.max(stats.maxReports, p.reports.length);
    if (p.reports.length === 0) stats.none++;
    put('index.json', indexJson(p.home, p.reports));
    put('detail.json', detailJson(p.home, p.live, p.reports));
    // Each page by its position in the list: the address the state's own facility page links.
    p.reports.forEach((r, position) => {
      put(`${position}.html`, reportHtml(p.home, r, compact));
      stats.htmlFiles++;
    });
    if (p.next) {
      stats.withNext++;
      put('index.next.json', indexJson(p.home, p.next.reports));
      put('detail.next.json', detailJson(p.home, p.live, p.next.reports));
      p.next.reports.forEach((r, position) => {
        put(`${position}.next.html`, reportHtml(p.home, r, compact));
        stats.htmlFiles++;
      });
    }
    for (const name of stale) rmSync(join(dir, name), { recursive: true, force: true });
  }
  for (const name of readdirSync(root)) if (!folders.has(name)) rmSync(join(root, name), { recursive: true, force: true });
  return stats;
}

/** Quirk marks for the table (curated homes first, then by license). */
export function documentMarks(plans: readonly HomeDocuments[]): Mark[] {
  const marks: Mark[] = [];
  for (const p of plans) {
    const n = p.home.number;
    for (const tag of p.tags) {
      let where = n;
      if (tag === 'docs-dozens') where = `${n} (${p.reports.length} reports)`;
      if (tag === 'docs-none') where = `${n} (roster ${p.home.status.trim()})`;
      if (tag === 'docs-no-control') {
        const inx = p.reports.flatMap((r, position) => (r.type === 'Complaint' && r.control === '' ? [position] : []));
        where = `${n} (inx ${inx.join(', ')})`;
      }
      if (tag === 'docs-withdrawn' && p.next) {
        // Positions in each run's index, which are the inx of each run's report pages.
        const before = p.reports.indexOf(p.next.withdrawn);
        const after = p.next.reports.indexOf(p.next.added);
        where = `${n} (inx ${before} ${p.next.withdrawn.title} ${mmddyyyy(p.next.withdrawn.day)} withdrawn; inx ${after} ${p.next.added.title} ${mmddyyyy(p.next.added.day)} added)`;
      }
      marks.push({ tag, file: 'documents/', line: null, license: n, curated: !!p.home.curated, where });
    }
  }
  return marks;
}
