// The state's open-data portal is a CKAN site, and its download addresses change when a dataset is
// republished. A source named in its catalog (`ckan:<portal>#<dataset>/<resource id or name>`) is
// looked up with CKAN's action API on every run: `resource_show` for an id, `package_show` for a
// name. The answer says where the file is now, or that the rows are only in the datastore, read
// page by page with `datastore_search`. Whatever the catalog cannot answer is a CatalogProblem in
// the catalog's own words: the run then goes on without the source, never with a guessed address.
// The response fields relied on are listed in docs/first-real-run.md.
import type { HttpClient } from '../http.ts';

export const CKAN_FORM = 'ckan:<portal URL>#<dataset>/<resource id or name>';
const CKAN_EXAMPLE = 'ckan:https://data.chhs.ca.gov#ccl-facilities/744d1583-f9eb-45b6-b0f8-b9a9dab936a6';
const PREFIX = 'ckan:';
const RESOURCE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A source named in a CKAN catalog. */
export interface CkanLocation {
  /** The setting as written. */
  spec: string;
  /** The portal's base address, without a trailing slash. */
  portal: string;
  /** The dataset's name or id. */
  dataset: string;
  /** The resource's id, or its name (title) to match in the dataset. */
  resource: string;
  byId: boolean;
}

/** What the catalog said about a source this run, for the run report. */
export interface CatalogReading {
  spec: string;
  /** `resource_show` when the resource was named by id, `package_show` when by name. */
  asked: 'resource_show' | 'package_show';
  resourceId: string;
  resourceName: string | null;
  format: string | null;
  /** The resource's own `last_modified`, as the catalog gives it (UTC, no zone); null when it states none. */
  lastModified: string | null;
  /** `file`: its download address was read; `datastore`: its rows were read page by page. */
  road: 'file' | 'datastore';
  datastore: DatastoreStats | null;
}

export interface DatastoreStats {
  pages: number;
  rows: number;
  /** Rows asked per page (the portal may serve fewer per page: its own maximum). */
  pageSize: number;
  /** Columns the datastore types as numbers: a leading zero the file has is not in them. */
  numericColumns: string[];
}

/** A malformed `ckan:` setting: says what was wrong and the accepted form. */
export class CkanSpecError extends Error {
  override name = 'CkanSpecError';
}

/** The catalog cannot give this source: the message is what it answered. */
export class CatalogProblem extends Error {
  override name = 'CatalogProblem';
}

export function isCkanLocation(location: string): boolean {
  return location.slice(0, PREFIX.length).toLowerCase() === PREFIX;
}

export function parseCkanLocation(spec: string): CkanLocation {
  const bad = (why: string) => new CkanSpecError(`"${spec}" is not a catalog source: ${why}. Write ${CKAN_FORM}, e.g. ${CKAN_EXAMPLE}.`);
  const rest = spec.slice(PREFIX.length);
  const hash = rest.indexOf('#');
  if (hash < 0) throw bad('there is no "#" between the portal and the dataset');
  const portal = rest.slice(0, hash).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/?#\s]+(?:\/[^?#\s]*)?$/i.test(portal)) throw bad(`the portal "${portal}" is not an http(s) address`);
  const named = rest.slice(hash + 1);
  const slash = named.indexOf('/');
  if (slash < 0) throw bad('there is no "/" between the dataset and the resource');
  const dataset = named.slice(0, slash);
  // CKAN's rule for dataset names (ids fit it too).
  if (!/^[a-z0-9_-]{2,100}$/.test(dataset)) throw bad(`the dataset "${dataset}" is not a CKAN dataset name or id (2 to 100 lower-case letters, digits, - and _)`);
  let resource: string;
  try {
    resource = decodeURIComponent(named.slice(slash + 1)).trim();
  } catch {
    throw bad('the resource has a broken %-escape');
  }
  if (resource === '') throw bad('the resource is empty');
  return { spec, portal, dataset, resource, byId: RESOURCE_ID.test(resource) };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const opening = (body: string) => JSON.stringify(body.trim().slice(0, 40));

/** CKAN's error object in one line: "Not Found Error: Not found: Resource was not found." or a validation error's fields. */
function errorText(error: unknown): string {
  if (!isRecord(error)) return 'no error object';
  const type = text(error.__type) ?? 'error';
  const message = text(error.message);
  if (message) return `${type}: ${message}`;
  const fields = Object.entries(error)
    .filter(([key]) => key !== '__type')
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join('; ') : String(value)}`);
  return fields.length ? `${type}: ${fields.join(', ')}` : type;
}

export function actionUrl(portal: string, action: string, params: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]));
  return `${portal}/api/3/action/${action}?${query}`;
}

/** One action through the pipeline's HTTP client: its `result`, or a CatalogProblem saying what came back instead. */
async function callAction(http: HttpClient, portal: string, action: string, params: Record<string, string | number>, deadline: AbortSignal | undefined): Promise<unknown> {
  const { status, value: body } = await http.ask(actionUrl(portal, action, params), (response) => response.text(), deadline);
  let envelope: unknown;
  try {
    envelope = JSON.parse(body);
  } catch {
    throw new CatalogProblem(`${action} answered HTTP ${status} with something that is not a CKAN answer (it starts ${opening(body)})`);
  }
  if (!isRecord(envelope) || typeof envelope.success !== 'boolean') {
    throw new CatalogProblem(`${action} answered HTTP ${status} without CKAN's "success" field`);
  }
  if (!envelope.success) throw new CatalogProblem(`${action} answered success: false, HTTP ${status} (${errorText(envelope.error)})`);
  if (status < 200 || status >= 300) throw new CatalogProblem(`${action} answered success: true with HTTP ${status}`);
  return envelope.result;
}

interface CkanResource {
  id: string;
  name: string | null;
  url: string | null;
  format: string | null;
  datastoreActive: boolean;
  lastModified: string | null;
}

function readResource(value: unknown): CkanResource | null {
  if (!isRecord(value) || !text(value.id)) return null;
  return {
    id: text(value.id)!,
    name: text(value.name),
    url: text(value.url),
    format: text(value.format),
    datastoreActive: value.datastore_active === true,
    lastModified: text(value.last_modified),
  };
}

const sameName = (a: string, b: string) => a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();

/** The resource the location names, as the catalog describes it now. */
async function findResource(location: CkanLocation, http: HttpClient, deadline: AbortSignal | undefined): Promise<CkanResource> {
  if (location.byId) {
    const resource = readResource(await callAction(http, location.portal, 'resource_show', { id: location.resource }, deadline));
    if (!resource) throw new CatalogProblem('resource_show answered success: true without a resource id');
    if (resource.id.toLowerCase() !== location.resource.toLowerCase()) throw new CatalogProblem(`resource_show answered with resource ${resource.id}, not ${location.resource}`);
    return resource;
  }
  const dataset = await callAction(http, location.portal, 'package_show', { id: location.dataset }, deadline);
  if (!isRecord(dataset) || !Array.isArray(dataset.resources)) throw new CatalogProblem('package_show answered success: true without a resources list');
  const resources = dataset.resources.map(readResource).filter((resource): resource is CkanResource => resource !== null);
  const matches = resources.filter((resource) => resource.name !== null && sameName(resource.name, location.resource));
  if (matches.length === 0) {
    const names = resources.map((resource) => `"${resource.name ?? '(no name)'}" (${resource.id})`);
    throw new CatalogProblem(`dataset "${location.dataset}" names no resource "${location.resource}"; it has ${names.length ? names.join(', ') : 'no resources'}`);
  }
  if (matches.length > 1) {
    throw new CatalogProblem(`dataset "${location.dataset}" has ${matches.length} resources named "${location.resource}" (${matches.map((resource) => resource.id).join(', ')}): name one by its id`);
  }
  return matches[0]!;
}

/** A CSV file is read from its address; anything else only through a datastore. */
function chooseRoad(location: CkanLocation, resource: CkanResource): { road: 'file'; url: string } | { road: 'datastore' } {
  let url: URL | null = null;
  try {
    url = resource.url ? new URL(resource.url, `${location.portal}/`) : null;
  } catch {
    url = null;
  }
  const format = resource.format?.toUpperCase() ?? null;
  const csv = format === 'CSV' || format === 'TEXT/CSV' || (format === null && url !== null && /\.csv$/i.test(url.pathname));
  if (url && /^https?:$/.test(url.protocol) && csv) return { road: 'file', url: url.href };
  if (resource.datastoreActive) return { road: 'datastore' };
  const offered = format ? `only ${format}` : 'a file of no stated format';
  throw new CatalogProblem(
    `resource ${resource.id}${resource.name ? ` ("${resource.name}")` : ''} offers ${offered}${resource.url ? ` at ${resource.url}` : ' and no address'}, which the run cannot read (it reads CSV), and has no datastore`,
  );
}

export interface CatalogAnswer {
  reading: CatalogReading;
  /** The file's current address (road `file`), or null: the rows are read from the datastore. */
  fileUrl: string | null;
}

/** Asks the catalog where the source is now. */
export async function lookUpResource(location: CkanLocation, http: HttpClient, deadline?: AbortSignal): Promise<CatalogAnswer> {
  const resource = await findResource(location, http, deadline);
  const road = chooseRoad(location, resource);
  return {
    reading: {
      spec: location.spec,
      asked: location.byId ? 'resource_show' : 'package_show',
      resourceId: resource.id,
      resourceName: resource.name,
      format: resource.format,
      lastModified: resource.lastModified,
      road: road.road,
      datastore: null,
    },
    fileUrl: road.road === 'file' ? road.url : null,
  };
}

/** The date part of a catalog timestamp (`2025-05-28T17:33:41.123456`), or null. */
export function catalogDate(reading: CatalogReading | null | undefined): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(reading?.lastModified ?? '');
  return match ? match[1]! : null;
}

/** The address a datastore read starts from, for the report and the snapshot's `sources` table. */
export function datastoreUrl(location: CkanLocation, resourceId: string): string {
  return actionUrl(location.portal, 'datastore_search', { resource_id: resourceId });
}

/** A cell as a CSV file would hold it: numbers and booleans as written, null as an empty cell. */
function csvText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function csvLine(cells: readonly string[]): string {
  return cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',') + '\n';
}

/** The datastore's own columns, not the row id and search index it adds. */
const DATASTORE_OWN = new Set(['_id', '_full_text']);
const NUMERIC_TYPE = /^(int|numeric|float|double|bigint|smallint|real|decimal)/i;

interface Column {
  id: string;
  type: string;
}

function readColumns(fields: unknown): Column[] | null {
  if (!Array.isArray(fields)) return null;
  const columns: Column[] = [];
  for (const field of fields) {
    if (!isRecord(field) || typeof field.id !== 'string') return null;
    if (!DATASTORE_OWN.has(field.id)) columns.push({ id: field.id, type: typeof field.type === 'string' ? field.type : '' });
  }
  return columns;
}

/**
 * The datastore's rows as the CSV file would hold them: a header of its columns in the order
 * `fields` gives, then every record in `_id` order, page by page, `pageSize` at a time. A page
 * that comes back short before `total` is reached, a total or column list that changes between
 * pages, or an estimated total is a CatalogProblem: half a table is no source.
 */
export async function* datastoreCsv(
  location: CkanLocation,
  resourceId: string,
  http: HttpClient,
  /** `stats` is filled in as the pages come (its `pageSize` is the caller's). */
  options: { pageSize: number; deadline?: AbortSignal; stats: DatastoreStats },
): AsyncGenerator<string> {
  const { stats } = options;
  let limit = options.pageSize;
  let offset = 0;
  let total: number | null = null;
  let columns: Column[] | null = null;
  do {
    const result = await callAction(http, location.portal, 'datastore_search', { resource_id: resourceId, limit, offset, sort: '_id asc' }, options.deadline);
    const page = `datastore_search at offset ${offset}`;
    if (!isRecord(result) || !Array.isArray(result.records) || typeof result.total !== 'number') {
      throw new CatalogProblem(`${page} answered success: true without records and a total`);
    }
    if (result.total_was_estimated === true) throw new CatalogProblem(`${page} gave an estimated total (${result.total}): whether every row was read cannot be checked`);
    const pageColumns = readColumns(result.fields);
    if (!pageColumns) throw new CatalogProblem(`${page} answered without its fields`);
    if (columns === null) {
      columns = pageColumns;
      stats.numericColumns = columns.filter((column) => NUMERIC_TYPE.test(column.type)).map((column) => column.id);
      yield csvLine(columns.map((column) => column.id));
    } else if (pageColumns.map((column) => column.id).join('\n') !== columns.map((column) => column.id).join('\n')) {
      throw new CatalogProblem(`${page} has other columns than the first page: the table changed while it was read`);
    }
    if (total === null) total = result.total;
    else if (result.total !== total) throw new CatalogProblem(`${page} gives a total of ${result.total} rows, the first page ${total}: the table changed while it was read`);
    // A portal serves at most its own maximum a page, and says so in `limit`.
    if (typeof result.limit === 'number' && result.limit > 0 && result.limit < limit) limit = result.limit;
    const expected = Math.min(limit, total - offset);
    if (result.records.length !== expected) {
      throw new CatalogProblem(`${page} gave ${result.records.length} of ${expected} row(s) before the total of ${total} was reached: the datastore read is incomplete`);
    }
    const own = columns;
    yield result.records.map((record) => csvLine(own.map((column) => csvText(isRecord(record) ? record[column.id] : undefined)))).join('');
    offset += result.records.length;
    stats.pages += 1;
    stats.rows = offset;
  } while (offset < total);
}
