// A loopback stand-in for the state's open-data portal, speaking CKAN's action API as CKAN 2.9 to
// 2.11 do (ckan/views/api.py, ckanext/datastore): every answer in the `{help, success, result}`
// envelope; a refusal as `{help, success: false, error: {__type, message}}` with CKAN's status
// (403 Authorization Error, 404 Not Found Error, 409 Validation Error); `datastore_search` paged by
// `limit` and `offset` in `_id` order, capped at the portal's own maximum, with `fields` (the `_id`
// column first), `records` carrying `_id`, `total` and `_links`. The catalog is a plain object the
// test changes between runs, as the state republishes.
import { parse } from 'csv-parse/sync';
import type { RecordedRequest, Reply, StateServer } from './state-server.ts';

export interface StandInResource {
  id: string;
  name: string;
  /** CKAN's `format` (default CSV). */
  format?: string;
  /** The download address; null: the resource has none. */
  url: string | null;
  last_modified?: string | null;
  /** Rows in the datastore, in `_id` order; absent: `datastore_active` is false. */
  datastore?: { fields: Array<{ id: string; type: string }>; records: Array<Record<string, unknown>> };
}

export interface StandInDataset {
  id: string;
  name: string;
  /** A private dataset: package_show answers 403, as to a visitor without a key. */
  private?: boolean;
  resources: StandInResource[];
}

export interface StandInOptions {
  /** The portal's `ckan.datastore.search.rows_max`: a larger `limit` is served this many rows. */
  rowsMax?: number;
  /** Changes a datastore_search result before it is sent (a cut-off page, a total that moves). */
  alterPage?: (result: { resourceId: string; offset: number; limit: number; total: number; records: unknown[] }) => void;
}

const ACTIONS = '/api/3/action/';

/** Serves `datasets` through CKAN's action API on the stand-in (replacing its earlier catalog routes). */
export function serveCatalog(server: StateServer, datasets: StandInDataset[], options: StandInOptions = {}): void {
  const envelope = (action: string, status: number, body: Record<string, unknown>): Reply => ({
    status,
    headers: { 'content-type': 'application/json;charset=utf-8' },
    body: JSON.stringify({ help: `${server.origin}${ACTIONS}help_show?name=${action}`, ...body }),
  });
  const ok = (action: string, result: unknown) => envelope(action, 200, { success: true, result });
  const refuse = (action: string, status: number, error: Record<string, unknown>) => envelope(action, status, { success: false, error });
  const notFound = (action: string, message: string) => refuse(action, 404, { __type: 'Not Found Error', message: `Not found: ${message}` });
  const missingId = (action: string, name: string) => refuse(action, 409, { __type: 'Validation Error', [name]: ['Missing value'] });

  const resourceDict = (resource: StandInResource, dataset: StandInDataset) => ({
    id: resource.id,
    package_id: dataset.id,
    name: resource.name,
    description: '',
    format: resource.format ?? 'CSV',
    url: resource.url ?? '',
    url_type: resource.url ? 'upload' : 'datastore',
    mimetype: 'text/csv',
    datastore_active: resource.datastore !== undefined,
    last_modified: resource.last_modified ?? null,
    metadata_modified: '2026-11-20T10:00:00.000000',
    created: '2020-01-01T00:00:00.000000',
    state: 'active',
  });
  const findResource = (id: string | null) => {
    for (const dataset of datasets) for (const resource of dataset.resources) if (resource.id === id) return { resource, dataset };
    return null;
  };

  server.route(`${ACTIONS}resource_show`, (request: RecordedRequest) => {
    const id = request.query.get('id');
    if (!id) return missingId('resource_show', 'id');
    const found = findResource(id);
    return found ? ok('resource_show', resourceDict(found.resource, found.dataset)) : notFound('resource_show', 'Resource was not found.');
  });

  server.route(`${ACTIONS}package_show`, (request: RecordedRequest) => {
    const id = request.query.get('id');
    if (!id) return missingId('package_show', 'id');
    const dataset = datasets.find((candidate) => candidate.id === id || candidate.name === id);
    if (!dataset) return notFound('package_show', '');
    if (dataset.private) return refuse('package_show', 403, { __type: 'Authorization Error', message: `Access denied: User  not authorized to read package ${dataset.id}` });
    return ok('package_show', { id: dataset.id, name: dataset.name, title: dataset.name, private: false, resources: dataset.resources.map((resource) => resourceDict(resource, dataset)) });
  });

  server.route(`${ACTIONS}datastore_search`, (request: RecordedRequest) => {
    const id = request.query.get('resource_id');
    if (!id) return missingId('datastore_search', 'resource_id');
    const found = findResource(id);
    if (!found?.resource.datastore) return notFound('datastore_search', `Resource "${id}" was not found.`);
    const { fields, records } = found.resource.datastore;
    const limit = Math.min(Number(request.query.get('limit') ?? 100), options.rowsMax ?? 32_000);
    const offset = Number(request.query.get('offset') ?? 0);
    const page = {
      resourceId: id,
      offset,
      limit,
      total: records.length,
      records: records.slice(offset, offset + limit).map((record, index) => ({ _id: offset + index + 1, ...record })) as unknown[],
    };
    options.alterPage?.(page);
    const link = (at: number) => `${ACTIONS}datastore_search?resource_id=${id}&limit=${limit}&offset=${at}`;
    return ok('datastore_search', {
      include_total: true,
      limit: page.limit,
      offset: page.offset,
      records_format: 'objects',
      resource_id: id,
      total_was_estimated: false,
      fields: [{ id: '_id', type: 'int' }, ...fields],
      records: page.records,
      total: page.total,
      _links: { start: link(0), next: link(offset + limit) },
    });
  });
}

/**
 * A CSV file's rows as a datastore holds them: columns typed as `types` says (text unless named),
 * a number column's cells as JSON numbers, an empty cell as null, every other cell verbatim.
 */
export function datastoreOf(csv: string, types: Record<string, 'int' | 'numeric'> = {}): NonNullable<StandInResource['datastore']> {
  const [header, ...rows] = parse(csv.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
  const fields = header!.map((id) => ({ id, type: types[id] ?? 'text' }));
  const records = rows.map((row) =>
    Object.fromEntries(fields.map(({ id, type }, index) => {
      const cell = row[index] ?? '';
      if (cell === '') return [id, null];
      if (type === 'text') return [id, cell];
      if (!/^-?\d+(\.\d+)?$/.test(cell)) throw new Error(`datastoreOf: ${id} is typed ${type}, but "${cell}" is not a number`);
      return [id, Number(cell)];
    })),
  );
  return { fields, records };
}
