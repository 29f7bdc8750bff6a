// The batch check's words (serve/shape/check-display.ts, check_homes and POST /api/v1/check) and
// compare_homes' rows, in English and Spanish (catalog.ts). Each English template fills to the
// sentence served today; a Spanish ask gets the same facts in Spanish, the state's own words
// (names, cities, status strings) verbatim in « ».
import { CLEARANCE_KEYS, type TriState } from '../../contract/facts.ts';
import { defineWords, say, type Entry } from './catalog.ts';
import { SHARED_WORDS } from './family-words.ts';
import { STATUS_GLOSS, statusGloss } from './home-page-words.ts';
import { READING_WORDS } from './home-words.ts';
import type { Language } from './language.ts';
import { RECORD_WORDS } from './record-words.ts';
import { appliedForWords, approvalShortWords, CHECK_ORDER, CLOSED_PHONE, HELD_WHILE_OPEN, PENDING_APPLICATION } from './wording.ts';

/** What a miss says (check-display.ts NOT_FOUND_SAID is this English). */
const NOT_FOUND =
  'no home on the state roster matches. Check the spelling, or send its 9-digit license number, or "name, city" (the name as the state licenses it).';

/** A matched line's body after its head, by the license's state: current, an application, closed. */
const APPROVALS_TAIL = '{asOf}: {approvals}.{rest}';
const STATUS = ' Status: {status}.';
const STATUS_ES = ' Estado de la licencia: {status}.';

export const CHECK_WORDS = defineWords({
  order: { en: CHECK_ORDER, es: { text: 'Los resultados están en el orden en que se enviaron las entradas.', from: CHECK_ORDER } },
  checkedOne: {
    en: '**Checked {n} home against the state licensing record{loaded}.** {matched} matched, {ambiguous} need a choice, {notFound} not found{merged}',
    es: {
      text: '**Se revisó {n} centro en el registro de licencias del estado{loaded}.** Coinciden: {matched}; hay que elegir: {ambiguous}; no se encontraron: {notFound}{merged}',
      from: '**Checked {n} home against the state licensing record{loaded}.** {matched} matched, {ambiguous} need a choice, {notFound} not found{merged}',
    },
  },
  checkedMany: {
    en: '**Checked {n} homes against the state licensing record{loaded}.** {matched} matched, {ambiguous} need a choice, {notFound} not found{merged}',
    es: {
      text: '**Se revisaron {n} centros en el registro de licencias del estado{loaded}.** Coinciden: {matched}; hay que elegir: {ambiguous}; no se encontraron: {notFound}{merged}',
      from: '**Checked {n} homes against the state licensing record{loaded}.** {matched} matched, {ambiguous} need a choice, {notFound} not found{merged}',
    },
  },
  loaded: { en: ' (state record loaded {date})', es: { text: ' (registro del estado cargado el {date})', from: ' (state record loaded {date})' } },
  mergedNone: { en: '.', es: { text: '.', from: '.' } },
  mergedOne: { en: '; {n} duplicate merged.', es: { text: '; se unió {n} entrada repetida.', from: '; {n} duplicate merged.' } },
  mergedMany: { en: '; {n} duplicates merged.', es: { text: '; se unieron {n} entradas repetidas.', from: '; {n} duplicates merged.' } },
  notFound: {
    en: NOT_FOUND,
    es: {
      text: 'ningún centro de la lista de licencias del estado coincide. Revise cómo está escrito, o envíe su número de licencia de 9 dígitos, o "nombre, ciudad" (el nombre tal como figura en la licencia del estado).',
      from: NOT_FOUND,
    },
  },
  ambiguous: {
    en: 'not matched; it could be one of these, ask which one: {candidates}.',
    es: { text: 'sin coincidencia exacta; podría ser uno de estos, pregunte cuál: {candidates}.', from: 'not matched; it could be one of these, ask which one: {candidates}.' },
  },
  oneOffered: {
    en: 'not matched; the closest name on the roster is this one, ask whether it is the home meant: {candidates}.',
    es: {
      text: 'sin coincidencia exacta; el nombre más parecido de la lista de licencias del estado es este, pregunte si es el centro que busca: {candidates}.',
      from: 'not matched; the closest name on the roster is this one, ask whether it is the home meant: {candidates}.',
    },
  },
  moreSimilar: {
    en: 'not matched; more homes on the roster have a similar name than are listed. Send "name, city" to narrow it, or ask which one if it is among these: {candidates}.',
    es: {
      text: 'sin coincidencia exacta; hay más centros con un nombre parecido en la lista de licencias del estado que los que se muestran. Envíe "nombre, ciudad" para acotarlo, o pregunte cuál es si está entre estos: {candidates}.',
      from: 'not matched; more homes on the roster have a similar name than are listed. Send "name, city" to narrow it, or ask which one if it is among these: {candidates}.',
    },
  },
  moreFitting: {
    en: 'not matched; {fitting} homes on the roster fit this name, {listed} are listed. Send "name, city" to narrow it, or ask which one if it is among these: {candidates}.',
    es: {
      text: 'sin coincidencia exacta; {fitting} centros de la lista de licencias del estado tienen este nombre y se muestran {listed}. Envíe "nombre, ciudad" para acotarlo, o pregunte cuál es si está entre estos: {candidates}.',
      from: 'not matched; {fitting} homes on the roster fit this name, {listed} are listed. Send "name, city" to narrow it, or ask which one if it is among these: {candidates}.',
    },
  },
  candidate: {
    en: '{name} (license {license}, {city}, {status})',
    es: { text: '{name} (licencia {license}, {city}, {status})', from: '{name} (license {license}, {city}, {status})' },
  },
  cityNotOnFile: { en: 'city not on file', es: { text: 'ciudad: no consta en los datos del estado', from: 'city not on file' } },
  statusNotOnFile: {
    en: 'status not on file',
    es: { text: 'estado de la licencia: no consta en los datos del estado', from: 'status not on file' },
  },
  // A matched line's head, by which of city and county the record names.
  headCityCounty: {
    en: '**{name}** (license {license}, {city}, {county} County).',
    es: { text: '**{name}** (licencia {license}, {city}, condado de {county}).', from: '**{name}** (license {license}, {city}, {county} County).' },
  },
  headCity: {
    en: '**{name}** (license {license}, {city}).',
    es: { text: '**{name}** (licencia {license}, {city}).', from: '**{name}** (license {license}, {city}).' },
  },
  headCounty: {
    en: '**{name}** (license {license}, {county} County).',
    es: { text: '**{name}** (licencia {license}, condado de {county}).', from: '**{name}** (license {license}, {county} County).' },
  },
  headNoPlace: {
    en: '**{name}** (license {license}).',
    es: { text: '**{name}** (licencia {license}).', from: '**{name}** (license {license}).' },
  },
  open: {
    en: `{head}${STATUS} Care approvals${APPROVALS_TAIL}`,
    es: { text: `{head}${STATUS_ES} Aprobaciones de cuidado${APPROVALS_TAIL}`, from: `{head}${STATUS} Care approvals${APPROVALS_TAIL}` },
  },
  pending: {
    en: `{head}${STATUS} ${PENDING_APPLICATION} Care approvals the application lists${APPROVALS_TAIL}`,
    es: {
      text: `{head}${STATUS_ES} ${RECORD_WORDS.pending.es.text} Aprobaciones de cuidado que pide la solicitud${APPROVALS_TAIL}`,
      from: `{head}${STATUS} ${PENDING_APPLICATION} Care approvals the application lists${APPROVALS_TAIL}`,
    },
  },
  closed: {
    en: `{head}${STATUS} {closed} ${CLOSED_PHONE} ${HELD_WHILE_OPEN} care approvals${APPROVALS_TAIL}`,
    es: {
      text: `{head}${STATUS_ES} {closed} ${RECORD_WORDS.closedPhone.es.text} ${SHARED_WORDS.heldWhileOpen.es.text} aprobaciones de cuidado${APPROVALS_TAIL}`,
      from: `{head}${STATUS} {closed} ${CLOSED_PHONE} ${HELD_WHILE_OPEN} care approvals${APPROVALS_TAIL}`,
    },
  },

  approvals: {
    en: 'dementia {dementia}; hospice {hospice}; non-ambulatory {non_ambulatory}; bedridden {bedridden}',
    es: {
      text: 'atención de personas con demencia: {dementia}; cuidado de hospicio (hospice): {hospice}; residentes que no pueden salir solos del edificio («no ambulatorios»): {non_ambulatory}; residentes postrados en cama: {bedridden}',
      from: 'dementia {dementia}; hospice {hospice}; non-ambulatory {non_ambulatory}; bedridden {bedridden}',
    },
  },
  statedNot: {
    en: approvalShortWords('false'),
    es: { text: 'No consta en los datos del estado (el registro dice que esta licencia no la incluye)', from: 'not on file (this license does not carry it)' },
  },
  appliedFor: { en: appliedForWords('true'), es: { text: 'solicitada, todavía no aprobada', from: 'applied for, not yet approved' } },
  rest: {
    en: ' Medi-Cal Assisted Living Waiver list: {waiver}{waiverAsOf}. Price: {price} State record: {record}.',
    es: {
      text: ' Lista del estado del programa de Medi-Cal Assisted Living Waiver (ALW): {waiver}{waiverAsOf}. Precio: {price} Registro del estado: {record}.',
      from: ' Medi-Cal Assisted Living Waiver list: {waiver}{waiverAsOf}. Price: {price} State record: {record}.',
    },
  },
  waiverAsOf: { en: ' (as of {date})', es: { text: ' (al {date})', from: ' (as of {date})' } },
  priceNotOnFile: { en: 'not on file.', es: { text: 'No consta en los datos del estado.', from: 'not on file.' } },
  // The first sentence of a closed license's note (the rest is what the history heading says).
  closedOn: { en: 'This license closed on {date}.', es: { text: 'Esta licencia se cerró el {date}.', from: 'This license closed on {date}.' } },
  closedUndated: { en: 'This license is closed.', es: { text: 'Esta licencia está cerrada.', from: 'This license is closed.' } },
  // The same, with the state's live record after it (wording.ts liveStatusWords).
  closedOnLive: { en: 'This license closed on {date}. {live}', es: { text: 'Esta licencia se cerró el {date}. {live}', from: 'This license closed on {date}. {live}' } },
  closedUndatedLive: { en: 'This license is closed. {live}', es: { text: 'Esta licencia está cerrada. {live}', from: 'This license is closed. {live}' } },
  liveClosedDated: {
    en: `The state's live record, checked on {checked}, shows this license as "{live}"; the state roster of {rosterDate} still listed it as {rosterStatus}.`,
    es: {
      text: 'El registro en línea del estado, consultado el {checked}, muestra esta licencia como "{live}" (cerrada); la lista de licencias del estado con fecha {rosterDate} todavía la mostraba como {rosterStatus}.',
      from: `The state's live record, checked on {checked}, shows this license as "{live}"; the state roster of {rosterDate} still listed it as {rosterStatus}.`,
    },
  },
  liveClosedUndated: {
    en: `The state's live record, checked on {checked}, shows this license as "{live}"; the state roster still listed it as {rosterStatus}.`,
    es: {
      text: 'El registro en línea del estado, consultado el {checked}, muestra esta licencia como "{live}" (cerrada); la lista de licencias del estado todavía la mostraba como {rosterStatus}.',
      from: `The state's live record, checked on {checked}, shows this license as "{live}"; the state roster still listed it as {rosterStatus}.`,
    },
  },
  // wording.ts liveStatusWords, with the quoted status as a place (a Spanish status carries its gloss).
  liveShows: {
    en: "The state's live record, checked on {date}, shows {status}.",
    es: { text: 'El registro en línea del estado, consultado el {date}, muestra {status}.', from: "The state's live record, checked on {date}, shows {status}." },
  },
  liveShowsUndated: {
    en: "The state's live record shows {status}.",
    es: { text: 'El registro en línea del estado muestra {status}.', from: "The state's live record shows {status}." },
  },
  // wording.ts stateRecordWords: a count is the record's number or "not on file", never an invented zero.
  record: {
    en: '{documents}, latest visit {visit}, {citations}',
    es: { text: '{documents}, última visita del estado: {visit}, {citations}', from: '{documents}, latest visit {visit}, {citations}' },
  },
  documentOne: { en: '{n} state document', es: { text: '{n} documento del estado', from: '{n} state document' } },
  documentMany: { en: '{n} state documents', es: { text: '{n} documentos del estado', from: '{n} state documents' } },
  documentsNotOnFile: {
    en: 'state documents not on file',
    es: { text: 'documentos del estado: no consta en los datos del estado', from: 'state documents not on file' },
  },
  countNotOnFile: { en: 'not on file', es: { text: 'no consta en los datos del estado', from: 'not on file' } },
  citationsSince: {
    en: 'citations since {year}: Type A {a}, Type B {b}',
    es: { text: 'deficiencias desde {year}: Tipo A {a}, Tipo B {b}', from: 'citations since {year}: Type A {a}, Type B {b}' },
  },
  citationsNoVisit: {
    en: 'Type A and Type B citations: none, with no state visit on record',
    es: {
      text: 'deficiencias Tipo A y Tipo B: ninguna, y no consta ninguna visita del estado',
      from: 'Type A and Type B citations: none, with no state visit on record',
    },
  },
  citationsNotOnFile: {
    en: 'Type A and Type B citations: not on file',
    es: { text: 'deficiencias Tipo A y Tipo B: no consta en los datos del estado', from: 'Type A and Type B citations: not on file' },
  },
  // compare_homes' cells (serve/mcp/cards/app/words.ts comparisonCellWords in English).
  cellYes: { en: 'yes ({source}, {asOf})', es: { text: 'Sí ({source}, {asOf})', from: 'yes ({source}, {asOf})' } },
  cellNotOnFile: {
    en: 'not on file ({says}; {source}, {asOf})',
    es: { text: 'No consta en los datos del estado ({says}; {source}, {asOf})', from: 'not on file ({says}; {source}, {asOf})' },
  },
  cellHistoryYes: {
    en: 'yes (history) (held while the license was open, not current; {source}, {asOf})',
    es: {
      text: 'Sí (historial) (lo que decía el registro mientras la licencia estaba vigente, no es actual; {source}, {asOf})',
      from: 'yes (history) (held while the license was open, not current; {source}, {asOf})',
    },
  },
  cellHistoryNotOnFile: {
    en: 'not on file (history) (held while the license was open, not current; {says}; {source}, {asOf})',
    es: {
      text: 'No consta en los datos del estado (historial) (lo que decía el registro mientras la licencia estaba vigente, no es actual; {says}; {source}, {asOf})',
      from: 'not on file (history) (held while the license was open, not current; {says}; {source}, {asOf})',
    },
  },
  cellAsOf: { en: 'as of {date}', es: { text: 'al {date}', from: 'as of {date}' } },
  cellNoDate: { en: '(the source gives no date)', es: { text: '(la fuente no da fecha)', from: '(the source gives no date)' } },
  saysNotCarried: {
    en: 'this license does not carry {approval}',
    es: { text: 'el registro dice que esta licencia no incluye {approval}', from: 'this license does not carry {approval}' },
  },
  saysSilent: {
    en: 'the record does not say whether this license carries {approval}',
    es: { text: 'el registro no dice si esta licencia incluye {approval}', from: 'the record does not say whether this license carries {approval}' },
  },
  saysNotOnProbation: {
    en: 'the record states this license is not on probation',
    es: { text: 'el registro dice que esta licencia no está en período de prueba', from: 'the record states this license is not on probation' },
  },
  saysProbationSilent: {
    en: 'the record does not say whether this license is on probation',
    es: { text: 'el registro no dice si esta licencia está en período de prueba', from: 'the record does not say whether this license is on probation' },
  },
  saysNothing: { en: 'the record does not say', es: { text: 'el registro no lo dice', from: 'the record does not say' } },
  noVisitNone: {
    en: 'none, with no state visit on record',
    es: { text: 'ninguna, y no consta ninguna visita del estado', from: 'none, with no state visit on record' },
  },
  // wording.ts visitsInWords: the visits and citations with the years they cover and the day retrieved.
  visitsNotOnFile: {
    en: 'state visits and citations not on file',
    es: { text: 'visitas del estado y deficiencias: no consta en los datos del estado', from: 'state visits and citations not on file' },
  },
  visitsNoneOnRecord: {
    en: 'state visits: none on record {retrieved}',
    es: { text: 'visitas del estado: no consta ninguna {retrieved}', from: 'state visits: none on record {retrieved}' },
  },
  visitsSince: {
    en: 'since {year}: {visits}, citations Type A {a}, Type B {b} {retrieved}',
    es: { text: 'desde {year}: {visits}, deficiencias Tipo A {a}, Tipo B {b} {retrieved}', from: 'since {year}: {visits}, citations Type A {a}, Type B {b} {retrieved}' },
  },
  visitOne: { en: '{n} state visit', es: { text: '{n} visita del estado', from: '{n} state visit' } },
  visitMany: { en: '{n} state visits', es: { text: '{n} visitas del estado', from: '{n} state visits' } },
  visitCountNotOnFile: { en: 'state visits not on file', es: { text: 'visitas del estado: no consta en los datos del estado', from: 'state visits not on file' } },
  retrievedOn: { en: '(retrieved from the state on {date})', es: { text: '(dato obtenido del estado el {date})', from: '(retrieved from the state on {date})' } },
  retrievedUnknown: {
    en: '(the day it was retrieved is not on file)',
    es: { text: '(no consta el día en que se obtuvo del estado)', from: '(the day it was retrieved is not on file)' },
  },
  compareTitle: { en: '**{n} homes side by side** ({order})', es: { text: '**{n} centros lado a lado** ({order})', from: '**{n} homes side by side** ({order})' } },
  compareColumn: { en: '**{name}** (license {license}): {page}', es: { text: '**{name}** (licencia {license}): {page}', from: '**{name}** (license {license}): {page}' } },
  compareDates: {
    en: 'State record loaded {loaded}; care approvals as of {approvals}; waiver list as of {waiver}.',
    es: {
      text: 'Registro del estado cargado el {loaded}; aprobaciones de cuidado al {approvals}; lista del programa Assisted Living Waiver al {waiver}.',
      from: 'State record loaded {loaded}; care approvals as of {approvals}; waiver list as of {waiver}.',
    },
  },
  // compare_homes' refusal of licenses not on the roster (the family's ask, so in its language).
  notOnRosterOne: {
    en: 'No home with license number {licenses} is on the state roster. Check it, or look homes up by name with check_homes or search, then send only license numbers that matched.',
    es: {
      text: 'Ningún centro con el número de licencia {licenses} está en la lista de licencias del estado. Revíselo, o busque los centros por nombre con check_homes o search, y envíe solo los números de licencia que coincidieron.',
      from: 'No home with license number {licenses} is on the state roster. Check it, or look homes up by name with check_homes or search, then send only license numbers that matched.',
    },
  },
  notOnRosterMany: {
    en: 'No home with license number {licenses} is on the state roster. Check them, or look homes up by name with check_homes or search, then send only license numbers that matched.',
    es: {
      text: 'Ningún centro con los números de licencia {licenses} está en la lista de licencias del estado. Revíselos, o busque los centros por nombre con check_homes o search, y envíe solo los números de licencia que coincidieron.',
      from: 'No home with license number {licenses} is on the state roster. Check them, or look homes up by name with check_homes or search, then send only license numbers that matched.',
    },
  },
  firstOfSent: {
    en: "**This answer checks the first {fit} of the {total} homes sent, to stay small enough for an assistant's context; the other {rest} are in unchecked: send them in another call.**",
    es: {
      text: '**Esta respuesta revisa los primeros {fit} de los {total} centros enviados, para que quepa en el contexto de un asistente; los otros {rest} están en unchecked: envíelos en otra llamada.**',
      from: "**This answer checks the first {fit} of the {total} homes sent, to stay small enough for an assistant's context; the other {rest} are in unchecked: send them in another call.**",
    },
  },
});

/**
 * A state status with its Spanish gloss after a dash ("«LICENSED» — Con licencia": a gloss may
 * carry its own parentheses): one entry per
 * gloss (STATUS_GLOSS, statusGloss's readings), the English the status alone.
 */
const GLOSSES: readonly string[] = [
  ...(['licensed', 'probation', 'closed', 'pending', 'pendingIncrease', 'provisional', 'withdrawn'] as const).map((key) => STATUS_GLOSS[key].es.text),
  ...(['byLicensee', 'ownership', 'revoked', 'byState'] as const).map((key) => say(STATUS_GLOSS.closedBy, 'es', { reason: STATUS_GLOSS[key].es.text })),
];
export const STATUS_GLOSSED_WORDS: Readonly<Record<string, Entry>> = Object.fromEntries(
  GLOSSES.map((gloss, i) => [`gloss${i}`, { en: '{status}', es: { text: `{status} — ${gloss}`, from: '{status}' } }]),
);

/** A quoted state status in a language: verbatim, with its Spanish gloss after it. */
export function glossedStatusIn(language: Language, quotedStatus: string, status: string): string {
  const gloss = language === 'en' ? null : statusGloss(language, status);
  return gloss ? `${quotedStatus} — ${gloss}` : quotedStatus;
}

/** An approval's value in the check's short list, in a language (wording.ts approvalShortWords / appliedForWords in English). */
export function approvalShortIn(language: Language, value: TriState, applied: boolean): string {
  if (language === 'en') return applied ? appliedForWords(value) : approvalShortWords(value);
  if (value === 'true') return say(applied ? CHECK_WORDS.appliedFor : READING_WORDS.yes, language);
  return say(value === 'false' && !applied ? CHECK_WORDS.statedNot : READING_WORDS.notOnFile, language);
}

/** The four approvals in the check's short list. */
export function approvalsListIn(language: Language, values: Readonly<Record<(typeof CLEARANCE_KEYS)[number], TriState>>, applied: boolean): string {
  return say(CHECK_WORDS.approvals, language, Object.fromEntries(CLEARANCE_KEYS.map((key) => [key, approvalShortIn(language, values[key], applied)])));
}

/**
 * A home's state-record tallies in one phrase (wording.ts stateRecordWords in English): a count
 * is a number from the record or "not on file", never a zero stood in for a missing value.
 */
export function stateRecordWordsIn(
  language: Language,
  r: { documents_on_file: number | null; latest_visit_date: string | null; type_a_citations: number | null; type_b_citations: number | null; tallies_since_year: string | null },
): string {
  const n = (count: number | null) => (count === null ? say(CHECK_WORDS.countNotOnFile, language) : String(count));
  const documents =
    r.documents_on_file === null
      ? say(CHECK_WORDS.documentsNotOnFile, language)
      : say(r.documents_on_file === 1 ? CHECK_WORDS.documentOne : CHECK_WORDS.documentMany, language, { n: r.documents_on_file });
  const citations = r.tallies_since_year
    ? say(CHECK_WORDS.citationsSince, language, { year: r.tallies_since_year, a: n(r.type_a_citations), b: n(r.type_b_citations) })
    : r.latest_visit_date === null && (r.type_a_citations ?? 0) === 0 && (r.type_b_citations ?? 0) === 0 && r.type_a_citations !== null
      ? say(CHECK_WORDS.citationsNoVisit, language)
      : say(CHECK_WORDS.citationsNotOnFile, language);
  return say(CHECK_WORDS.record, language, { documents, visit: r.latest_visit_date ?? say(CHECK_WORDS.countNotOnFile, language), citations });
}

/** Every entry of this file, as ALL_CATALOGS lists it (catalogs.ts). */
export const CHECK_CATALOG: Readonly<Record<string, Entry>> = { ...CHECK_WORDS, ...STATUS_GLOSSED_WORDS };

/**
 * A home's state visits and citations from the weekly export in one line (wording.ts
 * visitsInWords in English), with the years covered and the day retrieved; a count the export
 * lacks reads "not on file", and one visit reads singular.
 */
export function visitsInWordsIn(
  language: Language,
  value: { since_year: string | null; visits: { total: number | null }; type_a: { total: number | null }; type_b: { total: number | null } } | null,
  retrievedOnDate: string | null,
): string {
  const retrieved = retrievedOnDate ? say(CHECK_WORDS.retrievedOn, language, { date: retrievedOnDate }) : say(CHECK_WORDS.retrievedUnknown, language);
  if (!value) return say(CHECK_WORDS.visitsNotOnFile, language);
  if (!value.since_year) return say(CHECK_WORDS.visitsNoneOnRecord, language, { retrieved });
  const n = (count: number | null) => (count === null ? say(CHECK_WORDS.countNotOnFile, language) : String(count));
  const total = value.visits.total;
  const visits = total === null ? say(CHECK_WORDS.visitCountNotOnFile, language) : say(total === 1 ? CHECK_WORDS.visitOne : CHECK_WORDS.visitMany, language, { n: total });
  return say(CHECK_WORDS.visitsSince, language, { year: value.since_year, visits, a: n(value.type_a.total), b: n(value.type_b.total), retrieved });
}
