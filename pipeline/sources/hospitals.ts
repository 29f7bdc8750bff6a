// The state health department's licensed facility list, kept to active general acute care
// hospitals with coordinates: the places "homes near a hospital" measures from.
import Joi from 'joi';
import { newCount, readCsv, validateRow, type Rejection } from './csv.ts';
import { cell } from '../normalize/text.ts';

export interface Hospital {
  facid: string;
  name: string;
  street: string | null;
  city: string | null;
  zip: string | null;
  county: string | null;
  latitude: number;
  longitude: number;
}

const rowSchema = Joi.object({
  facid: Joi.string().trim().required().messages({ 'string.empty': 'FACID is blank' }),
  facname: Joi.string().trim().required().messages({ 'string.empty': 'FACNAME is blank' }),
  fac_type_code: Joi.string().trim().allow('').default(''),
  address: Joi.string().allow('').default(''),
  city: Joi.string().allow('').default(''),
  zip: Joi.string().allow('').default(''),
  county_name: Joi.string().allow('').default(''),
  latitude: Joi.string().allow('').default(''),
  longitude: Joi.string().allow('').default(''),
  license_status_description: Joi.string().allow('').default(''),
});

export async function readHospitals(file: string, reject: (r: Rejection) => void): Promise<{ hospitals: Hospital[]; rowsRead: number;
  /** Physical lines of the file. */
  linesRead: number; otherTypes: number }> {
  const hospitals: Hospital[] = [];
  const count = newCount();
  let otherTypes = 0;
  for await (const row of readCsv(file, { count, source: 'hospitals', requiredColumns: ['facid', 'facname', 'fac_type_code'] }, reject)) {
    const valid = validateRow<Record<string, string>>(rowSchema, row, 'hospitals', reject);
    if (!valid) continue;
    // Other facility types (skilled nursing, ...) are in the same list and are simply not hospitals.
    if (valid.fac_type_code!.toUpperCase() !== 'GACH') {
      otherTypes += 1;
      continue;
    }
    if (valid.license_status_description!.trim().toUpperCase() !== 'ACTIVE') {
      reject({ source: 'hospitals', line: row.line, reason: `license status is ${valid.license_status_description || 'blank'}, not ACTIVE`, raw: row.raw });
      continue;
    }
    const latitude = Number(valid.latitude);
    const longitude = Number(valid.longitude);
    if (!valid.latitude!.trim() || !valid.longitude!.trim() || !(latitude > 32 && latitude < 42.1 && longitude > -124.6 && longitude < -114)) {
      reject({ source: 'hospitals', line: row.line, reason: 'coordinates missing or outside California', raw: row.raw });
      continue;
    }
    hospitals.push({
      facid: valid.facid!,
      name: cell(valid.facname)!,
      street: cell(valid.address),
      city: cell(valid.city),
      zip: cell(valid.zip)?.slice(0, 5) ?? null,
      county: cell(valid.county_name),
      latitude,
      longitude,
    });
  }
  return { hospitals, rowsRead: count.rows, linesRead: count.lines, otherTypes };
}
