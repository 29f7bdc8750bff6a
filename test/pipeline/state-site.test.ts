// The state's Transparency API against a loopback stand-in speaking its real shapes: incremental
// reads keyed on the export's visit dates (the crawler's order, pace and pauses are in
// test/crawl/crawler.test.ts).
import test from 'ava';
import Database from 'better-sqlite3';
import path from 'node:path';

import { formatReport } from '../../pipeline/report.ts';
import { collectStateDocuments, type DocumentHome } from '../../pipeline/documents/collect.ts';
import { DocumentStore } from '../../pipeline/documents/store.ts';
import { createHttpClient } from '../../pipeline/http.ts';
import { readLocation } from '../../pipeline/sources/retrieve.ts';
import { stateSiteDocuments } from '../../pipeline/config.ts';
import { DOCUMENT_STORE_FILE } from '../../contract/document-store.ts';
import { TRANSPARENCY_PATHS as PATHS, type ReportEntry } from './state-server.ts';
import { STATE_ORIGIN, detailJson, indexJson, rosterCsv, serveStateFiles, stateServer, tempSnapshotsDir, testConfig, type DocumentFiles } from './fixtures.ts';

const PAGE = (title: string) => `<html><body><p>${title}</p><table><tr><td>Type B</td><td>Section Cited 87303(a)</td><td>A loose grab bar.</td></tr></table></body></html>`;

function home(license: string, list: ReportEntry[], detail: Record<string, string> = {}): DocumentFiles {
  return {
    detail: detailJson(license, { LASTVISITDATE: list[0]?.date ?? '', VSTDATEALL: list.map((e) => e.date).join(','), ...detail }),
    index: indexJson(license, list),
    reports: Object.fromEntries(list.map((entry, position) => [position, PAGE(`${entry.title} ${entry.date}`)])),
  };
}

const TWO: ReportEntry[] = [
  { date: '05/22/2025', title: 'Annual Inspection', type: 'Inspection' },
  { date: '03/12/2024', title: 'Case Management - Incidents', type: 'Other' },
];
const LICENSES = ['015600001', '015600002', '015600003'];
const roster = rosterCsv(LICENSES.map((license, n) => ({ number: license.replace(/^0/, ''), name: `HOME ${n + 1}`, street: `${n + 1} A ST` })));

/** One collection, as a run makes it: the documents through the HTTP client and the document store in `dir`. */
async function collect(dir: string, homes: DocumentHome[], today: string, options: { detailMaxAgeDays?: number } = {}) {
  const http = createHttpClient({ timeoutMs: 2_000, retries: 1, backoffMs: 5, concurrency: 4, minIntervalMs: 0, userAgent: 'test' });
  const store = new DocumentStore(dir);
  try {
    return await collectStateDocuments({
      homes,
      templates: stateSiteDocuments(STATE_ORIGIN),
      read: (location) => readLocation(location, { http, rootDir: dir }),
      store,
      today,
      concurrency: 4,
      ...options,
    });
  } finally {
    store.close();
    await http.close();
  }
}

const indexRequests = () => stateServer.requests().filter((r) => r.path.startsWith('/FacilityReports/')).map((r) => r.path);
const reportRequests = () => stateServer.requests().filter((r) => r.path === '/FacilityReports').map((r) => r.url);

test.serial('an index and its new reports are read only when the export\'s visit dates for the home changed', async (t) => {
  const dir = await tempSnapshotsDir();
  const files = { '015600001': home('015600001', TWO), '015600002': home('015600002', TWO.slice(1)) };
  const visits = { '015600001': '2024-03-12,2025-05-22', '015600002': '2024-03-12' };
  const homes = () => LICENSES.slice(0, 2).map((license) => ({ license, visitDates: visits[license as keyof typeof visits] }));
  serveStateFiles({ roster, documents: files });
  const first = await collect(dir, homes(), '2026-11-20');
  t.like(first.stats, { details_fetched: 2, indexes_fetched: 2, reports_fetched: 3, homes_current: 2, homes_waiting: 0 });

  // The live status changed (the detail's fingerprint too), the visit dates did not: no index is asked.
  serveStateFiles({ roster, documents: { ...files, '015600001': home('015600001', TWO, { STATUS: 'Closed, Licensee Initiated' }) } });
  const second = await collect(dir, homes(), '2026-11-21');
  t.deepEqual(indexRequests(), []);
  t.like(second.stats, { details_fetched: 2, indexes_fetched: 0, indexes_reused: 2, reports_fetched: 0 });
  t.is(second.byLicense.get('015600001')!.detail!.status, 'Closed, Licensee Initiated');
  t.is(second.byLicense.get('015600001')!.reports.length, 2, 'the stored list stands');

  // A new visit at 015600002: its index is read, and the one new report by its position (0).
  const newer: ReportEntry[] = [{ date: '11/18/2026', title: 'Annual Inspection', type: 'Inspection' }, ...TWO.slice(1)];
  serveStateFiles({ roster, documents: { ...files, '015600002': home('015600002', newer) } });
  visits['015600002'] = '2024-03-12,2026-11-18';
  const third = await collect(dir, homes(), '2026-11-22');
  t.deepEqual(indexRequests(), ['/FacilityReports/015600002']);
  t.deepEqual(reportRequests(), ['/FacilityReports?facNum=015600002&inx=0']);
  t.like(third.stats, { indexes_fetched: 1, indexes_reused: 1, reports_fetched: 1, reports_already_stored: 1 });

  // Details younger than detailMaxAgeDays are not read again either; nothing at all is asked.
  serveStateFiles({ roster, documents: files });
  const fourth = await collect(dir, homes(), '2026-11-23', { detailMaxAgeDays: 7 });
  t.deepEqual(stateServer.requests(), []);
  t.like(fourth.stats, { details_fetched: 0, details_reused: 2, indexes_reused: 2, requests: 0, homes_current: 2 });
  t.is(fourth.byLicense.get('015600002')!.detailCheckedOn, '2026-11-22', 'each keeps the date it was last checked');

  // A store written before the visit dates were kept gains the column and reads every index once more.
  const store = new Database(path.join(dir, DOCUMENT_STORE_FILE));
  t.true((store.prepare('PRAGMA table_info(facility_state)').all() as Array<{ name: string }>).some((c) => c.name === 'index_basis'));
  store.close();
});
