// A did-you-mean candidate of the batch check: enough to tell homes apart, and where to look.
import type { AddressValue } from '../../contract/records.ts';
import type { HomeRecord } from '../home-record.ts';

export interface Candidate {
  license_number: string;
  name: string;
  licensed_name: string;
  city: string | null;
  county: string | null;
  address: AddressValue;
  beds: number | null;
  license_status: string | null;
  links: { page: string; markdown: string; state_record: string; corrections: string };
}

export function candidate({ row, compact: home, facility: record }: HomeRecord): Candidate {
  return {
    license_number: row.license_number,
    name: row.name,
    licensed_name: row.licensed_name,
    city: row.city,
    county: row.county,
    address: record.address.value,
    beds: row.capacity,
    license_status: row.license_status,
    links: {
      page: home.page,
      markdown: home.markdown,
      state_record: row.state_record_url,
      corrections: record.links.corrections,
    },
  };
}
