// What get_state_documents says around a home's state reports, in English and Spanish. The
// reports' own words (type, title, text, findings) are the state's and stay as they are, quoted.
import { defineWords } from './catalog.ts';

export const DOCUMENT_WORDS = defineWords({
  cutForSize: {
    en: "This answer holds {shown} of the {asked} reports asked for, to stay small enough for an assistant's context; call again with offset {next} for the next ones.",
    es: {
      text: 'Esta respuesta contiene {shown} de los {asked} informes pedidos, para no llenar el contexto de un asistente; vuelva a llamar con offset {next} para los siguientes.',
      from: "This answer holds {shown} of the {asked} reports asked for, to stay small enough for an assistant's context; call again with offset {next} for the next ones.",
    },
  },
  noLongerListed: {
    en: 'The state no longer lists this report (last listed on {date}); its transcribed text was kept.',
    es: {
      text: 'El estado ya no enumera este informe (se enumeró por última vez el {date}); se conservó su texto transcrito.',
      from: 'The state no longer lists this report (last listed on {date}); its transcribed text was kept.',
    },
  },
  noLongerListedUndated: {
    en: 'The state no longer lists this report (last listed on an earlier date); its transcribed text was kept.',
    es: {
      text: 'El estado ya no enumera este informe (se enumeró por última vez en una fecha anterior); se conservó su texto transcrito.',
      from: 'The state no longer lists this report (last listed on an earlier date); its transcribed text was kept.',
    },
  },
  heading: { en: '**{name} (license {license}): {matching}; {holds}{next}.**', es: { text: '**{name} (licencia {license}): {matching}; {holds}{next}.**', from: '**{name} (license {license}): {matching}; {holds}{next}.**' } },
  matchingOne: { en: '1 report matches', es: { text: 'coincide 1 informe', from: '1 report matches' } },
  matchingMany: { en: '{n} reports match', es: { text: 'coinciden {n} informes', from: '{n} reports match' } },
  holdsNone: { en: 'this answer holds none', es: { text: 'esta respuesta no contiene ninguno', from: 'this answer holds none' } },
  holdsRange: { en: 'this answer holds {n} ({from} to {to})', es: { text: 'esta respuesta contiene {n} (del {from} al {to})', from: 'this answer holds {n} ({from} to {to})' } },
  callAgain: { en: '; call again with offset {next} for the next ones', es: { text: '; vuelva a llamar con offset {next} para los siguientes', from: '; call again with offset {next} for the next ones' } },
  stateListsOne: { en: 'The state lists 1 report for this home.', es: { text: 'El estado enumera 1 informe de este centro.', from: 'The state lists 1 report for this home.' } },
  stateListsMany: { en: 'The state lists {n} reports for this home.', es: { text: 'El estado enumera {n} informes de este centro.', from: 'The state lists {n} reports for this home.' } },
  stateCountNotOnFile: {
    en: "How many reports the state lists for this home is not on file.",
    es: { text: 'No consta en los datos del estado cuántos informes enumera el estado de este centro.', from: 'How many reports the state lists for this home is not on file.' },
  },
  storeUnreadable: {
    en: 'The document store cannot be read right now: titles and dates only.',
    es: { text: 'Ahora no se pueden leer los textos de los documentos: solo títulos y fechas.', from: 'The document store cannot be read right now: titles and dates only.' },
  },
  undated: { en: 'undated', es: { text: 'sin fecha', from: 'undated' } },
  typeNotOnFile: { en: 'type not on file', es: { text: 'tipo: no consta', from: 'type not on file' } },
  untitled: { en: 'untitled', es: { text: 'sin título', from: 'untitled' } },
  controlNumber: { en: ', control number {number}', es: { text: ', número de control {number}', from: ', control number {number}' } },
  citationsFound: {
    en: '; citations found: Type A {a}, Type B {b}',
    es: { text: '; deficiencias encontradas: Tipo A {a}, Tipo B {b}', from: '; citations found: Type A {a}, Type B {b}' },
  },
  citation: { en: '   - Type {type}{section}: {finding}', es: { text: '   - Tipo {type}{section}: {finding}', from: '   - Type {type}{section}: {finding}' } },
  reportText: { en: "   The state's report text, quoted:", es: { text: '   El texto del informe del estado, citado:', from: "   The state's report text, quoted:" } },
  reportTextCut: {
    en: "   The state's report text (first {chars} characters), quoted:",
    es: { text: '   El texto del informe del estado (primeros {chars} caracteres), citado:', from: "   The state's report text (first {chars} characters), quoted:" },
  },
  officialRecord: { en: 'The official record: {url}', es: { text: 'El registro oficial: {url}', from: 'The official record: {url}' } },
});
