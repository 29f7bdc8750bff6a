// Hospitals for homes_near_hospital: the snapshot's hospital list held in memory per snapshot,
// matched by FACID, exact name, every word of the name, or resemblance. More than one fit is
// answered with candidates, never a guess.
import { nameKey } from '../../contract/names.ts';
import { trigrams } from '../records/name-index.ts';
import { allHospitals, type HospitalRow } from '../records/query.ts';
import { derived, type Snapshot } from '../records/snapshot.ts';

const MAX_CANDIDATES = 8;
const MIN_SIMILARITY = 0.45;

export type HospitalMatch =
  | { status: 'matched'; hospital: HospitalRow }
  /** `fitting`: every hospital that fits; `candidates` the first MAX_CANDIDATES of them, `left_out` the rest (alphabetical). */
  | { status: 'ambiguous'; candidates: HospitalRow[]; fitting: number; left_out: HospitalRow[] }
  | { status: 'not_found' };

/** Dice similarity of two trigram sets. */
export function dice(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared += 1;
  return (2 * shared) / (a.size + b.size || 1);
}

export class HospitalIndex {
  private readonly entries: Array<{ row: HospitalRow; key: string; words: Set<string>; grams: Set<string> }>;
  private readonly byFacid = new Map<string, HospitalRow>();

  constructor(rows: HospitalRow[]) {
    this.entries = rows.map((row) => {
      const key = nameKey(row.name);
      return { row, key, words: new Set(key.split(' ')), grams: trigrams(key) };
    });
    for (const row of rows) this.byFacid.set(row.facid, row);
  }

  match(input: string): HospitalMatch {
    const text = input.trim();
    const digits = text.replace(/^#/, '').replace(/[\s-]+/g, '');
    if (/^\d{1,9}$/.test(digits)) {
      const row = this.byFacid.get(digits.padStart(9, '0')) ?? this.byFacid.get(digits);
      return row ? { status: 'matched', hospital: row } : { status: 'not_found' };
    }
    // "name, city" narrows to a city, as the batch check does for homes.
    const comma = text.lastIndexOf(',');
    const city = comma > 0 ? nameKey(text.slice(comma + 1)) : '';
    const key = nameKey(comma > 0 && city ? text.slice(0, comma) : text);
    if (!key) return { status: 'not_found' };
    const inCity = (rows: HospitalRow[]) => {
      if (!city) return rows;
      const narrowed = rows.filter((row) => row.city !== null && nameKey(row.city) === city);
      return narrowed.length > 0 ? narrowed : rows;
    };
    const decide = (rows: HospitalRow[]): HospitalMatch | null => {
      const narrowed = inCity(rows);
      if (narrowed.length === 1) return { status: 'matched', hospital: narrowed[0]! };
      if (narrowed.length > 1) return offer(narrowed);
      return null;
    };

    const exact = decide(this.entries.filter((entry) => entry.key === key).map((entry) => entry.row));
    if (exact) return exact;
    const words = key.split(' ');
    const containing = decide(this.entries.filter((entry) => words.every((word) => entry.words.has(word))).map((entry) => entry.row));
    if (containing) return containing;
    // A resemblance is only ever offered as a candidate.
    const grams = trigrams(key);
    const similar = this.entries
      .map((entry) => ({ row: entry.row, score: dice(grams, entry.grams) }))
      .filter((hit) => hit.score >= MIN_SIMILARITY)
      .sort((a, b) => b.score - a.score)
      .map((hit) => hit.row);
    const offered = inCity(similar);
    return offered.length > 0 ? offer(offered) : { status: 'not_found' };
  }
}

/** Several fits, alphabetical: the first MAX_CANDIDATES offered, the rest counted and kept to name (a cut list says so). */
function offer(rows: HospitalRow[]): HospitalMatch {
  const sorted = alphabetical(rows);
  return { status: 'ambiguous', candidates: sorted.slice(0, MAX_CANDIDATES), fitting: sorted.length, left_out: sorted.slice(MAX_CANDIDATES) };
}

function alphabetical(rows: HospitalRow[]): HospitalRow[] {
  return [...rows].sort((a, b) => a.name.localeCompare(b.name) || a.facid.localeCompare(b.facid));
}

const hospitalIndex = derived('hospital name index', (snapshot) => new HospitalIndex(allHospitals(snapshot)));

export function hospitalsOf(snapshot: Snapshot): HospitalIndex {
  return snapshot.derive(hospitalIndex);
}
