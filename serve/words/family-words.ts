// The sentences every page and card around the record says, in English and Spanish (catalog.ts).
// Where a sentence already lives in wording.ts, its English is read from there, so a change to it
// shows the Spanish here as stale until someone rewrites it.
import { ALW_SCOPE } from '../../contract/records.ts';
import { defineWords } from './catalog.ts';
import {
  CITATION_TYPES,
  DEMO_SENTENCE,
  FAIRNESS_IN_WORDS,
  HELD_WHILE_OPEN,
  LIST_NEUTRALITY,
  LIST_ORDER_IN_WORDS,
  NOT_ON_FILE_IN_WORDS,
  OPENINGS_BY_PHONE,
  STATE_SOURCE,
  SUBSTANTIATED_IN_WORDS,
} from './wording.ts';

/** Sentences said on every page, list and card. */
export const SHARED_WORDS = defineWords({
  stateSource: {
    en: STATE_SOURCE,
    es: {
      text: 'Departamento de Servicios Sociales de California (CDSS), Community Care Licensing Division',
      from: 'California Department of Social Services, Community Care Licensing Division',
    },
  },
  listNeutrality: {
    en: LIST_NEUTRALITY,
    es: {
      text: 'Esta lista no es una clasificación: los centros aparecen por orden alfabético del nombre y luego por número de licencia. El orden no indica calidad ni es una recomendación. Nadie paga por aparecer.',
      from: 'Homes are listed alphabetically by name, then license number. No home pays to appear; nothing is ranked by quality, popularity or payment.',
    },
  },
  listOrder: {
    en: LIST_ORDER_IN_WORDS,
    es: { text: 'Los centros aparecen por orden alfabético del nombre y luego por número de licencia.', from: 'Homes are listed alphabetically by name, then license number.' },
  },
  openingsByPhone: {
    en: OPENINGS_BY_PHONE,
    es: {
      text: 'No tenemos información sobre lugares disponibles. La capacidad autorizada es el máximo que permite la licencia, no el número de lugares libres. Para saber si hay lugar, llame al centro.',
      from: 'No website knows which homes have an open bed today: openings are learned by phone, by calling the home.',
    },
  },
  notOnFile: {
    en: NOT_ON_FILE_IN_WORDS,
    es: {
      text: '«No consta en los datos del estado» quiere decir que el registro no lo dice, o que dice que la licencia no lo incluye; nunca se muestra como un «no».',
      from: '"Not on file" means the record does not say, or states that the license does not carry it; it is never shown as a no.',
    },
  },
  fairness: {
    en: FAIRNESS_IN_WORDS,
    es: {
      text: 'Una deficiencia (incumplimiento de una norma de licencia) no hace que un centro sea inseguro, y un expediente vacío no hace que un centro sea bueno. «No consta en los datos del estado» quiere decir que el registro no lo dice, o que dice que la licencia no lo incluye; nunca se muestra como un «no».',
      from: 'A citation does not make a home unsafe, and an empty file does not make a home good. "Not on file" means the record does not say, or states that the license does not carry it; it is never shown as a no.',
    },
  },
  citationTypes: {
    en: CITATION_TYPES,
    es: {
      text: 'Una deficiencia Tipo A (el estado la citó como Type A) es un problema que fue un riesgo inmediato o importante para los residentes; una deficiencia Tipo B es un problema que podría llegar a serlo, o una falta en los registros.',
      from: 'A Type A citation is for a problem that was an immediate or substantial risk to residents; a Type B citation is for a problem that could become one, or a record-keeping lapse.',
    },
  },
  substantiated: {
    en: SUBSTANTIATED_IN_WORDS,
    es: {
      text: 'Una alegación comprobada (la investigación confirmó lo denunciado) es lo que el estado concluyó sobre una queja, no un juicio sobre la calidad del centro; las alegaciones no comprobadas, no concluyentes e infundadas no se probaron.',
      from: "A substantiated allegation is the state's finding on one complaint, not a verdict on the home's quality; unsubstantiated, inconclusive and unfounded allegations were not proven.",
    },
  },
  nonMedical: {
    en: 'RCFEs give non-medical care and supervision; they are not skilled nursing facilities.',
    es: {
      text: 'Los RCFE ofrecen cuidado y supervisión no médicos; no son centros de enfermería especializada.',
      from: 'RCFEs give non-medical care and supervision; they are not skilled nursing facilities.',
    },
  },
  demo: {
    en: DEMO_SENTENCE,
    es: {
      text: 'Datos de demostración: los centros que se muestran aquí son inventados. No son centros reales con licencia; no los use para elegir un lugar de cuidado. El registro real es el buscador de centros del propio estado.',
      from: "Demo data: the homes served here are invented for demonstration. They are not real licensed homes; do not use them to choose care. The real record is the state's own facility search.",
    },
  },
  heldWhileOpen: {
    en: HELD_WHILE_OPEN,
    es: {
      text: 'Lo que decía el registro mientras la licencia estaba vigente (historial, no aprobaciones actuales):',
      from: 'What the record held while the license was open (history, not current approvals):',
    },
  },
  waiverScope: {
    en: ALW_SCOPE,
    es: {
      text: 'El programa de Medi-Cal Assisted Living Waiver (ALW) paga solo los servicios de cuidado; no paga el alojamiento ni la comida.',
      from: 'The Assisted Living Waiver pays for care services only; it does not pay for room and board.',
    },
  },
  sourceLine: {
    en: 'Source: California Department of Social Services, Community Care Licensing Division; data retrieved from the state on {date}.',
    es: {
      text: 'Fuente: Departamento de Servicios Sociales de California (CDSS), Community Care Licensing Division; datos obtenidos del estado el {date}.',
      from: 'Source: California Department of Social Services, Community Care Licensing Division; data retrieved from the state on {date}.',
    },
  },
});

/** The page shell: navigation, the footer, and what a Spanish page says of the English record. */
export const SHELL_WORDS = defineWords({
  skip: { en: 'Skip to main content', es: { text: 'Ir al contenido principal', from: 'Skip to main content' } },
  navLabel: { en: 'Site', es: { text: 'Sitio', from: 'Site' } },
  findHome: { en: 'Find a home', es: { text: 'Buscar un centro', from: 'Find a home' } },
  guides: { en: 'Guides', es: { text: 'Guías', from: 'Guides' } },
  navData: { en: 'Data', es: { text: 'Datos', from: 'Data' } },
  navMcpServer: { en: 'MCP server', es: { text: 'Servidor MCP', from: 'MCP server' } },
  inEnglish: { en: '(in English)', es: { text: '(en inglés)', from: '(in English)' } },
  footerSource: {
    en: "Licensing data: {source}, as compiled by {service}. Parts come from the California Health and Human Services open data portal; the data shown here is modified, not official government data. The official record is the state's own",
    es: {
      text: 'Datos de licencias: {source}, recopilados por {service}. Una parte viene del portal de datos abiertos de California Health and Human Services; los datos que se muestran aquí están modificados y no son datos oficiales del gobierno. El registro oficial es el',
      from: "Licensing data: {source}, as compiled by {service}. Parts come from the California Health and Human Services open data portal; the data shown here is modified, not official government data. The official record is the state's own",
    },
  },
  facilitySearch: { en: 'facility search', es: { text: 'buscador de centros del estado (en inglés)', from: 'facility search' } },
  footerPromise: {
    en: 'No home pays to appear, and nothing here is ranked. No website knows which homes have an open bed today: openings are learned by phone.',
    es: {
      text: 'Nadie paga por aparecer, y nada aquí es una clasificación. No tenemos información sobre lugares disponibles: para saber si hay lugar, llame al centro.',
      from: 'No home pays to appear, and nothing here is ranked. No website knows which homes have an open bed today: openings are learned by phone.',
    },
  },
  terms: { en: 'Terms of use', es: { text: 'Condiciones de uso (en inglés)', from: 'Terms of use' } },
  englishPrevails: {
    en: "The state's record is in English. This page puts it in Spanish; where the two differ, the English wording prevails.",
    es: {
      text: 'El registro del estado está en inglés. Esta página lo presenta en español; donde el español y el inglés no coincidan, vale el texto en inglés.',
      from: "The state's record is in English. This page puts it in Spanish; where the two differ, the English wording prevails.",
    },
  },
  englishPage: { en: 'This page in English', es: { text: 'Ver esta página en inglés', from: 'This page in English' } },
  spanishSuggested: { en: 'This page is also in Spanish', es: { text: 'Esta página también está en español', from: 'This page is also in Spanish' } },
  verbatim: {
    en: "Names, addresses and the state's own status words are shown as the state wrote them, in English.",
    es: {
      text: 'Los nombres, las direcciones y las palabras del estado sobre la licencia se muestran tal como el estado los escribió, en inglés.',
      from: "Names, addresses and the state's own status words are shown as the state wrote them, in English.",
    },
  },
  pagesLabel: { en: 'Pages', es: { text: 'Páginas', from: 'Pages' } },
  pageOf: { en: 'Page {page} of {pages}.', es: { text: 'Página {page} de {pages}.', from: 'Page {page} of {pages}.' } },
  previousPage: { en: 'Previous page', es: { text: 'Página anterior', from: 'Previous page' } },
  nextPage: { en: 'Next page', es: { text: 'Página siguiente', from: 'Next page' } },
  asMarkdown: { en: 'This page as Markdown', es: { text: 'Esta página en Markdown', from: 'This page as Markdown' } },
  markdownSource: {
    en: "Source: {source}, as compiled by {service} ({base}). Modified data, not the official record; the official record is the state's own facility search ({search}). Terms of use: {terms}",
    es: {
      text: 'Fuente: {source}; datos recopilados por {service} ({base}). Datos modificados, no el registro oficial; el registro oficial es el buscador de centros del estado ({search}, en inglés). Condiciones de uso (en inglés): {terms}',
      from: "Source: {source}, as compiled by {service} ({base}). Modified data, not the official record; the official record is the state's own facility search ({search}). Terms of use: {terms}",
    },
  },
  markdownEditorial: {
    en: 'Written by {service} ({base}), checked against the state records. Terms of use: {terms}',
    es: {
      text: 'Escrito por {service} ({base}) y comparado con los registros del estado. Condiciones de uso (en inglés): {terms}',
      from: 'Written by {service} ({base}), checked against the state records. Terms of use: {terms}',
    },
  },
});

/** An error page's words (serve/pages/error-page.ts), by status. */
export const ERROR_WORDS = defineWords({
  pageNumber: {
    en: 'The page number must be a whole number from 1 (for example ?page=2).',
    es: { text: 'El número de página debe ser un número entero desde 1 (por ejemplo, ?page=2).', from: 'The page number must be a whole number from 1 (for example ?page=2).' },
  },
  noSuchPageOne: { en: 'There is no page {page}: this list has 1 page.', es: { text: 'No existe la página {page}: esta lista tiene 1 página.', from: 'There is no page {page}: this list has 1 page.' } },
  noSuchPageMany: { en: 'There is no page {page}: this list has {pages} pages.', es: { text: 'No existe la página {page}: esta lista tiene {pages} páginas.', from: 'There is no page {page}: this list has {pages} pages.' } },
  parameterOnce: {
    en: 'The {name} parameter must be given once, as a short text.',
    es: { text: 'El parámetro {name} debe darse una sola vez, como un texto corto.', from: 'The {name} parameter must be given once, as a short text.' },
  },
  t400: { en: 'This address cannot be answered', es: { text: 'No se puede responder a esta dirección', from: 'This address cannot be answered' } },
  t403: { en: 'This form cannot be sent from here', es: { text: 'Este formulario no se puede enviar desde aquí', from: 'This form cannot be sent from here' } },
  t404: { en: 'There is no page here', es: { text: 'Aquí no hay ninguna página', from: 'There is no page here' } },
  t405: { en: 'This page cannot be opened this way', es: { text: 'Esta página no se puede abrir de esta manera', from: 'This page cannot be opened this way' } },
  t409: { en: 'This cannot be done right now', es: { text: 'Esto no se puede hacer ahora', from: 'This cannot be done right now' } },
  t413: { en: 'What was sent is too large', es: { text: 'Lo que se envió es demasiado grande', from: 'What was sent is too large' } },
  t415: { en: 'This form was sent in a way the site does not read', es: { text: 'Este formulario se envió de una forma que el sitio no lee', from: 'This form was sent in a way the site does not read' } },
  t429: { en: 'Too many requests', es: { text: 'Demasiadas solicitudes', from: 'Too many requests' } },
  t500: { en: 'Something went wrong', es: { text: 'Algo salió mal', from: 'Something went wrong' } },
  m400: {
    en: 'The address or what was sent is not one this site understands.',
    es: { text: 'El sitio no entiende esta dirección o lo que se envió.', from: 'The address or what was sent is not one this site understands.' },
  },
  m403: {
    en: 'This form can only be sent from its own page on this site.',
    es: { text: 'Este formulario solo se puede enviar desde su propia página en este sitio.', from: 'This form can only be sent from its own page on this site.' },
  },
  m404: {
    en: 'There is no page at this address. It may have moved, or the address may be mistyped.',
    es: {
      text: 'No hay ninguna página en esta dirección. Puede que se haya movido, o que la dirección tenga un error.',
      from: 'There is no page at this address. It may have moved, or the address may be mistyped.',
    },
  },
  m405: { en: 'This page cannot be opened this way.', es: { text: 'Esta página no se puede abrir de esta manera.', from: 'This page cannot be opened this way.' } },
  m413: { en: 'What was sent is too large.', es: { text: 'Lo que se envió es demasiado grande.', from: 'What was sent is too large.' } },
  m415: { en: 'This form was sent in a way the site does not read.', es: { text: 'Este formulario se envió de una forma que el sitio no lee.', from: 'This form was sent in a way the site does not read.' } },
  m429: {
    en: 'Too many requests were sent from this address. Please wait a minute and try again.',
    es: {
      text: 'Se enviaron demasiadas solicitudes desde esta dirección. Espere un minuto y vuelva a intentarlo.',
      from: 'Too many requests were sent from this address. Please wait a minute and try again.',
    },
  },
  m500: {
    en: 'The server could not finish this request; nothing was changed. Please try again in a minute.',
    es: {
      text: 'El servidor no pudo terminar esta solicitud; no se cambió nada. Vuelva a intentarlo en un minuto.',
      from: 'The server could not finish this request; nothing was changed. Please try again in a minute.',
    },
  },
  findHome: { en: 'Find a licensed home', es: { text: 'Buscar un centro con licencia', from: 'Find a licensed home' } },
  byCounty: { en: 'Homes by county', es: { text: 'Centros por condado', from: 'Homes by county' } },
  guides: { en: 'Guides', es: { text: 'Guías', from: 'Guides' } },
  markdownLinks: {
    en: 'Find licensed homes: {county} · Guides: {guides}',
    es: { text: 'Buscar centros con licencia: {county} · Guías: {guides}', from: 'Find licensed homes: {county} · Guides: {guides}' },
  },
});
