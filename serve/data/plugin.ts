// Downloads for analysts: the /data page, /data/index.json, and per retained snapshot its SQLite
// file (served by @hapi/inert: ETag, Last-Modified, Range), its listed homes as CSV and the
// Frictionless descriptor. Only retained snapshot files are ever served (catalog.ts). Every /data
// request counts against its own per-address budget.
import Boom from '@hapi/boom';
import Inert from '@hapi/inert';
import type { Lifecycle, Plugin, ServerRoute } from '@hapi/hapi';
import type { ClearanceKey } from '../../contract/facts.ts';
import { DEMO_SENTENCE } from '../words/wording.ts';
import type { Overlay } from '../records/overlay.ts';
import { callerAddress, FixedWindowBudget } from '../http/rate-limit.ts';
import type { Services } from '../http/services.ts';
import { attributionTextSnippet } from '../http/terms.ts';
import { html } from '../web/html.ts';
import { layout } from '../web/layout.ts';
import { htmlResponse } from '../web/respond.ts';
import { retainedSnapshot, retainedSnapshots, type SnapshotDownload } from './catalog.ts';
import { dataPackage, downloadName, listedHomesCsv } from './package.ts';

const INDEX_CACHE_CONTROL = 'public, s-maxage=300, stale-while-revalidate=300';
/** The CSV follows correction reviews, which show within five minutes: cached like the list. */
const CSV_CACHE_CONTROL = INDEX_CACHE_CONTROL;
/** A published snapshot file never changes. */
const FILE_CACHE_CONTROL = 'public, max-age=86400, immutable';

function indexEntry(baseUrl: string, download: SnapshotDownload) {
  const { path: _onDisk, ...entry } = download;
  return {
    ...entry,
    // Each file says so itself: an older file may be real data while a demo snapshot is served, or the reverse.
    ...(download.demo_data ? { demo_notice: DEMO_SENTENCE } : {}),
    downloads: {
      sqlite: `${baseUrl}/data/${download.file}`,
      csv: `${baseUrl}/data/${downloadName.csv(download.file)}`,
      datapackage: `${baseUrl}/data/${downloadName.datapackage(download.file)}`,
    },
  };
}

/**
 * The SQLite files are the published snapshots, unchanged (their sha256 holds), so a correction
 * review held now is not applied inside them; the index names every held one so an analyst can
 * read those clearances as the API, the pages and the CSV do.
 */
const REVIEWS_NOTE =
  'The SQLite files are the published snapshots, unchanged, so correction reviews are not applied inside them. ' +
  'While a review is held, the API, the pages and the CSV read that clearance not_on_file (and leave out the service codes that grant it); ' +
  'read the clearances listed in held_reviews the same way.';

function heldReviews(overlay: Overlay): Array<{ license_number: string; clearance: ClearanceKey }> {
  return [...overlay.licensesWithReviews()].sort().flatMap((license) => overlay.reviewsOf(license).map((clearance) => ({ license_number: license, clearance })));
}

function dataPage(baseUrl: string, downloads: readonly SnapshotDownload[]): string {
  const rows = downloads.map(
    (d) => html`<tr><td>${d.snapshot_date ?? ''}</td><td><a href="${baseUrl}/data/${d.file}">${d.file}</a> (${(d.bytes / 1024 / 1024).toFixed(1)} MB)</td>
<td><a href="${baseUrl}/data/${downloadName.csv(d.file)}">CSV</a>, <a href="${baseUrl}/data/${downloadName.datapackage(d.file)}">datapackage.json</a></td>
<td>${d.listed_homes} listed of ${d.row_counts.facilities ?? 0}; ${d.row_counts.change_log ?? 0} logged changes</td><td><code class="hash">${d.sha256}</code></td></tr>`,
  );
  const body = html`<h1>Download the data</h1>
<p>Every snapshot this service keeps, as the SQLite file itself, plus the listed homes of each as CSV with a <a href="https://datapackage.org/">Frictionless Data</a> descriptor. The machine-readable index is <a href="${baseUrl}/data/index.json">/data/index.json</a>. Open a file with <code>sqlite3</code> and run <code>SELECT * FROM about;</code> to see what each table holds; <code>change_log</code> is every change seen on the state record, dated by its source.</p>
<p>${attributionTextSnippet(baseUrl)}</p>
<table class="downloads"><thead><tr><th>Snapshot date</th><th>SQLite file</th><th>Listed homes</th><th>Rows</th><th>sha256</th></tr></thead><tbody>${rows}</tbody></table>
<p>Correction reviews held now are not applied inside the SQLite files (they are the published snapshots, unchanged); <a href="${baseUrl}/data/index.json">/data/index.json</a> lists them under <code>held_reviews</code>. The CSV applies them.</p>
<p>Downloads are limited per address; see the <a href="${baseUrl}/terms">terms</a>. Nothing private is in these files.</p>`;
  return layout({ baseUrl, title: 'Download the data', description: 'Every retained snapshot of the licensing record, as SQLite and CSV, with checksums.', canonicalUrl: `${baseUrl}/data`, body });
}

function routes(services: Services): ServerRoute[] {
  const { baseUrl, snapshotsDir } = services.settings;
  const budget = new FixedWindowBudget(services.settings.downloads.rateLimit, services.settings.downloads.windowMs);
  const overBudget: Lifecycle.Method = async (request, h) => {
    const seconds = await budget.hit(callerAddress(request, services.settings.trustedProxyHops));
    if (seconds === 0) return h.continue;
    const error = Boom.tooManyRequests(
      `Too many downloads from this address: retry after ${seconds} seconds. ` +
        `The budget is ${services.settings.downloads.rateLimit} requests a minute per address on /data.`,
    );
    error.output.headers['retry-after'] = String(seconds);
    throw error;
  };
  const budgeted = { ext: { onPreAuth: { method: overBudget } } };
  const notFound = (name: string) => Boom.notFound(`No download is called ${JSON.stringify(name.slice(0, 80))}. The downloads are listed at ${baseUrl}/data/index.json.`);

  return [
    {
      method: 'GET',
      path: '/data',
      options: budgeted,
      handler: async (_request, h) => htmlResponse(h, dataPage(baseUrl, await retainedSnapshots(snapshotsDir)), { cacheControl: INDEX_CACHE_CONTROL, varyAccept: false }),
    },
    {
      method: 'GET',
      path: '/data/index.json',
      options: budgeted,
      handler: async (_request, h) => {
        const downloads = await retainedSnapshots(snapshotsDir);
        return h
          .response({
            description: 'Each retained snapshot of the licensing record: the SQLite file, the listed homes as CSV and its datapackage.json, newest first.',
            attribution: attributionTextSnippet(baseUrl),
            terms_url: `${baseUrl}/terms`,
            snapshots: downloads.map((download) => indexEntry(baseUrl, download)),
            reviews_note: REVIEWS_NOTE,
            held_reviews: heldReviews(services.overlays.current),
          })
          .header('cache-control', INDEX_CACHE_CONTROL);
      },
    },
    {
      method: 'GET',
      path: '/data/{file}',
      options: budgeted,
      handler: async (request, h) => {
        const name = (request.params as { file: string }).file;
        const csv = name.endsWith('.csv');
        const descriptor = name.endsWith('.datapackage.json');
        const file = csv ? name.replace(/\.csv$/, '.sqlite') : descriptor ? name.replace(/\.datapackage\.json$/, '.sqlite') : name;
        const download = await retainedSnapshot(snapshotsDir, file);
        if (!download) throw notFound(name);
        if (csv) {
          return h
            .response(listedHomesCsv(download, services.overlays.current))
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${name}"`)
            .header('cache-control', CSV_CACHE_CONTROL);
        }
        if (descriptor) return h.response(dataPackage(baseUrl, services.settings, download)).header('cache-control', FILE_CACHE_CONTROL);
        // inert sends the bytes with Last-Modified and answers Range; the ETag is the file's sha256.
        return h
          .file(download.path, { confine: false, etagMethod: false, mode: 'attachment', filename: download.file })
          .etag(download.sha256)
          .type('application/vnd.sqlite3')
          .header('cache-control', FILE_CACHE_CONTROL);
      },
    },
  ];
}

export const dataPlugin: Plugin<Services> = {
  name: 'data-downloads',
  async register(server, services) {
    await server.register({ plugin: Inert, once: true });
    server.route(routes(services));
  },
};
