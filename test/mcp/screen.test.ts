// The personal-data screen on its own: what it finds (names incl. apostrophe names and relatives,
// phone numbers, e-mails, street addresses) and the care words and places it must let through.
import test from 'ava';
import { screenFields, screenRefusal, screenText } from '../../serve/screen/screen.ts';

const COUNTIES =
  'Alameda Alpine Amador Butte Calaveras Colusa|Contra Costa|Del Norte|El Dorado|Fresno Glenn Humboldt Imperial Inyo Kern Kings Lake Lassen|Los Angeles|Madera Marin Mariposa Mendocino Merced Modoc Mono Monterey Napa Nevada Orange Placer Plumas Riverside Sacramento|San Benito|San Bernardino|San Diego|San Francisco|San Joaquin|San Luis Obispo|San Mateo|Santa Barbara|Santa Clara|Santa Cruz|Shasta Sierra Siskiyou Solano Sonoma Stanislaus Sutter Tehama Trinity Tulare Tuolumne Ventura Yolo Yuba'
    .split('|')
    .flatMap((part) => (part.includes(' ') && !/^(Alameda|Fresno|Madera|Sacramento|Shasta)/.test(part) ? [part] : part.split(' ')));

test('names are found: given name and surname, honorifics, apostrophe names, relatives and "name is"', (t) => {
  for (const text of [
    'Jane Doe',
    'for Maria Garcia, 84',
    'Robert K. Smith needs care',
    'Maria L. Garcia',
    'ask for Mrs. Nguyen',
    'Dr Patel recommended memory care',
    'Mr. Smith',
    "O'Brien",
    "the O'Brien family",
    'Siobhan O’Neill',
    "D'Angelo needs help",
    'my mother Jane',
    'My mom, Linda, has dementia',
    'for my father Tomasz',
    "Dad's name is Robert",
    "dad's name is bob",
    'my husband is named Harold',
    'her son Kevin will call',
    'our grandmother (Esther)',
    'my name is Chris',
    "I'm Susan, her daughter",
    'thanks, Karen',
  ]) {
    t.is(screenText(text), 'name', text);
  }
});

test('phone numbers in US formats are found', (t) => {
  for (const text of [
    '(510) 555-0123',
    'call 510-555-0123',
    '510.555.0123',
    '5105550123',
    '+1 510 555 0123',
    '1-800-555-0199',
    'reach me at 555-0123 after 5',
  ]) {
    t.is(screenText(text), 'phone', text);
  }
});

test('e-mail addresses are found, also spelled out', (t) => {
  for (const text of ['jane.doe@example.com', 'write to J_D+care@mail.example.org', 'jane at example dot com', 'jdoe (at) gmail (dot) com']) {
    t.is(screenText(text), 'email', text);
  }
});

test('street addresses are found', (t) => {
  for (const text of [
    '123 Main St',
    'lives at 4500 W Olive Avenue',
    '12 Oak Ct.',
    '9012 Redwood Court, Union City',
    '77 El Camino Real Blvd',
    'PO Box 42',
    'Apt 4B',
    '1600 N Pacific Coast Highway',
  ]) {
    t.is(screenText(text), 'address', text);
  }
});

test('care words, places and plain requests pass', (t) => {
  for (const text of [
    'memory care',
    'Memory care near Hayward',
    "Alzheimer's",
    "She has Alzheimer's and Parkinson's",
    'my mother has dementia and uses a wheelchair',
    'My dad needs hospice care soon',
    'Mom is bedridden',
    'my mother in Los Angeles',
    'Los Angeles',
    'San Jose or Santa Clara',
    'St. Joseph area',
    'near John Muir Medical Center',
    'near Ronald Reagan hospital',
    'Grace Manor or Maria Care Home',
    'within 10 miles of downtown',
    'within 5 minutes drive of the hospital',
    '2 bedroom place',
    'budget $4,000 to $6,000 a month',
    'budget 4000-6000',
    'zip 94545',
    'license 015601295',
    'moving by 2026-12-01',
    'a small home, 6 beds or fewer, Medi-Cal waiver',
    'Claude',
    'ChatGPT Assistant',
    'Walnut Creek, Pleasant Hill or Martinez',
    'East Bay',
    'Orange County',
    'Glenn County',
    'Kings County',
    'San Luis Obispo',
    'Mission Viejo',
    'Marina del Rey',
    'Harmony Place Memory Care',
    'Mercy General Hospital of Oakland',
  ]) {
    t.is(screenText(text), null, text);
  }
  for (const county of COUNTIES) {
    t.is(screenText(county), null, county);
    t.is(screenText(`${county} County`), null, `${county} County`);
    t.is(screenText(`near ${county}, memory care`), null, `near ${county}`);
  }
});

test('the refusal names the field and the kind of detail, never the detail', (t) => {
  const finding = screenFields({ area: 'Hayward', family_note: 'call Jane Doe at 510-555-0123', assistant_name: undefined });
  t.deepEqual(finding, { field: 'family_note', kind: 'phone' });
  const message = screenRefusal(finding!);
  t.regex(message, /family_note looks like it contains a phone number/);
  t.regex(message, /resend the call without names, phone numbers, e-mail addresses or street addresses/);
  t.notRegex(message, /Jane|555/);
  t.is(screenFields({ area: 'Hayward', note: 'memory care' }), null);
});
