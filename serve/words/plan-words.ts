// The family's hand-off page (`/plan`, `/es/plan`, serve/handoff/plan.ts), in English and Spanish
// (catalog.ts). The homes' names, phones and status words are the record's, verbatim.
import { defineWords } from './catalog.ts';

export const PLAN_WORDS = defineWords({
  title: { en: 'Plan your calls and visits', es: { text: 'Planee sus llamadas y visitas', from: 'Plan your calls and visits' } },
  description: {
    en: 'The homes in your plan, with their phone numbers and questions to ask.',
    es: { text: 'Los centros de su plan, con sus teléfonos y las preguntas para hacer.', from: 'The homes in your plan, with their phone numbers and questions to ask.' },
  },
  intro: {
    en: 'These are the homes in your plan, with their phone numbers from the state roster and questions to ask each one.',
    es: {
      text: 'Estos son los centros de su plan, con sus teléfonos de la lista del estado y las preguntas para hacer a cada uno.',
      from: 'These are the homes in your plan, with their phone numbers from the state roster and questions to ask each one.',
    },
  },
  expired: {
    en: 'This link is more than 7 days old. The homes still open here.',
    es: { text: 'Este enlace tiene más de 7 días. Los centros se siguen mostrando aquí.', from: 'This link is more than 7 days old. The homes still open here.' },
  },
  whoChose: { en: 'Who chose these homes?', es: { text: '¿Quién eligió estos centros?', from: 'Who chose these homes?' } },
  chosen: {
    en: 'An assistant chose these homes for you{client}; no home was told.',
    es: { text: 'Un asistente eligió estos centros para usted{client}; no se avisó a ningún centro.', from: 'An assistant chose these homes for you{client}; no home was told.' },
  },
  client: { en: ' (client: {name})', es: { text: ' (aplicación: {name})', from: ' (client: {name})' } },
  needs: { en: 'Care needs in this plan: {needs}.', es: { text: 'Necesidades de cuidado de este plan: {needs}.', from: 'Care needs in this plan: {needs}.' } },
  timing: { en: 'Timing: {timing}.', es: { text: 'Plazo: {timing}.', from: 'Timing: {timing}.' } },
  homesLegend: { en: 'Homes in your plan', es: { text: 'Centros de su plan', from: 'Homes in your plan' } },
  noLongerOnRoster: {
    en: 'License {license} is no longer on the state roster.',
    es: { text: 'La licencia {license} ya no está en la lista del estado.', from: 'License {license} is no longer on the state roster.' },
  },
  closed: {
    en: 'This license is closed, so it is not in your plan.',
    es: { text: 'Esta licencia está cerrada (ya no está vigente), así que el centro no está en su plan.', from: 'This license is closed, so it is not in your plan.' },
  },
  itsRecord: { en: 'Its record', es: { text: 'Su registro', from: 'Its record' } },
  statusNotOnFile: { en: 'status not on file', es: { text: 'estado: no consta', from: 'status not on file' } },
  questions: { en: 'Questions to ask:', es: { text: 'Preguntas para hacer:', from: 'Questions to ask:' } },
  homeRecord: { en: "The home's state record in plain words", es: { text: 'El registro del estado sobre el centro, en palabras sencillas', from: "The home's state record in plain words" } },
  next: { en: 'What happens next', es: { text: 'Qué sigue', from: 'What happens next' } },
  selfServe: {
    en: 'Nothing is sent to any home: this plan is for you. Call the homes yourself, in any order you like.',
    es: {
      text: 'No se envía nada a ningún centro: este plan es para usted. Llame usted a los centros, en el orden que prefiera.',
      from: 'Nothing is sent to any home: this plan is for you. Call the homes yourself, in any order you like.',
    },
  },
  nothingStored: {
    en: 'No home knows about this plan, and nothing about you was stored.',
    es: { text: 'Ningún centro sabe de este plan, y no se guardó nada sobre usted.', from: 'No home knows about this plan, and nothing about you was stored.' },
  },
  callYourself: { en: 'You can call the homes yourself.', es: { text: 'Puede llamar usted a los centros.', from: 'You can call the homes yourself.' } },
  orAsk: {
    en: 'Or you can ask {service} to arrange calls or visits with the homes you tick above. Nothing is sent to any home before you send this form. No visit is arranged until a home agrees, and we cannot promise when you will hear back.',
    es: {
      text: 'O puede pedir a {service} que organice llamadas o visitas con los centros que marque arriba. No se envía nada a ningún centro antes de que usted envíe este formulario. No se organiza ninguna visita hasta que un centro acepte, y no podemos prometer cuándo recibirá respuesta.',
      from: 'Or you can ask {service} to arrange calls or visits with the homes you tick above. Nothing is sent to any home before you send this form. No visit is arranged until a home agrees, and we cannot promise when you will hear back.',
    },
  },
  askLegend: {
    en: 'Ask {service} to arrange calls or visits (optional)',
    es: { text: 'Pedir a {service} que organice llamadas o visitas (opcional)', from: 'Ask {service} to arrange calls or visits (optional)' },
  },
  consent: {
    en: 'I ask {service} to contact the homes I ticked on my behalf to arrange calls or visits, and to give those homes my name and phone number for that purpose only. I understand that no visit is arranged until a home agrees, and that no response time is promised.',
    es: {
      text: 'Pido a {service} que se comunique en mi nombre con los centros que marqué para organizar llamadas o visitas, y que les dé mi nombre y mi teléfono solo con ese fin. Entiendo que no se organiza ninguna visita hasta que un centro acepte, y que no se promete un plazo de respuesta.',
      from: 'I ask {service} to contact the homes I ticked on my behalf to arrange calls or visits, and to give those homes my name and phone number for that purpose only. I understand that no visit is arranged until a home agrees, and that no response time is promised.',
    },
  },
  yourName: { en: 'Your name', es: { text: 'Su nombre', from: 'Your name' } },
  yourPhone: { en: 'Your phone number', es: { text: 'Su número de teléfono', from: 'Your phone number' } },
  phoneHint: {
    en: 'We use it only to tell you what the homes said.',
    es: { text: 'Lo usamos solo para decirle lo que respondieron los centros.', from: 'We use it only to tell you what the homes said.' },
  },
  askButton: { en: 'Ask {service} to arrange visits', es: { text: 'Pedir a {service} que organice visitas', from: 'Ask {service} to arrange visits' } },
  onlyTicked: { en: 'Show only the homes I ticked', es: { text: 'Mostrar solo los centros que marqué', from: 'Show only the homes I ticked' } },
  fixThis: { en: 'Please fix this', es: { text: 'Corrija esto, por favor', from: 'Please fix this' } },
  fixThese: { en: 'Please fix these', es: { text: 'Corrija esto, por favor', from: 'Please fix these' } },
  notShownAgain: {
    en: 'For your privacy, what you typed is not shown again: please type it once more.',
    es: { text: 'Para proteger su privacidad, lo que escribió no se muestra de nuevo: escríbalo otra vez, por favor.', from: 'For your privacy, what you typed is not shown again: please type it once more.' },
  },
  invalidTitle: { en: 'This link is not valid', es: { text: 'Este enlace no es válido', from: 'This link is not valid' } },
  invalidDescription: { en: 'The plan link could not be opened.', es: { text: 'No se pudo abrir el enlace del plan.', from: 'The plan link could not be opened.' } },
  invalidText: {
    en: 'This plan link could not be opened: it was changed, or cut short when it was copied. Nothing was opened and nothing about you was stored.',
    es: {
      text: 'No se pudo abrir este enlace del plan: se modificó, o quedó cortado al copiarlo. No se abrió nada y no se guardó nada sobre usted.',
      from: 'This plan link could not be opened: it was changed, or cut short when it was copied. Nothing was opened and nothing about you was stored.',
    },
  },
  invalidAsk: { en: 'Ask your assistant for a new link, or', es: { text: 'Pida un enlace nuevo a su asistente, o', from: 'Ask your assistant for a new link, or' } },
  searchYourself: { en: 'search for licensed homes yourself', es: { text: 'busque usted centros con licencia', from: 'search for licensed homes yourself' } },
  // Care needs and timing as the link carries them.
  need_dementia: { en: 'dementia care', es: { text: 'atención para personas con demencia', from: 'dementia care' } },
  need_wheelchair: {
    en: 'uses a wheelchair or cannot walk unaided',
    es: { text: 'usa silla de ruedas o no puede caminar sin ayuda', from: 'uses a wheelchair or cannot walk unaided' },
  },
  need_hospice: { en: 'hospice care', es: { text: 'cuidado de hospicio (hospice)', from: 'hospice care' } },
  need_bedridden: { en: 'bedridden care', es: { text: 'cuidado de una persona postrada en cama', from: 'bedridden care' } },
  timing_as_soon_as_possible: { en: 'As soon as possible', es: { text: 'Lo antes posible', from: 'As soon as possible' } },
  timing_within_a_month: { en: 'Within a month', es: { text: 'Dentro de un mes', from: 'Within a month' } },
  timing_within_three_months: { en: 'Within three months', es: { text: 'Dentro de tres meses', from: 'Within three months' } },
  timing_just_researching: { en: 'No date yet (just researching)', es: { text: 'Todavía sin fecha (solo buscando información)', from: 'No date yet (just researching)' } },
});
