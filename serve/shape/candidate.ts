// A did-you-mean candidate of the batch check: enough to tell homes apart, and where to look.
import type { HomeRecord, StoredCheckHome } from '../records/home-record.ts';

export type Candidate = ReturnType<typeof candidate>;

/**
 * A candidate from a home's record, or from its stored check home read as a candidate (the same
 * values: the overlay changes none of them).
 */
export function candidate(home: HomeRecord | StoredCheckHome) {
  const { row, address, links, corrections } =
    'facility' in home
      ? { row: home.row, address: home.facility.address.value, links: { page: home.compact.page, markdown: home.compact.markdown }, corrections: home.facility.links.corrections }
      : asCandidate(home);
  return {
    license_number: row.license_number,
    name: row.name,
    licensed_name: row.licensed_name,
    city: row.city,
    county: row.county,
    address,
    beds: row.capacity,
    license_status: row.license_status,
    links: {
      page: links.page,
      markdown: links.markdown,
      state_record: row.state_record_url,
      corrections,
    },
  };
}

function asCandidate(home: StoredCheckHome): NonNullable<StoredCheckHome['asCandidate']> {
  if (!home.asCandidate) throw new Error(`home ${home.license} was not read as a candidate`);
  return home.asCandidate;
}
