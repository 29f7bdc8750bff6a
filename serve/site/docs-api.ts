// /docs/api: the REST API explained in words (envelope, Facts, tri-state rules, errors, limits,
// caching, versioning) with copy-paste examples, written once in Markdown. The HTML page adds
// the full reference rendered from /openapi.json by Swagger UI; the Markdown twin points at it.
import { NEED_KEYS } from '../../contract/facts.ts';
import { CACHE_CONTROL } from '../http/cache-control.ts';
import { NEUTRALITY, NEVER_IN_THIS_DATA, NO_SORT_PARAMETER, SERVICE_NAME, STATE_SOURCE } from '../words/wording.ts';
import { IN_BOUNDS_LIMIT, MAX_BOX_DEGREES, SITE_CACHE_CONTROL, SUGGEST_LIMIT } from './api.ts';
import type { SiteIndex } from '../shape/homes-index.ts';
import { MCP_DOCS_PATH, TERMS_PATH } from '../web/links.ts';

export const API_DOCS_TITLE = 'REST API documentation';
export const API_DOCS_DESCRIPTION =
  "How to use the free, keyless, read-only REST API over California's licensing record of elder-care homes: envelope, Facts, tri-state values, errors, limits, caching and versioning, with examples.";

export type DocsExamples = ReturnType<typeof docsExamples>;

/** The examples' values: real ones from the snapshot, so every example works. */
export function docsExamples(index: SiteIndex) {
  const home = index.homes.find((h) => h.county && h.city) ?? index.homes[0];
  const county = index.counties.find((c) => c.county.toUpperCase() === 'SACRAMENTO') ?? index.counties[0];
  const other = index.homes.find((h) => h !== home && h.county === home?.county) ?? null;
  return {
    license: home?.license_number ?? '197600123',
    county: county?.county ?? 'Sacramento',
    // A home's name with its city, for the batch check example.
    homeName: home ? `${home.name}, ${home.city ?? ''}`.replace(/, $/, '') : 'Sunrise Villa, Sacramento',
    // A second license, for the compare examples.
    otherLicense: other?.license_number ?? null,
    city: home?.city ?? null,
  };
}

export function apiDocsMarkdown(baseUrl: string, ex: DocsExamples): string {
  const api = `${baseUrl}/api/v1`;
  const countyParam = encodeURIComponent(ex.county).replace(/%20/g, '+');
  return `# ${API_DOCS_TITLE}

A free, read-only REST API over the state licensing record of every residential care facility for the elderly (RCFE) in California. No key, no account, no sign-up: send plain HTTPS requests. The API serves stored data from the latest data run; a call never triggers a live state lookup.

- Base address: \`${api}\`
- Front door (every endpoint listed): [${api}](${api})
- Contract: [OpenAPI 3.1 at ${baseUrl}/openapi.json](${baseUrl}/openapi.json), generated from the routes' own validation, so it cannot drift from the server
- AI assistants: the [MCP server](${baseUrl}${MCP_DOCS_PATH}) offers the same data as tools
- Terms: free, including commercial use, with attribution: see [the terms](${baseUrl}${TERMS_PATH})

## Quick start

Copy and paste; each command works as it is.

\`\`\`sh
# Where everything is
curl -s '${api}'

# Licensed homes in a county, alphabetical, 5 at a time
curl -s '${api}/facilities?county=${countyParam}&limit=5'

# Homes whose license carries the dementia approval and the non-ambulatory approval (wheelchair)
curl -s '${api}/facilities?county=${countyParam}&needs=dementia,wheelchair'

# The next page: add offset (= offset + limit) until you reach total
curl -s '${api}/facilities?county=${countyParam}&limit=5&offset=5'

# One home by license number, with its state documents summary
curl -s '${api}/facilities/${ex.license}'

# The state's reports (inspections, complaints) for that home, newest first
curl -s '${api}/facilities/${ex.license}/reports'

# Editorial guides
curl -s '${api}/guides'

# Batch check: up to 100 license numbers or names in one call ("name, city" narrows a name)
curl -s -X POST '${api}/check' \\
  -H 'content-type: application/json' \\
  -H 'X-Client-Name: my-product' \\
  -d '{"homes": ["${ex.license}", ${JSON.stringify(ex.homeName)}]}'
\`\`\`

In JavaScript:

\`\`\`js
const response = await fetch('${api}/facilities?county=${countyParam}&limit=5');
const { data, attribution } = await response.json();
for (const home of data.facilities) {
  // Tri-state: only 'true' is a yes. Both other values read "not on file", never "no".
  const dementia = home.clearances.dementia.value === 'true' ? 'yes' : 'not on file';
  console.log(home.name.value, home.address.value.city, 'dementia care:', dementia);
}
console.log('Source:', attribution.source, '- terms:', attribution.terms_url);
\`\`\`

## Endpoints

| Method and path | What it returns | Cache-Control |
|---|---|---|
| \`GET /api/v1\` | The front door: endpoints, MCP server, OpenAPI, documentation, terms (a plain object, not an envelope) | \`${CACHE_CONTROL.frontDoor}\` |
| \`GET /api/v1/facilities\` | Licensed homes, alphabetical by name then license number. Optional \`county\`, \`city\` (case-insensitive exact match), \`needs\` (${NEED_KEYS.join(', ')}; ANDed), \`limit\` (1..100, default 50), \`offset\` (0..20000, default 0) | \`${CACHE_CONTROL.facilities}\` |
| \`GET /api/v1/facilities/{license}\` | One home by license number, any status (closed licenses too), with \`state_documents\` | \`${CACHE_CONTROL.facility}\` |
| \`GET /api/v1/facilities/{license}/reports\` | The state's reports for the home, newest first, the whole list (at most 1,000 an answer: \`offset\` and \`limit\` page past it) | \`${CACHE_CONTROL.reports}\` |
| \`GET /api/v1/guides\` | Editorial guides, the whole list | \`${CACHE_CONTROL.guides}\` |
| \`POST /api/v1/check\` | Batch check of 1 to 100 license numbers or names (the REST twin of the MCP tool check_homes) | \`${CACHE_CONTROL.check}\` |

Lists include only licenses whose status is LICENSED, LICENSED/PENDING INCREASE or PROBATIONARY LICENSE (any capitalization); probationary homes are included and \`on_probation\` says so. Look-ups by license number (and the batch check) also find closed licenses.

## The envelope

Every response except \`GET /api/v1\` is an envelope:

\`\`\`json
{
  "api_version": "v1",
  "data": { "facilities": [], "total": 0, "limit": 50, "offset": 0, "order": "name_asc" },
  "attribution": {
    "source": "${STATE_SOURCE}",
    "retrieved_on": "2026-11-21",
    "terms_url": "${baseUrl}${TERMS_PATH}"
  },
  "generated_at": "2026-11-21T08:00:00.000Z"
}
\`\`\`

| Field | Meaning |
|---|---|
| \`api_version\` | Always \`v1\`. |
| \`data\` | What the endpoint returns. |
| \`attribution.source\` | Who the data comes from: the state licensing agency (guides name ${SERVICE_NAME} itself, checked against the state records). Show it, with a link to ${baseUrl} (see the terms). |
| \`attribution.retrieved_on\` | One home: the record's snapshot date. Lists: the date of the newest successful data run. Batch check: when the state record was last loaded. Guides: their review date. |
| \`attribution.terms_url\` | The terms of use. |
| \`generated_at\` | When this response was built: not the age of the data. |

## Facts and source classes

Each field of a home record is a Fact: an object with exactly \`value\`, \`source_class\`, \`confirmed_on\`, \`next_due\` and \`ref\`.

\`\`\`json
{ "value": "LICENSED", "source_class": "state", "confirmed_on": "2026-11-16", "next_due": null, "ref": "roster:license_status" }
\`\`\`

| Field | Meaning |
|---|---|
| \`value\` | Verbatim from the source where it is text (casing included). \`null\` means not on file, never a negative claim. |
| \`source_class\` | Who asserted the value: \`state\` (the state record), \`operator_attested\` (the home itself), \`machine_extracted\` (computed by us, such as map coordinates from the address), \`third_party\`. |
| \`confirmed_on\` | The date the source last confirmed the value (roster facts: the record's date; the waiver: the list's date). \`null\` means the source gives no date, not "fresh". |
| \`next_due\` | When the value is next re-checked. No cadence is published, so it is \`null\` on every fact today. |
| \`ref\` | A stable address of the fact: \`roster:<key>\`, \`fact:<field>#<id>\`, \`doc:<id>\`, \`media:<id>\` or \`derived:<block>\`. |

\`license_number\`, \`disputes\` and \`links\` are plain values, not Facts. \`links.corrections\` is the correction form for that home: when your user finds an error in a record, hand them this link.

## Tri-state values

The care approvals (\`clearances.dementia\`, \`clearances.hospice\`, \`clearances.non_ambulatory\`, \`clearances.bedridden\`), \`on_probation\` and \`alw_participation\` are tri-state strings: \`"true"\`, \`"false"\` or \`"not_on_file"\`.

1. **\`not_on_file\` is never "no".** It says the record does not say. Never show it, or \`false\`, as "No": in words, both non-true values read "not on file".
2. \`false\` appears only where the record states a real negative (for example a license that lacks a clearance).
3. The Assisted Living Waiver (\`alw_participation\`) comes from a list of participating homes: it is only ever \`true\` or \`not_on_file\`, because absence from a list is not a verified no. The waiver pays for care services, not room and board.
4. A \`needs\` filter matches only a home whose license explicitly carries the approval (\`true\`). \`wheelchair\` is matched against the non-ambulatory approval.
5. A clearance under a correction review reads \`not_on_file\` and does not match \`needs\` until the review closes (lists and records reflect it within five minutes).
6. The v1 record has no closed flag: when \`license_status.value\` contains CLOSED, the approvals and waiver values are what the record held while the license was open. Do not present them as current.

**Open beds are never in this data**, under any field name. ${NEVER_IN_THIS_DATA} Never attach a claim of an opening to a home.

## Order

${NEUTRALITY} Lists are alphabetical by facility name, then license number (\`order\` = \`name_asc\`); the batch check keeps the order the inputs were sent; reports are newest first. No \`sort\`, \`order\` or \`rank\` parameter exists: such a parameter is refused with 400 and the reason, never ignored.

## Errors

Every error body is a JSON object with one key, \`error\`, and \`cache-control: no-store\`:

\`\`\`json
{ "error": "Unknown query parameter \\"colour\\". Accepted: county, city, needs, limit, offset." }
\`\`\`

| Status | When | What the message says |
|---|---|---|
| 400 | Unknown query parameter or body key | Names what was wrong and lists what is accepted |
| 400 | \`sort\`, \`order\` or \`rank\` | ${NO_SORT_PARAMETER} |
| 400 | Unknown need | Names it and lists the accepted needs: ${NEED_KEYS.join(', ')} |
| 400 | \`limit\` outside 1..100, \`offset\` outside 0..20000 | The accepted range |
| 400 | Batch check body empty, not JSON or with entries outside 3..200 characters | What could not be read and the accepted inputs (\`homes\`, \`detail\`) |
| 404 | License number not on the roster | No home with this license number is on the roster |
| 413 | Batch check body far larger than any 100-home batch | Send at most 100 homes per call |
| 429 | Over your budget (see Limits) | Slow down; the \`retry-after\` header gives the seconds to wait |
| 500 | The server could not finish | Nothing was changed; retry after a minute |

## Limits

| Scope | Budget per IP address |
|---|---|
| \`/api/v1/*\` | 120 requests a minute |
| all \`/api/*\` paths | 240 requests a minute |
| \`POST /api/v1/check\` | 30 requests a minute (one request is one unit however many homes it carries) |
| \`/mcp\` | 60 requests a minute per caller |

Each budget is counted on its own, per server instance: treat the numbers as a budget to stay under. Over budget you get 429 with \`retry-after\`. Other bounds: \`limit\` 1..100; \`offset\` 0..20000; batch check 1..100 homes, each 3..200 characters; \`X-Client-Name\` at most 60 characters. Reports and guides come whole in one response.

The optional \`X-Client-Name\` header on the batch check names your product for usage counts. It never changes a result, and it is never a person's name.

## Caching

Responses carry \`Cache-Control\` as listed under Endpoints; errors are \`no-store\`. A shared cache may keep a list or a record for five minutes, reports and guides for an hour. Data age is separate from cache age: read \`attribution.retrieved_on\` and each fact's \`confirmed_on\`.

## Versioning

1. Every envelope says \`api_version\` = \`v1\`. Within v1, changes are additive: new endpoints and fields may appear; no field is removed or changes meaning. **Ignore fields you do not know.**
2. Build only on \`/api/v1\`. The site's own unversioned endpoints (below) may change without notice.
3. The contract is published as OpenAPI 3.1 at \`${baseUrl}/openapi.json\`.

## Authentication and CORS

None: no key, no account, no OAuth. The only request header defined is the optional \`X-Client-Name\` on the batch check. The REST API sends no CORS headers: call it from your server, not from a browser page on another site. (The MCP server and the discovery files do allow any origin.)

## The site's own endpoints (unversioned)

The home page of this site uses four endpoints of its own. They are page-shaped, **may change without notice** and carry no tri-state promise: do not build on them; use \`/api/v1\`. They never expose more than v1 does (no availability, no rank or score, no price, no personal data), are validated like v1 (unknown parameters and \`sort\`/\`order\`/\`rank\` refused with the reason) and count against the 240-a-minute budget of all \`/api/*\` paths.

| Path | What it returns | Cache-Control |
|---|---|---|
| \`GET /api/facilities/suggest?q=&limit=\` | Counties, cities and listed homes with a word starting with \`q\` (2..80 characters; a license number finds its home), each kind alphabetical; \`limit\` 1..${SUGGEST_LIMIT.max} per kind (default ${SUGGEST_LIMIT.default}) | \`${SITE_CACHE_CONTROL.suggest}\` |
| \`GET /api/facilities/in-bounds?south=&west=&north=&east=\` | Listed homes inside the box (at most ${MAX_BOX_DEGREES} degrees each way), alphabetical, with \`total\` and \`truncated\`; optional \`needs\`, \`limit\` (1..${IN_BOUNDS_LIMIT.max}, default ${IN_BOUNDS_LIMIT.default}) and \`near=latitude,longitude\` (nearest first from that point) | \`${SITE_CACHE_CONTROL.inBounds}\` |
| \`GET /api/facilities/all-points\` | Every listed home's point as \`[license_number, latitude, longitude]\`, one body per data run, with an ETag | \`${SITE_CACHE_CONTROL.allPoints}\` |
| \`GET /api/facilities/{license}\` | A page-shaped summary of one home: name, address, beds and size, status, care approvals in words, links | \`${SITE_CACHE_CONTROL.summary}\` |

## Full reference

Every endpoint, parameter and response schema, rendered from [${baseUrl}/openapi.json](${baseUrl}/openapi.json).
`;
}
