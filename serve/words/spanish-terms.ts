// The glossary's traps (../shared/spanish.md, docs/spanish.md): Spanish words a natural
// translation reaches for that mislead a California family. Each pattern lets through only the
// glossary's own phrase around the word ("cuidado de hospicio", "«no ambulatorios»").

export interface SpanishTrap {
  term: string;
  pattern: RegExp;
  why: string;
}

export const SPANISH_TRAPS: readonly SpanishTrap[] = [
  {
    term: 'exención',
    pattern: /(?<!permiso especial del estado \()\bexenci[oó]n(?:es)?\b/i,
    why: 'alone it reads as a fee waiver or an exemption from paying; say "permiso especial del estado (exención)"',
  },
  {
    term: 'hospicio',
    pattern: /(?<!cuidado de )\bhospicios?\b/i,
    why: 'alone it is a poorhouse or an orphanage; say "cuidado de hospicio (hospice)"',
  },
  { term: 'citación', pattern: /\bcitaci[oó]n(?:es)?\b/i, why: 'reads as a court summons; say "deficiencia Tipo A / Tipo B"' },
  { term: 'fundamentada', pattern: /\bfundamentad[ao]s?\b/i, why: 'say "comprobada" for Substantiated' },
  { term: 'probatorio', pattern: /\bprobatori[oa]s?\b/i, why: "a court's evidence phase; say \"licencia en período de prueba\"" },
  { term: 'provisional', pattern: /\bprovisional(?:es)?\b/i, why: 'a separate California license; say "licencia en período de prueba"' },
  { term: 'asilo de ancianos', pattern: /\basilos? de ancian[oa]s\b/i, why: 'a nursing home, never an RCFE' },
  { term: 'ancianos', pattern: /\bancian[oa]s\b/i, why: 'say "personas mayores" or "adultos mayores" for residents' },
  {
    term: 'no ambulatorio',
    pattern: /(?<!«)\bno ambulatori[oa]s?\b/i,
    why: '"ambulatorio" means outpatient in Medicare\'s Spanish; give the definition first, the term only quoted («no ambulatorios»)',
  },
  { term: 'pendiente', pattern: /\bpendientes?\b/i, why: 'never bare: say "solicitud en trámite (todavía no tiene licencia)"' },
  { term: 'clausurado', pattern: /\bclausurad[oa]s?\b/i, why: 'a sanction; say "cerrado (ya no tiene licencia vigente)"' },
  { term: 'casa de huéspedes', pattern: /\bcasas? de hu[eé]spedes\b/i, why: 'a guest house; say "casa de pensión y cuidado (board and care)"' },
  { term: 'Defensor del Pueblo', pattern: /\bdefensor del pueblo\b/i, why: 'a national institution elsewhere; say "Ombudsman de cuidado a largo plazo"' },
  { term: 'licenciatario', pattern: /\blicenciatari[oa]s?\b/i, why: 'say "titular de la licencia"' },
];
