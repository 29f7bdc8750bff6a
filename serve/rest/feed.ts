// Atom (RFC 4287) feeds of the change log: the whole state and one per county. Each entry is one
// change, linking to the home's page (or, for a license no longer listed, its history). The
// entry id is the history's address plus the run and field, so it never changes once published.
import type { ChangeRow } from '../records/changes.ts';
import { CHANGES_FAIRNESS, facilityPageUrl, historyUrl } from '../shape/changes.ts';
import { changeLine } from '../words/changes.ts';
import { DEMO_SENTENCE } from '../words/wording.ts';
import { SERVICE_NAME, STATE_SOURCE } from '../words/wording.ts';

/** How many of the newest changes a feed carries. */
export const FEED_ENTRIES = 100;

export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

// Characters XML 1.0 does not allow are dropped; markup characters are escaped.
function xml(text: string): string {
  return text
    .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const instant = (date: string) => `${date}T00:00:00Z`;

export interface FeedOptions {
  baseUrl: string;
  /** Path of the feed itself, e.g. /changes.atom. */
  selfPath: string;
  /** Path of the page the feed is about, e.g. / or /county/alameda. */
  pagePath: string;
  title: string;
  /** When the newest snapshot was published: the feed's `updated` when it has no entries. */
  snapshotDate: string | null;
  /** The served snapshot holds invented homes: a feed reader shows the title and subtitle, so both say so. */
  demo: boolean;
}

function entry(baseUrl: string, row: ChangeRow): string {
  const link = facilityPageUrl(baseUrl, row) ?? historyUrl(baseUrl, row.license_number);
  const id = `${historyUrl(baseUrl, row.license_number)}#run-${row.run_seq}-${row.field ?? row.change}`;
  return [
    '  <entry>',
    `    <id>${xml(id)}</id>`,
    `    <title>${xml(`${row.name}: ${changeLine(row)}`)}</title>`,
    `    <link rel="alternate" type="text/html" href="${xml(link)}"/>`,
    // Atom requires a date: an undated source's change is dated by the snapshot that first showed it.
    `    <updated>${instant(row.observed_on ?? row.snapshot_date)}</updated>`,
    `    <summary type="text">${xml(`${row.name} (license ${row.license_number}${row.city ? `, ${row.city}` : ''}): ${changeLine(row)}. Seen by the run of ${row.snapshot_date} (${row.snapshot_file}).`)}</summary>`,
    '  </entry>',
  ].join('\n');
}

export function atomFeed(options: FeedOptions, rows: readonly ChangeRow[]): string {
  const { baseUrl } = options;
  const newest = rows.reduce<string | null>((latest, row) => (row.observed_on !== null && (latest === null || row.observed_on > latest) ? row.observed_on : latest), null);
  const updated = newest ?? options.snapshotDate ?? '1970-01-01';
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xml(baseUrl + options.selfPath)}</id>`,
    `  <title>${xml(options.demo ? `${options.title} (demo data)` : options.title)}</title>`,
    `  <subtitle>${xml(options.demo ? `${DEMO_SENTENCE} ${CHANGES_FAIRNESS}` : CHANGES_FAIRNESS)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(baseUrl + options.selfPath)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xml(baseUrl + options.pagePath)}"/>`,
    `  <updated>${instant(updated)}</updated>`,
    `  <author><name>${xml(SERVICE_NAME)}</name><uri>${xml(baseUrl)}</uri></author>`,
    `  <rights>${xml(`Data: ${STATE_SOURCE}, as compiled by ${SERVICE_NAME}. Terms: ${baseUrl}/terms`)}</rights>`,
    ...rows.map((row) => entry(baseUrl, row)),
    '</feed>',
    '',
  ].join('\n');
}
