// The state's weekly export (Care Facility Search, Download Data) in its real shape, 38 headers
// and the complaint tail, for crawler tests that need homes with visit dates: each row as the
// state writes it, with its visits newest first in the date-list cells.

export const EXPORT_HEADER =
  'Facility Type,Facility Number,Facility Name,Licensee,Facility Administrator,Facility Telephone Number,Facility Address,Facility City,Facility State,Facility Zip,' +
  'County Name,Regional Office,Facility Capacity,Facility Status,License First Date,Closed Date,Last Visit Date,Inspection Visits,Complaint Visits,Other Visits,' +
  'Total Visits,Citation Numbers,POC Dates,All Visit Dates,Inspection Visit Dates,Inspect TypeA,Inspect TypeB,Other Visit Dates,Other TypeA,Other TypeB,' +
  'Complaint Type A,Complaint Type B,Total Allegations,Inconclusive Allegations,Substantiated Allegations,Unsubstantiated Allegations,Unfounded Allegations,' +
  '"Complaint Info- Date, #Sub A, # Inc A, # Uns A, # Unf A, # TypeA, # TypeB ..."';

export interface ExportHome {
  /** 9 digits; written without its leading zero, as the state's file does. */
  license: string;
  name: string;
  status?: 'LICENSED' | 'PENDING' | 'ON PROBATION' | 'CLOSED';
  /** Inspection visits, MM/DD/YYYY. */
  visits?: string[];
}

export function exportCsv(homes: readonly ExportHome[]): string {
  const rows = homes.map((home, index) => {
    const visits = [...(home.visits ?? [])].sort((a, b) => toIso(b).localeCompare(toIso(a)));
    const dates = visits.length ? `"${visits.join(', ')}"` : '';
    const closed = home.status === 'CLOSED' ? '3/1/2026' : '';
    return [
      'RESIDENTIAL CARE ELDERLY', home.license.replace(/^0/, ''), home.name, 'ACME CARE LLC', '', '(510) 555-0100', `${100 + index} MAIN ST`, 'OAKLAND', 'CA', '94612',
      'ALAMEDA', 'OAKLAND ASC', '6', home.status ?? 'LICENSED', '5/20/2010', closed, visits[0] ?? '', String(visits.length), '0', '0',
      String(visits.length), '', '', dates, dates, '0', '0', '', '0', '0', '0', '0', '0', '0', '0', '0', '0', '',
    ].join(',');
  });
  return [EXPORT_HEADER, ...rows].join('\r\n') + '\r\n';
}

function toIso(date: string): string {
  const [month, day, year] = date.split('/');
  return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
}
