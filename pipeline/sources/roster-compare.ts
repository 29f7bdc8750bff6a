// The roster of record (the state's weekly export) against the open-data portal's file: which
// licenses one has and the other lacks, and where their statuses disagree. Reported only: the
// portal file lagged the export by many months in 2026, so it never changes a home's facts.
import type { RosterRow } from './roster.ts';

/** At most this many licenses are named per list in the report (every one is counted). */
const NAMED = 20;

export interface RosterComparison {
  /** The portal file's own date (its newest file_date, else what its publisher states); null without one. */
  portal_as_of: string | null;
  roster_as_of: string | null;
  roster_licenses: number;
  portal_licenses: number;
  in_both: number;
  only_in_roster: { count: number; licenses: string[] };
  only_in_portal: { count: number; licenses: string[] };
  status_differs: { count: number; examples: Array<{ license_number: string; roster: string | null; portal: string | null }> };
}

const statusKey = (status: string | null) => (status ?? '').trim().toUpperCase();

export function compareRosters(roster: readonly RosterRow[], portal: readonly RosterRow[], dates: { roster: string | null; portal: string | null }): RosterComparison {
  const portalByLicense = new Map(portal.map((row) => [row.license_number, row]));
  const rosterLicenses = new Set(roster.map((row) => row.license_number));
  const onlyInRoster = roster.filter((row) => !portalByLicense.has(row.license_number)).map((row) => row.license_number).sort();
  const onlyInPortal = portal.filter((row) => !rosterLicenses.has(row.license_number)).map((row) => row.license_number).sort();
  const differs = roster
    .flatMap((row) => {
      const other = portalByLicense.get(row.license_number);
      return other && statusKey(other.status) !== statusKey(row.status) ? [{ license_number: row.license_number, roster: row.status, portal: other.status }] : [];
    })
    .sort((a, b) => a.license_number.localeCompare(b.license_number));
  return {
    portal_as_of: dates.portal,
    roster_as_of: dates.roster,
    roster_licenses: roster.length,
    portal_licenses: portal.length,
    in_both: roster.length - onlyInRoster.length,
    only_in_roster: { count: onlyInRoster.length, licenses: onlyInRoster.slice(0, NAMED) },
    only_in_portal: { count: onlyInPortal.length, licenses: onlyInPortal.slice(0, NAMED) },
    status_differs: { count: differs.length, examples: differs.slice(0, NAMED) },
  };
}

/** The run report's lines on the comparison. */
export function comparisonLines(comparison: RosterComparison): string[] {
  const more = (shown: number, count: number) => (count > shown ? `, ... (${count} in all)` : '');
  const lines = [
    `Roster compared with the open-data portal's file (dated ${comparison.portal_as_of ?? 'nowhere'}; the roster of record was retrieved from the state on ${comparison.roster_as_of ?? 'an unknown date'}; the portal file changes nothing):`,
    `  ${comparison.roster_licenses} licenses in the roster, ${comparison.portal_licenses} in the portal file, ${comparison.in_both} in both`,
    `  only in the roster: ${comparison.only_in_roster.count}${comparison.only_in_roster.count ? ` (${comparison.only_in_roster.licenses.join(', ')}${more(comparison.only_in_roster.licenses.length, comparison.only_in_roster.count)})` : ''}`,
    `  only in the portal file: ${comparison.only_in_portal.count}${comparison.only_in_portal.count ? ` (${comparison.only_in_portal.licenses.join(', ')}${more(comparison.only_in_portal.licenses.length, comparison.only_in_portal.count)})` : ''}`,
    `  status differs: ${comparison.status_differs.count}`,
    ...comparison.status_differs.examples.map((d) => `    ${d.license_number}: roster ${d.roster ?? '(blank)'}, portal file ${d.portal ?? '(blank)'}`),
  ];
  if (comparison.status_differs.count > comparison.status_differs.examples.length) lines.push(`    ... (${comparison.status_differs.count} in all)`);
  return lines;
}
