// What the MCP tools say of a place someone named (serve/mcp/places.ts), in both languages
// (catalog.ts): a ZIP code read as one, a real place with no listed home, a near-miss spelling.
// Place names stay as the roster spells them.
import { defineWords } from './catalog.ts';

export const PLACE_WORDS = defineWords({
  homeOne: { en: '1 listed home', es: { text: '1 centro en la lista', from: '1 listed home' } },
  homeMany: { en: '{n} listed homes', es: { text: '{n} centros en la lista', from: '{n} listed homes' } },
  countyOffer: {
    en: ' It is in {county} County, which has {homes}: send county "{county}".',
    es: { text: ' Está en el condado de {county}, que tiene {homes}: envíe county "{county}".', from: ' It is in {county} County, which has {homes}: send county "{county}".' },
  },
  zipIs: {
    en: '{input} is a ZIP code, not a city name; find_homes reads places by name or by near {latitude, longitude}.',
    es: {
      text: '{input} es un código postal, no el nombre de una ciudad; find_homes lee los lugares por su nombre o con near {latitude, longitude}.',
      from: '{input} is a ZIP code, not a city name; find_homes reads places by name or by near {latitude, longitude}.',
    },
  },
  zipNearby: {
    en: " No home on the roster has that ZIP code; the roster's homes with ZIP codes starting {prefix} are in {cities}: send city (or county) by name.",
    es: {
      text: ' Ningún centro de la lista del estado tiene ese código postal; los centros de la lista con códigos postales que empiezan por {prefix} están en {cities}: envíe city (o county) por su nombre.',
      from: " No home on the roster has that ZIP code; the roster's homes with ZIP codes starting {prefix} are in {cities}: send city (or county) by name.",
    },
  },
  zipNone: {
    en: ' No home on the roster has that ZIP code or one near it.',
    es: { text: ' Ningún centro de la lista del estado tiene ese código postal ni uno cercano.', from: ' No home on the roster has that ZIP code or one near it.' },
  },
  zipCities: {
    en: " The roster's homes with that ZIP code are in {cities}{county}: send city (or county) by name.",
    es: {
      text: ' Los centros de la lista con ese código postal están en {cities}{county}: envíe city (o county) por su nombre.',
      from: " The roster's homes with that ZIP code are in {cities}{county}: send city (or county) by name.",
    },
  },
  inCounty: { en: ' ({county} County)', es: { text: ' (condado de {county})', from: ' ({county} County)' } },
  tryNear: {
    en: ' Try near {latitude, longitude} with a wider radius_km.',
    es: { text: ' Pruebe con near {latitude, longitude} y un radius_km más amplio.', from: ' Try near {latitude, longitude} with a wider radius_km.' },
  },
  noCityButCounty: {
    en: 'No listed home is in a city named {input}. {county} is also a California county, with {homes}: send county "{county}" to list them.',
    es: {
      text: 'Ningún centro de la lista está en una ciudad llamada {input}. {county} también es un condado de California, con {homes}: envíe county "{county}" para verlos.',
      from: 'No listed home is in a city named {input}. {county} is also a California county, with {homes}: send county "{county}" to list them.',
    },
  },
  noCityNorCounty: {
    en: 'No listed home is in a city named {input}, nor in {county} County: the roster lists no current license there.',
    es: {
      text: 'Ningún centro de la lista está en una ciudad llamada {input}, ni en el condado de {county}: la lista del estado no tiene ninguna licencia vigente allí.',
      from: 'No listed home is in a city named {input}, nor in {county} County: the roster lists no current license there.',
    },
  },
  noCounty: {
    en: 'No listed home is in {county} County: the roster lists no current license there.',
    es: {
      text: 'Ningún centro de la lista está en el condado de {county}: la lista del estado no tiene ninguna licencia vigente allí.',
      from: 'No listed home is in {county} County: the roster lists no current license there.',
    },
  },
  noCountyIsCity: {
    en: 'No California county is named {input}; {city} is a city{inCounty}: send city "{city}".',
    es: { text: 'Ningún condado de California se llama {input}; {city} es una ciudad{inCounty}: envíe city "{city}".', from: 'No California county is named {input}; {city} is a city{inCounty}: send city "{city}".' },
  },
  cityInCounty: { en: ' in {county} County', es: { text: ' del condado de {county}', from: ' in {county} County' } },
  noCountyEmptyCity: {
    en: 'No California county is named {input}; {city} is a city on the roster with no current license.{offer}',
    es: {
      text: 'Ningún condado de California se llama {input}; {city} es una ciudad de la lista del estado sin ninguna licencia vigente.{offer}',
      from: 'No California county is named {input}; {city} is a city on the roster with no current license.{offer}',
    },
  },
  noPlace: {
    en: 'No listed home is in {place}: the roster lists no current license there.{offer}',
    es: {
      text: 'Ningún centro de la lista está en {place}: la lista del estado no tiene ninguna licencia vigente allí.{offer}',
      from: 'No listed home is in {place}: the roster lists no current license there.{offer}',
    },
  },
  readAs: {
    en: 'Read {input} as {place}, the roster\'s spelling.',
    es: { text: 'Se leyó {input} como {place}, como lo escribe la lista del estado.', from: 'Read {input} as {place}, the roster\'s spelling.' },
  },
  countyName: { en: '{county} County', es: { text: 'el condado de {county}', from: '{county} County' } },
  quoted: { en: '"{text}"', es: { text: '«{text}»', from: '"{text}"' } },
});
