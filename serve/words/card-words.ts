// The MCP Apps cards' own words (serve/mcp/cards/app), in English and Spanish (catalog.ts): a card
// follows its host's locale (any es-* reads Spanish). The record's values stay verbatim.
import { defineWords } from './catalog.ts';

export const CARD_WORDS = defineWords({
  licensedAs: { en: 'Licensed as {name}', es: { text: 'Nombre en la licencia: {name}', from: 'Licensed as {name}' } },
  licenseAndHome: { en: 'License and home', es: { text: 'Licencia y centro', from: 'License and home' } },
  licenseStatus: { en: 'License status', es: { text: 'Estado de la licencia', from: 'License status' } },
  liveStatus: { en: "Status on the state's live record", es: { text: 'Estado en el registro actual del estado', from: "Status on the state's live record" } },
  checked: { en: 'checked {date}', es: { text: 'consultado el {date}', from: 'checked {date}' } },
  checkedUnknown: { en: 'on a date not on file', es: { text: 'en una fecha que no consta', from: 'on a date not on file' } },
  onProbation: { en: 'On probation', es: { text: 'Licencia en período de prueba', from: 'On probation' } },
  beds: { en: 'Licensed beds', es: { text: 'Capacidad autorizada', from: 'Licensed beds' } },
  address: { en: 'Address', es: { text: 'Dirección', from: 'Address' } },
  phone: { en: 'Phone', es: { text: 'Teléfono', from: 'Phone' } },
  licensee: { en: 'Licensee', es: { text: 'Titular de la licencia', from: 'Licensee' } },
  careApprovals: { en: 'Care approvals', es: { text: 'Aprobaciones de cuidado', from: 'Care approvals' } },
  history: { en: 'history', es: { text: 'historial', from: 'history' } },
  careApprovalsHistory: {
    en: 'Care approvals (history: held while the license was open)',
    es: {
      text: 'Aprobaciones de cuidado (historial: las que tenía mientras la licencia estaba vigente)',
      from: 'Care approvals (history: held while the license was open)',
    },
  },
  underReview: {
    en: 'under a correction review until it closes',
    es: { text: 'en revisión por una solicitud de corrección hasta que termine', from: 'under a correction review until it closes' },
  },
  recordSilent: { en: 'the record does not say; {source}', es: { text: '«No consta» no quiere decir «no»: el registro no lo dice; {source}', from: 'the record does not say; {source}' } },
  recordStatesNot: {
    en: 'the record states this license does not carry it; {source}',
    es: { text: 'el registro dice que esta licencia no la incluye; {source}', from: 'the record states this license does not carry it; {source}' },
  },
  waiverOn: {
    en: "On the state's Assisted Living Waiver list{asOf}.",
    es: { text: 'Está en la lista del estado del programa Assisted Living Waiver{asOf}.', from: "On the state's Assisted Living Waiver list{asOf}." },
  },
  stateDocuments: { en: 'State documents', es: { text: 'Documentos del estado', from: 'State documents' } },
  documentsListed: { en: 'Documents the state lists', es: { text: 'Documentos que lista el estado', from: 'Documents the state lists' } },
  documentsSince: { en: ' since {year}', es: { text: ' desde {year}', from: ' since {year}' } },
  documentsNewest: { en: ', newest {date}', es: { text: ', el más reciente del {date}', from: ', newest {date}' } },
  latestVisit: { en: 'Latest state visit', es: { text: 'Última visita del estado', from: 'Latest state visit' } },
  citations: { en: 'Citations', es: { text: 'Deficiencias Tipo A y Tipo B', from: 'Citations' } },
  citationsSince: { en: 'Citations since {year}', es: { text: 'Deficiencias desde {year}', from: 'Citations since {year}' } },
  typeAB: { en: '{a} Type A, {b} Type B', es: { text: '{a} Tipo A, {b} Tipo B', from: '{a} Type A, {b} Type B' } },
  visits: { en: 'State visits', es: { text: 'Visitas del estado', from: 'State visits' } },
  noVisits: { en: 'none on record', es: { text: 'ninguna en el registro', from: 'none on record' } },
  visitsSince: { en: 'State visits since {year}', es: { text: 'Visitas del estado desde {year}', from: 'State visits since {year}' } },
  // Each count follows its label, so "1" never stands before a plural noun ("1 inspecciones": issue 51).
  visitCounts: {
    en: '{total} (inspections: {inspection}; complaint investigations: {complaint}; other visits: {other})',
    es: {
      text: '{total} (inspecciones: {inspection}; visitas para investigar una queja: {complaint}; otras visitas: {other})',
      from: '{total} (inspections: {inspection}; complaint investigations: {complaint}; other visits: {other})',
    },
  },
  citationsByType: { en: 'Type A {a}; Type B {b}', es: { text: 'Tipo A {a}; Tipo B {b}', from: 'Type A {a}; Type B {b}' } },
  allegationsSince: { en: 'Complaint allegations since {year}', es: { text: 'Alegaciones en quejas desde {year}', from: 'Complaint allegations since {year}' } },
  allegationCounts: {
    en: '{total} ({substantiated} substantiated, {inconclusive} inconclusive, {unsubstantiated} unsubstantiated, {unfounded} unfounded)',
    es: {
      text: '{total} ({substantiated} comprobadas, {inconclusive} no concluyentes, {unsubstantiated} no comprobadas, {unfounded} infundadas)',
      from: '{total} ({substantiated} substantiated, {inconclusive} inconclusive, {unsubstantiated} unsubstantiated, {unfounded} unfounded)',
    },
  },
  links: { en: 'Links for this home', es: { text: 'Enlaces de este centro', from: 'Links for this home' } },
  homePage: { en: "This home's page", es: { text: 'La página de este centro', from: "This home's page" } },
  corrections: {
    en: 'Report something wrong (corrections form)',
    es: { text: 'Informar un error (formulario de correcciones)', from: 'Report something wrong (corrections form)' },
  },
  stateRecord: { en: "The state's record", es: { text: 'El registro del estado (en inglés)', from: "The state's record" } },
  footer: {
    en: 'Data from the {source}, compiled by {service}. State record loaded {loaded}; care approvals as of {approvals}; waiver list as of {waiver}.',
    es: {
      text: 'Datos del {source}, recopilados por {service}. Registro del estado cargado el {loaded}; aprobaciones de cuidado al {approvals}; lista del programa Assisted Living Waiver al {waiver}.',
      from: 'Data from the {source}, compiled by {service}. State record loaded {loaded}; care approvals as of {approvals}; waiver list as of {waiver}.',
    },
  },
  fullScreen: { en: 'Full screen', es: { text: 'Pantalla completa', from: 'Full screen' } },
  backToConversation: { en: 'Back to the conversation', es: { text: 'Volver a la conversación', from: 'Back to the conversation' } },
  englishPrevails: {
    en: "The state's record is in English; where the Spanish and the English differ, the English wording prevails.",
    es: {
      text: 'El registro del estado está en inglés; donde el español y el inglés no coincidan, vale el texto en inglés.',
      from: "The state's record is in English; where the Spanish and the English differ, the English wording prevails.",
    },
  },
  // The call-plan card
  planTitle: { en: "The family's call plan", es: { text: 'El plan de llamadas de la familia', from: "The family's call plan" } },
  planLink: { en: 'The plan link: ', es: { text: 'El enlace del plan: ', from: 'The plan link: ' } },
  openPlan: { en: 'Open the plan (works until {date})', es: { text: 'Abrir el plan (funciona hasta el {date})', from: 'Open the plan (works until {date})' } },
  homesToCall: { en: 'Homes to call', es: { text: 'Centros para llamar', from: 'Homes to call' } },
  orderAsSent: { en: 'In the order sent.', es: { text: 'En el orden en que se enviaron. Esta lista no es una clasificación.', from: 'In the order sent.' } },
  rosterPhone: { en: 'Phone on the state roster: ', es: { text: 'Teléfono en la lista del estado: ', from: 'Phone on the state roster: ' } },
  questions: { en: 'Questions to ask', es: { text: 'Preguntas para hacer', from: 'Questions to ask' } },
  pageOf: { en: '{name}: page', es: { text: '{name}: página', from: '{name}: page' } },
  stateRecordShort: { en: "the state's record", es: { text: 'el registro del estado (en inglés)', from: "the state's record" } },
  next: { en: 'What happens next', es: { text: 'Qué sigue', from: 'What happens next' } },
  consent: { en: 'Consent', es: { text: 'Consentimiento', from: 'Consent' } },
  consentNone: {
    en: 'No consent is asked today: the service sends nothing to any home; the family calls the homes itself.',
    es: {
      text: 'Hoy no se pide ningún consentimiento: el servicio no envía nada a ningún centro; la familia llama a los centros.',
      from: 'No consent is asked today: the service sends nothing to any home; the family calls the homes itself.',
    },
  },
  consentAsked: {
    en: 'If the family asks the service to arrange visits, the page shows them a consent sentence; they tick it themselves and type their own name and phone. Nothing is sent before they submit.',
    es: {
      text: 'Si la familia pide al servicio que organice visitas, la página le muestra una frase de consentimiento; la familia la marca y escribe su propio nombre y teléfono. No se envía nada antes de que la familia envíe el formulario.',
      from: 'If the family asks the service to arrange visits, the page shows them a consent sentence; they tick it themselves and type their own name and phone. Nothing is sent before they submit.',
    },
  },
  privacy: {
    en: 'Nothing about the family was stored; the link carries only license numbers, care needs, a timing choice, an expiry and the assistant\'s product name.',
    es: {
      text: 'No se guardó nada sobre la familia; el enlace lleva solo números de licencia, necesidades de cuidado, un plazo, una fecha de vencimiento y el nombre de la aplicación del asistente.',
      from: 'Nothing about the family was stored; the link carries only license numbers, care needs, a timing choice, an expiry and the assistant\'s product name.',
    },
  },
  datesShort: {
    en: 'State record loaded {loaded}; care approvals as of {approvals}.',
    es: { text: 'Registro del estado cargado el {loaded}; aprobaciones de cuidado al {approvals}.', from: 'State record loaded {loaded}; care approvals as of {approvals}.' },
  },
  // The homes card
  homesCount: { en: '{n} homes', es: { text: '{n} centros', from: '{n} homes' } },
  homesCountOne: { en: '{n} home', es: { text: '{n} centro', from: '{n} home' } },
  near: { en: ' near {name}', es: { text: ' cerca de {name}', from: ' near {name}' } },
  whichHospital: { en: 'Several hospitals fit: which one?', es: { text: 'Coinciden varios hospitales: ¿cuál?', from: 'Several hospitals fit: which one?' } },
  byDistance: {
    en: 'Nearest first, by straight-line distance from the point given. Nothing is ranked.',
    es: {
      text: 'Del más cercano al más lejano, en línea recta desde el punto indicado. Esta lista no es una clasificación.',
      from: 'Nearest first, by straight-line distance from the point given. Nothing is ranked.',
    },
  },
  straightLine: { en: ' · {km} km straight-line', es: { text: ' · {km} km en línea recta', from: ' · {km} km straight-line' } },
  approximateDistance: {
    en: ' (approximate: located by ZIP code)',
    es: { text: ' (aproximada: el centro está ubicado por su código postal)', from: ' (approximate: located by ZIP code)' },
  },
  mapRegion: { en: 'Map of the listed homes that have a location', es: { text: 'Mapa de los centros de la lista que tienen ubicación', from: 'Map of the listed homes that have a location' } },
  mapCount: {
    en: '{placed} of {total} homes on the map; {missing} without a map location on file.',
    es: { text: '{placed} de {total} centros en el mapa; de {missing} no consta la ubicación.', from: '{placed} of {total} homes on the map; {missing} without a map location on file.' },
  },
  mapFailed: {
    en: 'The map could not be drawn here; the list holds every home.',
    es: { text: 'No se pudo dibujar el mapa aquí; la lista tiene todos los centros.', from: 'The map could not be drawn here; the list holds every home.' },
  },
  opening: { en: 'Opening the record…', es: { text: 'Abriendo el registro…', from: 'Opening the record…' } },
  back: { en: 'Back to the list', es: { text: 'Volver a la lista', from: 'Back to the list' } },
});

/** The comparison card's rows by compare_homes row key (the tool's English labels, here with their Spanish). */
export const COMPARE_ROW_WORDS = defineWords({
  'license.status': {
    en: "License status (the state's roster, verbatim)",
    es: { text: 'Estado de la licencia (lista de licencias del estado, tal como está escrito)', from: "License status (the state's roster, verbatim)" },
  },
  'license.closed': {
    en: 'License closed (approvals then are history)',
    es: { text: 'Licencia cerrada (sus aprobaciones son entonces historial)', from: 'License closed (approvals then are history)' },
  },
  'license.closed_note': {
    en: 'Closed: since when, per which state record (quote it)',
    es: { text: 'Cerrada: desde cuándo y según qué registro del estado (cítelo tal como está)', from: 'Closed: since when, per which state record (quote it)' },
  },
  'license.status_note': { en: 'What the status means (quote it)', es: { text: 'Qué quiere decir el estado de la licencia (cítelo tal como está)', from: 'What the status means (quote it)' } },
  'license.on_probation': { en: 'On probation', es: { text: 'Licencia en período de prueba', from: 'On probation' } },
  city: { en: 'City', es: { text: 'Ciudad', from: 'City' } },
  county: { en: 'County', es: { text: 'Condado', from: 'County' } },
  beds: { en: 'Licensed beds', es: { text: 'Capacidad autorizada', from: 'Licensed beds' } },
  size_words: { en: 'Size', es: { text: 'Tamaño', from: 'Size' } },
  'clearances.dementia': { en: 'Dementia care approval', es: { text: 'Aprobación para atención de personas con demencia', from: 'Dementia care approval' } },
  'clearances.hospice': { en: 'Hospice approval', es: { text: 'Aprobación del estado para cuidado de hospicio (hospice)', from: 'Hospice approval' } },
  'clearances.non_ambulatory': {
    en: 'Non-ambulatory approval (wheelchair users)',
    es: { text: 'Aprobación para residentes que no pueden salir solos del edificio (silla de ruedas)', from: 'Non-ambulatory approval (wheelchair users)' },
  },
  'clearances.bedridden': { en: 'Bedridden approval', es: { text: 'Aprobación para residentes postrados en cama', from: 'Bedridden approval' } },
  'clearances.as_of': { en: 'Care approvals as of', es: { text: 'Aprobaciones de cuidado al', from: 'Care approvals as of' } },
  'medi_cal_alw.value': {
    en: 'On the Medi-Cal Assisted Living Waiver list',
    es: { text: 'En la lista del programa de Medi-Cal Assisted Living Waiver (ALW)', from: 'On the Medi-Cal Assisted Living Waiver list' },
  },
  'price.line': { en: 'Starting rate (quote as written)', es: { text: 'Tarifa inicial (cítela tal como está escrita)', from: 'Starting rate (quote as written)' } },
  'price.is_this_homes_own_rate': { en: "Is the figure the home's own rate", es: { text: '¿Es la cifra la tarifa del propio centro?', from: "Is the figure the home's own rate" } },
  'state_record.documents_on_file': { en: 'State reports on file', es: { text: 'Informes del estado en el expediente', from: 'State reports on file' } },
  'state_record.latest_visit_date': { en: 'Latest state visit', es: { text: 'Última visita del estado', from: 'Latest state visit' } },
  'state_record.type_a_citations': { en: 'Type A citations', es: { text: 'Deficiencias Tipo A', from: 'Type A citations' } },
  'state_record.type_b_citations': { en: 'Type B citations', es: { text: 'Deficiencias Tipo B', from: 'Type B citations' } },
  'state_record.tallies_since_year': { en: 'Citation tallies since', es: { text: 'Deficiencias contadas desde', from: 'Citation tallies since' } },
  state_record_url: { en: 'State record', es: { text: 'Registro del estado (en inglés)', from: 'State record' } },
  state_visits: {
    en: "State visits and citations (the state's weekly export: the years covered, the day retrieved)",
    es: {
      text: 'Visitas del estado y deficiencias (la exportación semanal del estado: los años que cubre, el día en que se obtuvo)',
      from: "State visits and citations (the state's weekly export: the years covered, the day retrieved)",
    },
  },
});

/** The comparison card's own words. */
export const COMPARE_WORDS = defineWords({
  title: { en: 'Homes side by side', es: { text: 'Centros lado a lado', from: 'Homes side by side' } },
  fact: { en: 'Fact', es: { text: 'Dato', from: 'Fact' } },
  license: { en: 'License {license}', es: { text: 'Licencia {license}', from: 'License {license}' } },
  columnDates: { en: 'Roster as of {roster}; approvals as of {approvals}', es: { text: 'Lista del estado al {roster}; aprobaciones al {approvals}', from: 'Roster as of {roster}; approvals as of {approvals}' } },
  stateRecordFor: { en: 'State record for {name}', es: { text: 'Registro del estado de {name} (en inglés)', from: 'State record for {name}' } },
  dates: {
    en: 'State record loaded {loaded}; care approvals as of {approvals}; waiver list as of {waiver}.',
    es: {
      text: 'Registro del estado cargado el {loaded}; aprobaciones de cuidado al {approvals}; lista del programa Assisted Living Waiver al {waiver}.',
      from: 'State record loaded {loaded}; care approvals as of {approvals}; waiver list as of {waiver}.',
    },
  },
  table: { en: 'Comparison table', es: { text: 'Tabla comparativa', from: 'Comparison table' } },
  caption: { en: 'One column per home ({n}), one row per fact.', es: { text: 'Una columna por centro ({n}), una fila por dato.', from: 'One column per home ({n}), one row per fact.' } },
  order: { en: 'Columns alphabetical by name, then license number. Nothing is ranked.', es: { text: 'Columnas por orden alfabético del nombre y luego por número de licencia. Esta lista no es una clasificación.', from: 'Columns alphabetical by name, then license number. Nothing is ranked.' } },
  closed: { en: 'closed', es: { text: 'cerrada (ya no tiene licencia vigente)', from: 'closed' } },
  open: { en: 'open', es: { text: 'vigente', from: 'open' } },
  ownRate: { en: "yes, the home's own rate", es: { text: 'Sí, la tarifa del propio centro', from: "yes, the home's own rate" } },
  notOwnRate: {
    en: "an estimate or area figure, not the home's own rate",
    es: { text: 'una estimación o una cifra de la zona, no la tarifa del propio centro', from: "an estimate or area figure, not the home's own rate" } },
});

