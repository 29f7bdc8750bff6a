// The did-you-mean index walks only the rarest trigrams of a key and skips names that cannot reach
// the similarity: its answers must be exactly those of scoring every name (Dice over trigrams),
// in the same order (most similar first, then license number).
import test from 'ava';
import { FUZZY_MIN_SIMILARITY, NameIndex } from '../../serve/records/name-index.ts';
import { examples } from '../helpers/examples.ts';

type NameRow = { license_number: string; name_key: string; licensed_name_key: string };

function trigrams(key: string): Set<string> {
  const padded = `  ${key} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** Every name scored, the best per license kept, ordered as the index promises. */
function fullScan(names: NameRow[], key: string, max: number): string[] {
  const keyGrams = trigrams(key);
  const best = new Map<string, number>();
  for (const row of names) {
    for (const name of new Set([row.name_key, row.licensed_name_key])) {
      if (!name) continue;
      const grams = trigrams(name);
      const shared = [...grams].filter((gram) => keyGrams.has(gram)).length;
      const score = (2 * shared) / (keyGrams.size + grams.size);
      if (score >= FUZZY_MIN_SIMILARITY && score > (best.get(row.license_number) ?? 0)) best.set(row.license_number, score);
    }
  }
  return [...best]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([license]) => license);
}

test('similar names are exactly those a full scan scores, in its order', async (t) => {
  const ex = await examples();
  const names = ex.all<NameRow>('SELECT license_number, name_key, licensed_name_key FROM facilities ORDER BY license_number');
  const index = new NameIndex(names);
  const keys = new Set<string>(['a', 'care', 'home care', 'assisted living', 'zzzz qqqq']);
  names.forEach((row, i) => {
    const name = row.name_key;
    const at = i % Math.max(1, name.length - 1);
    keys.add(name.slice(0, at) + (name[at + 1] ?? '') + name[at] + name.slice(at + 2)); // two letters swapped
    keys.add(name.slice(0, Math.max(1, Math.floor(name.length / 2)))); // a first half
    keys.add(`${name.split(' ').reverse().join(' ')} ${i % 2 ? 'home' : 'care'}`); // words reordered, one added
  });
  let offered = 0;
  for (const key of keys) {
    for (const max of [1, 5, 20]) {
      const answer = index.similar(key, max);
      t.deepEqual(answer, fullScan(names, key, max), `${key} (at most ${max})`);
      offered += answer.length;
    }
  }
  t.true(offered > keys.size, 'the keys resemble names');
});
