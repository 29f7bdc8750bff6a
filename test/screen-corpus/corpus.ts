// The generated corpus's two halves (see generate.ts) and the screen's figures on one of them:
// recall on notes with personal data, false refusals of ordinary notes. Shared by the tests and
// the bench. Tuning reads only the tuning half; the held-out half is only ever measured.
import { readFileSync } from 'node:fs';
import { screenText } from '../../serve/screen/screen.ts';
import { HELD_OUT_FILE, TUNING_FILE, type CorpusNote } from './generate.ts';

export type Half = 'tuning' | 'held-out';

export function readHalf(half: Half): CorpusNote[] {
  const file = half === 'tuning' ? TUNING_FILE : HELD_OUT_FILE;
  return (JSON.parse(readFileSync(file, 'utf8')) as { notes: CorpusNote[] }).notes;
}

export interface HalfFigures {
  personal: number;
  caught: number;
  recall: number;
  ordinary: number;
  refused: number;
  falseRefusalRate: number;
  /** Personal notes found / all, per kind. */
  byKind: Record<string, { caught: number; of: number }>;
  /** Notes the screen got wrong: personal ones it let through, ordinary ones it refused. */
  missed: CorpusNote[];
  wronglyRefused: CorpusNote[];
}

/** The screen over every note of a half. A personal note counts as caught when the screen refuses it as any kind. */
export function measure(notes: readonly CorpusNote[]): HalfFigures {
  const personal = notes.filter((note) => note.kind !== null);
  const ordinary = notes.filter((note) => note.kind === null);
  const missed = personal.filter((note) => screenText(note.text) === null);
  const wronglyRefused = ordinary.filter((note) => screenText(note.text) !== null);
  const byKind: HalfFigures['byKind'] = {};
  for (const note of personal) {
    const entry = (byKind[note.kind!] ??= { caught: 0, of: 0 });
    entry.of += 1;
    if (!missed.includes(note)) entry.caught += 1;
  }
  return {
    personal: personal.length,
    caught: personal.length - missed.length,
    recall: (personal.length - missed.length) / personal.length,
    ordinary: ordinary.length,
    refused: wronglyRefused.length,
    falseRefusalRate: wronglyRefused.length / ordinary.length,
    byKind,
    missed,
    wronglyRefused,
  };
}

/** Counts of notes per form, for a report that names no text ("name/own-script: 3"). */
export function countByForm(notes: readonly CorpusNote[]): string {
  const counts = new Map<string, number>();
  for (const note of notes) counts.set(note.form, (counts.get(note.form) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([form, count]) => `${form}: ${count}`).join(', ');
}

/** One line of figures, to four places so that no rounding lifts a figure over a target: "recall 0.9810 (570/581), false refusals 0.0082 (4/489)". */
export function figuresLine(figures: HalfFigures): string {
  return (
    `recall ${figures.recall.toFixed(4)} (${figures.caught}/${figures.personal}), ` +
    `false refusals ${figures.falseRefusalRate.toFixed(4)} (${figures.refused}/${figures.ordinary})`
  );
}
