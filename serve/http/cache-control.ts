// The spec's Cache-Control policy for the REST v1 reads, in one place: the REST routes, the change
// log's routes and the API docs page all send (or quote) these.
/** Spec "Caching": Cache-Control exactly as sent. */
export const CACHE_CONTROL = {
  frontDoor: 'public, s-maxage=3600, stale-while-revalidate=86400',
  facilities: 'public, s-maxage=300, stale-while-revalidate=300',
  facility: 'public, s-maxage=300, stale-while-revalidate=300',
  reports: 'public, s-maxage=3600, stale-while-revalidate=86400',
  guides: 'public, s-maxage=3600, stale-while-revalidate=86400',
  check: 'no-store',
} as const;
