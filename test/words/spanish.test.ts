// The words catalog: every family-facing sentence has its Spanish twin, written from the English
// it sits beside (a changed English sentence flags its Spanish as stale), with none of the
// glossary's traps, and no Spanish tri-state reading ever says "No" for false or not_on_file.
import test from 'ava';
import { catalogProblems, servedPairProblem, spanishTrapsIn, type Catalog } from '../../serve/words/catalog.ts';
import { ALL_CATALOGS, allWordProblems, spanishGuideProblems, spanishTopicProblems } from '../../serve/words/catalogs.ts';
import { ENGLISH_TOPICS } from '../../serve/words/care-topics.ts';
import { SPANISH_TOPICS } from '../../serve/words/care-topics-es.ts';
import { allReadings, approvalOnRecordIn, readsAsNo, triStateIn } from '../../serve/words/home-words.ts';
import { SPANISH_TRAPS } from '../../serve/words/spanish-terms.ts';
import { languageOfTag, pathIn, prefersSpanish } from '../../serve/words/language.ts';
import { SPANISH_GUIDES } from '../../serve/words/guides/spanish.ts';
import { GUIDE_CONTENT } from '../../serve/words/guides/content.ts';
import { LIST_NEUTRALITY } from '../../serve/words/wording.ts';

test('every catalog and Spanish guide is whole: each key has Spanish, written from the English it sits beside, with no trap word', (t) => {
  t.true(Object.keys(ALL_CATALOGS).length >= 10);
  t.deepEqual(allWordProblems(), []);
});

test('a key without Spanish, a stale Spanish text, other places and a trap word are each caught', (t) => {
  const planted: Catalog = {
    missing: { en: 'Care approvals', es: { text: '', from: 'Care approvals' } },
    stale: { en: LIST_NEUTRALITY, es: { text: 'Esta lista no es una clasificación.', from: 'Homes are listed by name.' } },
    places: { en: 'License {license}', es: { text: 'Licencia', from: 'License {license}' } },
    trap: { en: 'Type A citation', es: { text: 'Citación Tipo A', from: 'Type A citation' } },
    fine: { en: 'Guides', es: { text: 'Guías', from: 'Guides' } },
  };
  const problems = catalogProblems(planted, 'planted');
  t.true(problems.some((p) => p.startsWith('planted.missing: no Spanish text')));
  t.true(problems.some((p) => p.startsWith('planted.stale: the Spanish is stale')));
  t.true(problems.some((p) => p.startsWith('planted.places:')));
  t.true(problems.some((p) => p.startsWith('planted.trap: uses "citación"')));
  t.false(problems.some((p) => p.startsWith('planted.fine')));
  t.is(problems.length, 4);
});

test('a real catalog entry whose English changed shows its Spanish as stale', (t) => {
  const [name, catalog] = Object.entries(ALL_CATALOGS)[0]!;
  const [key, entry] = Object.entries(catalog)[0]!;
  const changed = { ...catalog, [key]: { ...entry, en: `${entry.en} (changed)` } };
  t.deepEqual(catalogProblems(catalog, name), []);
  t.true(catalogProblems(changed, name).some((p) => p.startsWith(`${name}.${key}: the Spanish is stale`)));
});

test('a Spanish guide paragraph whose English changed, or that uses a trap, is caught', (t) => {
  const english = structuredClone(GUIDE_CONTENT);
  english['care-approvals']!.sections[0]!.paragraphs[0] = 'A home that admits residents with dementia must meet rules.';
  t.true(spanishGuideProblems(SPANISH_GUIDES, english).some((p) => p.includes('care-approvals section 1 paragraph 1: the Spanish is stale')));
  const spanish = structuredClone(SPANISH_GUIDES) as Record<string, (typeof SPANISH_GUIDES)[string]>;
  spanish['care-approvals']!.sections[1]!.paragraphs[0]!.text = 'Un residente puede ir a un hospicio.';
  t.true(spanishGuideProblems(spanish, GUIDE_CONTENT).some((p) => p.includes('uses "hospicio"')));
});

test('each glossary trap fires on its bare word and lets the glossary phrase through', (t) => {
  const bare: Record<string, string> = {
    exención: 'Tiene una exención.',
    hospicio: 'Vive en un hospicio.',
    citación: 'Recibió una citación.',
    fundamentada: 'La queja fue fundamentada.',
    probatorio: 'Está en período probatorio.',
    provisional: 'Licencia provisional.',
    'asilo de ancianos': 'Es un asilo de ancianos.',
    ancianos: 'Un hogar para ancianos.',
    'no ambulatorio': 'Residentes no ambulatorios.',
    pendiente: 'Estado: Pendiente.',
    clausurado: 'El centro fue clausurado.',
    'casa de huéspedes': 'Una casa de huéspedes.',
    'Defensor del Pueblo': 'Llame al Defensor del Pueblo.',
    licenciatario: 'El licenciatario es X.',
  };
  for (const trap of SPANISH_TRAPS) {
    t.true(spanishTrapsIn(bare[trap.term]!).some((found) => found.startsWith(`uses "${trap.term}"`)), trap.term);
  }
  t.deepEqual(
    spanishTrapsIn(
      'permiso especial del estado (exención); cuidado de hospicio (hospice); residentes que no pueden salir solos del edificio en una emergencia («no ambulatorios», según la definición del estado)',
    ),
    [],
  );
});

test('no Spanish tri-state reading says "No" for false or not_on_file; each reads "No consta"', (t) => {
  const readings = allReadings('es');
  t.is(readings.length, 12);
  for (const { key, value, reading } of readings) {
    if (value === 'true') {
      t.false(reading.includes('No consta'), `${key} true`);
      continue;
    }
    t.true(reading.startsWith('No consta'), `${key} ${value}: ${reading}`);
    t.false(readsAsNo(reading), `${key} ${value}: ${reading}`);
    t.deepEqual(spanishTrapsIn(reading), []);
  }
  t.true(approvalOnRecordIn('es', 'dementia', 'false').startsWith('No consta: esta licencia no incluye'));
  t.true(approvalOnRecordIn('es', 'hospice', 'not_on_file').startsWith('No consta en los datos del estado si esta licencia incluye'));
  t.is(triStateIn('es', 'false'), 'No consta en los datos del estado');
  t.is(triStateIn('es', 'not_on_file'), 'No consta en los datos del estado');
  t.is(triStateIn('es', 'true'), 'Sí');
});

test('readsAsNo catches a bare "No" answer and lets "No consta" through', (t) => {
  t.true(readsAsNo('No.'));
  t.true(readsAsNo('No: esta licencia no incluye la aprobación.'));
  t.true(readsAsNo('Demencia: No'));
  t.true(readsAsNo('Respuesta: «No»'));
  t.false(readsAsNo('No consta en los datos del estado.'));
  t.false(readsAsNo('«No consta» no quiere decir «no».'));
});

test('a host or browser tag maps es-* to Spanish; Accept-Language suggests, by rank', (t) => {
  for (const tag of ['es', 'es-US', 'es-419', 'ES-mx', 'es_ES']) t.is(languageOfTag(tag), 'es', tag);
  for (const tag of ['en-US', 'eo', 'est', '', undefined, 'fr']) t.is(languageOfTag(tag), 'en', String(tag));
  t.true(prefersSpanish('es-US,es;q=0.9,en;q=0.8'));
  t.false(prefersSpanish('en-US,en;q=0.9,es;q=0.8'));
  t.true(prefersSpanish('fr;q=1, es-MX;q=0.7, en;q=0.5'));
  t.false(prefersSpanish('es;q=0, en'));
  t.false(prefersSpanish(undefined));
  t.is(pathIn('es', '/'), '/es');
  t.is(pathIn('es', '/county/x'), '/es/county/x');
  t.is(pathIn('en', '/county/x'), '/county/x');
});

test('every care topic has its Spanish; a changed English point or a missing topic is caught', (t) => {
  t.deepEqual(spanishTopicProblems(), []);
  const english = structuredClone(ENGLISH_TOPICS) as Record<string, (typeof ENGLISH_TOPICS)[keyof typeof ENGLISH_TOPICS]>;
  english.hospice_waiver!.points[0] = 'The hospice agency does everything.';
  t.true(spanishTopicProblems(SPANISH_TOPICS, english as typeof ENGLISH_TOPICS).some((p) => p.startsWith('topic hospice_waiver point 1: the Spanish is stale')));
  const { bedridden: _dropped, ...partial } = SPANISH_TOPICS;
  t.true(spanishTopicProblems(partial).includes('topic bedridden: no Spanish text'));
});

test('the served stale check: a Spanish text written from an older English than the one served beside it is caught, places and nested catalog texts read back', (t) => {
  const catalogs = Object.values(ALL_CATALOGS);
  const stale: Catalog = {
    rate: {
      en: 'A listing shows a starting rate of {rate} a month: is that rate current?',
      es: { text: 'Un anuncio muestra una tarifa inicial de {rate} al mes: ¿sigue vigente?', from: 'A listing shows a starting rate of {rate} a month: is that rate current?' },
    },
  };
  // The catalog alone is whole; what is served beside it is not what the Spanish was written from.
  t.deepEqual(catalogProblems(stale, 'stale'), []);
  const served = 'The listing on seniorlist.example, last updated 2025-08-19, shows a starting rate of $4,550 a month (that listing is more than 12 months old): is that rate current?';
  t.regex(servedPairProblem(served, 'Un anuncio muestra una tarifa inicial de $4,550 al mes: ¿sigue vigente?', [...catalogs, stale])!, /was written from "A listing shows a starting rate of \$4,550 a month/);
  t.regex(servedPairProblem('Anything', 'Texto que ningún catálogo tiene.', catalogs)!, /no catalog entry gives/);
  // A text built from nested catalog texts reads back whole.
  t.is(
    servedPairProblem(
      'The listing on seniorlist.example, last updated 2025-08-19, shows a starting rate of $4,550 a month (that listing is more than 12 months old): is that rate current, and what does it include?',
      'El anuncio en seniorlist.example, actualizado por última vez el 2025-08-19, muestra una tarifa inicial de $4,550 al mes (ese anuncio tiene más de 12 meses): ¿sigue vigente esa tarifa y qué incluye?',
      catalogs,
    ),
    null,
  );
});
