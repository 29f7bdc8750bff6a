// `--source name=path|url|ckan:...|none` and PIPELINE_SOURCES: pointing a source somewhere else,
// or switching it off, for one run, without editing pipeline.config.ts. Settings apply in order,
// so a later one overrides an earlier one; `all=none` switches every source but what follows off.
import path from 'node:path';
import { GEOCODER_DEFAULTS, STATE_SITE, stateSiteDocuments, type GeocoderConfig, type PipelineConfig, type SourcesConfig, type StateDocumentsConfig } from './config.ts';
import { isUrl } from './sources/retrieve.ts';
import { CKAN_FORM, isCkanLocation, parseCkanLocation } from './sources/ckan.ts';

/** The names an operator types, and the source each sets. */
export const SOURCE_SETTING_NAMES = {
  roster: 'roster',
  portal_roster: 'portalRoster',
  approvals: 'approvals',
  waiver: 'waiver',
  geocodes: 'geocodes',
  locations: 'locations',
  zip_centroids: 'zipCentroids',
  hospitals: 'hospitals',
  listings: 'listings',
  county_rates: 'countyRates',
} as const satisfies Record<string, keyof SourcesConfig>;

/** The state's transparency service: its three per-license templates, or all of it (a folder or base URL, or none). */
const DOCUMENT_SETTINGS = { documents_detail: 'detail', documents_index: 'index', documents_report: 'report' } as const;
const ALL_NAMES = ['all', ...Object.keys(SOURCE_SETTING_NAMES), 'geocoder', 'state_site', 'state_documents', ...Object.keys(DOCUMENT_SETTINGS)];

/** A setting that cannot be applied: the message names what was wrong and what is accepted. */
export class SourceSettingError extends Error {
  override name = 'SourceSettingError';
}

/** `a=1,b=2` (PIPELINE_SOURCES) as separate settings. */
export function splitSourceList(list: string | undefined): string[] {
  return (list ?? '').split(',').map((item) => item.trim()).filter(Boolean);
}

/** Every `--source X` and `--source=X` of the command line, in order. */
export function sourceArguments(argv: readonly string[]): string[] {
  const found: string[] = [];
  argv.forEach((arg, index) => {
    if (arg === '--source') {
      const value = argv[index + 1];
      if (value === undefined || value.startsWith('--')) throw new SourceSettingError('--source needs a value: --source <name>=<path|url|ckan:...|none>.');
      found.push(value);
    } else if (arg.startsWith('--source=')) {
      found.push(arg.slice('--source='.length));
    }
  });
  return found;
}

/** A path as the operator typed it is read from where they stand; a URL, a catalog source or none is kept as it is. */
function location(name: string, value: string, cwd: string): string | null {
  if (value === 'none') return null;
  if (isCkanLocation(value)) {
    try {
      parseCkanLocation(value);
    } catch (error) {
      throw new SourceSettingError(`${name}: ${(error as Error).message}`);
    }
    return value;
  }
  return isUrl(value) ? value : path.resolve(cwd, value);
}

/** The seed folders' layout of the transparency service under a folder or base URL. */
function documentsUnder(base: string, concurrency: number): StateDocumentsConfig {
  const root = base.replace(/\/+$/, '');
  return { detail: `${root}/{license}/detail.json`, index: `${root}/{license}/index.json`, report: `${root}/{license}/{inx}.html`, concurrency };
}

/** The configuration with each `name=value` setting applied in order. */
export function applySourceSettings(config: PipelineConfig, settings: readonly string[], cwd = process.cwd()): PipelineConfig {
  const sources: SourcesConfig = { ...config.sources };
  let documents: Partial<StateDocumentsConfig> | null = config.stateDocuments ? { ...config.stateDocuments } : null;
  let geocoder: GeocoderConfig | null | undefined = config.geocoder;
  const concurrency = config.stateDocuments?.concurrency ?? 4;
  for (const setting of settings) {
    const match = /^([a-z_]+)=(.+)$/.exec(setting.trim());
    if (!match) throw new SourceSettingError(`Source setting "${setting}" is not <name>=<path|url|${CKAN_FORM}|none>. Names: ${ALL_NAMES.join(', ')}.`);
    const [, name, value] = match as unknown as [string, string, string];
    const where = location(name, value, cwd);
    if (where !== null && isCkanLocation(where) && (name === 'geocoder' || name === 'state_site' || name === 'state_documents' || name in DOCUMENT_SETTINGS)) {
      throw new SourceSettingError(`${name} cannot be a catalog source: ${CKAN_FORM} names a whole file (${Object.keys(SOURCE_SETTING_NAMES).join(', ')}).`);
    }
    if (name === 'all') {
      if (where !== null) throw new SourceSettingError(`"all" only takes none (--source all=none); set each source by its name. Got "${value}".`);
      for (const key of Object.values(SOURCE_SETTING_NAMES)) if (key !== 'roster') sources[key] = null;
      documents = null;
      geocoder = null;
      // The roster stays required: it is switched off here only until a later setting names it.
      sources.roster = '';
    } else if (name in SOURCE_SETTING_NAMES) {
      const key = SOURCE_SETTING_NAMES[name as keyof typeof SOURCE_SETTING_NAMES];
      if (key === 'roster') {
        if (where === null) throw new SourceSettingError('The roster is required: it cannot be none. Give --source roster=<path|url|ckan:...>.');
        sources.roster = where;
      } else {
        sources[key] = where;
      }
    } else if (name === 'geocoder') {
      if (where !== null && !isUrl(where)) {
        throw new SourceSettingError(`geocoder takes the http(s) URL of a Census-format batch endpoint, or none; got "${value}". Precomputed answers in a file go in geocodes=<path>.`);
      }
      geocoder = where === null ? null : { ...GEOCODER_DEFAULTS, ...geocoder, url: where };
    } else if (name === 'state_site') {
      if (where === null || !isUrl(where)) throw new SourceSettingError(`state_site takes the http(s) base URL of the state's Transparency API, a mirror or a stand-in (the real one: ${STATE_SITE}); got "${value}". Switch the documents off with state_documents=none.`);
      // The export, the detail, the index and the report pages all move with it.
      documents = { ...documents, concurrency, ...stateSiteDocuments(where) };
      if (sources.roster.startsWith(`${STATE_SITE}/`)) sources.roster = where.replace(/\/+$/, '') + sources.roster.slice(STATE_SITE.length);
    } else if (name === 'state_documents') {
      documents = where === null ? null : documentsUnder(where, concurrency);
    } else if (name in DOCUMENT_SETTINGS) {
      if (where === null) throw new SourceSettingError(`${name} cannot be none on its own; switch the state documents off with state_documents=none.`);
      documents = { concurrency, ...documents, [DOCUMENT_SETTINGS[name as keyof typeof DOCUMENT_SETTINGS]]: where };
    } else {
      throw new SourceSettingError(`Unknown source "${name}". Names: ${ALL_NAMES.join(', ')}.`);
    }
  }
  if (!sources.roster) throw new SourceSettingError('The roster is required: add --source roster=<path|url|ckan:...> after all=none.');
  if (documents && !(documents.detail && documents.index && documents.report)) {
    throw new SourceSettingError('The state documents need documents_detail, documents_index and documents_report (or state_documents=<folder|url>).');
  }
  return { ...config, sources, stateDocuments: documents as StateDocumentsConfig | null, ...(geocoder === undefined ? {} : { geocoder }) };
}
