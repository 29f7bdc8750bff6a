// The check_homes prompt in both languages (catalog.ts): a Spanish prompt is Spanish throughout,
// tool and field names excepted (they are the protocol's, never translated).
import { defineWords } from './catalog.ts';

export const PROMPT_WORDS = defineWords({
  named: { en: 'A family named these homes:', es: { text: 'Una familia nombró estos centros:', from: 'A family named these homes:' } },
  order: { en: 'Call the tools in this order:', es: { text: 'Llame a las herramientas en este orden:', from: 'Call the tools in this order:' } },
  checkStep1: {
    en: '1. check_homes with every entry as sent (one call, up to 100). Show its display as it is.',
    es: {
      text: '1. check_homes con cada entrada tal como se envió y language: "es" (una llamada, hasta 100). Muestre su display tal como está: viene en español, con los nombres y los estados de licencia tal como los escribe el estado.',
      from: '1. check_homes with every entry as sent (one call, up to 100). Show its display as it is.',
    },
  },
  checkStep2: {
    en: '2. matched: the home is that license. ambiguous: ask the family which candidate they mean (never pick one); not_found: ask for the license number or "name, city", never guess a home.',
    es: {
      text: '2. matched: el centro es esa licencia. ambiguous: pregunte a la familia a cuál candidato se refiere (nunca elija uno); not_found: pida el número de licencia o "nombre, ciudad", nunca adivine un centro.',
      from: '2. matched: the home is that license. ambiguous: ask the family which candidate they mean (never pick one); not_found: ask for the license number or "name, city", never guess a home.',
    },
  },
  checkStep3: {
    en: '3. get_home for the matched homes the family wants in full; compare_homes to set two to ten side by side.',
    es: {
      text: '3. get_home para los centros encontrados que la familia quiera ver completos; compare_homes para poner de dos a diez lado a lado.',
      from: '3. get_home for the matched homes the family wants in full; compare_homes to set two to ten side by side.',
    },
  },
  neverClaimEs: {
    en: "Never claim that a home has an opening, that one home is better, safer or cheaper, 'no' for not_on_file or false, a price that is not the home's own, or a closed license's approvals as current.",
    es: {
      text: 'Nunca diga que un centro tiene un lugar disponible (para saber si hay lugar, se llama al centro), que un centro es mejor, más seguro o más barato (nada se clasifica), «No» para not_on_file o false (diga «No consta en los datos del estado»), un precio que no es el del propio centro (cite price.line), ni que las aprobaciones de una licencia cerrada siguen vigentes. Responda en español (usted); cite el registro del estado tal como está, en inglés, y diga a la familia que el registro del estado está en inglés y que el texto en inglés prevalece.',
      from: "Never claim that a home has an opening, that one home is better, safer or cheaper, 'no' for not_on_file or false, a price that is not the home's own, or a closed license's approvals as current.",
    },
  },
});
