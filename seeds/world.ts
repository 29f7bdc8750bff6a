// The whole invented world of one seed set: the curated quirk homes first, then real facility
// locations sampled (default) or every location plus synthetic ones (state scale). It sits apart
// from model.ts because it puts the model's homes and quirks.ts's curated quirks together, and
// quirks.ts builds on the model (so the model must not import it back).
import { Rng } from './prng.ts';
import {
  DEFAULT_QUOTAS,
  HomeFactory,
  coordinateGroups,
  loadRealHomes,
  syntheticHomes,
  type Duplicate,
  type RealHome,
  type World,
  type WorldOptions,
} from './model.ts';
import { RESERVED, applyCurated, pickNoLocation, sprinkleStateScale } from './quirks.ts';
import { nearestCity } from './tables.ts';

export function buildWorld(options: WorldOptions): World {
  const root = new Rng('ca-rcfe-seeds-v1').fork(options.size === 'default' ? 'default' : `state-${options.rows}`);
  const real = loadRealHomes(options.geocodesPath);
  const factory = new HomeFactory(
    root.fork('homes'),
    coordinateGroups(real),
    options.size === 'default' ? 0.2 : 0.16,
    RESERVED,
  );
  const duplicates: Duplicate[] = [];
  const curated = applyCurated(real, factory, duplicates);
  const used = new Set(curated.map((h) => h.sortKey));
  const pool = real.filter((h) => !used.has(h.number));

  let chosen: RealHome[];
  let synthetic = new Set<string>();
  if (options.size === 'default') {
    const pick = root.fork('default-sample');
    chosen = Object.entries(DEFAULT_QUOTAS).flatMap(([code, quota]) =>
      pick.sample(
        pool.filter((h) => h.number.startsWith(code) && nearestCity(code, h.lat, h.lon).km < 8),
        quota,
      ),
    );
  } else {
    const extraDuplicates = 2 * Math.round(options.rows * 0.002);
    const wanted = Math.max(0, options.rows - curated.length - duplicates.length - extraDuplicates);
    const made = syntheticHomes(real, Math.max(0, wanted - pool.length), root.fork('synthetic'));
    synthetic = new Set(made.map((h) => h.number));
    chosen = wanted <= pool.length ? root.fork('state-sample').sample(pool, wanted) : [...pool, ...made];
  }

  const homes = [...curated, ...chosen.map((h) => factory.make(h.number, h.lat, h.lon, synthetic.has(h.number)))];
  if (options.size === 'state') sprinkleStateScale(homes, duplicates, factory, root.fork('sprinkle'), options.rows);
  homes.sort((a, b) => a.sortKey.localeCompare(b.sortKey));
  const missingCentroids = pickNoLocation(homes);
  return { size: options.size, homes, duplicates, missingCentroids };
}

