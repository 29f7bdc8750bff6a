// Sources set without code: `--source name=path|url|none` and PIPELINE_SOURCES, in order, the
// roster required; and the operator's roster-only first run, end to end through `npm run pipeline`'s
// own command line.
import test from 'ava';
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../pipeline/run.ts';
import pipelineConfig from '../../pipeline.config.ts';
import { selectProfile, STATE_SITE } from '../../pipeline/config.ts';
import { applySourceSettings, SourceSettingError, sourceArguments, splitSourceList } from '../../pipeline/source-settings.ts';
import { parseCkanLocation } from '../../pipeline/sources/ckan.ts';
import { tempSnapshotsDir } from './fixtures.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const REAL_ROSTER = path.join(FIXTURES, 'roster-real-shape-bom-crlf-no-file-date.csv');
const state = () => selectProfile(pipelineConfig, 'state');

test('a later setting overrides an earlier one; all=none switches every source off; paths resolve from where the operator stands', (t) => {
  const config = applySourceSettings(state(), ['waiver=./w1.csv', 'waiver=https://example.test/alw.csv', 'all=none', 'roster=./r.csv', 'approvals=a.csv'], '/data');
  t.deepEqual(config.sources, {
    roster: '/data/r.csv',
    portalRoster: null,
    approvals: '/data/a.csv',
    waiver: null,
    geocodes: null,
    locations: null,
    zipCentroids: null,
    hospitals: null,
    listings: null,
    countyRates: null,
  });
  t.is(config.stateDocuments, null);
  t.is(config.profile, 'state');
  const kept = applySourceSettings(state(), ['waiver=none', 'waiver=https://example.test/alw.csv', 'zip_centroids=z.csv', 'county_rates=none'], '/data');
  t.is(kept.sources.waiver, 'https://example.test/alw.csv');
  t.is(kept.sources.zipCentroids, '/data/z.csv');
  t.is(kept.sources.roster, state().sources.roster);
  t.truthy(kept.stateDocuments);
});

test('the state documents are set by folder, by template, or switched off', (t) => {
  const folder = applySourceSettings(state(), ['state_documents=./docs'], '/data');
  t.deepEqual(folder.stateDocuments, { detail: '/data/docs/{license}/detail.json', index: '/data/docs/{license}/index.json', report: '/data/docs/{license}/{inx}.html', concurrency: state().stateDocuments!.concurrency });
  const templates = applySourceSettings(state(), ['all=none', 'roster=r.csv', 'documents_detail=https://s.test/d/{license}', 'documents_index=https://s.test/i/{license}', 'documents_report=https://s.test/r/{license}/{inx}'], '/data');
  t.is(templates.stateDocuments!.report, 'https://s.test/r/{license}/{inx}');
  t.throws(() => applySourceSettings(state(), ['all=none', 'roster=r.csv', 'documents_detail=https://s.test/d/{license}']), { instanceOf: SourceSettingError, message: /need documents_detail, documents_index and documents_report/ });
});

test('the state profile reads the real Transparency API; state_site points the detail, the index, the report pages and an export roster elsewhere', (t) => {
  t.like(state().stateDocuments, {
    detail: 'https://www.ccld.dss.ca.gov/transparencyapi/api/FacilityDetail/{license}',
    index: 'https://www.ccld.dss.ca.gov/transparencyapi/api/FacilityReports/{license}',
    report: 'https://www.ccld.dss.ca.gov/transparencyapi/api/FacilityReports?facNum={license}&inx={inx}',
  });
  const mirror = applySourceSettings(state(), ['state_site=http://127.0.0.1:8088/api/'], '/data');
  t.like(mirror.stateDocuments, {
    detail: 'http://127.0.0.1:8088/api/FacilityDetail/{license}',
    index: 'http://127.0.0.1:8088/api/FacilityReports/{license}',
    report: 'http://127.0.0.1:8088/api/FacilityReports?facNum={license}&inx={inx}',
    detailMaxAgeDays: state().stateDocuments!.detailMaxAgeDays,
    concurrency: state().stateDocuments!.concurrency,
  });
  // The export lives under the same base: a roster there moves with it; one elsewhere stays.
  const exportRoster = { ...state(), sources: { ...state().sources, roster: `${STATE_SITE}/DownloadStateData?id=ResidentialElderCareFacility&GUID=3f2b` } };
  t.is(applySourceSettings(exportRoster, ['state_site=http://127.0.0.1:8088/api']).sources.roster, 'http://127.0.0.1:8088/api/DownloadStateData?id=ResidentialElderCareFacility&GUID=3f2b');
  const portalRoster = { ...state(), sources: { ...state().sources, roster: state().sources.portalRoster! } };
  t.is(applySourceSettings(portalRoster, ['state_site=http://127.0.0.1:8088/api']).sources.roster, portalRoster.sources.roster, 'a roster elsewhere stays');
  t.is(applySourceSettings(exportRoster, ['state_site=http://127.0.0.1:8088/api', 'roster=./r.csv'], '/data').sources.roster, '/data/r.csv', 'a later roster setting wins');
  t.throws(() => applySourceSettings(state(), ['state_site=./mirror']), { instanceOf: SourceSettingError, message: /state_site takes the http\(s\) base URL/ });
  t.throws(() => applySourceSettings(state(), ['state_site=none']), { instanceOf: SourceSettingError, message: /state_documents=none/ });
});

test('the roster is required; unknown names and malformed settings name what is accepted', (t) => {
  t.throws(() => applySourceSettings(state(), ['roster=none']), { instanceOf: SourceSettingError, message: /roster is required/ });
  t.throws(() => applySourceSettings(state(), ['all=none']), { instanceOf: SourceSettingError, message: /roster is required: add --source roster=/ });
  t.throws(() => applySourceSettings(state(), ['alw=none']), { instanceOf: SourceSettingError, message: /Unknown source "alw"\. Names: all, roster, portal_roster, approvals, waiver/ });
  t.throws(() => applySourceSettings(state(), ['roster']), { instanceOf: SourceSettingError, message: /is not <name>=<path\|url\|ckan:<portal URL>#<dataset>\/<resource id or name>\|none>/ });
  t.throws(() => applySourceSettings(state(), ['all=./x']), { instanceOf: SourceSettingError, message: /"all" only takes none/ });
  t.deepEqual(sourceArguments(['--profile', 'state', '--source', 'all=none', '--source=roster=r.csv']), ['all=none', 'roster=r.csv']);
  t.deepEqual(splitSourceList(' roster=./r.csv, waiver=none ,'), ['roster=./r.csv', 'waiver=none']);
});

test('a source may be named in a CKAN catalog, by resource id or name; a malformed one says what is accepted', (t) => {
  const byId = 'ckan:https://data.chhs.ca.gov#ccl-facilities/744d1583-f9eb-45b6-b0f8-b9a9dab936a6';
  const byName = 'ckan:https://data.chhs.ca.gov/#ccl-facilities/Residential%20Care%20Facilities%20for%20the%20Elderly';
  const config = applySourceSettings(state(), [`roster=${byId}`, `approvals=${byName}`, 'hospitals=none'], '/data');
  t.is(config.sources.roster, byId, 'kept as written, not read as a path');
  t.is(config.sources.approvals, byName);
  t.like(parseCkanLocation(byName), { portal: 'https://data.chhs.ca.gov', dataset: 'ccl-facilities', resource: 'Residential Care Facilities for the Elderly', byId: false });
  t.like(parseCkanLocation(byId), { resource: '744d1583-f9eb-45b6-b0f8-b9a9dab936a6', byId: true });

  const accepted = 'Write ckan:<portal URL>#<dataset>/<resource id or name>, e.g. ckan:https://data.chhs.ca.gov#ccl-facilities/744d1583-f9eb-45b6-b0f8-b9a9dab936a6.';
  const refused: Array<[string, string]> = [
    ['roster=ckan:https://data.chhs.ca.gov/ccl-facilities/744d1583', 'there is no "#" between the portal and the dataset'],
    ['roster=ckan:data.chhs.ca.gov#ccl-facilities/x', 'the portal "data.chhs.ca.gov" is not an http(s) address'],
    ['waiver=ckan:https://data.chhs.ca.gov#ccl-facilities', 'there is no "/" between the dataset and the resource'],
    ['waiver=ckan:https://data.chhs.ca.gov#CCL Facilities/x', 'the dataset "CCL Facilities" is not a CKAN dataset name or id (2 to 100 lower-case letters, digits, - and _)'],
    ['hospitals=ckan:https://data.chhs.ca.gov#ccl-facilities/', 'the resource is empty'],
    ['hospitals=ckan:https://data.chhs.ca.gov#ccl-facilities/%E0%A4%A', 'the resource has a broken %-escape'],
  ];
  for (const [setting, why] of refused) {
    const [name, value] = setting.split(/=(.*)/s) as [string, string];
    t.throws(() => applySourceSettings(state(), [setting]), { instanceOf: SourceSettingError, message: `${name}: "${value}" is not a catalog source: ${why}. ${accepted}` }, setting);
  }
  t.throws(() => applySourceSettings(state(), [`geocoder=${byId}`]), { instanceOf: SourceSettingError, message: /^geocoder cannot be a catalog source/ });
  t.throws(() => applySourceSettings(state(), [`state_documents=${byId}`]), { instanceOf: SourceSettingError, message: /^state_documents cannot be a catalog source/ });
});

const run = promisify(execFile);
// Five homes are below the state profile's floor of 100 licenses: --force, as an operator would for a sample.
const pipeline = (args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import=tsx', path.join(REPO_ROOT, 'pipeline/run.ts'), ...args], { cwd: FIXTURES, env: { ...process.env, ...env } });

/** What a published roster-only snapshot holds that no source gave: must be nothing. */
async function inventedValues(dir: string) {
  const file = (await readdir(dir)).find((entry) => entry.endsWith('.sqlite'))!;
  const db = new Database(path.join(dir, file), { readonly: true });
  const counts = db
    .prepare(
      `SELECT COUNT(*) AS homes,
        SUM(price_json IS NOT NULL OR price_kind IS NOT NULL OR json_extract(home_json, '$.price') IS NOT NULL) AS priced,
        SUM(latitude IS NOT NULL OR longitude IS NOT NULL OR json_extract(record_json, '$.location.value') IS NOT NULL) AS located,
        SUM(alw_participation <> 'not_on_file' OR alw_list_as_of IS NOT NULL) AS waiver,
        SUM(dementia <> 'not_on_file' OR hospice <> 'not_on_file') AS approvals
      FROM facilities`,
    )
    .get();
  const meta = Object.fromEntries((db.prepare("SELECT key, value FROM metadata WHERE key IN ('profile', 'demo_data')").all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]));
  const tables = db.prepare('SELECT (SELECT COUNT(*) FROM hospitals) + (SELECT COUNT(*) FROM waiver_list) + (SELECT COUNT(*) FROM reports)').pluck().get();
  db.close();
  return { counts, meta, tables };
}

const NOTHING_INVENTED = { counts: { homes: 5, priced: 0, located: 0, waiver: 0, approvals: 0 }, meta: { profile: 'state', demo_data: 'false' }, tables: 0 };

test('a roster-only real-shaped run from the command line gives no price, coordinate or waiver value no source gave', async (t) => {
  const dir = await tempSnapshotsDir();
  const { stdout } = await pipeline(['--profile', 'state', '--source', 'all=none', '--source', 'roster=./roster-real-shape-bom-crlf-no-file-date.csv', '--force'], { SNAPSHOTS_DIR: dir });
  t.regex(stdout, /Not read: portalRoster \(switched off \(none\)\), approvals \(switched off \(none\)\), waiver/);
  t.regex(stdout, /Published rcfe-\d{4}-\d{2}-\d{2}\.sqlite/);
  t.deepEqual(await inventedValues(dir), NOTHING_INVENTED);
});

test('PIPELINE_SOURCES does the same for scheduled runs, and a --source after it wins', async (t) => {
  const dir = await tempSnapshotsDir();
  const { stdout } = await pipeline(['--profile', 'state', '--source', `roster=${REAL_ROSTER}`, '--force'], { SNAPSHOTS_DIR: dir, PIPELINE_SOURCES: 'all=none,roster=./missing.csv' });
  t.regex(stdout, /Published/);
  t.deepEqual(await inventedValues(dir), NOTHING_INVENTED);
  const failed = await t.throwsAsync(pipeline(['--profile', 'state', '--source', 'roster=none'], { SNAPSHOTS_DIR: dir }));
  t.regex((failed as Error & { stderr: string }).stderr, /^The roster is required: it cannot be none/);
});
