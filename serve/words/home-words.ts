// A home's record in words, in English and Spanish (catalog.ts): the care approvals and their
// tri-state readings, and the labels and sentences of a home's page, its Markdown twin and the
// call plan. English the rest of the service already says is read from its one place.
import { APPROVAL_LABELS, CLEARANCE_KEYS, WAIVER_LABEL, type ClearanceKey, type TriState } from '../../contract/facts.ts';
import { defineWords, fill, say, type Entry } from './catalog.ts';
import type { Language } from './language.ts';
import { APPROVAL_WORDS, approvalOnRecord, FACT_SOURCES } from './wording.ts';

/** A care approval's label (a page's list of approvals). */
export const APPROVAL_LABEL_WORDS: Readonly<Record<ClearanceKey | 'alw_participation', Entry>> = {
  dementia: { en: APPROVAL_LABELS.dementia, es: { text: 'Atención para personas con demencia', from: 'Dementia care' } },
  hospice: {
    en: APPROVAL_LABELS.hospice,
    es: { text: 'Cuidado de hospicio (hospice), para personas con una enfermedad terminal', from: 'Hospice care (hospice waiver)' },
  },
  non_ambulatory: {
    en: APPROVAL_LABELS.non_ambulatory,
    es: {
      text: 'Residentes que no pueden salir solos del edificio en una emergencia, como quienes usan silla de ruedas («no ambulatorios», según la definición del estado)',
      from: 'Residents who cannot walk unaided, such as wheelchair users (non-ambulatory)',
    },
  },
  bedridden: { en: APPROVAL_LABELS.bedridden, es: { text: 'Residentes postrados en cama (según la definición del estado)', from: 'Bedridden residents' } },
  alw_participation: {
    en: WAIVER_LABEL,
    es: { text: 'Programa de Medi-Cal Assisted Living Waiver (ALW)', from: 'Assisted Living Waiver (Medi-Cal)' },
  },
};

/** A care approval as a sentence names it. */
export const APPROVAL_NAME_WORDS: Readonly<Record<ClearanceKey, Entry>> = {
  dementia: { en: APPROVAL_WORDS.dementia, es: { text: 'la aprobación del estado para atender a personas con demencia', from: 'the dementia care approval' } },
  non_ambulatory: {
    en: APPROVAL_WORDS.non_ambulatory,
    es: {
      text: 'la aprobación del estado para residentes que no pueden salir solos del edificio en una emergencia («no ambulatorios», según la definición del estado)',
      from: 'the non-ambulatory approval',
    },
  },
  hospice: { en: APPROVAL_WORDS.hospice, es: { text: 'la aprobación del estado para cuidado de hospicio (hospice)', from: 'the hospice waiver' } },
  bedridden: {
    en: APPROVAL_WORDS.bedridden,
    es: { text: 'la aprobación del estado para residentes postrados en cama (según la definición del estado)', from: 'the bedridden approval' },
  },
};

/** approvalOnRecord's clause for a value, with `{approval}` where the approval's name goes. */
function clauseOf(value: TriState): string {
  return approvalOnRecord('dementia', value).replace(APPROVAL_WORDS.dementia, '{approval}');
}

/** How the record's values read: both non-true values "not on file", never "no". */
export const READING_WORDS = defineWords({
  yes: { en: 'yes', es: { text: 'Sí', from: 'yes' } },
  notOnFile: { en: 'not on file', es: { text: 'No consta en los datos del estado', from: 'not on file' } },
  underReview: {
    en: 'not on file (under a correction review)',
    es: { text: 'No consta en los datos del estado (en revisión por una solicitud de corrección)', from: 'not on file (under a correction review)' },
  },
  // The English clauses are wording.ts's approvalOnRecord with the approval left as a place.
  carries: { en: clauseOf('true'), es: { text: 'esta licencia incluye {approval}', from: 'this license carries {approval}' } },
  doesNotCarry: {
    en: clauseOf('false'),
    es: { text: 'No consta: esta licencia no incluye {approval}', from: 'not on file: this license does not carry {approval}' },
  },
  silent: {
    en: clauseOf('not_on_file'),
    es: {
      text: 'No consta en los datos del estado si esta licencia incluye {approval}',
      from: 'not on file: the record does not say whether this license carries {approval}',
    },
  },
  askTheHome: { en: 'ask the home', es: { text: 'Pregunte al centro', from: 'ask the home' } },
});

/** A tri-state value in one or two words: "yes" or "not on file", in either language. */
export function triStateIn(language: Language, value: TriState): string {
  return say(value === 'true' ? READING_WORDS.yes : READING_WORDS.notOnFile, language);
}

/**
 * What the record says of this license and one approval, as a clause (wording.ts's
 * approvalOnRecord in English): `false` is a stated negative, `not_on_file` the record's silence.
 */
export function approvalOnRecordIn(language: Language, key: ClearanceKey, value: TriState): string {
  if (language === 'en') return approvalOnRecord(key, value);
  const approval = say(APPROVAL_NAME_WORDS[key], language);
  const entry = value === 'true' ? READING_WORDS.carries : value === 'false' ? READING_WORDS.doesNotCarry : READING_WORDS.silent;
  return say(entry, language, { approval });
}

/** Every tri-state reading a surface can give, by approval and value (the tests read them all). */
export function allReadings(language: Language): Array<{ key: ClearanceKey; value: TriState; reading: string }> {
  const values: TriState[] = ['true', 'false', 'not_on_file'];
  return CLEARANCE_KEYS.flatMap((key) => values.map((value) => ({ key, value, reading: approvalOnRecordIn(language, key, value) })));
}

/**
 * Whether a text answers "No" (a sentence that is, or opens with, a bare "No" not followed by
 * "consta"): what a non-true value must never read as, in Spanish.
 */
export function readsAsNo(text: string): boolean {
  return /(?:^|[.:;!?]\s+|[«"“]\s*)No\b(?!\s+consta)/.test(text);
}

/** Where a home's facts come from (wording.ts FACT_SOURCES in English). */
export const SOURCE_WORDS = defineWords({
  approvals: { en: FACT_SOURCES.approvals, es: { text: 'según el archivo de aprobaciones del estado', from: "per the state's approvals file" } },
  roster: { en: FACT_SOURCES.roster, es: { text: 'según la lista de licencias del estado', from: "per the state's licensing roster" } },
  waiver: {
    en: FACT_SOURCES.waiver,
    es: { text: 'según la lista del estado del programa Assisted Living Waiver', from: "per the state's Assisted Living Waiver list" },
  },
  documents: { en: FACT_SOURCES.documents, es: { text: 'según la lista del estado de los documentos del centro', from: "per the state's list of the home's documents" } },
  visits: {
    en: FACT_SOURCES.visits,
    es: { text: 'según la exportación semanal del estado de su registro de licencias', from: "per the state's weekly export of its licensing record" },
  },
  asOf: { en: ' as of {date}', es: { text: ' al {date}', from: ' as of {date}' } },
  noDate: { en: ' (the source gives no date)', es: { text: ' (la fuente no da fecha)', from: ' (the source gives no date)' } },
});

/** " as of <date>", or that the source gives none. */
export function asOfIn(language: Language, date: string | null): string {
  return date ? say(SOURCE_WORDS.asOf, language, { date }) : say(SOURCE_WORDS.noDate, language);
}

export { fill };
