// The compact `home` of a batch-check result (and of check_homes): the stored home with the
// server's base URL, and clearances under review read `not_on_file`.
import type { CompactHome } from '../../contract/records.ts';
import type { ShapeContext } from './context.ts';

export function compactHome(context: ShapeContext, row: { license_number: string; home_json: string }): CompactHome {
  const { snapshot, filler, overlay } = context;
  const home = JSON.parse(filler.fill(snapshot, `home:${row.license_number}`, row.home_json)) as CompactHome;
  for (const clearance of overlay.reviewsOf(row.license_number)) home.clearances[clearance] = 'not_on_file';
  return home;
}
