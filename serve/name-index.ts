// In-memory did-you-mean index over every license's name keys, built once per snapshot: trigram
// postings, scored by the Dice coefficient. Used only after exact license and exact name missed.
import { derived, type Snapshot } from './snapshot.ts';
import { allNameKeys } from './query.ts';

/** Dice similarity a name needs to be offered as a did-you-mean. */
export const FUZZY_MIN_SIMILARITY = 0.5;

interface Entry {
  license: string;
  trigramCount: number;
}

function trigrams(key: string): Set<string> {
  const padded = `  ${key} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3));
  return grams;
}

export class NameIndex {
  private readonly entries: Entry[] = [];
  private readonly postings = new Map<string, number[]>();
  private shared: Uint16Array | null = null;

  constructor(names: ReadonlyArray<{ license_number: string; name_key: string; licensed_name_key: string }>) {
    for (const row of names) {
      for (const key of new Set([row.name_key, row.licensed_name_key])) {
        if (!key) continue;
        const grams = trigrams(key);
        const id = this.entries.push({ license: row.license_number, trigramCount: grams.size }) - 1;
        for (const gram of grams) {
          const list = this.postings.get(gram);
          if (list) list.push(id);
          else this.postings.set(gram, [id]);
        }
      }
    }
  }

  /** Licenses whose name resembles the key, most similar first, at most `max`. */
  similar(key: string, max: number): string[] {
    if (!key) return [];
    const grams = trigrams(key);
    // Shared-trigram counts in one reusable typed array: far cheaper than a Map on common trigrams.
    const shared = (this.shared ??= new Uint16Array(this.entries.length));
    const touched: number[] = [];
    for (const gram of grams) {
      for (const id of this.postings.get(gram) ?? []) {
        const count = shared[id]!;
        if (count === 0) touched.push(id);
        shared[id] = count + 1;
      }
    }
    const best = new Map<string, number>();
    for (const id of touched) {
      const entry = this.entries[id]!;
      const score = (2 * shared[id]!) / (grams.size + entry.trigramCount);
      shared[id] = 0;
      if (score >= FUZZY_MIN_SIMILARITY && score > (best.get(entry.license) ?? 0)) best.set(entry.license, score);
    }
    return [...best]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, max)
      .map(([license]) => license);
  }
}

const nameIndex = derived('name trigram index (did-you-mean)', (snapshot) => new NameIndex(allNameKeys(snapshot)));

export function nameIndexOf(snapshot: Snapshot): NameIndex {
  return snapshot.derive(nameIndex);
}
