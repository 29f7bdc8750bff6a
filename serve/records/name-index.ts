// In-memory did-you-mean index over every license's name keys, built once per snapshot: trigram
// postings, scored by the Dice coefficient. Used only after exact license and exact name missed.
import { derived, type Snapshot } from './snapshot.ts';
import { allNameFits } from './query.ts';

/** Dice similarity a name needs to be offered as a did-you-mean. */
export const FUZZY_MIN_SIMILARITY = 0.5;

/** Dice similarity of two trigram sets. */
export function dice(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared += 1;
  return (2 * shared) / (a.size + b.size || 1);
}

/** Words nearly every care home's name carries: two names sharing only these are not alike. */
const COMMON_NAME_WORDS = new Set(
  'the a an and of at care home homes memory assisted living senior seniors residential residence residences guest board elderly rcfe facility community communities center house manor villa villas village gardens garden place court lodge cottage cottages inn estates haven retirement inc llc ii iii'.split(' '),
);

/** A name key without its common care words (the key itself when nothing else is left). */
function distinctivePart(key: string): string {
  const words = key.split(' ').filter((word) => word && !COMMON_NAME_WORDS.has(word));
  return words.length > 0 ? words.join(' ') : key;
}

/**
 * Whether a name resembles the key in its own words, not only in the words every home shares:
 * "Sunshine Villa Memory Care" is not like "Cedar Villa Memory Care", "Cedr Villa" is.
 */
export function resemblesDistinctively(key: string, otherKey: string): boolean {
  return dice(trigrams(distinctivePart(key)), trigrams(distinctivePart(otherKey))) >= FUZZY_MIN_SIMILARITY;
}

export function trigrams(key: string): Set<string> {
  const padded = `  ${key} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3));
  return grams;
}

/**
 * The fewest trigrams a name must share with a key of `size` trigrams to reach the similarity:
 * 2s / (size + own) >= m with s <= own gives s >= m * size / (2 - m).
 */
function leastShared(size: number): number {
  return Math.max(1, Math.ceil((FUZZY_MIN_SIMILARITY * size) / (2 - FUZZY_MIN_SIMILARITY) - 1e-9));
}

export class NameIndex {
  private readonly licenses: string[] = [];
  // Per entry (one per distinct name key of a license): its license's position in `licenses`,
  // and its trigram ids, grams[gramsFrom[entry]] up to grams[gramsFrom[entry + 1]].
  private readonly licenseOf: Int32Array;
  private readonly gramsFrom: Int32Array;
  private readonly grams: Int32Array;
  private readonly gramIds = new Map<string, number>();
  /** Per trigram id, the entries holding it, ascending. */
  private readonly postings: Int32Array[];
  // Scratch space reused by every query: typed arrays are far cheaper than Maps on common trigrams.
  private readonly shared: Uint16Array;
  private readonly touched: Int32Array;
  private readonly marked: Uint8Array;
  private readonly bestScore: Float64Array;
  private readonly scored: Int32Array;

  constructor(names: ReadonlyArray<{ license_number: string; name_key: string; licensed_name_key: string }>) {
    const positions = new Map<string, number>();
    const licenseOf: number[] = [];
    const postings: number[][] = [];
    const gramsFrom = [0];
    const grams: number[] = [];
    for (const row of names) {
      for (const key of new Set([row.name_key, row.licensed_name_key])) {
        if (!key) continue;
        let position = positions.get(row.license_number);
        if (position === undefined) positions.set(row.license_number, (position = this.licenses.push(row.license_number) - 1));
        const entry = licenseOf.push(position) - 1;
        for (const gram of trigrams(key)) {
          let gramId = this.gramIds.get(gram);
          if (gramId === undefined) {
            this.gramIds.set(gram, (gramId = postings.length));
            postings.push([]);
          }
          postings[gramId]!.push(entry);
          grams.push(gramId);
        }
        gramsFrom.push(grams.length);
      }
    }
    this.licenseOf = Int32Array.from(licenseOf);
    this.postings = postings.map((list) => Int32Array.from(list));
    this.gramsFrom = Int32Array.from(gramsFrom);
    this.grams = Int32Array.from(grams);
    this.shared = new Uint16Array(licenseOf.length);
    this.touched = new Int32Array(licenseOf.length);
    this.marked = new Uint8Array(postings.length);
    this.bestScore = new Float64Array(this.licenses.length);
    this.scored = new Int32Array(this.licenses.length);
  }

  /** Licenses whose name resembles the key, most similar first (then by license), at most `max`. */
  similar(key: string, max: number): string[] {
    if (!key || max <= 0) return [];
    const keyGrams = trigrams(key);
    const keySize = keyGrams.size;
    const least = leastShared(keySize);
    const known: number[] = [];
    for (const gram of keyGrams) {
      const gramId = this.gramIds.get(gram);
      if (gramId !== undefined) known.push(gramId);
    }
    if (known.length < least) return [];

    // A name sharing `least` of the key's trigrams holds at least one of its rarest
    // (known - least + 1): only those postings are walked. The common rest are only looked up
    // in the trigrams of names that could still reach the similarity.
    known.sort((a, b) => this.postings[a]!.length - this.postings[b]!.length);
    const walked = known.length - least + 1;
    const unwalked = known.length - walked;
    const { shared, touched, marked, bestScore, scored, gramsFrom, grams, licenseOf } = this;
    let touchedCount = 0;
    for (let g = 0; g < walked; g += 1) {
      const posting = this.postings[known[g]!]!;
      for (let p = 0; p < posting.length; p += 1) {
        const entry = posting[p]!;
        if (shared[entry] === 0) touched[touchedCount++] = entry;
        shared[entry] = shared[entry]! + 1;
      }
    }
    for (let g = walked; g < known.length; g += 1) marked[known[g]!] = 1;

    let scoredCount = 0;
    for (let t = 0; t < touchedCount; t += 1) {
      const entry = touched[t]!;
      let count = shared[entry]!;
      shared[entry] = 0;
      const from = gramsFrom[entry]!;
      const to = gramsFrom[entry + 1]!;
      const sizes = keySize + to - from;
      // Even sharing every unwalked trigram, this name would fall short: no look-up.
      if (2 * (count + unwalked) < FUZZY_MIN_SIMILARITY * sizes) continue;
      if (unwalked > 0) for (let g = from; g < to; g += 1) count += marked[grams[g]!]!;
      const score = (2 * count) / sizes;
      if (score < FUZZY_MIN_SIMILARITY) continue;
      const position = licenseOf[entry]!;
      if (bestScore[position] === 0) scored[scoredCount++] = position;
      if (score > bestScore[position]!) bestScore[position] = score;
    }
    for (let g = walked; g < known.length; g += 1) marked[known[g]!] = 0;

    // A common name resembles hundreds: only those scoring at least the max-th best are sorted.
    const scores = new Float64Array(scoredCount);
    for (let s = 0; s < scoredCount; s += 1) scores[s] = bestScore[scored[s]!]!;
    scores.sort();
    const floor = scoredCount > max ? scores[scoredCount - max]! : 0;
    const kept: Array<{ license: string; score: number }> = [];
    for (let s = 0; s < scoredCount; s += 1) {
      const position = scored[s]!;
      const score = bestScore[position]!;
      bestScore[position] = 0;
      if (score >= floor) kept.push({ license: this.licenses[position]!, score });
    }
    return kept
      // License numbers are nine digits: plain comparison is their numeric order.
      .sort((a, b) => b.score - a.score || (a.license < b.license ? -1 : a.license > b.license ? 1 : 0))
      .slice(0, max)
      .map(({ license }) => license);
  }
}

const nameIndex = derived('name trigram index (did-you-mean)', (snapshot) => new NameIndex(allNameFits(snapshot)));

export function nameIndexOf(snapshot: Snapshot): NameIndex {
  return snapshot.derive(nameIndex);
}
