// The state's own map points: the open-data portal's "Community Care Licensing - Residential Elder
// Care Facility Locations" (dataset 00d9608d-53ee-4e93-990a-57cd220a1d4b, resource
// dc9ddc4b-f4cf-4196-8ffa-e5a6505f2b8e), latitude and longitude by facility number. A license it
// places is placed by it; the Census geocoder and ZIP centroids only place the rest. Its column
// names are not documented where the run could check them, so they are read by a documented set of
// likely names, and the run reports which it found.
import { readFile } from 'node:fs/promises';
import Joi from 'joi';
import { parse } from 'csv-parse/sync';
import { headerKey, newCount, readCsv, validateRow, type Rejection } from './csv.ts';
import { licenseNumber } from '../normalize/text.ts';
import type { Point } from './geocodes.ts';

/** Likely header keys for each column, in the order they are tried. */
export const LOCATION_COLUMNS = {
  license: ['facility_number', 'facility_nbr', 'fac_nbr', 'facnum', 'facility_id', 'license_number'],
  // FAC_LATITUDE / FAC_LONGITUDE: the state's map layer of the same points.
  latitude: ['latitude', 'lat', 'facility_latitude', 'fac_latitude', 'y'],
  longitude: ['longitude', 'lon', 'long', 'lng', 'facility_longitude', 'fac_longitude', 'x'],
} as const;

export interface LocationsResult {
  byLicense: Map<string, Point>;
  rowsRead: number;
  linesRead: number;
  /** The header keys read for each column, for the run report; null when the file was not read. */
  columns: { license: string; latitude: string; longitude: string } | null;
}

function inCalifornia(point: Point): boolean {
  return point.latitude > 32 && point.latitude < 42.1 && point.longitude > -124.6 && point.longitude < -114;
}

/** The file's header keys (its first line), to find the columns by name. */
async function headerKeys(file: string): Promise<string[]> {
  const text = (await readFile(file, 'utf8')).slice(0, 64 * 1024);
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const [cells] = parse(firstLine, { relax_quotes: true }) as string[][];
  return (cells ?? []).map(headerKey);
}

export async function readLocations(file: string, reject: (r: Rejection) => void): Promise<LocationsResult> {
  const keys = await headerKeys(file);
  const find = (names: readonly string[]) => names.find((name) => keys.includes(name)) ?? null;
  const license = find(LOCATION_COLUMNS.license);
  const latitude = find(LOCATION_COLUMNS.latitude);
  const longitude = find(LOCATION_COLUMNS.longitude);
  if (!license || !latitude || !longitude) {
    throw new Error(
      `Source "locations" names no ${[!license && 'facility number', !latitude && 'latitude', !longitude && 'longitude'].filter(Boolean).join(', ')} column ` +
        `(its header: ${keys.slice(0, 20).join(', ') || 'none'}; accepted: ${Object.values(LOCATION_COLUMNS).map((names) => names.join('/')).join('; ')})`,
    );
  }
  const schema = Joi.object({
    [license]: Joi.string().trim().pattern(/^\d{1,9}$/).required().messages({ 'string.pattern.base': `${license} must be 1 to 9 digits` }),
    [latitude]: Joi.number().required(),
    [longitude]: Joi.number().required(),
  });
  const byLicense = new Map<string, Point>();
  const count = newCount();
  for await (const row of readCsv(file, { count, source: 'locations', requiredColumns: [license, latitude, longitude] }, reject)) {
    const valid = validateRow<Record<string, string | number>>(schema, row, 'locations', reject);
    if (!valid) continue;
    const point = { latitude: Number(valid[latitude]), longitude: Number(valid[longitude]) };
    if (!inCalifornia(point)) {
      reject({ source: 'locations', line: row.line, reason: 'coordinates missing or outside California', raw: row.raw });
      continue;
    }
    byLicense.set(licenseNumber(String(valid[license])), point);
  }
  return { byLicense, rowsRead: count.rows, linesRead: count.lines, columns: { license, latitude, longitude } };
}
