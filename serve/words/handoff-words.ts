// What start_family_request tells the assistant and the family besides the message (what happens
// next, consent, privacy) and the honesty block every MCP answer carries, in both languages
// (catalog.ts): an assistant relays these as they are, never translating them at run time.
import { defineWords, fill, wordsIn } from './catalog.ts';
import type { Language } from './language.ts';
import { FAIRNESS_NOTE, NEUTRALITY, NEVER_IN_THIS_DATA } from './wording.ts';

/** The MCP answers' honesty block (serve/mcp/wording.ts), with the orders the hand-off and search use. */
export const HONESTY_WORDS = defineWords({
  neutrality: {
    en: NEUTRALITY,
    es: {
      text: 'Nadie paga por aparecer; nada se clasifica por calidad, popularidad ni pago.',
      from: 'No home pays to appear; nothing is ranked by quality, popularity or payment.',
    },
  },
  neverInThisData: {
    en: NEVER_IN_THIS_DATA,
    es: {
      text: 'Estos datos nunca incluyen lugares disponibles: ningún sitio web sabe qué centros tienen un lugar libre hoy. Para saber si hay lugar, llame al centro.',
      from: 'Open beds are never in this data: no website knows which homes have an open bed today. Openings are learned by phone.',
    },
  },
  fairnessNote: {
    en: FAIRNESS_NOTE,
    es: {
      text: 'Una deficiencia no hace inseguro a un centro, y un expediente vacío no lo hace bueno. "not_on_file" quiere decir que el registro no lo dice; un "false" (el registro dice que la licencia no lo incluye) también se lee «No consta»; ninguno de los dos quiere decir «no».',
      from: 'A citation does not make a home unsafe, and an empty file does not make a home good. "not_on_file" means the record does not say; a "false" (the record states the license does not carry it) also reads "not on file"; neither ever means no.',
    },
  },
  orderAsSent: {
    en: 'In the order the license numbers were sent. Nothing is ranked.',
    es: { text: 'En el orden en que se enviaron los números de licencia. Nada se clasifica.', from: 'In the order the license numbers were sent. Nothing is ranked.' },
  },
  orderFromHospital: {
    en: "By straight-line distance from the hospital's point, nearest first; equal distances alphabetical. Nothing is ranked.",
    es: {
      text: 'Por distancia en línea recta desde el punto del hospital, del más cercano al más lejano; a igual distancia, por orden alfabético. Nada se clasifica.',
      from: "By straight-line distance from the hospital's point, nearest first; equal distances alphabetical. Nothing is ranked.",
    },
  },
  orderByDistance: {
    en: 'By straight-line distance from the point given in the call, nearest first; equal distances alphabetical. Nothing is ranked.',
    es: {
      text: 'Por distancia en línea recta desde el punto dado en la llamada, del más cercano al más lejano; a igual distancia, por orden alfabético. Nada se clasifica.',
      from: 'By straight-line distance from the point given in the call, nearest first; equal distances alphabetical. Nothing is ranked.',
    },
  },
  orderAlphabetical: {
    en: 'Alphabetical by home name, then license number. Nothing is ranked.',
    es: { text: 'Por orden alfabético del nombre del centro y luego por número de licencia. Nada se clasifica.', from: 'Alphabetical by home name, then license number. Nothing is ranked.' },
  },
  orderColumns: {
    en: 'Columns alphabetical by home name, then license number. Nothing is ranked.',
    es: {
      text: 'Columnas por orden alfabético del nombre del centro y luego por número de licencia. Nada se clasifica.',
      from: 'Columns alphabetical by home name, then license number. Nothing is ranked.',
    },
  },
  orderReports: { en: 'Newest first.', es: { text: 'Del más reciente al más antiguo.', from: 'Newest first.' } },
  orderSearch: {
    en: 'Exact name matches first, then similar names (current licenses before closed ones and applications), each alphabetical (a place search, or a name with a town, lists homes alphabetically). Nothing is ranked.',
    es: {
      text: 'Primero los nombres exactos, luego los nombres parecidos (las licencias vigentes antes de las cerradas y de las solicitudes), cada grupo por orden alfabético (una búsqueda por lugar, o un nombre con una ciudad, da los centros por orden alfabético). Nada se clasifica.',
      from: 'Exact name matches first, then similar names (current licenses before closed ones and applications), each alphabetical (a place search, or a name with a town, lists homes alphabetically). Nothing is ranked.',
    },
  },
});

/**
 * The language an MCP answer was said in, read from its honesty order (always the catalog's, in
 * one language): a card reads it there, and an answer field for it would cost tools/list bytes.
 */
export function answerLanguageOf(order: string): Language {
  return Object.values(HONESTY_WORDS).some((entry) => entry.es.text === order) ? 'es' : 'en';
}

/** The honesty block in a language, for an order (a key of HONESTY_WORDS). */
export type HonestyOrder = 'orderAsSent' | 'orderSearch' | 'orderFromHospital' | 'orderByDistance' | 'orderAlphabetical' | 'orderColumns' | 'orderReports';

export function honestyIn(language: Language, order: HonestyOrder) {
  const w = wordsIn(HONESTY_WORDS, language);
  return { order: w[order], neutrality: w.neutrality, never_in_this_data: w.neverInThisData, fairness_note: w.fairnessNote };
}

export const HANDOFF_WORDS = defineWords({
  opensLink: {
    en: 'The family opens the link (it works for {days} days, until {date}); it shows these homes, their phone numbers from the state roster and questions to ask.',
    es: {
      text: 'La familia abre el enlace (funciona durante {days} días, hasta el {date}); muestra estos centros, sus teléfonos de la lista del estado y las preguntas para hacer.',
      from: 'The family opens the link (it works for {days} days, until {date}); it shows these homes, their phone numbers from the state roster and questions to ask.',
    },
  },
  mayAsk: {
    en: 'The family can call the homes themselves. On the page they may also ask the service to arrange calls or visits: only after reading a consent sentence, ticking it with their own click and typing their own name and phone.',
    es: {
      text: 'La familia puede llamar a los centros por su cuenta. En la página también puede pedir al servicio que organice llamadas o visitas: solo después de leer una frase de consentimiento, marcarla con su propio clic y escribir su propio nombre y teléfono.',
      from: 'The family can call the homes themselves. On the page they may also ask the service to arrange calls or visits: only after reading a consent sentence, ticking it with their own click and typing their own name and phone.',
    },
  },
  nothingBefore: {
    en: 'Nothing is sent to any home before the family submits that request. No visit is arranged until a home agrees. No response time is promised.',
    es: {
      text: 'No se envía nada a ningún centro antes de que la familia envíe esa solicitud. No se organiza ninguna visita hasta que un centro acepte. No se promete un plazo de respuesta.',
      from: 'Nothing is sent to any home before the family submits that request. No visit is arranged until a home agrees. No response time is promised.',
    },
  },
  callsThemselves: {
    en: 'The family calls the homes themselves: nothing is sent to any home by this service. Openings are learned by phone.',
    es: {
      text: 'La familia llama a los centros por su cuenta: este servicio no envía nada a ningún centro. Para saber si hay lugar, hay que llamar.',
      from: 'The family calls the homes themselves: nothing is sent to any home by this service. Openings are learned by phone.',
    },
  },
  whoConsents: {
    en: 'Only the family, on the page, with their own click. An assistant can never consent for them.',
    es: {
      text: 'Solo la familia, en la página, con su propio clic. Un asistente nunca puede dar el consentimiento por ella.',
      from: 'Only the family, on the page, with their own click. An assistant can never consent for them.',
    },
  },
  consentCoordination: {
    en: 'If the family asks the service to arrange visits, the page shows them a consent sentence; they tick it themselves and type their own name and phone. Nothing is sent before they submit.',
    es: {
      text: 'Si la familia pide al servicio que organice visitas, la página le muestra una frase de consentimiento; la familia la marca por su cuenta y escribe su propio nombre y teléfono. No se envía nada antes de que la familia la envíe.',
      from: 'If the family asks the service to arrange visits, the page shows them a consent sentence; they tick it themselves and type their own name and phone. Nothing is sent before they submit.',
    },
  },
  consentSelfServe: {
    en: 'No consent is asked today: the service sends nothing to any home; the family calls the homes itself.',
    es: {
      text: 'Hoy no se pide ningún consentimiento: el servicio no envía nada a ningún centro; la familia llama a los centros por su cuenta.',
      from: 'No consent is asked today: the service sends nothing to any home; the family calls the homes itself.',
    },
  },
  privacy: {
    en: "This call wrote nothing anywhere. The link carries only license numbers, care needs, a timing choice, an expiry and the assistant client's product name; nothing typed in free text.",
    es: {
      text: 'Esta llamada no guardó nada en ningún lugar. El enlace lleva solo números de licencia, necesidades de cuidado, un plazo, una fecha de vencimiento y el nombre del producto del asistente; nada de lo escrito como texto libre.',
      from: "This call wrote nothing anywhere. The link carries only license numbers, care needs, a timing choice, an expiry and the assistant client's product name; nothing typed in free text.",
    },
  },
});

/** What happens after the call, in the family's language: the link, then the mode's own steps. */
export function whatHappensNextIn(language: Language, coordination: boolean, nothingSent: string, days: number, expiresOn: string): string[] {
  const w = wordsIn(HANDOFF_WORDS, language);
  const common = [nothingSent, fill(w.opensLink, { days, date: expiresOn })];
  return coordination ? [...common, w.mayAsk, w.nothingBefore] : [...common, w.callsThemselves];
}

/** The personal-data screen's refusal (serve/screen/screen.ts screenRefusal), in both languages: every field, every kind found. */
export const SCREEN_WORDS = defineWords({
  email: { en: 'an e-mail address', es: { text: 'un correo electrónico', from: 'an e-mail address' } },
  phone: { en: 'a phone number', es: { text: 'un número de teléfono', from: 'a phone number' } },
  address: { en: 'a street address', es: { text: 'una dirección', from: 'a street address' } },
  id_number: {
    en: 'an identity or health-plan number (Social Security, Medicare, Medi-Cal or another ID)',
    es: {
      text: 'un número de identidad o de plan de salud (Social Security, Medicare, Medi-Cal u otra identificación)',
      from: 'an identity or health-plan number (Social Security, Medicare, Medi-Cal or another ID)',
    },
  },
  birth_date: { en: 'a date of birth', es: { text: 'una fecha de nacimiento', from: 'a date of birth' } },
  name: { en: "a person's name (a family member's or anyone else's)", es: { text: 'el nombre de una persona (de un familiar o de cualquier otra persona)', from: "a person's name (a family member's or anyone else's)" } },
  and: { en: ' and ', es: { text: ' y ', from: ' and ' } },
  fieldHolds: { en: '{field} looks like it contains {kinds}', es: { text: '{field} parece contener {kinds}', from: '{field} looks like it contains {kinds}' } },
  refusal: {
    en: '{said}. No personal details may be sent to this service: resend the call without names, phone numbers, e-mail addresses or street addresses in any free-text field, and without ID numbers or birth dates (describe the care needed and the area instead, e.g. "memory care in Alameda County"). The family adds their own details on the page, only if they choose to.',
    es: {
      text: '{said}. No se puede enviar ningún dato personal a este servicio: envíe la llamada de nuevo sin nombres, números de teléfono, correos electrónicos ni direcciones en ningún campo de texto libre, y sin números de identificación ni fechas de nacimiento (describa el cuidado que se necesita y la zona, por ejemplo "demencia en el condado de Alameda"). La familia agrega sus propios datos en la página, solo si lo desea.',
      from: '{said}. No personal details may be sent to this service: resend the call without names, phone numbers, e-mail addresses or street addresses in any free-text field, and without ID numbers or birth dates (describe the care needed and the area instead, e.g. "memory care in Alameda County"). The family adds their own details on the page, only if they choose to.',
    },
  },
});

/** The screen's refusal in a language: each field with every kind of detail found in it, never the detail itself. */
export function screenRefusalIn(language: Language, findings: ReadonlyArray<{ field: string; kind: keyof typeof SCREEN_WORDS }>): string {
  const w = wordsIn(SCREEN_WORDS, language);
  const byField = new Map<string, string[]>();
  for (const { field, kind } of findings) byField.set(field, [...(byField.get(field) ?? []), w[kind]]);
  const said = [...byField].map(([field, kinds]) => fill(w.fieldHolds, { field, kinds: kinds.join(w.and) })).join('; ');
  return fill(w.refusal, { said });
}
