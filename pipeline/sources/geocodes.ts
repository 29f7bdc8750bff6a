// Coordinates. The roster has none: addresses are geocoded (the Census batch geocoder's answer
// format: precomputed by facility number and input address for the demo profiles, asked live and
// cached by address otherwise, see census-geocoder.ts), with a ZIP-centroid table as the marked
// fallback. Every coordinate is machine-extracted.
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

/** Upper case, spacing collapsed: one address written two ways is one key. */
export function normalizeAddress(address: string): string {
  return address.toUpperCase().replace(/\s+/g, ' ').trim();
}

export function geocodeKey(license: string, inputAddress: string): string {
  return `${license}|${normalizeAddress(inputAddress)}`;
}

const CENSUS_COLUMNS = ['id', 'input_address', 'match', 'match_type', 'matched_address', 'coordinates', 'tiger_line_id', 'side'] as const;

const censusSchema = Joi.object({
  id: Joi.string().trim().pattern(/^\d{1,9}$/).required().messages({ 'string.pattern.base': 'id must be a number (a facility number, or a batch row number)' }),
  input_address: Joi.string().trim().required(),
  match: Joi.string().trim().required(),
  coordinates: Joi.string().allow('').default(''),
});

const COORDINATES = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

function inCalifornia(point: Point): boolean {
  return point.latitude > 32 && point.latitude < 42.1 && point.longitude > -124.6 && point.longitude < -114;
}

/** One line of a Census batch answer: a `Match` in California carries its point; anything else (No_Match, Tie, unusable) none. */
export interface CensusAnswer {
  id: string;
  inputAddress: string;
  match: string;
  point: Point | null;
}

/**
 * Every readable line of a file in the Census batch geocoder's answer format (no header; id, input
 * address, Match/No_Match/Tie, match type, matched address, "lon,lat", TIGER line id, side). A
 * Match without usable coordinates is also rejected with its reason; it never yields a point.
 */
export async function* readCensusAnswers(file: string, source: string, reject: (r: Rejection) => void, count = newCount()): AsyncGenerator<CensusAnswer> {
  for await (const csvRow of readCsv(file, { count, source, requiredColumns: [], columns: CENSUS_COLUMNS, allowShortRows: true }, reject)) {
    const valid = validateRow<Record<string, string>>(censusSchema, csvRow, source, reject);
    if (!valid) continue;
    const answer = { id: valid.id!, inputAddress: valid.input_address!, match: valid.match! };
    if (answer.match !== 'Match') {
      yield { ...answer, point: null };
      continue;
    }
    const match = COORDINATES.exec(valid.coordinates ?? '');
    // The Census service writes longitude first.
    const point = match ? { longitude: Number(match[1]), latitude: Number(match[2]) } : null;
    const usable = point !== null && inCalifornia(point);
    // Still an answer (the geocoder placed it somewhere unusable), so a cache can remember it.
    if (!usable) reject({ source, line: csvRow.line, reason: 'coordinates missing or outside California', raw: csvRow.raw });
    yield { ...answer, point: usable ? point : null };
  }
}

/** A precomputed answer file (the demo profiles), keyed by facility number and input address. */
export async function readGeocodes(file: string, reject: (r: Rejection) => void): Promise<GeocodeResult> {
  const byKey = new Map<string, Point>();
  const count = newCount();
  for await (const answer of readCensusAnswers(file, 'geocodes', reject, count)) {
    if (answer.point) byKey.set(geocodeKey(licenseNumber(answer.id), answer.inputAddress), answer.point);
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
