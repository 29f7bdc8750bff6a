// A home's waiver line as every surface shows it: the stored line, except for a license the list
// may name but the pipeline could not tie to it (records/waiver-rows.ts), whose line says what the
// list holds instead of "not on the list". The value stays as stored.
import type { CompactHome } from '../../contract/records.ts';
import type { Snapshot } from '../records/snapshot.ts';
import { unresolvedWaiverRow } from '../records/waiver-rows.ts';
import { unresolvedWaiverLine } from '../words/wording.ts';

export function waiverLine(snapshot: Snapshot, license: string, alw: CompactHome['medi_cal_alw']): string {
  if (alw.value === 'true') return alw.line;
  const row = unresolvedWaiverRow(snapshot, license);
  return row ? unresolvedWaiverLine(row, alw.list_as_of) : alw.line;
}

/** The compact home with that line (the same object when the line is the stored one: shared objects are never mutated). */
export function withWaiverLine<T extends CompactHome>(snapshot: Snapshot, home: T): T {
  const line = waiverLine(snapshot, home.license_number, home.medi_cal_alw);
  return line === home.medi_cal_alw.line ? home : { ...home, medi_cal_alw: { ...home.medi_cal_alw, line } };
}
