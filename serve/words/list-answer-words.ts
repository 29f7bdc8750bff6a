// What find_homes and homes_near_hospital say around their homes (serve/mcp/lists.ts, the two tools,
// places.ts, hospitals' notes, changes.ts), in English and Spanish (catalog.ts). Each English text
// is the one these tools served before Spanish (the English answers are unchanged); "home(s)"
// stays in English as served, while the Spanish has one entry for one home and one for more.
// Argument names (needs, offset, left_the_list...) stay as the tools spell them.
import { defineWords, type Entry } from './catalog.ts';
import { HONESTY_WORDS } from './handoff-words.ts';
import type { Language } from './language.ts';
import { CALL_AGAIN, familyNote, HOSPITAL_SOURCE } from './wording.ts';

/** The call-again sentences in Spanish (the homes card leaves these out, as it does CALL_AGAIN's). */
export const CALL_AGAIN_ES = {
  needs: 'Vuelva a llamar sin needs para verlos.',
  waiver: 'Vuelva a llamar sin waiver para verlos.',
  budget: 'Vuelva a llamar sin max_monthly_budget_usd para verlos.',
  near: 'Deje near fuera de la llamada para verlos.',
  closedNear: 'Vuelva a llamar con county o city para verlos (left_the_list).',
} as const satisfies Record<keyof typeof CALL_AGAIN, string>;

/** A note as the family reads it on the homes card, in either language: the call-again sentences left out. */
export function familyNoteIn(note: string): string {
  let text = familyNote(note);
  for (const sentence of Object.values(CALL_AGAIN_ES)) text = text.split(sentence).join('');
  return text.replace(/\s{2,}/g, ' ').trim();
}

const again = (key: keyof typeof CALL_AGAIN): Entry => ({ en: CALL_AGAIN[key], es: { text: CALL_AGAIN_ES[key], from: CALL_AGAIN[key] } });

const NEEDS_CUT =
  '{n} home(s) here whose license does not show every approval asked ({approvals}) as true: the record says it does not carry one, or does not say (not on file, which is not a no). ';
const WAIVER_CUT =
  "The waiver filter left out {n} home(s) here that are not on the state's Assisted Living Waiver list{asOf} (absence from the list is not a verified no: such a home may still take the waiver; ask it). {again}";
const BUDGET_RULE = "max_monthly_budget_usd {budget} left out only homes whose own published rate (price.is_this_homes_own_rate true) is above it. ";
const BUDGET_END = ": a figure that is not the home's own decides nothing. A starting figure is not a quote: every home must be asked for its current rates.";
const BUDGET_RULE_ES = 'max_monthly_budget_usd {budget} dejó fuera solo los centros cuya tarifa publicada propia (price.is_this_homes_own_rate true) supera ese monto. ';
const BUDGET_END_ES = ': una cifra que no es la del centro no decide nada. Una tarifa inicial no es un presupuesto: hay que preguntar a cada centro por sus tarifas actuales.';
const BUDGET_CUT = `max_monthly_budget_usd left out {n} home(s) here whose own published rate is above {budget}. ${CALL_AGAIN.budget}`;
const NO_LOCATION = `{n} matching home(s) have no map location on file and are not in this distance list. ${CALL_AGAIN.near}`;
const LEFT = '{n} home(s) here closed or left the state roster since {since}: they are in left_the_list, not in homes{more}.';
const CUT_BY_SIZE =
  "This answer lists {shown} of the {limit} homes asked for, to stay small enough for an assistant's context; call again with offset {next} for the next ones. Nothing is left out of the list, only moved to the next page.";
const AMBIGUOUS_ASK = 'Ask the user which one, then call again with hospital set to its facid.';
const AMBIGUOUS_ASK_ES = 'Pregunte al usuario cuál es y vuelva a llamar con hospital igual a su facid.';
const AMBIGUOUS_MORE = `{n} hospitals fit "{input}"; candidates lists the first {shown} alphabetically (not ranked). The other {rest} are in: {cities}. To reach one of those, call again with "name, city" (e.g. "{input}, {city}"). ${AMBIGUOUS_ASK}`;
const HEAD_ONE = '**{n} listed home matches{near}; this answer lists {from} to {to}{next}.**';
const HEAD_MANY = '**{n} listed homes match{near}; this answer lists {from} to {to}{next}.**';
const CITATIONS_SINCE = 'citations since {year}: Type A {a}, Type B {b}';
const CITATIONS_NONE = 'Type A and Type B citations: none, with no state visit on record';
const CITATIONS_NOT_ON_FILE = 'Type A and Type B citations: not on file';
/** Said after the first "deficiencias" of a text (the glossary: always glossed). */
const GLOSS = ' (incumplimientos de una norma de licencia)';

export const LIST_ANSWER_WORDS = defineWords({
  callAgainNeeds: again('needs'),
  callAgainWaiver: again('waiver'),
  callAgainBudget: again('budget'),
  callAgainNear: again('near'),
  callAgainClosedNear: again('closedNear'),
  // search's own call-again sentence for its waiver note (serve/mcp/tools/search.ts passes it to waiverNote).
  searchAgain: {
    en: 'Search again without them to see those homes.',
    es: { text: 'Busque de nuevo sin esas palabras para ver esos centros.', from: 'Search again without them to see those homes.' },
  },
  // The approvals a needs filter asks for (call-plan.ts NEED_WORDS' English).
  needDementia: { en: 'dementia care', es: { text: 'atención para personas con demencia', from: 'dementia care' } },
  needWheelchair: {
    en: 'non-ambulatory',
    es: { text: 'residentes que no pueden salir solos del edificio (silla de ruedas)', from: 'non-ambulatory' },
  },
  needHospice: { en: 'hospice', es: { text: 'cuidado de hospicio (hospice)', from: 'hospice' } },
  needBedridden: { en: 'bedridden', es: { text: 'residentes postrados en cama', from: 'bedridden' } },
  needsCutOne: {
    en: `needs left out ${NEEDS_CUT}${CALL_AGAIN.needs}`,
    es: {
      text: `needs dejó fuera {n} centro de aquí cuya licencia no muestra como «sí» cada aprobación pedida ({approvals}): el registro dice que no incluye alguna, o no lo dice («No consta» no quiere decir «no»). ${CALL_AGAIN_ES.needs}`,
      from: `needs left out ${NEEDS_CUT}${CALL_AGAIN.needs}`,
    },
  },
  needsCutMany: {
    en: `needs left out ${NEEDS_CUT}${CALL_AGAIN.needs}`,
    es: {
      text: `needs dejó fuera {n} centros de aquí cuya licencia no muestra como «sí» cada aprobación pedida ({approvals}): el registro dice que no incluye alguna, o no lo dice («No consta» no quiere decir «no»). ${CALL_AGAIN_ES.needs}`,
      from: `needs left out ${NEEDS_CUT}${CALL_AGAIN.needs}`,
    },
  },
  budgetKeptOne: {
    en: `${BUDGET_RULE}1 of the homes listed has no rate of its own on file (only an estimate, an area figure or nothing) and stays in${BUDGET_END}`,
    es: {
      text: `${BUDGET_RULE_ES}1 de los centros de la lista no tiene una tarifa propia en los datos (solo una estimación, una cifra de la zona o nada) y sigue en la lista${BUDGET_END_ES}`,
      from: `${BUDGET_RULE}1 of the homes listed has no rate of its own on file (only an estimate, an area figure or nothing) and stays in${BUDGET_END}`,
    },
  },
  budgetKeptMany: {
    en: `${BUDGET_RULE}{n} of the homes listed have no rate of their own on file (only an estimate, an area figure or nothing) and stay in${BUDGET_END}`,
    es: {
      text: `${BUDGET_RULE_ES}{n} de los centros de la lista no tienen una tarifa propia en los datos (solo una estimación, una cifra de la zona o nada) y siguen en la lista${BUDGET_END_ES}`,
      from: `${BUDGET_RULE}{n} of the homes listed have no rate of their own on file (only an estimate, an area figure or nothing) and stay in${BUDGET_END}`,
    },
  },
  budgetCutOne: {
    en: BUDGET_CUT,
    es: { text: `max_monthly_budget_usd dejó fuera {n} centro de aquí cuya tarifa publicada propia supera {budget}. ${CALL_AGAIN_ES.budget}`, from: BUDGET_CUT },
  },
  budgetCutMany: {
    en: BUDGET_CUT,
    es: { text: `max_monthly_budget_usd dejó fuera {n} centros de aquí cuya tarifa publicada propia supera {budget}. ${CALL_AGAIN_ES.budget}`, from: BUDGET_CUT },
  },
  waiverCutOne: {
    en: WAIVER_CUT,
    es: {
      text: 'El filtro waiver dejó fuera {n} centro de aquí que no aparece en la lista del estado del programa de Medi-Cal Assisted Living Waiver (ALW){asOf} («No consta» no quiere decir «no»: ese centro puede aceptar el programa; pregúntele). {again}',
      from: WAIVER_CUT,
    },
  },
  waiverCutMany: {
    en: WAIVER_CUT,
    es: {
      text: 'El filtro waiver dejó fuera {n} centros de aquí que no aparecen en la lista del estado del programa de Medi-Cal Assisted Living Waiver (ALW){asOf} («No consta» no quiere decir «no»: esos centros pueden aceptar el programa; pregúnteles). {again}',
      from: WAIVER_CUT,
    },
  },
  asOf: { en: ' as of {date}', es: { text: ' al {date}', from: ' as of {date}' } },
  waiverScope: { en: 'Homes with medi_cal_alw true: {scope}', es: { text: 'Centros con medi_cal_alw true: {scope}', from: 'Homes with medi_cal_alw true: {scope}' } },
  cutBySize: {
    en: CUT_BY_SIZE,
    es: {
      text: 'Esta respuesta incluye {shown} de los {limit} centros pedidos, para que quepa en el contexto de un asistente; vuelva a llamar con offset {next} para ver los siguientes. No se deja nada fuera de la lista: solo pasa a la página siguiente.',
      from: CUT_BY_SIZE,
    },
  },
  noLocationOne: {
    en: NO_LOCATION,
    es: { text: `{n} centro que coincide no tiene ubicación en el mapa en los datos y no está en esta lista por distancia. ${CALL_AGAIN_ES.near}`, from: NO_LOCATION },
  },
  noLocationMany: {
    en: NO_LOCATION,
    es: { text: `{n} centros que coinciden no tienen ubicación en el mapa en los datos y no están en esta lista por distancia. ${CALL_AGAIN_ES.near}`, from: NO_LOCATION },
  },
  // changed_since
  leftOne: {
    en: LEFT,
    es: { text: '{n} centro de aquí cerró o salió de la lista del estado desde el {since}: está en left_the_list, no en homes{more}.', from: LEFT },
  },
  leftMany: {
    en: LEFT,
    es: { text: '{n} centros de aquí cerraron o salieron de la lista del estado desde el {since}: están en left_the_list, no en homes{more}.', from: LEFT },
  },
  leftMore: {
    en: ' (the newest {shown} shown; the rest are in the change log at /api/v1/changes)',
    es: { text: ' (se muestran los {shown} más recientes; los demás están en el historial de cambios en /api/v1/changes)', from: ' (the newest {shown} shown; the rest are in the change log at /api/v1/changes)' },
  },
  closedNear: {
    en: `Homes that closed since then have no place in a distance list. ${CALL_AGAIN.closedNear}`,
    es: { text: `Los centros que cerraron desde entonces no tienen lugar en una lista por distancia. ${CALL_AGAIN_ES.closedNear}`, from: `Homes that closed since then have no place in a distance list. ${CALL_AGAIN.closedNear}` },
  },
  onlyChanged: {
    en: "Only homes whose state record changed since {since} (see each home's changes with get_home). {span} {fairness}",
    es: {
      text: 'Solo los centros cuyo registro del estado cambió desde el {since} (vea los cambios de cada centro con get_home). {span} {fairness}',
      from: "Only homes whose state record changed since {since} (see each home's changes with get_home). {span} {fairness}",
    },
  },
  // words/changes.ts changeLogSpanWords
  logSpan: {
    en: "This service's change log began with its run of {date}; each change carries the source's own date (observed_on), which can be earlier than that run. A change the state made before the log began may be missing.",
    es: {
      text: 'El historial de cambios de este servicio empezó con su actualización del {date}; cada cambio lleva la fecha de su propia fuente (observed_on), que puede ser anterior a esa actualización. Puede faltar un cambio que el estado hizo antes de que empezara el historial.',
      from: "This service's change log began with its run of {date}; each change carries the source's own date (observed_on), which can be earlier than that run. A change the state made before the log began may be missing.",
    },
  },
  logSpanUndated: {
    en: "Each change carries the source's own date (observed_on). A change the state made before this service's change log began may be missing.",
    es: {
      text: 'Cada cambio lleva la fecha de su propia fuente (observed_on). Puede faltar un cambio que el estado hizo antes de que empezara el historial de cambios de este servicio.',
      from: "Each change carries the source's own date (observed_on). A change the state made before this service's change log began may be missing.",
    },
  },
  closedOnRecord: {
    en: "The state's record gives this license's closing date: {date} (the record's own date, not this service's change log).",
    es: {
      text: 'El registro del estado da la fecha de cierre de esta licencia: {date} (la fecha del propio registro, no del historial de cambios de este servicio).',
      from: "The state's record gives this license's closing date: {date} (the record's own date, not this service's change log).",
    },
  },
  closedOnLiveRecord: {
    en: 'The state\'s live record, checked on {checked}, shows "{status}"; it gives no closing date (the live record, not this service\'s change log).',
    es: {
      text: 'El registro en línea del estado, consultado el {checked}, muestra "{status}" (licencia cerrada); no da fecha de cierre (el registro en línea, no el historial de cambios de este servicio).',
      from: 'The state\'s live record, checked on {checked}, shows "{status}"; it gives no closing date (the live record, not this service\'s change log).',
    },
  },
  // Nothing matched
  noMatchChanged: {
    en: 'No listed home here has a logged change since that date; leave changed_since out to see the homes here.',
    es: {
      text: 'Ningún centro de la lista aquí tiene un cambio registrado desde esa fecha; deje changed_since fuera de la llamada para ver los centros de aquí.',
      from: 'No listed home here has a logged change since that date; leave changed_since out to see the homes here.',
    },
  },
  noMatchNear: {
    en: 'No listed home matches; try a wider radius_km or a nearby place.',
    es: { text: 'Ningún centro de la lista coincide; pruebe con un radius_km más amplio o un lugar cercano.', from: 'No listed home matches; try a wider radius_km or a nearby place.' },
  },
  noMatchPlace: {
    en: 'No listed home matches; try a nearby city or county.',
    es: { text: 'Ningún centro de la lista coincide; pruebe con una ciudad o un condado cercano.', from: 'No listed home matches; try a nearby city or county.' },
  },
  noMatchNeedsNear: {
    en: 'No listed home matches; try fewer needs (a need matches only an explicit true on the license), or a wider radius_km or a nearby place.',
    es: {
      text: 'Ningún centro de la lista coincide; pruebe con menos needs (una necesidad solo coincide con un «sí» explícito en la licencia), o con un radius_km más amplio o un lugar cercano.',
      from: 'No listed home matches; try fewer needs (a need matches only an explicit true on the license), or a wider radius_km or a nearby place.',
    },
  },
  noMatchNeedsPlace: {
    en: 'No listed home matches; try fewer needs (a need matches only an explicit true on the license), or a nearby city or county.',
    es: {
      text: 'Ningún centro de la lista coincide; pruebe con menos needs (una necesidad solo coincide con un «sí» explícito en la licencia), o con una ciudad o un condado cercano.',
      from: 'No listed home matches; try fewer needs (a need matches only an explicit true on the license), or a nearby city or county.',
    },
  },
  // Refusals of the family's ask
  noPlace: {
    en: 'Give at least one of near {latitude, longitude}, county or city. To look homes up by name, use check_homes or search.',
    es: {
      text: 'Indique al menos uno de near {latitude, longitude}, county o city. Para buscar centros por su nombre, use check_homes o search.',
      from: 'Give at least one of near {latitude, longitude}, county or city. To look homes up by name, use check_homes or search.',
    },
  },
  radiusWithoutNear: {
    en: 'radius_km works only with near {latitude, longitude}. Send near as well, or leave radius_km out and use county or city.',
    es: {
      text: 'radius_km solo funciona con near {latitude, longitude}. Envíe también near, o deje radius_km fuera y use county o city.',
      from: 'radius_km works only with near {latitude, longitude}. Send near as well, or leave radius_km out and use county or city.',
    },
  },
  // places.ts: a name the service does not know
  noSuchCity: {
    en: 'No listed home is in a city named "{input}".{offer} Send the city as the state roster spells it, or send county, or near {latitude, longitude} instead.',
    es: {
      text: 'Ningún centro de la lista está en una ciudad llamada «{input}».{offer} Envíe la ciudad como la escribe la lista del estado, o envíe county, o near {latitude, longitude} en su lugar.',
      from: 'No listed home is in a city named "{input}".{offer} Send the city as the state roster spells it, or send county, or near {latitude, longitude} instead.',
    },
  },
  noSuchCounty: {
    en: 'No California county is named "{input}".{offer} Send a California county name (e.g. "Alameda"), or city, or near {latitude, longitude} instead.',
    es: {
      text: 'Ningún condado de California se llama «{input}».{offer} Envíe el nombre de un condado de California (por ejemplo, "Alameda"), o city, o near {latitude, longitude} en su lugar.',
      from: 'No California county is named "{input}".{offer} Send a California county name (e.g. "Alameda"), or city, or near {latitude, longitude} instead.',
    },
  },
  meantCounty: {
    en: ' If you meant {name} County, send that spelling.',
    es: { text: ' Si quiso decir el condado de {name}, envíe esa forma de escribirlo.', from: ' If you meant {name} County, send that spelling.' },
  },
  meantCityIn: {
    en: ' If you meant {name} ({county} County), send that spelling.',
    es: { text: ' Si quiso decir {name} (condado de {county}), envíe esa forma de escribirlo.', from: ' If you meant {name} ({county} County), send that spelling.' },
  },
  meant: { en: ' If you meant {name}, send that spelling.', es: { text: ' Si quiso decir {name}, envíe esa forma de escribirlo.', from: ' If you meant {name}, send that spelling.' } },
  // homes_near_hospital
  hospitalStraightLine: {
    en: 'distance_km is the straight-line distance from the hospital, not a driving distance.',
    es: { text: 'distance_km es la distancia en línea recta desde el hospital, no la distancia en auto.', from: 'distance_km is the straight-line distance from the hospital, not a driving distance.' },
  },
  hospitalNoMatch: {
    en: 'No listed home within {radius} km matches; try a wider radius_km (up to {max}) or fewer needs.',
    es: {
      text: 'Ningún centro de la lista a {radius} km o menos coincide; pruebe con un radius_km más amplio (hasta {max}) o con menos needs.',
      from: 'No listed home within {radius} km matches; try a wider radius_km (up to {max}) or fewer needs.',
    },
  },
  hospitalNotFound: {
    en: 'No hospital in the state\'s list of general acute care hospitals fits "{input}". Send the hospital\'s name as the state lists it (e.g. without "the"), add ", city" to narrow, or send its 9-digit FACID.',
    es: {
      text: 'Ningún hospital de la lista del estado de hospitales generales de cuidados agudos coincide con "{input}". Envíe el nombre del hospital como lo escribe la lista del estado (por ejemplo, sin "the"), agregue ", ciudad" para acotar, o envíe su FACID de 9 dígitos.',
      from: 'No hospital in the state\'s list of general acute care hospitals fits "{input}". Send the hospital\'s name as the state lists it (e.g. without "the"), add ", city" to narrow, or send its 9-digit FACID.',
    },
  },
  hospitalsAll: {
    en: `{n} hospitals fit "{input}", all listed in candidates. ${AMBIGUOUS_ASK}`,
    es: { text: `{n} hospitales coinciden con "{input}"; todos están en candidates. ${AMBIGUOUS_ASK_ES}`, from: `{n} hospitals fit "{input}", all listed in candidates. ${AMBIGUOUS_ASK}` },
  },
  hospitalsMore: {
    en: AMBIGUOUS_MORE,
    es: {
      text: `{n} hospitales coinciden con "{input}"; candidates incluye los primeros {shown} por orden alfabético (no es una clasificación). Ciudades de los demás hospitales ({rest}): {cities}. Para llegar a uno de ellos, vuelva a llamar con "nombre, ciudad" (por ejemplo, "{input}, {city}"). ${AMBIGUOUS_ASK_ES}`,
      from: AMBIGUOUS_MORE,
    },
  },
  cityNotOnFile: { en: 'city not on file', es: { text: 'ciudad: no consta', from: 'city not on file' } },
  hospitalSource: {
    en: HOSPITAL_SOURCE,
    es: {
      text: 'la lista del departamento de salud del estado de los hospitales generales de cuidados agudos con licencia (activos, con ubicación)',
      from: HOSPITAL_SOURCE,
    },
  },
});

/** The text block of a list answer (serve/mcp/lists.ts listText). */
export const LIST_TEXT_WORDS = defineWords({
  headNone: { en: '**No listed home is on this page ({total} match in all).**', es: { text: '**Ningún centro de la lista está en esta página ({total} coinciden en total).**', from: '**No listed home is on this page ({total} match in all).**' } },
  headOne: {
    en: HEAD_ONE,
    es: { text: '**{n} centro de la lista coincide{near}; esta respuesta incluye del {from} al {to}{next}.**', from: HEAD_ONE },
  },
  headMany: {
    en: HEAD_MANY,
    es: { text: '**{n} centros de la lista coinciden{near}; esta respuesta incluye del {from} al {to}{next}.**', from: HEAD_MANY },
  },
  near: { en: ' near {name}', es: { text: ' cerca de {name}', from: ' near {name}' } },
  next: { en: '; call again with offset {n} for the next ones', es: { text: '; vuelva a llamar con offset {n} para ver los siguientes', from: '; call again with offset {n} for the next ones' } },
  leftHeading: { en: 'Closed or left the roster:', es: { text: 'Cerrados o fuera de la lista del estado:', from: 'Closed or left the roster:' } },
  leftLine: { en: '- {name} (license {license}): {line}', es: { text: '- {name} (licencia {license}): {line}', from: '- {name} (license {license}): {line}' } },
  home: {
    en: '{position}. **{name}** (license {license}{place}){distance}. Status {status}{probation}; {beds}. Care approvals{asOf}: {approvals}{sourceNote}. Assisted Living Waiver list: {waiver}. {price}State record: {record}. Page: {page}',
    es: {
      text: '{position}. **{name}** (licencia {license}{place}){distance}. Estado: {status}{probation}; {beds}. Aprobaciones de cuidado{asOf}: {approvals}{sourceNote}. Medi-Cal Assisted Living Waiver (ALW): {waiver}. {price}Registro del estado: {record}. Página: {page}',
      from: '{position}. **{name}** (license {license}{place}){distance}. Status {status}{probation}; {beds}. Care approvals{asOf}: {approvals}{sourceNote}. Assisted Living Waiver list: {waiver}. {price}State record: {record}. Page: {page}',
    },
  },
  county: { en: '{county} County', es: { text: 'condado de {county}', from: '{county} County' } },
  distance: { en: ' · {km} km straight-line{note}', es: { text: ' · {km} km en línea recta{note}', from: ' · {km} km straight-line{note}' } },
  onProbation: { en: ', on probation', es: { text: ', licencia en período de prueba', from: ', on probation' } },
  notOnFile: { en: 'not on file', es: { text: 'No consta en los datos del estado', from: 'not on file' } },
  bedsNotOnFile: { en: 'licensed beds not on file', es: { text: 'capacidad autorizada: No consta en los datos del estado', from: 'licensed beds not on file' } },
  bedsOne: { en: '{n} licensed bed', es: { text: 'capacidad autorizada: {n} residente', from: '{n} licensed bed' } },
  bedsMany: { en: '{n} licensed beds', es: { text: 'capacidad autorizada: {n} residentes', from: '{n} licensed beds' } },
  // A line's approvals grouped by value, each named once (a Spanish value in words is long).
  approvalsYes: { en: 'yes: {list}', es: { text: 'Sí: {list}', from: 'yes: {list}' } },
  approvalsStatedNoOne: {
    en: 'not on file (this license does not carry it): {list}',
    es: { text: 'No consta (esta licencia no la incluye): {list}', from: 'not on file (this license does not carry it): {list}' },
  },
  approvalsStatedNoMany: {
    en: 'not on file (this license does not carry them): {list}',
    es: { text: 'No consta (esta licencia no las incluye): {list}', from: 'not on file (this license does not carry them): {list}' },
  },
  approvalsSilent: { en: 'not on file: {list}', es: { text: 'No consta en los datos del estado: {list}', from: 'not on file: {list}' } },
  documentsNotOnFile: { en: 'state documents not on file', es: { text: 'documentos: No consta en los datos del estado', from: 'state documents not on file' } },
  documentsOne: { en: '{n} state document', es: { text: '{n} documento', from: '{n} state document' } },
  documentsMany: { en: '{n} state documents', es: { text: '{n} documentos', from: '{n} state documents' } },
  latestVisit: { en: 'latest visit {date}', es: { text: 'última visita: {date}', from: 'latest visit {date}' } },
  latestVisitNotOnFile: { en: 'latest visit not on file', es: { text: 'última visita: No consta en los datos del estado', from: 'latest visit not on file' } },
  citationsSince: { en: CITATIONS_SINCE, es: { text: 'deficiencias desde {year}: Tipo A {a}, Tipo B {b}', from: CITATIONS_SINCE } },
  citationsNone: { en: CITATIONS_NONE, es: { text: 'deficiencias Tipo A y Tipo B: ninguna, sin visitas del estado en el registro', from: CITATIONS_NONE } },
  citationsNotOnFile: { en: CITATIONS_NOT_ON_FILE, es: { text: 'deficiencias Tipo A y Tipo B: No consta en los datos del estado', from: CITATIONS_NOT_ON_FILE } },
  citationsSinceGlossed: { en: CITATIONS_SINCE, es: { text: `deficiencias${GLOSS} desde {year}: Tipo A {a}, Tipo B {b}`, from: CITATIONS_SINCE } },
  citationsNoneGlossed: { en: CITATIONS_NONE, es: { text: `deficiencias${GLOSS} Tipo A y Tipo B: ninguna, sin visitas del estado en el registro`, from: CITATIONS_NONE } },
  citationsNotOnFileGlossed: { en: CITATIONS_NOT_ON_FILE, es: { text: `deficiencias${GLOSS} Tipo A y Tipo B: No consta en los datos del estado`, from: CITATIONS_NOT_ON_FILE } },
  dates: {
    en: 'State record loaded {loaded}; care approvals as of {approvals}; waiver list as of {waiver}.',
    es: {
      text: 'Registro del estado cargado {loaded}; aprobaciones de cuidado {approvals}; lista del programa Assisted Living Waiver {waiver}.',
      from: 'State record loaded {loaded}; care approvals as of {approvals}; waiver list as of {waiver}.',
    },
  },
  onDate: { en: '{date}', es: { text: 'el {date}', from: '{date}' } },
  loadedUndated: { en: 'on a date not on file', es: { text: 'en una fecha que no consta', from: 'on a date not on file' } },
  asOfDate: { en: '{date}', es: { text: 'al {date}', from: '{date}' } },
  undated: { en: 'a date not on file', es: { text: 'sin fecha en los datos', from: 'a date not on file' } },
});
