// Writes each state source in its own real shape from the invented world (model.ts):
// the roster's rows (export.ts writes the roster files), the care-approvals file, the Assisted Living Waiver list, the Census
// batch geocoder's output, and a ZIP-centroid table. Also lists where every quirk landed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Rng } from './prng.ts';
import {
  APPROVALS_AS_OF,
  baseName,
  streetLine,
  type Address,
  type Home,
  type World,
} from './model.ts';
import {
  ALW_NOT_ON_ROSTER,
  APPROVALS_BLANK_NUMBER_NAME,
  APPROVALS_NOT_ON_ROSTER,
  CAMPUS_ALW_NAME,
  QUIRKS,
  randomCity,
  titleCase,
  type QuirkFile,
} from './quirks.ts';
import { DIRECTIONS, NAME_FIRST, NAME_SECOND, SERVICE_CODES, STREET_SUFFIXES } from './tables.ts';

export const APPROVALS_HEADER = [
  'FACILITY_NUMBER', 'FACILITY_NAME', 'DEMENTIA_CARE', 'HOSPICE_WAIVER', 'NON_AMBULATORY',
  'BEDRIDDEN_WAIVER', 'CLIENT_SERVED', 'AS_OF_DATE',
] as const;
/** The published columns of "ALW Assisted Living Facilities"; the seed profile dates the file ALW_AS_OF (pipeline.config.ts). */
export const ALW_HEADER = ['OBJECTID', 'Number', 'Legal_Name', 'Business_Name', 'Capacity_Per_PEU', 'Address', 'Address_2', 'City', 'County', 'Zip_Code', 'Phone_Number', 'Latitude', 'Longitude'] as const;
export const CENTROIDS_HEADER = ['zip', 'latitude', 'longitude'] as const;

/** Where a quirk landed: a line of a file, or (line null) a license some file leaves out. */
export interface Mark {
  tag: string;
  file: QuirkFile;
  line: number | null;
  license: string;
  curated: boolean;
  /** Shown instead of the line and license (sources that are no single file). */
  where?: string;
}

export interface Row {
  /** null writes a blank line. */
  cells: string[] | null;
  tags: string[];
  license: string;
  curated: boolean;
}

export interface SourceFile {
  name: QuirkFile;
  text: string;
  /** Data rows (lines other than title, header and blank lines). */
  rows: number;
  marks: Mark[];
}

/** Minimal CSV quoting (fields with a comma, quote or line break), as Python's csv and Excel write. */
export function csvField(value: string, quoteAll = false): string {
  return quoteAll || /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function render(name: QuirkFile, before: string[], rows: Row[], eol: string, quoteAll: boolean, notes: Mark[] = []): SourceFile {
  const lines = [...before];
  const marks: Mark[] = [...notes];
  for (const row of rows) {
    lines.push(row.cells ? row.cells.map((c) => csvField(c, quoteAll)).join(',') : '');
    for (const tag of new Set(row.tags)) {
      if (QUIRKS[tag]?.file === name) marks.push({ tag, file: name, line: lines.length, license: row.license, curated: row.curated });
    }
  }
  return { name, text: lines.join(eol) + eol, rows: rows.filter((r) => r.cells).length, marks };
}

export const note = (tag: string, file: QuirkFile, h: Home): Mark => ({ tag, file, line: null, license: h.number, curated: !!h.curated });

const upper = (s: string) => s.trim().toUpperCase();

/** Tags that follow from a row's own values. */
function derivedRosterTags(h: Home): string[] {
  const tags: string[] = [];
  const status = upper(h.status);
  if (h.valid && h.number.startsWith('0')) tags.push('leading-zero-lost');
  if (h.phone === '') tags.push('blank-phone');
  if (status === 'PENDING') tags.push('status-pending');
  if (status === 'ON PROBATION') tags.push('status-on-probation');
  if (status === 'LICENSED/PENDING INCREASE' || status === 'PROBATIONARY LICENSE') tags.push('status-vocabulary');
  if (h.status !== h.status.toUpperCase()) tags.push('status-mixed-case');
  if (/['\u2019]/.test(h.name)) tags.push('apostrophe');
  if (/\u2019/.test(h.name)) tags.push('typographic-apostrophe');
  if (h.name && baseName(h.name) !== upper(h.name).replace(/\s+/g, ' ').replace(/\u2019/g, "'")) tags.push('legal-form');
  return tags;
}

// ---- the roster's rows: every home, then the later rows of licenses read again ----------------
// (export.ts writes them in the shape of the state's weekly export, and the portal's older file)

export interface RosterRowPlan {
  home: Home;
  capacityText: string;
  tags: string[];
  /** False for a later row of a license already on the roster (a duplicate). */
  first: boolean;
}

export function rosterRows(world: World): RosterRowPlan[] {
  const dupTags = new Map(world.duplicates.map((d) => [d.home, d.tags]));
  const atAddress = new Map<string, number>();
  const addressKey = (h: Home) => `${streetLine(h.address)}|${h.city.name}`;
  for (const h of world.homes) if (h.valid) atAddress.set(addressKey(h), (atAddress.get(addressKey(h)) ?? 0) + 1);
  const shared = (h: Home) => (h.valid && !h.tags.includes('campus') && atAddress.get(addressKey(h))! > 1 ? ['relicensed-address'] : []);
  return [
    ...world.homes.map((h) => ({ home: h, capacityText: h.capacityText, tags: [...h.tags, ...derivedRosterTags(h), ...(dupTags.get(h) ?? []), ...shared(h)], first: true })),
    ...world.duplicates.map((d) => ({ home: d.home, capacityText: d.capacityText ?? d.home.capacityText, tags: [...d.tags, ...derivedRosterTags(d.home)], first: false })),
  ];
}

// ---- approvals.csv: care approvals and service designations by facility number --------------

function approvalCells(h: Home): string[] {
  const number = h.approvals === 'unpadded' ? String(Number(h.number)) : h.number;
  const name = upper(h.name).replace(/\s+/g, ' ');
  if (h.approvals === 'blank-flags') return [number, name, '', '', '', '', '', APPROVALS_AS_OF];
  const rng = new Rng(`approvals/${h.number}`);
  const flag = (pYes: number) => (rng.chance(0.04) ? '' : rng.chance(pYes) ? 'Y' : 'N');
  const flags = [flag(h.capacity >= 16 ? 0.45 : 0.18), flag(0.4), flag(0.55), flag(0.12)];
  const codes: string[] = [SERVICE_CODES.elderly];
  if (rng.chance(0.15)) codes.push(SERVICE_CODES.respite);
  if (flags[0] === 'Y') {
    const kind = rng.weighted({ dementia: 0.45, alzheimer: 0.2, both: 0.35 });
    if (kind !== 'alzheimer') codes.push(SERVICE_CODES.dementia);
    if (kind !== 'dementia') codes.push(SERVICE_CODES.alzheimer);
  }
  if (flags[1] === 'Y') codes.push(SERVICE_CODES.hospice);
  if (h.approvals === 'lowercase-y') {
    if (!flags.includes('Y')) flags[2] = 'Y';
    flags.forEach((f, i) => (flags[i] = f === 'Y' ? 'y' : f));
  }
  return [number, name, ...flags, codes.join('; '), APPROVALS_AS_OF];
}

export function approvalsFile(world: World): SourceFile {
  const seen = new Set<string>();
  const rows: Row[] = [];
  const notes: Mark[] = [];
  for (const h of world.homes) {
    if (!h.valid || seen.has(h.number)) continue;
    seen.add(h.number);
    if (h.approvals === 'absent') notes.push(note('approvals-absent', 'approvals.csv', h));
    else rows.push({ cells: approvalCells(h), tags: [`approvals-${h.approvals}`], license: h.number, curated: !!h.curated });
  }
  const extra: Row = {
    cells: [APPROVALS_NOT_ON_ROSTER.number, APPROVALS_NOT_ON_ROSTER.name, 'N', 'Y', 'Y', 'N', `${SERVICE_CODES.elderly}; ${SERVICE_CODES.hospice}`, APPROVALS_AS_OF],
    tags: ['approvals-not-on-roster'],
    license: APPROVALS_NOT_ON_ROSTER.number,
    curated: true,
  };
  const at = rows.findIndex((r) => r.license > APPROVALS_NOT_ON_ROSTER.number);
  rows.splice(at < 0 ? rows.length : at, 0, extra);
  rows.splice(Math.floor(rows.length * 0.6), 0, {
    cells: ['', APPROVALS_BLANK_NUMBER_NAME, 'N', 'N', 'Y', 'N', SERVICE_CODES.elderly, APPROVALS_AS_OF],
    tags: ['approvals-blank-number'],
    license: '',
    curated: true,
  });
  return render('approvals.csv', [APPROVALS_HEADER.join(',')], rows, '\n', false, notes);
}

// ---- alw.csv: the health-care-services department's waiver list -----------------------------

const SUFFIX_WORD = new Map(STREET_SUFFIXES);
const DIRECTION_WORD = new Map(DIRECTIONS);

function typoNumber(num: string): string {
  const a = num.at(-2)!;
  const b = num.at(-1)!;
  if (num.length >= 2 && a !== b) return num.slice(0, -2) + b + a;
  return num.slice(0, -1) + String((Number(b) + 1) % 10);
}

function alwStreet(a: Address, rng: Rng, typo: boolean, suite: boolean): string {
  const unit = a.unit
    .replace(/^#/, 'Unit ')
    .replace(/^STE /, 'Suite ')
    .replace(/^UNIT /, 'Unit ');
  return [
    typo ? typoNumber(a.num) : a.num,
    a.dir && (rng.chance(0.5) ? DIRECTION_WORD.get(a.dir)! : a.dir),
    titleCase(a.name),
    rng.chance(0.85) ? SUFFIX_WORD.get(a.suffix)! : titleCase(a.suffix),
    unit || (suite ? 'Suite 100' : ''),
  ]
    .filter(Boolean)
    .join(' ');
}

function alwName(name: string, rng: Rng): string {
  let out = name.trim().replace(/\s+/g, ' ').replace(/\u2019/g, "'");
  if (rng.chance(0.6)) out = baseName(out);
  out = titleCase(out);
  if (rng.chance(0.3)) out = out.replace(/ and /g, ' & ');
  if (rng.chance(0.5)) out = out.replace(/\./g, '').replace(/ Inc$/, ' Inc.');
  return out;
}

function alwPhone(phone: string, rng: Rng): string {
  return phone && rng.chance(0.6) ? phone.replace(/^\((\d{3})\) /, '$1-') : phone;
}

/** "1234 Oak Street Suite 100" as the list's Address and Address_2. */
function alwAddressCells(street: string): [string, string] {
  const match = /^(.*?)\s+((?:Unit|Suite|STE|#)\s*.*)$/.exec(street);
  return match ? [match[1]!, match[2]!] : [street, ''];
}

/** The department's provider number (`Number`): its own numbering, never a license number. */
const providerNumber = (key: string) => String(new Rng(`alw-provider/${key}`).int(100_000, 999_999));

/**
 * alw.csv as the health-care services department publishes "ALW Assisted Living Facilities": its
 * own columns, no title line, no date (the profile dates the file, as a catalog would).
 */
export function alwFile(world: World): SourceFile {
  interface Entry {
    business: string;
    legal: string;
    street: string;
    city: string;
    county: string;
    zip: string;
    phone: string;
    capacity: string;
    lat: string;
    lon: string;
    tags: string[];
    license: string;
    curated: boolean;
  }
  const entries: Entry[] = [];
  const namesInCity = new Set(world.homes.map((h) => `${h.city.name}|${baseName(h.name)}`));
  const otherName = (h: Home, rng: Rng): string => {
    for (;;) {
      const name = `${rng.pick(NAME_FIRST)} ${rng.pick(NAME_SECOND)} ${rng.pick(['SENIOR RESIDENCE', 'ELDER HOME', 'CARE RESIDENCE'])}`;
      if (!namesInCity.has(`${h.city.name}|${name}`)) return titleCase(name);
    }
  };
  for (const h of world.homes) {
    if (!h.valid || h.alw === 'none') continue;
    const rng = new Rng(`alw/${h.number}`);
    const suite = !h.address.unit && (h.tags.includes('alw-suite') || rng.chance(0.06));
    const zip4 = h.tags.includes('alw-zip4') || rng.chance(0.08);
    const name = h.alw === 'address-only' ? otherName(h, rng) : alwName(h.name, rng);
    const tags = [`alw-${h.alw}`];
    if (suite) tags.push('alw-suite');
    if (zip4) tags.push('alw-zip4');
    if (/CLOSED/i.test(h.status)) tags.push('alw-closed-license');
    entries.push({
      business: name,
      legal: titleCase(h.licensee),
      street: h.alw === 'missing-street' ? '' : alwStreet(h.address, rng, h.alw === 'typo-number', suite),
      city: titleCase(h.city.name),
      county: titleCase(h.city.county.name),
      zip: zip4 ? `${h.address.zip}-${String(rng.int(1000, 9999))}` : h.address.zip,
      phone: alwPhone(h.phone, rng),
      capacity: String(h.capacity),
      lat: h.lat.toFixed(6),
      lon: h.lon.toFixed(6),
      tags,
      license: h.number,
      curated: !!h.curated,
    });
  }

  const campus = world.homes.filter((h) => h.tags.includes('campus'));
  if (campus.length === 2) {
    const [a] = campus as [Home, Home];
    const rng = new Rng('alw/campus');
    const street = alwStreet(a.address, rng, false, false);
    entries.push({
      business: CAMPUS_ALW_NAME, legal: `${CAMPUS_ALW_NAME} LLC`, street, city: titleCase(a.city.name), county: titleCase(a.city.county.name),
      zip: a.address.zip, phone: alwPhone(a.phone, rng), capacity: String(a.capacity), lat: a.lat.toFixed(6), lon: a.lon.toFixed(6),
      tags: ['alw-campus-ambiguous'], license: campus.map((h) => h.number).join(' / '), curated: true,
    });
  }

  const outsiders: (readonly string[])[] = [...ALW_NOT_ON_ROSTER];
  const rng = new Rng(`alw-outsiders/${world.size}`);
  for (let i = 0; world.size === 'state' && i < Math.round(entries.length * 0.02); i++) {
    const place = randomCity(rng);
    const name = `${rng.pick(['Casa', 'Bella', 'Villa Del', 'Rancho', 'Brighton', 'Laurelwood'])} ${rng.pick(['Serena', 'Terra', 'Sol', 'Mar', 'Verde', 'Robles'])} ${rng.pick(['Senior Home', 'Care Cottage', 'Elder Residence'])}`;
    const street = `${rng.int(100, 9999)} ${rng.pick(['Kingfisher', 'Bluebird', 'Heron', 'Sparrow', 'Cardinal', 'Calle Amapola'])} ${rng.pick(['Lane', 'Court', 'Way'])}`;
    outsiders.push([name, street, place.city, place.county, place.zip, `${place.area}-${rng.int(200, 999)}-${String(rng.int(0, 9999)).padStart(4, '0')}`]);
  }
  // The list names adult residential facilities too (adults under 60): never on the elder-care roster.
  outsiders.push(['Sunny Hills Adult Residential Facility', '77 Sparrow Lane', 'Fresno', 'Fresno', '93711', '559-555-0147']);
  for (const [business, street, city, county, zip, phone] of outsiders) {
    entries.push({ business: business!, legal: `${business} Inc.`, street: street!, city: city!, county: county!, zip: zip!, phone: phone!, capacity: '6', lat: '', lon: '', tags: ['alw-not-on-roster'], license: '', curated: world.size === 'default' });
  }

  entries.sort((x, y) => x.county.localeCompare(y.county) || x.business.localeCompare(y.business));
  const rows: Row[] = entries.map((e, index) => {
    const [address, address2] = alwAddressCells(e.street);
    return {
      cells: [String(index + 1), providerNumber(`${e.license}|${e.business}`), e.legal, e.business, e.capacity, address, address2, e.city, e.county, e.zip, e.phone, e.lat, e.lon],
      tags: e.tags,
      license: e.license,
      curated: e.curated,
    };
  });
  rows.splice(Math.floor(rows.length / 2), 0, { cells: null, tags: ['alw-blank-line'], license: '', curated: true });
  return render('alw.csv', [ALW_HEADER.join(',')], rows, '\r\n', false);
}

// ---- geocodes.csv: cached Census batch geocoder output --------------------------------------

export function geocodesFile(world: World): SourceFile {
  const rows: Row[] = [];
  const notes: Mark[] = [];
  const seen = new Set<string>();
  for (const h of world.homes) {
    if (!h.valid || seen.has(h.number)) continue;
    seen.add(h.number);
    if (h.geo === 'absent') {
      notes.push(note('geo-absent', 'geocodes.csv', h));
      if (h.tags.includes('no-location')) notes.push(note('no-location', 'geocodes.csv', h));
      continue;
    }
    const rng = new Rng(`geocode/${h.number}`);
    const input = `${streetLine(h.address)}, ${h.cityText}, CA, ${h.address.zip}`;
    const street = [h.address.num, h.address.dir, h.address.name, h.address.suffix].filter(Boolean).join(' ');
    const tags = [`geo-${h.geo}`, ...h.tags];
    if (h.geo === 'no-match') {
      rows.push({ cells: [h.number, input, 'No_Match'], tags, license: h.number, curated: !!h.curated });
      continue;
    }
    let zip = h.address.zip;
    if (h.geo === 'non-exact') zip = h.city.zips.find((z) => z !== zip) ?? zip;
    const matched = `${h.geo === 'non-exact' && zip === h.address.zip ? street.replace(/ \S+$/, ' ST') : street}, ${h.city.name}, CA, ${zip}`;
    rows.push({
      cells: [h.number, input, 'Match', h.geo === 'non-exact' ? 'Non_Exact' : 'Exact', matched, `${h.lon},${h.lat}`, String(rng.int(10_000_000, 650_000_000)), rng.chance(0.5) ? 'L' : 'R'],
      tags,
      license: h.number,
      curated: !!h.curated,
    });
  }
  // The service answers in its own order, not the order of the request.
  return render('geocodes.csv', [], new Rng(`geocodes-order/${world.size}`).shuffle(rows), '\n', true, notes);
}

// ---- zip-centroids.csv --------------------------------------------------------------------

export function centroidsFile(world: World): SourceFile {
  const sums = new Map<string, { lat: number; lon: number; n: number }>();
  const notes: Mark[] = [];
  for (const h of world.homes) {
    if (!h.valid) continue;
    if (world.missingCentroids.has(h.address.zip)) {
      notes.push(note('centroid-missing', 'zip-centroids.csv', h));
      continue;
    }
    const s = sums.get(h.address.zip) ?? { lat: 0, lon: 0, n: 0 };
    sums.set(h.address.zip, { lat: s.lat + h.lat, lon: s.lon + h.lon, n: s.n + 1 });
  }
  const rows: Row[] = [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([zip, s]) => ({ cells: [zip, (s.lat / s.n).toFixed(6), (s.lon / s.n).toFixed(6)], tags: [], license: '', curated: false }));
  return render('zip-centroids.csv', [CENTROIDS_HEADER.join(',')], rows, '\n', false, notes);
}

/** The sources other than the roster (export.ts writes it, from the seed documents' reports). */
export function sourceFiles(world: World): SourceFile[] {
  return [approvalsFile(world), alwFile(world), geocodesFile(world), centroidsFile(world)];
}

export function writeSourceFiles(files: readonly SourceFile[], outDir: string): void {
  mkdirSync(outDir, { recursive: true });
  for (const f of files) writeFileSync(join(outDir, f.name), f.text);
}

/** A Markdown table "quirk -> where it is", curated examples first. */
export function quirkTable(files: readonly { marks: Mark[] }[], examples = 8): string {
  const marks = files.flatMap((f) => f.marks);
  const out = ['| quirk | file | where (line: license number) |', '|---|---|---|'];
  for (const [tag, quirk] of Object.entries(QUIRKS)) {
    const hits = marks
      .filter((m) => m.tag === tag)
      .sort((a, b) => Number(b.curated) - Number(a.curated) || (a.line ?? 0) - (b.line ?? 0));
    if (hits.length === 0) continue;
    const shown = hits.slice(0, examples).map((m) => {
      if (m.where !== undefined) return m.where;
      const license = m.license === '' ? '' : m.license;
      if (m.line === null) return `${license} (no line)`;
      return license ? `L${m.line}: ${license}` : `L${m.line}`;
    });
    const more = hits.length > examples ? ` … (${hits.length} in all)` : '';
    out.push(`| ${quirk.text.replace(/\|/g, '\\|')} | ${quirk.file} | ${shown.join(', ')}${more} |`);
  }
  return out.join('\n');
}
