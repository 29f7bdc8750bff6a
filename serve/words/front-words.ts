// The front page (`/` and `/es`, serve/site/home-page.ts), in English and Spanish (catalog.ts).
import { defineWords } from './catalog.ts';

export const FRONT_WORDS = defineWords({
  title: {
    en: 'Find a licensed elder-care home in California',
    es: { text: 'Buscar un centro de cuidado con licencia para personas mayores en California', from: 'Find a licensed elder-care home in California' },
  },
  description: {
    en: "Search California's licensing record of residential care homes for the elderly (RCFEs) by name, city or county, or on a map. Free; no home pays to appear.",
    es: {
      text: 'Busque en el registro de licencias de California los centros de cuidado residencial para personas mayores (RCFE, por sus siglas en inglés) por nombre, ciudad o condado. Es gratis; nadie paga por aparecer.',
      from: "Search California's licensing record of residential care homes for the elderly (RCFEs) by name, city or county, or on a map. Free; no home pays to appear.",
    },
  },
  lede: {
    en: 'The state licensing record of every residential care home for the elderly (RCFE) in California: {homes} a license in {counties}, {dates}. Free to use, no sign-up.',
    es: {
      text: 'El registro de licencias del estado de cada centro de cuidado residencial para personas mayores (RCFE, por sus siglas en inglés) de California: {homes} licencia en {counties}, {dates}. Es gratis y no hace falta registrarse.',
      from: 'The state licensing record of every residential care home for the elderly (RCFE) in California: {homes} a license in {counties}, {dates}. Free to use, no sign-up.',
    },
  },
  homesHoldOne: { en: '{n} home holds', es: { text: '{n} centro tiene', from: '{n} home holds' } },
  homesHoldMany: { en: '{n} homes hold', es: { text: '{n} centros tienen', from: '{n} homes hold' } },
  countyOne: { en: '{n} county', es: { text: '{n} condado', from: '{n} county' } },
  countyMany: { en: '{n} counties', es: { text: '{n} condados', from: '{n} counties' } },
  copyMade: { en: ' (this copy of it was made on {date})', es: { text: ' (esta copia se hizo el {date})', from: ' (this copy of it was made on {date})' } },
  staleSource: {
    en: "; note: the {source}'s date is {days} days before this copy, older than the {max} days expected",
    es: {
      text: '; atención: la fecha de {source} es de {days} días antes de esta copia, más antigua que los {max} días esperados',
      from: "; note: the {source}'s date is {days} days before this copy, older than the {max} days expected",
    },
  },
  stateRecord: { en: 'state record', es: { text: 'el registro del estado', from: 'state record' } },
  dates: {
    en: 'per the state record as retrieved from the state on {date}',
    es: { text: 'según el registro del estado obtenido el {date}', from: 'per the state record as retrieved from the state on {date}' },
  },
  searchLabel: {
    en: 'Search by home name, city, county or license number',
    es: { text: 'Busque por nombre del centro, ciudad, condado o número de licencia', from: 'Search by home name, city, county or license number' },
  },
  searchButton: { en: 'Search', es: { text: 'Buscar', from: 'Search' } },
  searchHint: {
    en: "For example: Sacramento, Orange County, or part of a home's name.",
    es: { text: 'Por ejemplo: Sacramento, Orange, o parte del nombre de un centro.', from: "For example: Sacramento, Orange County, or part of a home's name." },
  },
  tooShort: {
    en: "Type at least 2 characters of a home's name, a city, a county or a license number.",
    es: {
      text: 'Escriba al menos 2 letras del nombre de un centro, una ciudad, un condado o un número de licencia.',
      from: "Type at least 2 characters of a home's name, a city, a county or a license number.",
    },
  },
  resultsFor: { en: 'Results for “{q}”', es: { text: 'Resultados para «{q}»', from: 'Results for “{q}”' } },
  noMatch: {
    en: 'No listed home, city or county matches “{q}”. Check the spelling, try part of the name, or browse by county below.',
    es: {
      text: 'Ningún centro, ciudad o condado coincide con «{q}». Revise cómo está escrito, pruebe con parte del nombre o busque por condado más abajo.',
      from: 'No listed home, city or county matches “{q}”. Check the spelling, try part of the name, or browse by county below.',
    },
  },
  showing: {
    en: 'Showing the first {shown} of {total}, alphabetical. Type more to narrow the list.',
    es: { text: 'Se muestran los primeros {shown} de {total}, por orden alfabético. Escriba más para acortar la lista.', from: 'Showing the first {shown} of {total}, alphabetical. Type more to narrow the list.' },
  },
  counties: { en: 'Counties', es: { text: 'Condados', from: 'Counties' } },
  cities: { en: 'Cities', es: { text: 'Ciudades', from: 'Cities' } },
  homes: { en: 'Homes', es: { text: 'Centros', from: 'Homes' } },
  eachKind: { en: 'Each kind is alphabetical.', es: { text: 'Cada grupo va por orden alfabético.', from: 'Each kind is alphabetical.' } },
  mapInEnglish: {
    en: 'The map of homes is on the English front page.',
    es: { text: 'El mapa de los centros está en la página principal en inglés.', from: 'The map of homes is on the English front page.' },
  },
  mapLink: { en: 'Homes on the map', es: { text: 'Los centros en el mapa', from: 'Homes on the map' } },
  browse: { en: 'Browse by county', es: { text: 'Buscar por condado', from: 'Browse by county' } },
  browseNote: {
    en: 'Counties alphabetical; the number is how many homes there hold a license.',
    es: { text: 'Condados por orden alfabético; el número indica cuántos centros tienen licencia allí.', from: 'Counties alphabetical; the number is how many homes there hold a license.' },
  },
  guides: { en: 'Guides', es: { text: 'Guías', from: 'Guides' } },
  otherLists: { en: 'Other lists', es: { text: 'Otras listas', from: 'Other lists' } },
  allGuides: { en: 'All guides', es: { text: 'Todas las guías', from: 'All guides' } },
  developers: { en: 'For developers and AI assistants', es: { text: 'Para programadores y asistentes de inteligencia artificial', from: 'For developers and AI assistants' } },
  apiDocs: { en: 'REST API documentation', es: { text: 'Documentación de la API REST', from: 'REST API documentation' } },
  mcpDocs: { en: 'MCP server documentation', es: { text: 'Documentación del servidor MCP', from: 'MCP server documentation' } },
  terms: { en: 'Terms of use', es: { text: 'Condiciones de uso', from: 'Terms of use' } },
});
