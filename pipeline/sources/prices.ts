// Price inputs: a listing site's published monthly rates (third party, keyed by license) and a
// county table of typical starting rates.
import Joi from 'joi';
import { newCount, readCsv, validateRow, type Rejection } from './csv.ts';
import { cell, licenseNumber } from '../normalize/text.ts';
import { placeKey } from '../../contract/names.ts';

export interface Listing {
  license_number: string;
  site: string;
  url: string;
  monthly_usd: number;
  confirmed_by_home: boolean;
  seen_on: string | null;
  updated_on: string | null;
}

export interface CountyRate {
  county: string;
  low_usd: number;
  high_usd: number;
  typical_start_usd: number;
  as_of: string | null;
  basis: string | null;
}

const isoDate = Joi.string().trim().pattern(/^\d{4}-\d{2}-\d{2}$/).allow('').default('');

const listingSchema = Joi.object({
  license_number: Joi.string().trim().pattern(/^\d{1,9}$/).required().messages({ 'string.pattern.base': 'license_number must be 1 to 9 digits' }),
  site: Joi.string().trim().required(),
  listing_url: Joi.string().trim().uri({ scheme: ['http', 'https'] }).required(),
  monthly_rate_usd: Joi.string().trim().required(),
  rate_confirmed_by_home: Joi.string().trim().uppercase().valid('Y', 'N', '').default(''),
  seen_on: isoDate,
  updated_on: isoDate,
});

/** "$5,450", "5450" and "from 4800" read as whole dollars; a range or words do not. */
export function monthlyDollars(text: string): number | null {
  const match = /^(?:from\s+)?\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.00)?\s*(?:\/\s*mo(?:nth)?)?$/i.exec(text.trim());
  if (!match) return null;
  const dollars = Number(match[1]!.replace(/,/g, ''));
  return dollars >= 500 && dollars <= 50_000 ? dollars : null;
}

export async function readListings(file: string, reject: (r: Rejection) => void): Promise<{ listings: Listing[]; rowsRead: number; linesRead: number }> {
  const listings: Listing[] = [];
  const count = newCount();
  for await (const row of readCsv(file, { count, source: 'listings', requiredColumns: ['license_number', 'monthly_rate_usd'] }, reject)) {
    const valid = validateRow<Record<string, string>>(listingSchema, row, 'listings', reject);
    if (!valid) continue;
    const monthly = monthlyDollars(valid.monthly_rate_usd!);
    if (monthly === null) {
      reject({ source: 'listings', line: row.line, reason: `monthly rate "${valid.monthly_rate_usd}" is not a monthly dollar figure`, raw: row.raw });
      continue;
    }
    listings.push({
      license_number: licenseNumber(valid.license_number!),
      site: valid.site!,
      url: valid.listing_url!,
      monthly_usd: monthly,
      confirmed_by_home: valid.rate_confirmed_by_home === 'Y',
      seen_on: valid.seen_on || null,
      updated_on: valid.updated_on || null,
    });
  }
  return { listings, rowsRead: count.rows, linesRead: count.lines };
}

const rateSchema = Joi.object({
  county: Joi.string().trim().required(),
  low_usd: Joi.number().integer().min(500).required(),
  high_usd: Joi.number().integer().min(Joi.ref('low_usd')).required(),
  typical_start_usd: Joi.number().integer().min(Joi.ref('low_usd')).max(Joi.ref('high_usd')).required(),
  as_of: isoDate,
  basis: Joi.string().allow('').default(''),
});

export async function readCountyRates(file: string, reject: (r: Rejection) => void): Promise<{ byCounty: Map<string, CountyRate>; rowsRead: number; linesRead: number }> {
  const byCounty = new Map<string, CountyRate>();
  const count = newCount();
  for await (const row of readCsv(file, { count, source: 'county_rates', requiredColumns: ['county', 'typical_start_usd'] }, reject)) {
    const valid = validateRow<CountyRate & { as_of: string; basis: string }>(rateSchema, row, 'county_rates', reject);
    if (valid) byCounty.set(placeKey(valid.county), { ...valid, county: cell(valid.county)!, as_of: valid.as_of || null, basis: cell(valid.basis) });
  }
  return { byCounty, rowsRead: count.rows, linesRead: count.lines };
}
