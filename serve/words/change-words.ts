// A change on the state record in Spanish (the English is words/changes.ts), and the words of the
// change-log page (`/changes`, `/es/changes`): field labels and source names keep the English
// they were written from (changeWordProblems), values and dates stay the record's.
import { APPROVAL_LABELS, type TriState } from '../../contract/facts.ts';
import { CHANGE_FIELDS, type ChangeLogRow } from '../../contract/changes.ts';
import { defineWords, fill, say, type Entry } from './catalog.ts';
import { changeLine, fieldLabel, noChangesLogged, sourceName } from './changes.ts';
import type { Language } from './language.ts';
import { triStateIn } from './home-words.ts';

const t = (text: string, from: string): Entry['es'] => ({ text, from });

/** Each field a change names, in Spanish, by field key. */
export const CHANGE_FIELD_WORDS: Readonly<Record<string, Entry['es']>> = {
  name: t('Nombre', 'Name'),
  licensed_name: t('Nombre en la licencia', 'Name on the license'),
  facility_type: t('Tipo de centro', 'Facility type'),
  license_status: t('Estado de la licencia', 'License status'),
  license_status_live: t('Estado actual de la licencia', 'Live license status'),
  on_probation: t('Licencia en período de prueba', 'On probation'),
  address: t('Dirección', 'Address'),
  location: t('Ubicación en el mapa', 'Map location'),
  capacity: t('Capacidad autorizada', 'Licensed beds'),
  phone: t('Teléfono', 'Phone'),
  licensee: t('Titular de la licencia', 'License holder'),
  operating_since_year: t('Con licencia desde', 'Licensed since'),
  'clearances.dementia': t('Aprobación para atención de personas con demencia', `${APPROVAL_LABELS.dementia} approval`),
  'clearances.hospice': t('Aprobación del estado para cuidado de hospicio (hospice)', `${APPROVAL_LABELS.hospice} approval`),
  'clearances.non_ambulatory': t('Aprobación para residentes que no pueden salir solos del edificio (silla de ruedas)', `${APPROVAL_LABELS.non_ambulatory} approval`),
  'clearances.bedridden': t('Aprobación para residentes postrados en cama', `${APPROVAL_LABELS.bedridden} approval`),
  alw_participation: t('Programa de Medi-Cal Assisted Living Waiver (ALW)', 'Assisted Living Waiver (Medi-Cal)'),
  service_designations: t('Códigos de servicio del estado (service designations)', 'State service designations'),
  last_state_visit: t('Última visita del estado', 'Last state visit'),
  state_documents: t('Documentos del estado en el expediente', 'State documents on file'),
  'links.facility_page': t('Dirección de la página', 'Page address'),
  'links.corrections': t('Dirección de las correcciones', 'Corrections address'),
};

/** Where a change's date comes from, in Spanish, by words/changes.ts's English name. */
export const CHANGE_SOURCE_WORDS: Readonly<Record<string, Entry>> = {
  'state roster': { en: 'state roster', es: t('lista del estado', 'state roster') },
  "state's care approvals list": { en: "state's care approvals list", es: t('lista de aprobaciones de cuidado del estado', "state's care approvals list") },
  'Assisted Living Waiver list': { en: 'Assisted Living Waiver list', es: t('lista del programa Assisted Living Waiver', 'Assisted Living Waiver list') },
  "state's facility record": { en: "state's facility record", es: t('registro del estado sobre el centro', "state's facility record") },
  'map location': { en: 'map location', es: t('ubicación en el mapa', 'map location') },
};

export const CHANGE_WORDS = defineWords({
  added: { en: 'License added to the state roster', es: { text: 'Licencia agregada a la lista del estado', from: 'License added to the state roster' } },
  removed: { en: 'License no longer on the state roster', es: { text: 'La licencia ya no está en la lista del estado', from: 'License no longer on the state roster' } },
  same: {
    en: "{field}: the record's entry changed; it reads {value} before and after",
    es: { text: '{field}: el dato del registro cambió; dice «{value}» antes y después', from: "{field}: the record's entry changed; it reads {value} before and after" },
  },
  changed: { en: '{field} changed from {before} to {after}', es: { text: '{field} cambió de «{before}» a «{after}»', from: '{field} changed from {before} to {after}' } },
  dated: { en: '{line} ({source} of {date})', es: { text: '{line} ({source} del {date})', from: '{line} ({source} of {date})' } },
  undated: { en: '{line} ({source}, undated)', es: { text: '{line} ({source}, sin fecha)', from: '{line} ({source}, undated)' } },
  none: { en: 'none', es: { text: 'ninguno', from: 'none' } },
  documents: { en: '{n} documents{latest}', es: { text: '{n} documentos{latest}', from: '{n} documents{latest}' } },
  document: { en: '{n} document{latest}', es: { text: '{n} documento{latest}', from: '{n} document{latest}' } },
  latest: { en: ', latest {date}', es: { text: ', el más reciente del {date}', from: ', latest {date}' } },
  notOnFile: { en: 'not on file', es: { text: 'No consta en los datos del estado', from: 'not on file' } },
  // The page
  fairness: {
    en: 'A change is what the state record showed on two dates, not a verdict on the home: an entry can be a correction, a paperwork update or a change of owner.',
    es: {
      text: 'Un cambio es lo que mostraba el registro del estado en dos fechas, no un juicio sobre el centro: puede ser una corrección, un trámite o un cambio de dueño.',
      from: 'A change is what the state record showed on two dates, not a verdict on the home: an entry can be a correction, a paperwork update or a change of owner.',
    },
  },
  titleHome: { en: 'Changes on the state record of {name}', es: { text: 'Cambios en el registro del estado: {name}', from: 'Changes on the state record of {name}' } },
  titlePlace: { en: 'Changes on the state record in {place}', es: { text: 'Cambios en el registro del estado en {place}', from: 'Changes on the state record in {place}' } },
  intro: {
    en: "What the state's sources showed differently from one data run to the next, newest run first, then alphabetical by name. Each date is the source's own.",
    es: {
      text: 'Los datos que cambiaron en las fuentes del estado de una actualización a la siguiente, de la más reciente a la más antigua, y luego por orden alfabético del nombre. Cada fecha es la de su fuente.',
      from: "What the state's sources showed differently from one data run to the next, newest run first, then alphabetical by name. Each date is the source's own.",
    },
  },
  county: { en: 'County', es: { text: 'Condado', from: 'County' } },
  city: { en: 'City', es: { text: 'Ciudad', from: 'City' } },
  since: { en: 'Seen on or after', es: { text: 'Vistos desde el día', from: 'Seen on or after' } },
  kind: { en: 'Kind of change', es: { text: 'Tipo de cambio', from: 'Kind of change' } },
  field: { en: 'Field', es: { text: 'Dato', from: 'Field' } },
  any: { en: 'Any', es: { text: 'Cualquiera', from: 'Any' } },
  show: { en: 'Show changes', es: { text: 'Mostrar los cambios', from: 'Show changes' } },
  kindAdded: { en: 'Licenses added to the state roster', es: { text: 'Licencias agregadas a la lista del estado', from: 'Licenses added to the state roster' } },
  kindRemoved: { en: 'Licenses no longer on the state roster', es: { text: 'Licencias que ya no están en la lista del estado', from: 'Licenses no longer on the state roster' } },
  kindChanged: { en: 'Changes to a field of a record', es: { text: 'Cambios en un dato de un registro', from: 'Changes to a field of a record' } },
  noMatch: {
    en: 'No change matches. The log starts with the first data run this service kept.',
    es: { text: 'Ningún cambio coincide. El historial empieza con la primera actualización de datos que guardó este servicio.', from: 'No change matches. The log starts with the first data run this service kept.' },
  },
  countOne: { en: '{n} change', es: { text: '{n} cambio', from: '{n} change' } },
  countMany: { en: '{n} changes', es: { text: '{n} cambios', from: '{n} changes' } },
  elsewhere: { en: 'The same changes elsewhere', es: { text: 'Los mismos cambios en otros formatos', from: 'The same changes elsewhere' } },
  feedCounty: { en: 'Atom feed of changes in {county} County', es: { text: 'Canal Atom de los cambios en el condado de {county} (en inglés)', from: 'Atom feed of changes in {county} County' } },
  feedAll: { en: 'Atom feed of every change in California', es: { text: 'Canal Atom de todos los cambios en California (en inglés)', from: 'Atom feed of every change in California' } },
  json: { en: 'The same changes as JSON (REST API)', es: { text: 'Los mismos cambios en JSON (API REST, en inglés)', from: 'The same changes as JSON (REST API)' } },
  description: {
    en: "Changes on the state licensing record of California's residential care homes for the elderly, newest first, with each source's date.",
    es: {
      text: 'Cambios en el registro de licencias del estado de los centros de cuidado residencial para personas mayores de California, del más reciente al más antiguo, con la fecha de cada fuente.',
      from: "Changes on the state licensing record of California's residential care homes for the elderly, newest first, with each source's date.",
    },
  },
  noneLoggedSince: {
    en: "This service's change log, which begins on {date}, holds no change to this home's state record. It covers only the time since then, not the years before.",
    es: {
      text: 'El historial de cambios de este servicio, que empieza el {date}, no tiene ningún cambio en el registro del estado de este centro. Solo cubre el tiempo desde entonces, no los años anteriores.',
      from: "This service's change log, which begins on {date}, holds no change to this home's state record. It covers only the time since then, not the years before.",
    },
  },
  noneLogged: {
    en: "This service's change log holds no change to this home's state record. It covers only the time since the service began keeping it, not the years before.",
    es: {
      text: 'El historial de cambios de este servicio no tiene ningún cambio en el registro del estado de este centro. Solo cubre el tiempo desde que el servicio empezó a llevarlo, no los años anteriores.',
      from: "This service's change log holds no change to this home's state record. It covers only the time since the service began keeping it, not the years before.",
    },
  },
  showingOnly: { en: 'Showing only: {filters}.', es: { text: 'Solo se muestran: {filters}.', from: 'Showing only: {filters}.' } },
  seenSince: { en: 'seen on or after {date}', es: { text: 'vistos el {date} o después', from: 'seen on or after {date}' } },
  fieldIs: { en: 'field: {field}', es: { text: 'dato: {field}', from: 'field: {field}' } },
});

/** What an empty change history says, in a language (words/changes.ts noChangesLogged in English). */
export function noChangesLoggedIn(language: Language, keptSince: string | null): string {
  if (language === 'en') return noChangesLogged(keptSince);
  return keptSince ? say(CHANGE_WORDS.noneLoggedSince, language, { date: keptSince }) : say(CHANGE_WORDS.noneLogged, language);
}

/** A field's label in a language. */
export function fieldLabelIn(language: Language, field: string): string {
  return language === 'en' ? fieldLabel(field) : (CHANGE_FIELD_WORDS[field]?.text ?? fieldLabel(field));
}

function valueIn(language: Language, json: string | null): string {
  const notOnFile = say(CHANGE_WORDS.notOnFile, language);
  if (json === null) return notOnFile;
  const value = JSON.parse(json) as unknown;
  if (value === null || value === '') return notOnFile;
  if (value === 'true' || value === 'false' || value === 'not_on_file') return triStateIn(language, value as TriState);
  if (Array.isArray(value)) return value.length ? value.join(', ') : say(CHANGE_WORDS.none, language);
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('street' in record) return [record.street, record.city, record.zip].filter(Boolean).join(', ') || notOnFile;
    if ('count' in record) {
      const latest = record.latest_date ? say(CHANGE_WORDS.latest, language, { date: String(record.latest_date) }) : '';
      return say(record.count === 1 ? CHANGE_WORDS.document : CHANGE_WORDS.documents, language, { n: String(record.count), latest });
    }
    if ('latitude' in record) return `${record.latitude}, ${record.longitude}`;
    return JSON.stringify(value);
  }
  return String(value);
}

/** A change in words with its source's date, in a language (words/changes.ts changeLine in English). */
export function changeLineIn(language: Language, row: Pick<ChangeLogRow, 'change' | 'field' | 'old_value' | 'new_value' | 'new_source_date' | 'observed_on'>): string {
  if (language === 'en') return changeLine(row);
  const field = fieldLabelIn(language, row.field ?? '');
  const [before, after] = [valueIn(language, row.old_value), valueIn(language, row.new_value)];
  const line =
    row.change === 'added'
      ? say(CHANGE_WORDS.added, language)
      : row.change === 'removed'
        ? say(CHANGE_WORDS.removed, language)
        : before === after
          ? say(CHANGE_WORDS.same, language, { field, value: after })
          : say(CHANGE_WORDS.changed, language, { field, before, after });
  const english = sourceName(row.field);
  const source = CHANGE_SOURCE_WORDS[english] ? say(CHANGE_SOURCE_WORDS[english]!, language) : english;
  const date = row.new_source_date ?? row.observed_on;
  return date ? fill(say(CHANGE_WORDS.dated, language), { line, source, date }) : fill(say(CHANGE_WORDS.undated, language), { line, source });
}

/**
 * What is stale or missing in the Spanish of a change: each field label against words/changes.ts's
 * English label, and the line's English templates here against what changeLine says for the same
 * change (so a reworded English line flags its Spanish twin).
 */
export function changeWordProblems(): string[] {
  const problems: string[] = [];
  for (const field of CHANGE_FIELDS) {
    const es = CHANGE_FIELD_WORDS[field];
    if (!es) problems.push(`change field ${field}: no Spanish text`);
    else if (es.from !== fieldLabel(field)) problems.push(`change field ${field}: the Spanish is stale: written from "${es.from}", the English is now "${fieldLabel(field)}"`);
  }
  const row = { field: 'phone', old_value: '"1"', new_value: '"2"', new_source_date: '2026-01-02', observed_on: '2026-01-02' };
  const dated = (line: string, field: string | null) => fill(CHANGE_WORDS.dated.en, { line, source: sourceName(field), date: '2026-01-02' });
  const expected: Array<[string, string, string]> = [
    ['added', changeLine({ ...row, change: 'added', field: null }), dated(CHANGE_WORDS.added.en, null)],
    ['removed', changeLine({ ...row, change: 'removed', field: null }), dated(CHANGE_WORDS.removed.en, null)],
    ['changed', changeLine({ ...row, change: 'changed' }), dated(fill(CHANGE_WORDS.changed.en, { field: fieldLabel('phone'), before: '1', after: '2' }), 'phone')],
    ['same', changeLine({ ...row, change: 'changed', old_value: '"2"' }), dated(fill(CHANGE_WORDS.same.en, { field: fieldLabel('phone'), value: '2' }), 'phone')],
  ];
  expected.push(['noneLoggedSince', noChangesLogged('2026-01-02'), fill(CHANGE_WORDS.noneLoggedSince.en, { date: '2026-01-02' })]);
  expected.push(['noneLogged', noChangesLogged(null), CHANGE_WORDS.noneLogged.en]);
  for (const [key, said, template] of expected) {
    if (said !== template) problems.push(`change line ${key}: the Spanish is stale: changeLine now says "${said}", the catalog's English reads "${template}"`);
  }
  return problems;
}
