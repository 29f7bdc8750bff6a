// A home's page, its Markdown twin and its call questions, in English and Spanish (catalog.ts).
// The record's own values (names, addresses, the state's status words, report titles) are filled
// in verbatim: the state writes them in English.
import { licenseStatusMeaning } from '../../contract/facts.ts';
import { defineWords, say, type Entry } from './catalog.ts';
import type { Language } from './language.ts';
import { APPROVALS_FROM_CLIENT_SERVED, NO_APPROVALS_FILE, PENDING_APPLICATION, retrievedOn, rosterDateWords } from './wording.ts';

/** Plain words for a bed count (the pipeline's size_words), by their English. */
export const SIZE_WORDS: Readonly<Record<string, Entry>> = {
  'bed count not on file': { en: 'bed count not on file', es: { text: 'capacidad: no consta en los datos del estado', from: 'bed count not on file' } },
  'small home (6 beds or fewer)': { en: 'small home (6 beds or fewer)', es: { text: 'casa pequeña (6 residentes o menos)', from: 'small home (6 beds or fewer)' } },
  'small residence (7 to 15 beds)': {
    en: 'small residence (7 to 15 beds)',
    es: { text: 'residencia pequeña (de 7 a 15 residentes)', from: 'small residence (7 to 15 beds)' },
  },
  'mid-size community (16 to 49 beds)': {
    en: 'mid-size community (16 to 49 beds)',
    es: { text: 'centro mediano (de 16 a 49 residentes)', from: 'mid-size community (16 to 49 beds)' },
  },
  'large community (50 to 99 beds)': { en: 'large community (50 to 99 beds)', es: { text: 'centro grande (de 50 a 99 residentes)', from: 'large community (50 to 99 beds)' } },
  'very large community (100 beds or more)': {
    en: 'very large community (100 beds or more)',
    es: { text: 'centro muy grande (100 residentes o más)', from: 'very large community (100 beds or more)' },
  },
};

/** The glossary's words for a license's status, after the state's own words (kept verbatim). */
export const STATUS_GLOSS = defineWords({
  licensed: { en: 'Licensed', es: { text: 'Con licencia', from: 'Licensed' } },
  probation: { en: 'On probation', es: { text: 'Licencia en período de prueba', from: 'On probation' } },
  closed: { en: 'Closed', es: { text: 'Cerrado (ya no tiene licencia vigente)', from: 'Closed' } },
  pending: { en: 'Pending', es: { text: 'Solicitud en trámite (todavía no tiene licencia)', from: 'Pending' } },
  pendingIncrease: {
    en: 'Licensed; an increase in capacity is pending',
    es: { text: 'Con licencia; hay una solicitud de aumento de capacidad en trámite', from: 'Licensed; an increase in capacity is pending' },
  },
  provisional: { en: 'Provisional license', es: { text: 'licencia inicial temporal, la que el estado da a un centro nuevo', from: 'Provisional license' } },
  withdrawn: { en: 'Application withdrawn', es: { text: 'Solicitud retirada (nunca tuvo licencia)', from: 'Application withdrawn' } },
  closedBy: { en: 'Closed: {reason}', es: { text: 'Cerrado: {reason}', from: 'Closed: {reason}' } },
  byLicensee: { en: 'the licensee closed it', es: { text: 'lo cerró el titular de la licencia', from: 'the licensee closed it' } },
  ownership: { en: 'change of ownership', es: { text: 'cambio de dueño', from: 'change of ownership' } },
  revoked: { en: 'license revoked', es: { text: 'licencia revocada', from: 'license revoked' } },
  byState: { en: 'the state closed it', es: { text: 'lo cerró el estado', from: 'the state closed it' } },
});

/** The reasons the state's live detail gives after "Closed, " (DESIGN.md), glossed when known. */
const CLOSED_REASONS: ReadonlyArray<[RegExp, keyof typeof STATUS_GLOSS]> = [
  [/licensee initiated/i, 'byLicensee'],
  [/change of ownership/i, 'ownership'],
  [/revoked|revocation/i, 'revoked'],
  [/department initiated|state initiated/i, 'byState'],
];

/** The gloss of a state status string (roster or live), or null when it has none. */
export function statusGloss(language: Language, status: string): string | null {
  const meaning = licenseStatusMeaning(status);
  if (meaning.closed) {
    const reason = CLOSED_REASONS.find(([pattern]) => pattern.test(status));
    return reason ? say(STATUS_GLOSS.closedBy, language, { reason: say(STATUS_GLOSS[reason[1]], language) }) : say(STATUS_GLOSS.closed, language);
  }
  if (/withdrawn/i.test(status)) return say(STATUS_GLOSS.withdrawn, language);
  if (/provisional/i.test(status)) return say(STATUS_GLOSS.provisional, language);
  if (meaning.probation) return say(STATUS_GLOSS.probation, language);
  if (meaning.listed && /pending increase/i.test(status)) return say(STATUS_GLOSS.pendingIncrease, language);
  if (meaning.listed) return say(STATUS_GLOSS.licensed, language);
  if (/PENDING/i.test(status)) return say(STATUS_GLOSS.pending, language);
  return null;
}

/** The state's status words, verbatim, with the glossary's gloss after them in Spanish. */
export function statusIn(language: Language, status: string): string {
  if (language === 'en') return status;
  const gloss = statusGloss(language, status);
  return gloss ? `${status} (${gloss})` : status;
}

/** The same, with the state's English words marked as English for a Spanish page (HTML). */
export function statusHtmlIn(language: Language, status: string, escape: (text: string) => string): string {
  if (language === 'en') return escape(status);
  const gloss = statusGloss(language, status);
  return `<span lang="en">${escape(status)}</span>${gloss ? ` (${escape(gloss)})` : ''}`;
}

/** " (retrieved from the state on <date>)", in a language (wording.ts retrievedOn in English). */
export function retrievedIn(language: Language, date: string | null): string {
  return date ? say(HOME_WORDS.retrieved, language, { date }) : say(HOME_WORDS.retrievedUnknown, language);
}

export const HOME_WORDS = defineWords({
  // The view's facts
  typeRcfe: {
    en: 'residential care facility for the elderly (RCFE)',
    es: { text: 'centro de cuidado residencial para personas mayores (RCFE, por sus siglas en inglés)', from: 'residential care facility for the elderly (RCFE)' },
  },
  typeOther: {
    en: 'licensed care facility (type on the roster: {type})',
    es: { text: 'centro de cuidado con licencia (tipo en la lista del estado: {type})', from: 'licensed care facility (type on the roster: {type})' },
  },
  typeUnknown: { en: 'licensed care facility', es: { text: 'centro de cuidado con licencia', from: 'licensed care facility' } },
  county: { en: '{county} County', es: { text: 'condado de {county}', from: '{county} County' } },
  /** A county named with no city before it: Spanish needs the article ("en el condado de Alameda"). */
  countyAlone: { en: '{county} County', es: { text: 'el condado de {county}', from: '{county} County' } },
  placeNotOnFile: { en: 'place not on file', es: { text: 'lugar: no consta en los datos del estado', from: 'place not on file' } },
  licenseNumber: { en: 'License {license}', es: { text: 'Licencia {license}', from: 'License {license}' } },
  bedsNotOnFile: { en: 'licensed beds not on file', es: { text: 'capacidad autorizada: no consta en los datos del estado', from: 'licensed beds not on file' } },
  bedOne: { en: '{n} licensed bed', es: { text: 'capacidad autorizada: {n} residente', from: '{n} licensed bed' } },
  bedMany: { en: '{n} licensed beds', es: { text: 'capacidad autorizada: {n} residentes', from: '{n} licensed beds' } },
  isA: { en: '{title} is a {type} in {place}', es: { text: '{title} es un {type} en {place}', from: '{title} is a {type} in {place}' } },
  licensedTo: { en: ', licensed to {licensee}', es: { text: ', cuyo titular de la licencia es {licensee}', from: ', licensed to {licensee}' } },
  firstLicensed: { en: ', first licensed in {since}', es: { text: ', con licencia desde {since}', from: ', first licensed in {since}' } },
  statusOnRecord: {
    en: ". Status on the state's record{dated}: {status}.",
    es: { text: '. Estado de la licencia en el registro del estado{dated}: {status}.', from: ". Status on the state's record{dated}: {status}." },
  },
  onProbation: { en: ' The license is on probation.', es: { text: ' La licencia está en período de prueba.', from: ' The license is on probation.' } },
  // A PENDING application is not a license (wording.ts says it once in English).
  pendingNotListed: {
    en: ` ${PENDING_APPLICATION} It is not in the lists on this site.`,
    es: {
      text: ' PENDING es una solicitud, todavía no una licencia: el estado no ha autorizado a este centro a cuidar residentes. Pregunte a la oficina de licencias del estado antes de contar con él. No aparece en las listas de este sitio.',
      from: ' PENDING is an application, not yet a license: the state has not licensed this home to care for residents. Ask the state licensing office before counting on it. It is not in the lists on this site.',
    },
  },
  notListed: {
    en: ' A license with this status is not in the lists on this site.',
    es: { text: ' Una licencia con este estado no aparece en las listas de este sitio.', from: ' A license with this status is not in the lists on this site.' },
  },
  // The English of the roster's and the export's dates is wording.ts's, with the date left as a place.
  retrieved: {
    en: retrievedOn('{date}'),
    es: { text: ' (dato obtenido del estado el {date})', from: ' (retrieved from the state on {date})' },
  },
  retrievedUnknown: {
    en: retrievedOn(null),
    es: { text: ' (no consta el día en que se obtuvo del estado)', from: ' (the day it was retrieved is not on file)' },
  },
  rosterDated: { en: rosterDateWords('{date}', 'portal').aside, es: { text: ' (según la lista del estado con fecha {date})', from: ' (per the state roster dated {date})' } },
  rosterUndated: { en: rosterDateWords(null, 'portal').aside, es: { text: ' (la lista del estado no da fecha)', from: ' (the state roster gives no date)' } },
  closedNote: {
    en: 'This license is closed.',
    es: { text: 'Esta licencia está cerrada: ya no está vigente.', from: 'This license is closed.' },
  },
  noApprovalsFile: {
    en: NO_APPROVALS_FILE,
    es: {
      text: 'El estado no publica un archivo de aprobaciones de cuidado (atención para personas con demencia, cuidado de hospicio (hospice), residentes que no pueden salir solos del edificio o residentes postrados en cama), así que aquí cada una dice «No consta en los datos del estado»: pregunte al centro para cuáles tiene aprobación.',
      from: 'The state publishes no file of care approvals (dementia care, hospice, non-ambulatory or bedridden residents), so each reads "not on file" here: ask the home which it is approved for.',
    },
  },
  approvalsFromClientServed: {
    en: APPROVALS_FROM_CLIENT_SERVED,
    es: {
      text: 'El estado no publica un archivo de aprobaciones de cuidado; un «Sí» aquí se lee de un código de servicio (client-served) del registro del estado sobre el centro, y las demás dicen «No consta en los datos del estado»: pregunte al centro para cuáles tiene aprobación.',
      from: 'The state publishes no file of care approvals; a "yes" here is read from a client-served code on the state\'s record of the home, and the rest read "not on file": ask the home which it is approved for.',
    },
  },
  clientServedSource: {
    en: "per a client-served code on the state's record of the home",
    es: { text: 'según un código de servicio (client-served) del registro del estado sobre el centro', from: "per a client-served code on the state's record of the home" },
  },
  waiverAbsence: {
    en: 'Absence from the list is not a verified no.',
    es: { text: '«No consta» no quiere decir «no»: que no aparezca en la lista no confirma que no participe.', from: 'Absence from the list is not a verified no.' },
  },
  waiverUnresolved: {
    en: "Not on file: a row of the state's Assisted Living Waiver list could be this home or another license at the same address or with the same name, and it could not be tied to one license. Ask the home whether it takes the waiver.",
    es: {
      text: 'No consta: una fila de la lista del estado del programa Assisted Living Waiver podría ser este centro u otra licencia en la misma dirección o con el mismo nombre, y no se pudo vincular a una sola licencia. Pregunte al centro si acepta el programa.',
      from: "Not on file: a row of the state's Assisted Living Waiver list could be this home or another license at the same address or with the same name, and it could not be tied to one license. Ask the home whether it takes the waiver.",
    },
  },
  noRateClosed: {
    en: 'No starting rate is shown: this license is closed.',
    es: { text: 'No se muestra una tarifa inicial: esta licencia está cerrada.', from: 'No starting rate is shown: this license is closed.' },
  },
  noRate: {
    en: 'No starting rate is on file for this home. Ask the home for its rates.',
    es: { text: 'No consta una tarifa inicial para este centro. Pregunte al centro por sus tarifas.', from: 'No starting rate is on file for this home. Ask the home for its rates.' },
  },
  closedWarning: {
    en: 'This license is closed: the phone number on the roster may no longer reach a care home.',
    es: {
      text: 'Esta licencia está cerrada: es posible que el teléfono de la lista del estado ya no corresponda a un centro de cuidado.',
      from: 'This license is closed: the phone number on the roster may no longer reach a care home.',
    },
  },
  // The page and its twin
  title: { en: '{name}', es: { text: '{name}', from: '{name}' } },
  description: {
    en: 'The state licensing record of {name} (license {license}) in plain words: care approvals, state visits and reports, and how to call.',
    es: {
      text: 'El registro de licencias del estado sobre {name} (licencia {license}) en palabras sencillas: aprobaciones de cuidado, visitas e informes del estado, y cómo llamar.',
      from: 'The state licensing record of {name} (license {license}) in plain words: care approvals, state visits and reports, and how to call.',
    },
  },
  noSuchHome: {
    en: 'No home with this license number is on the state roster. Check the number, or search for the home by name.',
    es: {
      text: 'Ningún centro con este número de licencia aparece en la lista del estado. Revise el número o busque el centro por su nombre.',
      from: 'No home with this license number is on the state roster. Check the number, or search for the home by name.',
    },
  },
  breadcrumb: { en: 'Breadcrumb', es: { text: 'Ruta de navegación', from: 'Breadcrumb' } },
  nameOnLicense: { en: 'Name on the license: {name}.', es: { text: 'Nombre en la licencia: {name}.', from: 'Name on the license: {name}.' } },
  liveStatus: { en: " The state's live status{checked}: {status}.", es: { text: ' Estado actual en el sitio del estado{checked}: {status}.', from: " The state's live status{checked}: {status}." } },
  lastChecked: { en: ', last checked on {date}', es: { text: ', consultado por última vez el {date}', from: ', last checked on {date}' } },
  howToCall: { en: 'How to call', es: { text: 'Cómo llamar', from: 'How to call' } },
  phone: { en: 'Phone (state roster): {phone}', es: { text: 'Teléfono (lista del estado): {phone}', from: 'Phone (state roster): {phone}' } },
  phoneNotOnFile: { en: 'Phone: not on file', es: { text: 'Teléfono: no consta en los datos del estado', from: 'Phone: not on file' } },
  address: { en: 'Address (state roster): {address}', es: { text: 'Dirección (lista del estado): {address}', from: 'Address (state roster): {address}' } },
  licenseHolder: { en: 'License holder: {holder}', es: { text: 'Titular de la licencia: {holder}', from: 'License holder: {holder}' } },
  notOnFileShort: { en: 'not on file', es: { text: 'no consta en los datos del estado', from: 'not on file' } },
  questions: { en: 'Questions to ask', es: { text: 'Preguntas para hacer', from: 'Questions to ask' } },
  careApprovals: { en: 'Care approvals', es: { text: 'Aprobaciones de cuidado', from: 'Care approvals' } },
  reportError: { en: 'Report an error', es: { text: 'Informar un error', from: 'Report an error' } },
  reportErrorIn: { en: ' in “{label}”', es: { text: ' en «{label}»', from: ' in “{label}”' } },
  startingRate: { en: 'Starting rate', es: { text: 'Tarifa inicial', from: 'Starting rate' } },
  startingRateLabel: { en: 'Starting rate:', es: { text: 'Tarifa inicial:', from: 'Starting rate:' } },
  startingRateQuoted: {
    en: 'Starting rate:',
    // The line is this service's sentence, never the state's record: said so, and marked English.
    es: { text: 'Tarifa inicial (frase de este servicio, en inglés; no es un dato del registro del estado):', from: 'Starting rate:' },
  },
  visitsHeading: { en: 'State visits and documents', es: { text: 'Visitas e informes del estado', from: 'State visits and documents' } },
  lastVisit: { en: 'Last state visit: {date}', es: { text: 'Última visita del estado: {date}', from: 'Last state visit: {date}' } },
  guide: { en: 'Guide:', es: { text: 'Guía:', from: 'Guide:' } },
  stateRecordLink: { en: "The state's record of this home", es: { text: 'El registro del estado sobre este centro', from: "The state's record of this home" } },
  stateSite: { en: "(the state's licensing site)", es: { text: '(el sitio de licencias del estado, en inglés)', from: "(the state's licensing site)" } },
  stateRecordMd: { en: "The state's record of this home: {url}", es: { text: 'El registro del estado sobre este centro (en inglés): {url}', from: "The state's record of this home: {url}" } },
  reportsNewest: { en: 'Reports, newest first', es: { text: 'Informes, del más reciente al más antiguo', from: 'Reports, newest first' } },
  moreReports: { en: "{n} more on the state's record.", es: { text: '{n} más en el registro del estado.', from: "{n} more on the state's record." } },
  changesHeading: { en: 'Changes on the state record', es: { text: 'Cambios en el registro del estado', from: 'Changes on the state record' } },
  moreChanges: { en: '{n} earlier changes are in the full log.', es: { text: '{n} cambios anteriores están en el historial completo.', from: '{n} earlier changes are in the full log.' } },
  wholeLog: { en: 'The whole change log of this home', es: { text: 'El historial completo de cambios de este centro', from: 'The whole change log of this home' } },
  corrections: { en: 'Corrections', es: { text: 'Correcciones', from: 'Corrections' } },
  approvedNotes: { en: 'Notes approved after a correction request:', es: { text: 'Notas aprobadas después de una solicitud de corrección:', from: 'Notes approved after a correction request:' } },
  approvedOn: { en: '(approved {date})', es: { text: '(aprobada el {date})', from: '(approved {date})' } },
  foundError: { en: 'Found an error in this record?', es: { text: '¿Encontró un error en este registro?', from: 'Found an error in this record?' } },
  tellUs: { en: 'Tell us about it', es: { text: 'Avísenos', from: 'Tell us about it' } },
  tellUsMd: { en: 'Tell us: {url}', es: { text: 'Avísenos: {url}', from: 'Tell us: {url}' } },
  quickAnswers: { en: 'Quick answers', es: { text: 'Respuestas rápidas', from: 'Quick answers' } },
  fullPage: { en: 'Full page: {url}', es: { text: 'Página completa: {url}', from: 'Full page: {url}' } },
  // State visits and documents
  documentsNotOnFile: { en: 'Documents the state lists: not on file.', es: { text: 'Documentos que lista el estado: no consta en los datos del estado.', from: 'Documents the state lists: not on file.' } },
  documents: { en: 'Documents the state lists: {n}{since}.', es: { text: 'Documentos que lista el estado: {n}{since}.', from: 'Documents the state lists: {n}{since}.' } },
  documentsSince: { en: ' (since {year}{newest})', es: { text: ' (desde {year}{newest})', from: ' (since {year}{newest})' } },
  documentsNewest: { en: ', newest {date}', es: { text: ', el más reciente del {date}', from: ', newest {date}' } },
  citationsNoVisit: {
    en: 'Type A and Type B citations: none, with no state visit on record.',
    es: { text: 'Deficiencias Tipo A y Tipo B: 0, y ninguna visita del estado en el registro.', from: 'Type A and Type B citations: none, with no state visit on record.' },
  },
  citationsNotOnFile: {
    en: 'Type A and Type B citations: not on file.',
    es: { text: 'Deficiencias Tipo A y Tipo B: los datos del estado no las incluyen para este período.', from: 'Type A and Type B citations: not on file.' },
  },
  citationsSince: {
    en: 'Citations since {year}: {a} Type A, {b} Type B.',
    es: { text: 'Deficiencias desde {year}: {a} Tipo A, {b} Tipo B.', from: 'Citations since {year}: {a} Type A, {b} Type B.' },
  },
  noVisitOnRecord: { en: "No state visit is on the state's record{on}.", es: { text: 'El registro del estado no tiene ninguna visita del estado{on}.', from: "No state visit is on the state's record{on}." } },
  visitsSince: {
    en: 'State visits since {year}{on}: {total} ({inspection} inspections, {complaint} complaint investigations, {other} other visits).',
    es: {
      text: 'Visitas del estado desde {year}{on}: {total} ({inspection} inspecciones, {complaint} visitas para investigar una queja, {other} otras visitas).',
      from: 'State visits since {year}{on}: {total} ({inspection} inspections, {complaint} complaint investigations, {other} other visits).',
    },
  },
  byVisitType: {
    en: '{total} ({inspection} at inspections, {other} at other visits, {complaint} from complaints)',
    es: {
      text: '{total} ({inspection} en inspecciones, {other} en otras visitas, {complaint} por quejas)',
      from: '{total} ({inspection} at inspections, {other} at other visits, {complaint} from complaints)',
    },
  },
  citationsByType: {
    en: 'Citations since {year}: Type A {a}; Type B {b}.',
    es: { text: 'Deficiencias desde {year}: Tipo A {a}; Tipo B {b}.', from: 'Citations since {year}: Type A {a}; Type B {b}.' },
  },
  allegationsSince: {
    en: 'Complaint allegations since {year}: {total} ({substantiated} substantiated, {inconclusive} inconclusive, {unsubstantiated} unsubstantiated, {unfounded} unfounded).',
    es: {
      text: 'Alegaciones en quejas desde {year}: {total} ({substantiated} comprobadas, {inconclusive} no concluyentes, {unsubstantiated} no comprobadas, {unfounded} infundadas).',
      from: 'Complaint allegations since {year}: {total} ({substantiated} substantiated, {inconclusive} inconclusive, {unsubstantiated} unsubstantiated, {unfounded} unfounded).',
    },
  },
  reportDateNotOnFile: { en: 'date not on file', es: { text: 'fecha: no consta', from: 'date not on file' } },
  reportTypeNotOnFile: { en: 'type not on file', es: { text: 'tipo: no consta', from: 'type not on file' } },
  reportUntitled: { en: 'untitled', es: { text: 'sin título', from: 'untitled' } },
  controlNumber: { en: ' (control number {number})', es: { text: ' (número de control {number})', from: ' (control number {number})' } },
  // Quick answers
  qLicensed: { en: 'Is this home licensed?', es: { text: '¿Tiene licencia este centro?', from: 'Is this home licensed?' } },
  qDementia: { en: 'Does it take residents with dementia?', es: { text: '¿Acepta residentes con demencia?', from: 'Does it take residents with dementia?' } },
  qWheelchair: {
    en: 'Can it care for someone who uses a wheelchair or cannot walk unaided?',
    es: { text: '¿Puede cuidar a alguien que usa silla de ruedas o no puede caminar sin ayuda?', from: 'Can it care for someone who uses a wheelchair or cannot walk unaided?' },
  },
  qHospice: { en: 'Can a resident receive hospice care there?', es: { text: '¿Puede un residente recibir cuidado de hospicio (hospice) allí?', from: 'Can a resident receive hospice care there?' } },
  qBedridden: { en: 'Can it care for a bedridden resident?', es: { text: '¿Puede cuidar a un residente postrado en cama?', from: 'Can it care for a bedridden resident?' } },
  qWaiver: {
    en: 'Does it take the Medi-Cal Assisted Living Waiver?',
    es: { text: '¿Acepta el programa de Medi-Cal Assisted Living Waiver (ALW)?', from: 'Does it take the Medi-Cal Assisted Living Waiver?' },
  },
  qCost: { en: 'How much does it cost?', es: { text: '¿Cuánto cuesta?', from: 'How much does it cost?' } },
  qOpening: { en: 'Does it have an opening?', es: { text: '¿Tiene lugar disponible?', from: 'Does it have an opening?' } },
  qLastVisit: { en: 'When did the state last visit?', es: { text: '¿Cuándo fue la última visita del estado?', from: 'When did the state last visit?' } },
  aNoLonger: { en: 'No longer. {note}', es: { text: 'Ya no tiene licencia vigente. {note}', from: 'No longer. {note}' } },
  aNoLongerStatus: {
    en: 'No longer: the state roster lists this license as {status}. {note}',
    es: { text: 'Ya no tiene licencia vigente: la lista del estado dice {status}. {note}', from: 'No longer: the state roster lists this license as {status}. {note}' },
  },
  aListedAs: {
    en: "The state's record lists this license as {status}{dated}.",
    es: { text: 'Situación de esta licencia en el registro del estado: {status}{dated}.', from: "The state's record lists this license as {status}{dated}." },
  },
  aYes: { en: 'Yes: {onRecord}, {source}.', es: { text: 'Sí: {onRecord}, {source}.', from: 'Yes: {onRecord}, {source}.' } },
  aUnderReview: {
    en: 'Not on file: this approval is under a correction review, so it reads "not on file" until the review closes.',
    es: {
      text: 'No consta en los datos del estado: esta aprobación está en revisión por una solicitud de corrección, y dirá «No consta» hasta que termine la revisión.',
      from: 'Not on file: this approval is under a correction review, so it reads "not on file" until the review closes.',
    },
  },
  aStated: { en: '{onRecord}, {source}.', es: { text: '{onRecord}, {source}.', from: '{onRecord}, {source}.' } },
  aSilent: {
    en: '{onRecord}, {source}. That is not a no{ask}.',
    es: {
      text: '{onRecord}, {source}. «No consta» no quiere decir «no»: el estado no publica este dato para este centro.{ask}',
      from: '{onRecord}, {source}. That is not a no{ask}.',
    },
  },
  askTheHomeTail: { en: '; ask the home', es: { text: ' Pregunte al centro.', from: '; ask the home' } },
  whileOpen: {
    en: 'This license is closed, so the home takes no residents under it. While it was open, the record held: {recorded}',
    es: {
      text: 'Esta licencia está cerrada, así que el centro no recibe residentes con ella. Mientras estaba vigente, el registro decía: {recorded}',
      from: 'This license is closed, so the home takes no residents under it. While it was open, the record held: {recorded}',
    },
  },
  aWaiverYes: {
    en: "Yes: it is on the state's Assisted Living Waiver list{asOf}. {note}",
    es: { text: 'Sí: está en la lista del estado del programa Assisted Living Waiver{asOf}. {note}', from: "Yes: it is on the state's Assisted Living Waiver list{asOf}. {note}" },
  },
  aWaiverNotOnFile: {
    en: "Not on file: it is not on the state's Assisted Living Waiver list{asOf}. Absence from the list is not a verified no{ask}.",
    es: {
      text: 'No consta en los datos del estado: no aparece en la lista del estado del programa Assisted Living Waiver{asOf}. «No consta» no quiere decir «no».{ask}',
      from: "Not on file: it is not on the state's Assisted Living Waiver list{asOf}. Absence from the list is not a verified no{ask}.",
    },
  },
  aRateQuoted: { en: '"{line}"', es: { text: 'En inglés (frase de este servicio, no del registro del estado): «{line}»', from: '"{line}"' } },
  aOpeningClosed: {
    en: 'This license is closed. For homes with an open license: {openings}',
    es: { text: 'Esta licencia está cerrada. Para los centros con licencia vigente: {openings}', from: 'This license is closed. For homes with an open license: {openings}' },
  },
  aOpeningPhone: { en: ' The number on the state roster is {phone}.', es: { text: ' El teléfono en la lista del estado es {phone}.', from: ' The number on the state roster is {phone}.' } },
  aLastVisit: {
    en: "The state's record shows a last visit on {date}{retrieved}.",
    es: { text: 'El registro del estado muestra una última visita el {date}{retrieved}.', from: "The state's record shows a last visit on {date}{retrieved}." },
  },
  aNoLastVisit: {
    en: 'Not on file: the state record gives no last visit date.',
    es: { text: 'No consta en los datos del estado: el registro del estado no da la fecha de la última visita.', from: 'Not on file: the state record gives no last visit date.' },
  },
});

/** The questions a family asks a home on the phone (shape/call-plan.ts), in both languages. */
export const QUESTION_WORDS = defineWords({
  opening: {
    en: 'Do you have an opening now, or when do you expect one? (No website knows; only the home can say.)',
    es: {
      text: '¿Tienen lugar disponible ahora, o cuándo esperan tenerlo? (Ningún sitio web lo sabe; solo el centro puede decirlo.)',
      from: 'Do you have an opening now, or when do you expect one? (No website knows; only the home can say.)',
    },
  },
  listedRate: {
    en: 'The listing on {site}{dated} shows a starting rate of {rate} a month{old}: is that rate current, and what does it include?',
    es: {
      text: 'El anuncio en {site}{dated} muestra una tarifa inicial de {rate} al mes{old}: ¿sigue vigente esa tarifa y qué incluye?',
      from: 'The listing on {site}{dated} shows a starting rate of {rate} a month{old}: is that rate current, and what does it include?',
    },
  },
  listingUpdated: { en: ', last updated {date},', es: { text: ', actualizado por última vez el {date},', from: ', last updated {date},' } },
  listingUndated: { en: ' (it gives no date of its own)', es: { text: ' (no indica una fecha propia)', from: ' (it gives no date of its own)' } },
  listingSeen: {
    en: ' (it gives no date of its own; we read it on {date})',
    es: { text: ' (no indica una fecha propia; lo leímos el {date})', from: ' (it gives no date of its own; we read it on {date})' },
  },
  listingOld: { en: ' (that listing is more than {months} months old)', es: { text: ' (ese anuncio tiene más de {months} meses)', from: ' (that listing is more than {months} months old)' } },
  rate: {
    en: 'What is your starting monthly rate, and what does it include?',
    es: { text: '¿Cuál es su tarifa mensual inicial y qué incluye?', from: 'What is your starting monthly rate, and what does it include?' },
  },
  levelOfCare: {
    en: 'What costs extra as care needs grow (level-of-care fees)?',
    es: {
      text: '¿Qué se cobra aparte cuando aumentan las necesidades de cuidado (cargos por nivel de cuidado)?',
      from: 'What costs extra as care needs grow (level-of-care fees)?',
    },
  },
  carries: {
    en: 'The state record shows your license carries {approval}: can you care for someone who {person}?',
    es: {
      text: 'El registro del estado muestra que su licencia incluye {approval}: ¿pueden cuidar a alguien que {person}?',
      from: 'The state record shows your license carries {approval}: can you care for someone who {person}?',
    },
  },
  doesNotCarry: {
    en: 'The state record shows your license does not carry {approval} (not on file): what care can you give someone who {person}?',
    es: {
      text: 'No consta en los datos del estado: el registro muestra que su licencia no incluye {approval}. ¿Qué cuidado pueden dar a alguien que {person}?',
      from: 'The state record shows your license does not carry {approval} (not on file): what care can you give someone who {person}?',
    },
  },
  silent: {
    en: 'The state record does not say whether your license carries {approval} (not on file, which is not a no): can you care for someone who {person}?',
    es: {
      text: 'No consta en los datos del estado si su licencia incluye {approval} («No consta» no quiere decir «no»): ¿pueden cuidar a alguien que {person}?',
      from: 'The state record does not say whether your license carries {approval} (not on file, which is not a no): can you care for someone who {person}?',
    },
  },
  waiver: {
    en: "You are on the state's Medi-Cal Assisted Living Waiver list: do you have a waiver place, and what do you charge waiver residents for room and board?",
    es: {
      text: 'Ustedes están en la lista del estado del programa de Medi-Cal Assisted Living Waiver (ALW): ¿tienen un lugar para ese programa, y cuánto cobran a esos residentes por el alojamiento y la comida?',
      from: "You are on the state's Medi-Cal Assisted Living Waiver list: do you have a waiver place, and what do you charge waiver residents for room and board?",
    },
  },
  probation: {
    en: 'The state record shows a probationary license: what does that mean for residents?',
    es: {
      text: 'El registro del estado muestra una licencia en período de prueba: ¿qué significa eso para los residentes?',
      from: 'The state record shows a probationary license: what does that mean for residents?',
    },
  },
  staff: {
    en: 'How many caregivers are on duty during the day and at night?',
    es: { text: '¿Cuántos cuidadores trabajan durante el día y durante la noche?', from: 'How many caregivers are on duty during the day and at night?' },
  },
  visit: {
    en: 'When can we visit, and can we see a recent state report?',
    es: { text: '¿Cuándo podemos visitarlos, y podemos ver un informe reciente del estado?', from: 'When can we visit, and can we see a recent state report?' },
  },
});

/** The person who needs each approval, after "someone who" (the call plan's NEED_WORDS). */
export const NEED_PERSON_WORDS: Readonly<Record<string, Entry>> = {
  wheelchair: {
    en: 'uses a wheelchair or cannot leave the building unaided',
    es: { text: 'usa silla de ruedas o no puede salir solo del edificio', from: 'uses a wheelchair or cannot leave the building unaided' },
  },
  dementia: { en: 'lives with dementia', es: { text: 'vive con demencia', from: 'lives with dementia' } },
  hospice: { en: 'receives hospice care', es: { text: 'recibe cuidado de hospicio (hospice)', from: 'receives hospice care' } },
  bedridden: { en: 'cannot get out of bed without help', es: { text: 'no puede levantarse de la cama sin ayuda', from: 'cannot get out of bed without help' } },
};
