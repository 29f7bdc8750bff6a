// Coordinates. The roster has none: addresses are geocoded (the Census batch geocoder's output
// format, cached by facility number and input address), with a ZIP-centroid table as fallback.
// Every coordinate is machine-extracted.
import Joi from 'joi';
import { newCount, readCsv, validateRow, type Rejection } from './csv.ts';
import { licenseNumber } from '../normalize/text.ts';

export interface Point {
  latitude: number;
  longitude: number;
}

export interface GeocodeResult {
  /** Keyed by `<license>|<input address>` so a moved home is geocoded again. */
  byKey: Map<string, Point>;
  rowsRead: number;
  /** Physical lines of the file. */
  linesRead: number;
}

export function geocodeKey(license: string, inputAddress: string): string {
  return `${license}|${inputAddress.toUpperCase().replace(/\s+/g, ' ').trim()}`;
}

const CENSUS_COLUMNS = ['id', 'input_address', 'match', 'match_type', 'matched_address', 'coordinates', 'tiger_line_id', 'side'] as const;

const censusSchema = Joi.object({
  id: Joi.string().trim().pattern(/^\d{1,9}$/).required().messages({ 'string.pattern.base': 'id must be a facility number' }),
  input_address: Joi.string().trim().required(),
  match: Joi.string().trim().required(),
  coordinates: Joi.string().allow('').default(''),
});

const COORDINATES = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

function inCalifornia(point: Point): boolean {
  return point.latitude > 32 && point.latitude < 42.1 && point.longitude > -124.6 && point.longitude < -114;
}

export async function readGeocodes(file: string, reject: (r: Rejection) => void): Promise<GeocodeResult> {
  const byKey = new Map<string, Point>();
  const count = newCount();
  for await (const csvRow of readCsv(file, { count, source: 'geocodes', requiredColumns: [], columns: CENSUS_COLUMNS, allowShortRows: true }, reject)) {
    const valid = validateRow<Record<string, string>>(censusSchema, csvRow, 'geocodes', reject);
    if (!valid || valid.match !== 'Match') continue;
    const match = COORDINATES.exec(valid.coordinates ?? '');
    // The Census service writes longitude first.
    const point = match ? { longitude: Number(match[1]), latitude: Number(match[2]) } : null;
    if (!point || !inCalifornia(point)) {
      reject({ source: 'geocodes', line: csvRow.line, reason: 'coordinates missing or outside California', raw: csvRow.raw });
      continue;
    }
    byKey.set(geocodeKey(licenseNumber(valid.id!), valid.input_address!), point);
  }
  return { byKey, rowsRead: count.rows, linesRead: count.lines };
}

const centroidSchema = Joi.object({
  zip: Joi.string().trim().pattern(/^\d{5}$/).required(),
  latitude: Joi.number().min(32).max(42.1).required(),
  longitude: Joi.number().min(-124.6).max(-114).required(),
});

export async function readZipCentroids(file: string, reject: (r: Rejection) => void): Promise<{ byZip: Map<string, Point>; rowsRead: number; linesRead: number }> {
  const byZip = new Map<string, Point>();
  const count = newCount();
  for await (const csvRow of readCsv(file, { count, source: 'zip_centroids', requiredColumns: ['zip', 'latitude', 'longitude'] }, reject)) {
    const valid = validateRow<{ zip: string; latitude: number; longitude: number }>(centroidSchema, csvRow, 'zip_centroids', reject);
    if (valid) byZip.set(valid.zip, { latitude: valid.latitude, longitude: valid.longitude });
  }
  return { byZip, rowsRead: count.rows, linesRead: count.lines };
}
