// What `npm run pipeline` accepts before it runs anything: `--help`, and the rule that a demo
// profile's invented sources are never mixed with a real one (a real roster on the seeds' prices
// and ZIP centroids would publish invented values on real homes).
import type { PipelineConfig, PipelineProfiles } from './config.ts';
import { SourceSettingError, SOURCE_SETTING_NAMES } from './source-settings.ts';

/** How a run ends, as the command's exit code. */
export const EXIT_CODES = {
  published: 0,
  failed: 1,
  /** A guard held the run back, or the command line was refused (nothing was read). */
  heldBackOrRefused: 2,
  /** Published here, but shipping to --publish-to failed: the destination keeps its previous manifest. */
  publishedNotShipped: 3,
} as const;

export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

/** The help text: commands, profiles, source names and exit codes, from the configuration itself. */
export function helpText(profiles: PipelineProfiles): string {
  const profileLines = Object.entries(profiles.profiles).map(
    ([name, profile]) => `  ${name.padEnd(12)} ${profile.demoData ? 'demo: invented homes (snapshots marked demo_data)' : 'real: the state\'s own sources'}${name === profiles.default ? ' (default)' : ''}`,
  );
  return [
    'Usage: npm run pipeline -- [--profile <name>] [--source <name>=<path|url|ckan:...|none>]... [--force] [--publish-to <destination>] [--schedule]',
    '',
    'Commands:',
    '  (none)                 one run: read the sources, build and publish a dated snapshot, print the report',
    '  --schedule             stay up and run on the profile\'s schedule, one run at a time; for a profile',
    '                         whose documents are on a site, the crawler runs beside it (npm run crawl)',
    '                         and what it reads is published every 4 hours when there is something new',
    '  --help, -h             print this and run nothing',
    '',
    'Options:',
    '  --profile <name>       a profile of pipeline.config.ts (or PIPELINE_PROFILE)',
    '  --source <name>=<...>  point one source at a file, URL, ckan: resource, or none (or PIPELINE_SOURCES, comma-separated);',
    '                         only with a real profile: --profile state',
    '  --force                publish even though a guard would hold the run back',
    '  --publish-to <dest>    after publishing, copy the retained snapshots and their document texts files',
    '                         to <dest> with rclone (a folder, or remote:bucket/path from rclone\'s own config),',
    '                         then write manifest.json there last (name, size, sha256 of each); or PUBLISH_TO.',
    '                         Servers with SNAPSHOT_SOURCE_URL follow that manifest (docs/operations.md)',
    '',
    'Profiles:',
    ...profileLines,
    '',
    `Source names: ${[...Object.keys(SOURCE_SETTING_NAMES), 'geocoder', 'state_documents', 'documents_detail', 'documents_index', 'documents_report', 'all (all=none only)'].join(', ')}`,
    '  Only the roster is required: another source that fails keeps its last snapshot\'s values (or is not on file) and the report says so.',
    '',
    'Exit codes:',
    `  ${EXIT_CODES.published}  published`,
    `  ${EXIT_CODES.failed}  the run failed: nothing was published, the previous snapshot keeps serving`,
    `  ${EXIT_CODES.heldBackOrRefused}  held back by a guard (re-run with --force), or the command line was refused`,
    `  ${EXIT_CODES.publishedNotShipped}  published here, but shipping to --publish-to failed (the reason is printed): the destination`,
    '     keeps its previous manifest.json; the next run ships again',
    '',
    'See docs/first-real-run.md.',
  ].join('\n');
}

/**
 * A demo profile takes no source setting but `none`: its other sources are invented, so a real file
 * beside them would carry invented prices and locations onto real homes.
 */
export function refuseDemoMix(config: PipelineConfig, settings: readonly string[]): void {
  if (!config.demoData) return;
  const real = settings.filter((setting) => !/=\s*none\s*$/.test(setting));
  if (!real.length) return;
  throw new SourceSettingError(
    `Profile "${config.profile ?? 'custom'}" is a demo profile (invented homes, prices and locations); it cannot be mixed with ${real.map((s) => `--source ${s}`).join(', ')}. ` +
      'Add --profile state to run on real sources (with --source all=none first to read only the ones you name).',
  );
}
