// The service's own sentences inside a home's MCP record (serve/mcp/record.ts), in English and
// Spanish: a closed or pending license's note, the waiver line, the approvals' source note, the
// phone and map notes, and the reading notes. The English is what the pipeline and wording.ts
// write (contract/records.ts, pipeline/normalize/facility.ts), with dates and values as places;
// a Spanish answer says each in Spanish and leaves the state's own words verbatim.
import { ALW_SCOPE } from '../../contract/records.ts';
import { defineWords, say, sayServed, type Entry } from './catalog.ts';
import { HOME_WORDS, SIZE_WORDS } from './home-page-words.ts';
import type { Language } from './language.ts';
import {
  APPROXIMATE_DISTANCE,
  CLOSED_PHONE,
  LOCATION_NOTES,
  NEVER_IN_THIS_DATA,
  PENDING_APPLICATION,
  TRI_STATE_FOR_ASSISTANTS,
  FAIRNESS_NOTE,
  unresolvedWaiverLine,
} from './wording.ts';

const HISTORY = 'Care approvals and waiver values are what the record held while it was open; they are history, not current approvals.';
const HISTORY_ES =
  'Las aprobaciones de cuidado y el programa Assisted Living Waiver son lo que decía el registro mientras la licencia estaba vigente; son historial, no aprobaciones actuales.';

export const RECORD_WORDS = defineWords({
  closedOn: {
    en: `This license closed on {date}. ${HISTORY}`,
    es: { text: `Esta licencia se cerró el {date}. ${HISTORY_ES}`, from: `This license closed on {date}. ${HISTORY}` },
  },
  closedUndated: {
    en: `This license is closed. ${HISTORY}`,
    es: { text: `Esta licencia está cerrada. ${HISTORY_ES}`, from: `This license is closed. ${HISTORY}` },
  },
  liveClosedDated: {
    en: `The state's live record, checked on {checked}, shows this license as "{live}"; the state roster of {rosterDate} still listed it as {rosterStatus}. ${HISTORY}`,
    es: {
      text: `El registro en línea del estado, consultado el {checked}, muestra esta licencia como "{live}" (cerrada); la lista de licencias del estado con fecha {rosterDate} todavía la mostraba como {rosterStatus}. ${HISTORY_ES}`,
      from: `The state's live record, checked on {checked}, shows this license as "{live}"; the state roster of {rosterDate} still listed it as {rosterStatus}. ${HISTORY}`,
    },
  },
  liveClosedUndated: {
    en: `The state's live record, checked on {checked}, shows this license as "{live}"; the state roster still listed it as {rosterStatus}. ${HISTORY}`,
    es: {
      text: `El registro en línea del estado, consultado el {checked}, muestra esta licencia como "{live}" (cerrada); la lista de licencias del estado todavía la mostraba como {rosterStatus}. ${HISTORY_ES}`,
      from: `The state's live record, checked on {checked}, shows this license as "{live}"; the state roster still listed it as {rosterStatus}. ${HISTORY}`,
    },
  },
  pending: {
    en: PENDING_APPLICATION,
    es: {
      text: 'PENDING es una solicitud, todavía no una licencia: el estado no ha autorizado a este centro a cuidar residentes. Pregunte a la oficina de licencias del estado antes de contar con él.',
      from: PENDING_APPLICATION,
    },
  },
  waiverListedOn: {
    en: "On the state's Assisted Living Waiver list as of {date}.",
    es: { text: 'Aparece en la lista del estado del programa de Medi-Cal Assisted Living Waiver (ALW) al {date}.', from: "On the state's Assisted Living Waiver list as of {date}." },
  },
  waiverListed: {
    en: "On the state's Assisted Living Waiver list.",
    es: { text: 'Aparece en la lista del estado del programa de Medi-Cal Assisted Living Waiver (ALW).', from: "On the state's Assisted Living Waiver list." },
  },
  waiverNotListedOn: {
    en: "Not on file: this home is not on the state's Assisted Living Waiver list as of {date}. Absence from the list is not a verified no.",
    es: {
      text: 'No consta en los datos del estado: este centro no aparece en la lista del estado del programa de Medi-Cal Assisted Living Waiver (ALW) al {date}. «No consta» no quiere decir «no»: pregunte al centro si acepta el programa.',
      from: "Not on file: this home is not on the state's Assisted Living Waiver list as of {date}. Absence from the list is not a verified no.",
    },
  },
  waiverNotListed: {
    en: "Not on file: this home is not on the state's Assisted Living Waiver list. Absence from the list is not a verified no.",
    es: {
      text: 'No consta en los datos del estado: este centro no aparece en la lista del estado del programa de Medi-Cal Assisted Living Waiver (ALW). «No consta» no quiere decir «no»: pregunte al centro si acepta el programa.',
      from: "Not on file: this home is not on the state's Assisted Living Waiver list. Absence from the list is not a verified no.",
    },
  },
  waiverListNotRead: {
    en: "Not on file: the state's Assisted Living Waiver list was not read for this snapshot.",
    es: {
      text: 'No consta en los datos del estado: la lista del estado del programa de Medi-Cal Assisted Living Waiver (ALW) no se leyó para esta copia de los datos.',
      from: "Not on file: the state's Assisted Living Waiver list was not read for this snapshot.",
    },
  },
  waiverUnresolvedAt: {
    en: unresolvedWaiverLine({ facility_name: '{name}', street: '{street}' }, '{date}'),
    es: {
      text: 'No consta en los datos del estado: la lista del estado del programa de Medi-Cal Assisted Living Waiver (ALW) al {date} tiene una fila ("{name}", en {street}) que podría ser este centro u otra licencia en la misma dirección o con el mismo nombre, y no se pudo vincular a una sola licencia. Pregunte al centro si acepta el programa.',
      from: unresolvedWaiverLine({ facility_name: '{name}', street: '{street}' }, '{date}'),
    },
  },
  waiverUnresolved: {
    en: unresolvedWaiverLine({ facility_name: '{name}', street: null }, '{date}'),
    es: {
      text: 'No consta en los datos del estado: la lista del estado del programa de Medi-Cal Assisted Living Waiver (ALW) al {date} tiene una fila ("{name}") que podría ser este centro u otra licencia en la misma dirección o con el mismo nombre, y no se pudo vincular a una sola licencia. Pregunte al centro si acepta el programa.',
      from: unresolvedWaiverLine({ facility_name: '{name}', street: null }, '{date}'),
    },
  },
  waiverScope: {
    en: ALW_SCOPE,
    es: { text: 'El programa de Medi-Cal Assisted Living Waiver (ALW) paga solo los servicios de cuidado; no paga el alojamiento ni la comida.', from: ALW_SCOPE },
  },
  closedPhone: {
    en: CLOSED_PHONE,
    es: { text: 'Esta licencia está cerrada: el teléfono de la lista del estado quizá ya no comunique con un centro de cuidado.', from: CLOSED_PHONE },
  },
  locationStateFile: {
    en: LOCATION_NOTES.state_locations,
    es: {
      text: 'Coordenadas del archivo de ubicaciones de centros del estado, unidas por número de licencia; úselas solo para calcular distancias.',
      from: LOCATION_NOTES.state_locations,
    },
  },
  locationAddress: {
    en: LOCATION_NOTES.address,
    es: {
      text: 'Coordenadas calculadas por computadora a partir de la dirección (no son un dato del estado); úselas solo para calcular distancias.',
      from: LOCATION_NOTES.address,
    },
  },
  locationZip: {
    en: LOCATION_NOTES.zip_centroid,
    es: {
      text: 'Coordenadas aproximadas: el punto central del código postal del centro, no su dirección (no son un dato del estado); una distancia calculada con ellas es aproximada.',
      from: LOCATION_NOTES.zip_centroid,
    },
  },
  approximateDistance: {
    en: APPROXIMATE_DISTANCE,
    es: { text: 'aproximada: el centro está ubicado por su código postal', from: APPROXIMATE_DISTANCE },
  },
  readingNotOnFile: {
    en: TRI_STATE_FOR_ASSISTANTS,
    es: {
      text:
        "Solo 'true' es un sí. Los otros dos valores se leen «No consta en los datos del estado», nunca «no»: 'not_on_file' quiere decir que el registro no lo dice " +
        '(«No consta en los datos del estado si esta licencia incluye la aprobación para atención de personas con demencia»); \'false\' es algo negativo que el registro dice ' +
        '(«No consta: esta licencia no incluye la aprobación para atención de personas con demencia»).',
      from: TRI_STATE_FOR_ASSISTANTS,
    },
  },
  readingNever: {
    en: NEVER_IN_THIS_DATA,
    es: {
      text: 'Estos datos nunca incluyen lugares disponibles: ningún sitio web sabe qué centros tienen un lugar libre hoy. Para saber si hay lugar, llame al centro.',
      from: NEVER_IN_THIS_DATA,
    },
  },
  readingFairness: {
    en: FAIRNESS_NOTE,
    es: {
      text: 'Una deficiencia no hace inseguro a un centro, y un expediente vacío no lo hace bueno. "not_on_file" quiere decir que el registro no lo dice; un "false" (el registro dice que la licencia no lo incluye) también se lee «No consta»; ninguno de los dos quiere decir «no».',
      from: FAIRNESS_NOTE,
    },
  },
  readingPrice: {
    en: "Quote price.line for any figure: only price.is_this_homes_own_rate true is the home's own starting rate; other kinds are estimates or area figures, not the home's price.",
    es: {
      text: 'Cite price.line para cualquier cifra: solo price.is_this_homes_own_rate true es la tarifa inicial propia del centro; las demás son estimaciones o cifras de la zona, no el precio del centro.',
      from: "Quote price.line for any figure: only price.is_this_homes_own_rate true is the home's own starting rate; other kinds are estimates or area figures, not the home's price.",
    },
  },
});

/** Every sentence of the service a stored record carries, by its English. */
const RECORD_SENTENCES: readonly Entry[] = [...Object.values(RECORD_WORDS), HOME_WORDS.noApprovalsFile, HOME_WORDS.approvalsFromClientServed];

/**
 * One of the service's sentences stored in a record (a closed note, a waiver line, a source note),
 * in the language asked: its catalog twin, with the dates and the record's own words carried over.
 * The state's own words are no sentence of ours, so they stay as they are.
 */
export function recordSentenceIn(text: string, language: Language): string;
export function recordSentenceIn(text: string | null, language: Language): string | null;
export function recordSentenceIn(text: string | null, language: Language): string | null {
  return text === null || language === 'en' ? text : (sayServed(text, RECORD_SENTENCES, language) ?? text);
}

/** A home's size in plain words (the pipeline's size_words), in the language asked. */
export function sizeWordsIn(words: string, language: Language): string {
  const entry = SIZE_WORDS[words];
  return entry && language !== 'en' ? say(entry, language) : words;
}
