// The words of the pages that list homes (serve/pages/lists.ts), in English and Spanish
// (catalog.ts). Place names and home names are the record's, verbatim.
import { defineWords } from './catalog.ts';
import { APPROXIMATE_DISTANCE, EDITORIAL_SOURCE } from './wording.ts';

export const LIST_WORDS = defineWords({
  beds: { en: '{n} licensed bed ({size})', es: { text: 'capacidad autorizada: {n} residente ({size})', from: '{n} licensed bed ({size})' } },
  bedsMany: { en: '{n} licensed beds ({size})', es: { text: 'capacidad autorizada: {n} residentes ({size})', from: '{n} licensed beds ({size})' } },
  // A row's visits and citations from the state's weekly export (wording.ts visitsInWords says the English).
  visitsNotOnFile: { en: 'state visits and citations not on file', es: { text: 'visitas y deficiencias del estado: no constan', from: 'state visits and citations not on file' } },
  visitsNone: { en: 'state visits: none on record{retrieved}', es: { text: 'visitas del estado: ninguna en el registro{retrieved}', from: 'state visits: none on record{retrieved}' } },
  visitsSummary: {
    en: 'since {year}: {visits} state visits, citations Type A {a}, Type B {b}{retrieved}',
    es: { text: 'desde {year}: {visits} visitas del estado, deficiencias Tipo A {a}, Tipo B {b}{retrieved}', from: 'since {year}: {visits} state visits, citations Type A {a}, Type B {b}{retrieved}' },
  },
  // The same, glossed: the first row of a page that names "deficiencia" says what it is (the glossary: always glossed, since federal Spanish also uses it for impairments).
  visitsNotOnFileGlossed: {
    en: 'state visits and citations not on file',
    es: { text: 'visitas y deficiencias (incumplimientos de una norma de licencia) del estado: no constan', from: 'state visits and citations not on file' },
  },
  visitsSummaryGlossed: {
    en: 'since {year}: {visits} state visits, citations Type A {a}, Type B {b}{retrieved}',
    es: {
      text: 'desde {year}: {visits} visitas del estado, deficiencias (incumplimientos de una norma de licencia) Tipo A {a}, Tipo B {b}{retrieved}',
      from: 'since {year}: {visits} state visits, citations Type A {a}, Type B {b}{retrieved}',
    },
  },
  cityNotOnFile: { en: 'city not on file', es: { text: 'ciudad: no consta', from: 'city not on file' } },
  countyNotOnFile: { en: 'county not on file', es: { text: 'condado: no consta', from: 'county not on file' } },
  license: { en: 'license {license}', es: { text: 'licencia {license}', from: 'license {license}' } },
  approvals: { en: 'care approvals: {list}', es: { text: 'aprobaciones de cuidado: {list}', from: 'care approvals: {list}' } },
  noApproval: {
    en: 'no care approval on file',
    es: { text: 'aprobaciones de cuidado: no consta ninguna en los datos del estado', from: 'no care approval on file' },
  },
  dementia: { en: 'dementia', es: { text: 'atención para personas con demencia', from: 'dementia' } },
  non_ambulatory: {
    en: 'non-ambulatory (wheelchair)',
    es: { text: 'residentes que no pueden salir solos del edificio (silla de ruedas)', from: 'non-ambulatory (wheelchair)' },
  },
  hospice: { en: 'hospice', es: { text: 'cuidado de hospicio (hospice)', from: 'hospice' } },
  bedridden: { en: 'bedridden', es: { text: 'residentes postrados en cama', from: 'bedridden' } },
  homeOne: { en: '{n} home', es: { text: '{n} centro', from: '{n} home' } },
  homeMany: { en: '{n} homes', es: { text: '{n} centros', from: '{n} homes' } },
  onThisPage: { en: '; {from} to {to} on this page', es: { text: '; del {from} al {to} en esta página', from: '; {from} to {to} on this page' } },
  pageN: { en: '{title} (page {n})', es: { text: '{title} (página {n})', from: '{title} (page {n})' } },
  pageAddress: { en: 'Page address: {url}', es: { text: 'Dirección de la página: {url}', from: 'Page address: {url}' } },
  countyTitle: { en: '{county} County', es: { text: 'Condado de {county}', from: '{county} County' } },
  byCountyTitle: { en: 'Licensed care homes by county', es: { text: 'Centros de cuidado con licencia por condado', from: 'Licensed care homes by county' } },
  byCountyDescription: {
    en: 'Every California county with a licensed residential care home for the elderly (RCFE), with the number of homes.',
    es: {
      text: 'Cada condado de California con un centro de cuidado residencial para personas mayores (RCFE, por sus siglas en inglés) con licencia, con el número de centros.',
      from: 'Every California county with a licensed residential care home for the elderly (RCFE), with the number of homes.',
    },
  },
  byCountyIntro: {
    en: 'Counties in alphabetical order, each with the number of licensed homes on the state roster.',
    es: {
      text: 'Los condados, por orden alfabético, cada uno con el número de centros con licencia en la lista del estado.',
      from: 'Counties in alphabetical order, each with the number of licensed homes on the state roster.',
    },
  },
  counties: { en: 'Counties', es: { text: 'Condados', from: 'Counties' } },
  countyPageTitle: {
    en: 'Licensed care homes in {county} County',
    es: { text: 'Centros de cuidado con licencia en el condado de {county}', from: 'Licensed care homes in {county} County' },
  },
  countyPageDescription: {
    en: 'Residential care homes for the elderly (RCFEs) licensed in {county} County, California, from the state licensing record.',
    es: {
      text: 'Centros de cuidado residencial para personas mayores (RCFE, por sus siglas en inglés) con licencia en el condado de {county}, California, según el registro de licencias del estado.',
      from: 'Residential care homes for the elderly (RCFEs) licensed in {county} County, California, from the state licensing record.',
    },
  },
  countyPageIntro: {
    en: 'Residential care homes for the elderly with a current license in {county} County, from the state licensing record.',
    es: {
      text: 'Centros de cuidado residencial para personas mayores con licencia vigente en el condado de {county}, según el registro de licencias del estado.',
      from: 'Residential care homes for the elderly with a current license in {county} County, from the state licensing record.',
    },
  },
  countyEmpty: {
    en: 'No licensed home in {county} County is on the state roster.',
    es: { text: 'La lista del estado no tiene ningún centro con licencia en el condado de {county}.', from: 'No licensed home in {county} County is on the state roster.' },
  },
  citiesIn: { en: 'Cities in {county} County', es: { text: 'Ciudades del condado de {county}', from: 'Cities in {county} County' } },
  byApprovalIn: { en: 'By care approval in {county} County', es: { text: 'Por aprobación de cuidado en el condado de {county}', from: 'By care approval in {county} County' } },
  waiverHomes: {
    en: 'Homes on the Assisted Living Waiver list',
    es: { text: 'Centros en la lista del programa Assisted Living Waiver', from: 'Homes on the Assisted Living Waiver list' },
  },
  changesIn: {
    en: 'Changes on the state record in {county} County',
    es: { text: 'Cambios en el registro del estado en el condado de {county}', from: 'Changes on the state record in {county} County' },
  },
  cityPageTitle: {
    en: 'Licensed care homes in {city}, {county} County',
    es: { text: 'Centros de cuidado con licencia en {city}, condado de {county}', from: 'Licensed care homes in {city}, {county} County' },
  },
  cityPageDescription: {
    en: 'Residential care homes for the elderly (RCFEs) licensed in {city}, {county} County, California.',
    es: {
      text: 'Centros de cuidado residencial para personas mayores (RCFE, por sus siglas en inglés) con licencia en {city}, condado de {county}, California.',
      from: 'Residential care homes for the elderly (RCFEs) licensed in {city}, {county} County, California.',
    },
  },
  cityPageIntro: {
    en: 'Residential care homes for the elderly with a current license in {city}, from the state licensing record.',
    es: {
      text: 'Centros de cuidado residencial para personas mayores con licencia vigente en {city}, según el registro de licencias del estado.',
      from: 'Residential care homes for the elderly with a current license in {city}, from the state licensing record.',
    },
  },
  cityEmpty: {
    en: 'No licensed home in {city} is on the state roster.',
    es: { text: 'La lista del estado no tiene ningún centro con licencia en {city}.', from: 'No licensed home in {city} is on the state roster.' },
  },
  morePlaces: { en: 'More places', es: { text: 'Otros lugares', from: 'More places' } },
  allOfCounty: { en: 'All of {county} County', es: { text: 'Todo el condado de {county}', from: 'All of {county} County' } },
  noSuchCounty: {
    en: 'No county with licensed homes has this address. The list of counties is at /county.',
    es: {
      text: 'Ningún condado con centros con licencia tiene esta dirección. La lista de condados está en /es/county.',
      from: 'No county with licensed homes has this address. The list of counties is at /county.',
    },
  },
  noSuchCity: {
    en: 'No city with licensed homes has this address. The list of counties is at /county.',
    es: {
      text: 'Ninguna ciudad con centros con licencia tiene esta dirección. La lista de condados está en /es/county.',
      from: 'No city with licensed homes has this address. The list of counties is at /county.',
    },
  },
});

/** What a care-type page is about (its title), by `needs` key. */
export const CARE_TYPE_WORDS = defineWords({
  dementia: {
    en: 'Homes approved for dementia care',
    es: { text: 'Centros aprobados para atención de personas con demencia', from: 'Homes approved for dementia care' },
  },
  wheelchair: {
    en: 'Homes approved for residents who cannot walk unaided (wheelchair users)',
    es: {
      text: 'Centros aprobados para residentes que no pueden salir solos del edificio (como quienes usan silla de ruedas)',
      from: 'Homes approved for residents who cannot walk unaided (wheelchair users)',
    },
  },
  hospice: { en: 'Homes with a hospice waiver', es: { text: 'Centros con aprobación para cuidado de hospicio (hospice)', from: 'Homes with a hospice waiver' } },
  bedridden: { en: 'Homes approved for bedridden residents', es: { text: 'Centros aprobados para residentes postrados en cama', from: 'Homes approved for bedridden residents' } },
});

/** The guides' pages (serve/pages/guides.ts). */
export const GUIDE_PAGE_WORDS = defineWords({
  title: { en: 'Guides', es: { text: 'Guías', from: 'Guides' } },
  description: {
    en: 'Plain-words guides to choosing a licensed care home in California, reading its state record, and paying for care.',
    es: {
      text: 'Guías en palabras sencillas para elegir un centro de cuidado con licencia en California, leer su registro del estado y pagar el cuidado.',
      from: 'Plain-words guides to choosing a licensed care home in California, reading its state record, and paying for care.',
    },
  },
  intro: {
    en: 'Our own guides to choosing a residential care home and reading its state licensing record, written by {source}.',
    es: {
      text: 'Nuestras propias guías para elegir un centro de cuidado residencial y leer su registro de licencias del estado, escritas por {source}.',
      from: 'Our own guides to choosing a residential care home and reading its state licensing record, written by {source}.',
    },
  },
  dates: { en: 'Published {published} · Reviewed {reviewed}', es: { text: 'Publicada el {published} · Revisada el {reviewed}', from: 'Published {published} · Reviewed {reviewed}' } },
  writtenBy: { en: '{dates}. Written by {source}.', es: { text: '{dates}. Escrita por {source}.', from: '{dates}. Written by {source}.' } },
  asJson: { en: 'The same list as JSON:', es: { text: 'La misma lista en JSON (en inglés):', from: 'The same list as JSON:' } },
  noGuide: {
    en: 'There is no guide at this address. All guides are listed at /guides.',
    es: {
      text: 'No hay ninguna guía en español en esta dirección. Todas las guías están en /es/guides.',
      from: 'There is no guide at this address. All guides are listed at /guides.',
    },
  },
  source: {
    en: EDITORIAL_SOURCE,
    es: { text: 'Covelight (con los datos comprobados en los registros del estado)', from: 'Covelight (checked against the state records)' },
  },
});

/** The care-type and waiver lists (serve/pages/lists.ts). */
export const CARE_LIST_WORDS = defineWords({
  indexTitle: { en: 'Homes by care approval', es: { text: 'Centros por aprobación de cuidado', from: 'Homes by care approval' } },
  indexDescription: {
    en: 'Licensed care homes whose license carries a care approval: dementia, non-ambulatory (wheelchair), hospice, bedridden.',
    es: {
      text: 'Centros de cuidado con licencia cuya licencia incluye una aprobación de cuidado: demencia, residentes que no pueden salir solos del edificio (silla de ruedas), cuidado de hospicio (hospice), residentes postrados en cama.',
      from: 'Licensed care homes whose license carries a care approval: dementia, non-ambulatory (wheelchair), hospice, bedridden.',
    },
  },
  indexIntro: {
    en: "A care approval is on the license itself. These lists show the homes whose license explicitly carries it. A home is not listed when the state's file states that its license does not carry the approval, or does not say (which is not a no).",
    es: {
      text: 'Una aprobación de cuidado está en la licencia misma. Estas listas muestran los centros cuya licencia la incluye de forma explícita. Un centro no aparece cuando el archivo del estado dice que su licencia no incluye la aprobación, o no lo dice («No consta» no quiere decir «no»).',
      from: "A care approval is on the license itself. These lists show the homes whose license explicitly carries it. A home is not listed when the state's file states that its license does not carry the approval, or does not say (which is not a no).",
    },
  },
  careApprovals: { en: 'Care approvals', es: { text: 'Aprobaciones de cuidado', from: 'Care approvals' } },
  whatEachMeans: { en: 'What each care approval means', es: { text: 'Qué quiere decir cada aprobación de cuidado', from: 'What each care approval means' } },
  inCounty: { en: ' in {county} County', es: { text: ' en el condado de {county}', from: ' in {county} County' } },
  inCalifornia: { en: ' in California', es: { text: ' en California', from: ' in California' } },
  careDescription: {
    en: 'Licensed residential care homes for the elderly{where} whose license carries {approval}.',
    es: {
      text: 'Centros de cuidado residencial para personas mayores con licencia{where} cuya licencia incluye {approval}.',
      from: 'Licensed residential care homes for the elderly{where} whose license carries {approval}.',
    },
  },
  careIntro: {
    en: "Homes with a current license{where} whose license explicitly carries {approval}, per the state's approvals file.",
    es: {
      text: 'Centros con licencia vigente{where} cuya licencia incluye de forma explícita {approval}, según el archivo de aprobaciones del estado.',
      from: "Homes with a current license{where} whose license explicitly carries {approval}, per the state's approvals file.",
    },
  },
  careLeftOut: {
    en: "A home is not listed here when the state's file states that its license does not carry {approval}, or does not say.",
    es: {
      text: 'Un centro no aparece aquí cuando el archivo del estado dice que su licencia no incluye {approval}, o no lo dice.',
      from: "A home is not listed here when the state's file states that its license does not carry {approval}, or does not say.",
    },
  },
  careEmpty: {
    en: "No licensed home{where} carries {approval} in the state's file.",
    es: { text: 'En el archivo del estado, ningún centro con licencia{where} incluye {approval}.', from: "No licensed home{where} carries {approval} in the state's file." },
  },
  narrow: { en: 'Narrow by county', es: { text: 'Elegir un condado', from: 'Narrow by county' } },
  noCareType: {
    en: 'There is no care type page with this name. The care types are: {types}.',
    es: { text: 'No hay ninguna página de tipo de cuidado con este nombre. Los tipos de cuidado son: {types}.', from: 'There is no care type page with this name. The care types are: {types}.' },
  },
  waiverTitle: {
    en: 'Homes on the Assisted Living Waiver list{where}',
    es: { text: 'Centros en la lista del programa Assisted Living Waiver{where}', from: 'Homes on the Assisted Living Waiver list{where}' },
  },
  waiverDescription: {
    en: "Licensed care homes{where} on the state's Medi-Cal Assisted Living Waiver list, by county.",
    es: {
      text: 'Centros de cuidado con licencia{where} en la lista del estado del programa de Medi-Cal Assisted Living Waiver (ALW), por condado.',
      from: "Licensed care homes{where} on the state's Medi-Cal Assisted Living Waiver list, by county.",
    },
  },
  waiverIntro: {
    en: "Licensed homes on the state health-care-services department's Assisted Living Waiver list{asOf}, by county, each county's homes alphabetically.",
    es: {
      text: 'Centros con licencia en la lista del programa Assisted Living Waiver del Departamento de Servicios de Atención Médica (DHCS){asOf}, por condado, y los centros de cada condado por orden alfabético.',
      from: "Licensed homes on the state health-care-services department's Assisted Living Waiver list{asOf}, by county, each county's homes alphabetically.",
    },
  },
  waiverScope: {
    en: 'The Assisted Living Waiver pays for care services only; it does not pay for room and board. A home missing from the list is not on file, which is not a verified no.',
    es: {
      text: 'El programa de Medi-Cal Assisted Living Waiver (ALW) paga solo los servicios de cuidado; no paga el alojamiento ni la comida. Si un centro no aparece en la lista, su valor es «No consta en los datos del estado», y eso no es un «no» confirmado.',
      from: 'The Assisted Living Waiver pays for care services only; it does not pay for room and board. A home missing from the list is not on file, which is not a verified no.',
    },
  },
  waiverEmpty: {
    en: 'No licensed home{where} is on the Assisted Living Waiver list.',
    es: { text: 'Ningún centro con licencia{where} está en la lista del programa Assisted Living Waiver.', from: 'No licensed home{where} is on the Assisted Living Waiver list.' },
  },
  countyNotOnFileGroup: { en: 'County not on file', es: { text: 'Condado: no consta', from: 'County not on file' } },
  waiverCounties: { en: 'Counties with waiver homes', es: { text: 'Condados con centros del programa', from: 'Counties with waiver homes' } },
  readMore: { en: 'Read more', es: { text: 'Para saber más', from: 'Read more' } },
  waiverGuide: { en: 'The Medi-Cal Assisted Living Waiver', es: { text: 'El programa de Medi-Cal Assisted Living Waiver (ALW)', from: 'The Medi-Cal Assisted Living Waiver' } },
});

/** The near-hospital and license-holder lists (serve/pages/lists.ts). */
export const NEAR_WORDS = defineWords({
  indexTitle: { en: 'Care homes near a hospital', es: { text: 'Centros de cuidado cerca de un hospital', from: 'Care homes near a hospital' } },
  indexDescription: {
    en: 'Licensed care homes within {radius} miles (straight line) of a California general acute care hospital.',
    es: {
      text: 'Centros de cuidado con licencia a menos de {radius} millas (en línea recta) de un hospital general de cuidados agudos de California.',
      from: 'Licensed care homes within {radius} miles (straight line) of a California general acute care hospital.',
    },
  },
  indexIntro: {
    en: "Choose a hospital to see the licensed homes within {radius} miles of it in a straight line, alphabetically, each with its distance. Hospitals are the state's licensed general acute care hospitals, by county.",
    es: {
      text: 'Elija un hospital para ver los centros con licencia a menos de {radius} millas en línea recta, por orden alfabético, cada uno con su distancia. Los hospitales son los hospitales generales de cuidados agudos con licencia del estado, por condado.',
      from: "Choose a hospital to see the licensed homes within {radius} miles of it in a straight line, alphabetically, each with its distance. Hospitals are the state's licensed general acute care hospitals, by county.",
    },
  },
  noHospital: {
    en: 'No hospital has this address. The list of hospitals is at /near-hospital.',
    es: { text: 'Ningún hospital tiene esta dirección. La lista de hospitales está en /es/near-hospital.', from: 'No hospital has this address. The list of hospitals is at /near-hospital.' },
  },
  title: { en: 'Care homes within {radius} miles of {hospital}', es: { text: 'Centros de cuidado a menos de {radius} millas de {hospital}', from: 'Care homes within {radius} miles of {hospital}' } },
  description: {
    en: 'Licensed care homes within {radius} miles (straight line) of {hospital}{place}.',
    es: { text: 'Centros de cuidado con licencia a menos de {radius} millas (en línea recta) de {hospital}{place}.', from: 'Licensed care homes within {radius} miles (straight line) of {hospital}{place}.' },
  },
  intro: {
    en: "Licensed residential care homes within {radius} miles of {hospital}{place}, measured in a straight line from the hospital to each home's mapped address, not by road. Listed alphabetically; the distance is shown with each home. A home located only by its ZIP code has an approximate distance.",
    es: {
      text: 'Centros de cuidado residencial con licencia a menos de {radius} millas de {hospital}{place}, medidas en línea recta desde el hospital hasta la dirección de cada centro en el mapa, no por carretera. Por orden alfabético; la distancia aparece con cada centro. La distancia de un centro ubicado solo por su código postal es aproximada.',
      from: "Licensed residential care homes within {radius} miles of {hospital}{place}, measured in a straight line from the hospital to each home's mapped address, not by road. Listed alphabetically; the distance is shown with each home. A home located only by its ZIP code has an approximate distance.",
    },
  },
  miles: { en: '{n} miles', es: { text: '{n} millas', from: '{n} miles' } },
  approximate: { en: APPROXIMATE_DISTANCE, es: { text: 'aproximada: ubicado por código postal', from: 'approximate: located by ZIP code' } },
  empty: {
    en: 'No licensed home with a mapped address is within {radius} miles of this hospital.',
    es: { text: 'Ningún centro con licencia con dirección en el mapa está a menos de {radius} millas de este hospital.', from: 'No licensed home with a mapped address is within {radius} miles of this hospital.' },
  },
  otherHospitals: { en: 'Other hospitals', es: { text: 'Otros hospitales', from: 'Other hospitals' } },
  allHospitals: { en: 'All hospitals, by county', es: { text: 'Todos los hospitales, por condado', from: 'All hospitals, by county' } },
  noHolder: {
    en: 'No license holder with a current license has this address.',
    es: { text: 'Ningún titular de una licencia vigente tiene esta dirección.', from: 'No license holder with a current license has this address.' },
  },
  holderTitle: { en: 'Licenses held by {name}', es: { text: 'Licencias cuyo titular es {name}', from: 'Licenses held by {name}' } },
  holderDescription: {
    en: 'Licensed care homes whose license is held by {name}, from the state licensing record.',
    es: { text: 'Centros de cuidado con licencia cuyo titular es {name}, según el registro de licencias del estado.', from: 'Licensed care homes whose license is held by {name}, from the state licensing record.' },
  },
  holderIntro: {
    en: 'Current licenses whose license holder (licensee) on the state roster is {names}. The licensee is the legal entity or person the state licensed; it is shown as the roster spells it.',
    es: {
      text: 'Licencias vigentes cuyo titular de la licencia en la lista del estado es {names}. El titular de la licencia es la entidad legal o la persona a quien el estado otorgó la licencia; se muestra tal como lo escribe la lista.',
      from: 'Current licenses whose license holder (licensee) on the state roster is {names}. The licensee is the legal entity or person the state licensed; it is shown as the roster spells it.',
    },
  },
  or: { en: ' or ', es: { text: ' o ', from: ' or ' } },
  holderEmpty: { en: 'No current license is held by this license holder.', es: { text: 'Este titular no tiene ninguna licencia vigente.', from: 'No current license is held by this license holder.' } },
});
