// What start_family_request gives the family, in English or Spanish (catalog.ts): the sentence
// the assistant relays with the link, and the Markdown family message. The homes' names, cities
// and phones are the record's; the family's own notes are shown back as they were typed.
import { escapeMarkdownInline, quoted } from './quote.ts';
import { defineWords, fill, say, wordsIn } from './catalog.ts';
import type { Language } from './language.ts';
import { SHARED_WORDS } from './family-words.ts';
import { PLAN_WORDS } from './plan-words.ts';
import { DEMO_SENTENCE, NEUTRALITY, NEVER_IN_THIS_DATA } from './wording.ts';

export const RELAY_WORDS = defineWords({
  homeOne: { en: '1 home', es: { text: '1 centro', from: '1 home' } },
  homeMany: { en: '{n} homes', es: { text: '{n} centros', from: '{n} homes' } },
  relayOne: {
    en: "I've prepared a plan for calling {count}: open this link within {days} days (by {date}) to see it, its phone number from the state roster and questions to ask: {link} Nothing has been sent to any home, and no home has been told.{coordination} {demo}",
    es: {
      text: 'Preparé un plan para llamar a {count}: abra este enlace dentro de {days} días (antes del {date}) para ver el centro, su teléfono de la lista del estado y las preguntas para hacer: {link} No se envió nada a ningún centro, y no se avisó a ningún centro.{coordination} {demo}',
      from: "I've prepared a plan for calling {count}: open this link within {days} days (by {date}) to see it, its phone number from the state roster and questions to ask: {link} Nothing has been sent to any home, and no home has been told.{coordination} {demo}",
    },
  },
  relayMany: {
    en: "I've prepared a plan for calling {count}: open this link within {days} days (by {date}) to see them, their phone numbers from the state roster and questions to ask: {link} Nothing has been sent to any home, and no home has been told.{coordination} {demo}",
    es: {
      text: 'Preparé un plan para llamar a {count}: abra este enlace dentro de {days} días (antes del {date}) para ver los centros, sus teléfonos de la lista del estado y las preguntas para hacer: {link} No se envió nada a ningún centro, y no se avisó a ningún centro.{coordination} {demo}',
      from: "I've prepared a plan for calling {count}: open this link within {days} days (by {date}) to see them, their phone numbers from the state roster and questions to ask: {link} Nothing has been sent to any home, and no home has been told.{coordination} {demo}",
    },
  },
  relayCoordination: {
    en: ' On that page you can also ask the service to arrange visits, if you choose.',
    es: { text: ' En esa página también puede pedir al servicio que organice visitas, si lo desea.', from: ' On that page you can also ask the service to arrange visits, if you choose.' },
  },
  heading: { en: '**Your plan for calling {count}**', es: { text: '**Su plan para llamar a {count}**', from: '**Your plan for calling {count}**' } },
  open: { en: 'Open your plan: {link}', es: { text: 'Abra su plan: {link}', from: 'Open your plan: {link}' } },
  lifetime: {
    en: '(The link works for {days} days, until {date}.)',
    es: { text: '(El enlace funciona durante {days} días, hasta el {date}.)', from: '(The link works for {days} days, until {date}.)' },
  },
  timing: { en: 'Timing: {timing}.', es: { text: 'Plazo: {timing}.', from: 'Timing: {timing}.' } },
  needs: { en: 'Care needed: {needs}.', es: { text: 'Cuidado que se necesita: {needs}.', from: 'Care needed: {needs}.' } },
  area: { en: 'Area: {text}', es: { text: 'Zona: {text}', from: 'Area: {text}' } },
  note: { en: 'Note: {text}', es: { text: 'Nota: {text}', from: 'Note: {text}' } },
  familyNote: { en: 'Your note: {text}', es: { text: 'Su nota: {text}', from: 'Your note: {text}' } },
  homesHeading: {
    en: 'Homes, with the phone number on the state roster:',
    es: { text: 'Centros, con el teléfono de la lista del estado:', from: 'Homes, with the phone number on the state roster:' } },
  home: {
    en: '{i}. {name}{city} (license {license}): {phone}',
    es: { text: '{i}. {name}{city} (licencia {license}): {phone}', from: '{i}. {name}{city} (license {license}): {phone}' },
  },
  phoneNotOnFile: { en: 'phone not on file', es: { text: 'teléfono: no consta en los datos del estado', from: 'phone not on file' } },
  neverInData: {
    en: NEVER_IN_THIS_DATA,
    es: {
      text: 'No tenemos información sobre lugares disponibles. La capacidad autorizada es el máximo que permite la licencia, no el número de lugares libres. Para saber si hay lugar, llame al centro.',
      from: 'Open beds are never in this data: no website knows which homes have an open bed today. Openings are learned by phone.',
    },
  },
  neutrality: {
    en: NEUTRALITY,
    es: {
      text: 'Esta lista no es una clasificación. El orden no indica calidad ni es una recomendación. Nadie paga por aparecer.',
      from: 'No home pays to appear; nothing is ranked by quality, popularity or payment.',
    },
  },
  nothingSent: {
    en: 'Nothing has been sent to any home, and no home has been told about this family. This call stored nothing about the family.',
    es: {
      text: 'No se envió nada a ningún centro, y no se avisó a ningún centro sobre esta familia. No se guardó nada sobre la familia.',
      from: 'Nothing has been sent to any home, and no home has been told about this family. This call stored nothing about the family.',
    },
  },
  preparedWith: { en: 'Prepared with {assistant}.', es: { text: 'Preparado con {assistant}.', from: 'Prepared with {assistant}.' } },
  // The link's timing as the message says it (lower case, in a sentence).
  timing_as_soon_as_possible: { en: 'as soon as possible', es: { text: 'lo antes posible', from: 'as soon as possible' } },
  timing_within_a_month: { en: 'within a month', es: { text: 'dentro de un mes', from: 'within a month' } },
  timing_within_three_months: { en: 'within three months', es: { text: 'dentro de tres meses', from: 'within three months' } },
  timing_just_researching: { en: 'no date yet (just researching)', es: { text: 'todavía sin fecha (solo buscando información)', from: 'no date yet (just researching)' } },
});

export interface RelayInput {
  link: string;
  days: number;
  expiresOn: string;
  coordination: boolean;
  demo: boolean;
  timing: string | null;
  /** The care needs in words, in the message's language. */
  needs: string[];
  area?: string;
  note?: string;
  familyNote?: string;
  assistantName?: string;
  homes: ReadonlyArray<{ name: string; city: string | null; license_number: string; phone: string | null; questions_to_ask: readonly string[] }>;
}

/** The relay sentence and the family message's lines, in a language. */
export function familyRelay(language: Language, input: RelayInput): { relay: string; lines: string[] } {
  const w = wordsIn(RELAY_WORDS, language);
  const count = input.homes.length === 1 ? w.homeOne : fill(w.homeMany, { n: input.homes.length });
  const relay = fill(input.homes.length === 1 ? w.relayOne : w.relayMany, {
    count,
    days: input.days,
    date: input.expiresOn,
    link: input.link,
    coordination: input.coordination ? w.relayCoordination : '',
    // The family reads these words, not the result's demo_notice: invented homes say so here too.
    demo: input.demo ? say(SHARED_WORDS.demo, language) : '',
  }).trim();
  const timingKey = `timing_${input.timing}` as keyof typeof RELAY_WORDS;
  const extra = Boolean(input.timing || input.needs.length > 0 || input.area || input.note || input.familyNote);
  const lines = [
    fill(w.heading, { count }),
    '',
    fill(w.open, { link: input.link }),
    fill(w.lifetime, { days: input.days, date: input.expiresOn }),
    '',
    ...(input.timing && RELAY_WORDS[timingKey] ? [fill(w.timing, { timing: w[timingKey] })] : []),
    ...(input.needs.length > 0 ? [fill(w.needs, { needs: input.needs.join(', ') })] : []),
    // The assistant's and the family's words stay text; the record's names sit in « » (quote.ts).
    ...(input.area ? [fill(w.area, { text: escapeMarkdownInline(input.area) })] : []),
    ...(input.note ? [fill(w.note, { text: escapeMarkdownInline(input.note) })] : []),
    ...(input.familyNote ? [fill(w.familyNote, { text: escapeMarkdownInline(input.familyNote) })] : []),
    ...(extra ? [''] : []),
    w.homesHeading,
    ...input.homes.flatMap((home, i) => [
      fill(w.home, { i: i + 1, name: quoted(home.name), city: home.city ? `, ${quoted(home.city)}` : '', license: home.license_number, phone: home.phone ? escapeMarkdownInline(home.phone) : w.phoneNotOnFile }),
      ...home.questions_to_ask.map((question) => `   - ${question}`),
    ]),
    '',
    w.neverInData,
    w.neutrality,
    w.nothingSent,
    ...(input.assistantName ? ['', fill(w.preparedWith, { assistant: escapeMarkdownInline(input.assistantName) })] : []),
  ];
  return { relay, lines };
}

/** A care need (`needs` key) in the family message's words. */
export function needInMessage(language: Language, need: string, english: string): string {
  // The plan page's words for the need, in both languages (the page and the message say it alike).
  const entry = PLAN_WORDS[`need_${need}` as keyof typeof PLAN_WORDS];
  return entry ? say(entry, language) : english;
}
