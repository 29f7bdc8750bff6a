// The care topics (care-topics.ts) in Spanish, written from the glossary, each text with the
// English it was written from (spanishTopicProblems flags one whose English changed). Machine
// values ('true', 'not_on_file') and tool names stay as they are: an assistant reads them.
import type { Entry } from './catalog.ts';
import { CITATION_TYPES } from './wording.ts';

export interface SpanishTopic {
  title: Entry['es'];
  summary: Entry['es'];
  points: Array<Entry['es']>;
}

const t = (text: string, from: string): Entry['es'] => ({ text, from });

/** By topic (care-topics.ts CARE_TOPICS; the words test holds that each has its Spanish). */
export const SPANISH_TOPICS: Readonly<Record<string, SpanishTopic>> = {
  dementia_care: {
    title: t('Aprobación para atención de personas con demencia', 'Dementia care approval'),
    summary: t(
      'Un centro de cuidado residencial para personas mayores (RCFE, por sus siglas en inglés) que recibe o mantiene a residentes con demencia debe cumplir normas adicionales del estado, y el registro de la licencia muestra si incluye la aprobación para atención de personas con demencia.',
      'A residential care home for the elderly (RCFE) that admits or keeps residents with dementia must meet added state rules, and the license record shows whether it carries the dementia approval.',
    ),
    points: [
      t(
        'Las normas adicionales incluyen la capacitación del personal en atención de personas con demencia, un edificio seguro para personas que pueden salir sin rumbo (por ejemplo, puertas de salida con retraso) y un cuidado y actividades planeados para la demencia.',
        'The added rules cover staff training in dementia care, a building made safe for people who may wander (for example delayed-egress doors), and care and activities planned for dementia.',
      ),
      t(
        "El valor del registro es 'true' cuando la licencia incluye la aprobación. 'not_on_file' quiere decir que el registro no lo dice: «No consta» no quiere decir «no». Pregunte al centro.",
        "The record's value is 'true' when the license carries the approval. 'not_on_file' means the record does not say; it is not a 'no'. Ask the home.",
      ),
      t(
        'Los centros suelen decir «memory care» en su nombre o su publicidad; lo que cuenta para la licencia es la aprobación en el registro del estado.',
        'Homes often say "memory care" in their name or advertising; what counts for the license is the approval on the state record.',
      ),
      t(
        'Una aprobación en revisión por una solicitud de corrección dice not_on_file hasta que termine la revisión.',
        'A home under a correction review of this approval reads not_on_file until the review closes.',
      ),
    ],
  },
  hospice_waiver: {
    title: t('Aprobación del estado para cuidado de hospicio (hospice)', 'Hospice approval (hospice waiver)'),
    summary: t(
      'La aprobación del estado para cuidado de hospicio (hospice), para personas con una enfermedad terminal, permite que un centro mantenga a un residente que recibe ese cuidado de una agencia con licencia, para que la persona no tenga que mudarse al final de su vida.',
      'A hospice approval lets a care home keep a resident who is receiving hospice care from a licensed hospice agency, so the person need not move near the end of life.',
    ),
    points: [
      t(
        'La agencia de cuidado de hospicio da la parte médica del cuidado al final de la vida; el centro sigue dando el cuidado diario y debe seguir el plan de cuidado de hospicio.',
        'The hospice agency provides the medical side of end-of-life care; the home keeps providing daily care and must follow the hospice care plan.',
      ),
      t(
        "El valor del registro es 'true' cuando la licencia incluye la aprobación; 'not_on_file' no quiere decir «no». Pregunte al centro cómo trabaja con las agencias de cuidado de hospicio.",
        "The record's value is 'true' when the license carries the approval; 'not_on_file' is not a 'no'. Ask the home how it works with hospice agencies.",
      ),
      t(
        'Una aprobación en revisión por una solicitud de corrección dice not_on_file hasta que termine la revisión.',
        'A home under a correction review of this approval reads not_on_file until the review closes.',
      ),
    ],
  },
  non_ambulatory: {
    title: t(
      'Aprobación para residentes que no pueden salir solos del edificio en una emergencia («no ambulatorios», según la definición del estado)',
      'Non-ambulatory approval (wheelchair users)',
    ),
    summary: t(
      'Esta aprobación permite que un centro reciba a residentes que no pueden salir solos del edificio en una emergencia, como muchas personas que usan silla de ruedas o que no pueden responder a una alarma.',
      'A non-ambulatory approval lets a home admit residents who cannot leave the building on their own in an emergency, such as many wheelchair users or people who cannot respond to an alarm.',
    ),
    points: [
      t(
        'Depende de que el edificio cumpla las normas contra incendios para residentes que necesitan ayuda para salir.',
        'It depends on the building meeting fire-safety rules for residents who need help to get out.',
      ),
      t(
        "En find_homes, la necesidad 'wheelchair' se compara con esta aprobación: solo coincide un 'true' explícito.",
        "In find_homes the need 'wheelchair' is matched against this approval: only an explicit 'true' matches.",
      ),
      t(
        "'not_on_file' quiere decir que el registro no lo dice: «No consta» no quiere decir «no». Pregunte al centro qué habitaciones y qué residentes cubre la aprobación.",
        "'not_on_file' means the record does not say; it is not a 'no'. Ask the home which rooms and residents the approval covers.",
      ),
    ],
  },
  bedridden: {
    title: t('Aprobación para residentes postrados en cama', 'Bedridden approval'),
    summary: t(
      'Esta aprobación permite que un centro cuide a residentes postrados en cama (según la definición del estado): personas que no pueden levantarse de la cama, ni darse vuelta, sin ayuda.',
      'A bedridden approval lets a home care for residents who cannot get out of bed, or turn over, without help.',
    ),
    points: [
      t(
        'Depende de una autorización de los bomberos para residentes postrados en cama y de que el centro tenga el personal para ayudarlos.',
        'It depends on fire-safety clearance for bedridden residents and on the home having the staff to help them.',
      ),
      t("El valor del registro es 'true' cuando la licencia la incluye; 'not_on_file' no quiere decir «no».", "The record's value is 'true' when the license carries it; 'not_on_file' is not a 'no'."),
      t(
        'Si una persona puede llegar a estar postrada en cama, pregunte al centro si podría quedarse.',
        'If a person may become bedridden, ask the home whether they could stay.',
      ),
    ],
  },
  assisted_living_waiver: {
    title: t('El programa de Medi-Cal Assisted Living Waiver (ALW)', 'The Medi-Cal Assisted Living Waiver'),
    summary: t(
      'El programa de Medi-Cal Assisted Living Waiver (ALW) paga los servicios de cuidado en los centros que participan, para personas que reúnen los requisitos y que de otro modo necesitarían un centro de enfermería especializada. No paga el alojamiento ni la comida.',
      "Medi-Cal's Assisted Living Waiver pays for care services in participating homes for eligible people who would otherwise need a nursing home. It does not pay for room and board.",
    ),
    points: [
      t(
        "El registro dice 'true' cuando el centro está en la lista del estado del programa (con la fecha de la lista); si no está en la lista, dice 'not_on_file', nunca un «no» confirmado.",
        "The record shows 'true' when the home is on the state's waiver list (with the list date); absence from the list is 'not_on_file', never a verified 'no'.",
      ),
      t(
        'El residente paga el alojamiento y la comida, a menudo con sus propios ingresos; pregunte al centro cuánto cobra a los residentes del programa.',
        'Room and board are paid by the resident, often from their own income; ask the home what it charges waiver residents.',
      ),
      t(
        'La inscripción se hace a través del programa, que puede tener una lista de espera; un centro de la lista puede no tener un lugar libre para el programa.',
        'Enrollment is arranged through the program, which can have a waiting list; a home on the list may not have a waiver place free.',
      ),
      t(
        'find_homes (y homes_near_hospital) con waiver: true da solo los centros de la lista en un lugar, y dice cuántos dejó fuera.',
        'find_homes (and homes_near_hospital) with waiver: true lists only the homes on the list in a place, and says how many it left out.',
      ),
    ],
  },
  state_reports_and_citations: {
    title: t('Informes del estado y deficiencias Tipo A y Tipo B', 'State reports and citations'),
    summary: t(
      'La Community Care Licensing Division (CCLD), la división del CDSS que otorga las licencias y hace las inspecciones, visita los centros para inspecciones y para investigar quejas, y publica informes; un informe puede registrar una deficiencia (incumplimiento de una norma de licencia).',
      "The state's licensing division visits homes for inspections and complaint investigations and publishes reports; a report may cite the home for not meeting a rule.",
    ),
    points: [
      t(
        'Una deficiencia Tipo A (el estado la citó como Type A) es un problema que fue un riesgo inmediato o importante para los residentes; una deficiencia Tipo B es un problema que podría llegar a serlo, o una falta en los registros.',
        CITATION_TYPES,
      ),
      t(
        'Una deficiencia no hace que un centro sea inseguro, y un expediente vacío no hace que un centro sea bueno: lea lo que se encontró y lo que hizo el centro al respecto.',
        'A citation does not make a home unsafe, and an empty file does not make a home good: read what was found and what the home did about it.',
      ),
      t(
        'get_state_documents lista los informes de un centro, del más reciente al más antiguo, con el texto transcrito y las deficiencias si se piden, incluso informes que el estado ya no lista.',
        "get_state_documents lists a home's reports newest first, with the transcribed text and citations when asked, including reports the state no longer lists.",
      ),
      t(
        'El registro oficial es la página del propio estado sobre el centro (state_record_url), en inglés.',
        "The official record is the state's own facility page (state_record_url).",
      ),
    ],
  },
  license_statuses: {
    title: t('Estados de la licencia', 'License statuses'),
    summary: t(
      'El registro de cada centro lleva el estado de la licencia tal como lo escribe el estado, en inglés; las listas muestran solo los centros con una licencia vigente.',
      "Each home's record carries the state's license status verbatim; lists show only homes that hold a current license.",
    ),
    points: [
      t(
        'LICENSED y LICENSED/PENDING INCREASE (un centro con licencia que pidió más lugares) son licencias vigentes: Con licencia.',
        'LICENSED and LICENSED/PENDING INCREASE (a licensed home that asked for more beds) are current licenses.',
      ),
      t(
        'PROBATIONARY LICENSE (ON PROBATION en algunos archivos del estado) es una licencia vigente en período de prueba; esos centros aparecen en las listas y on_probation lo indica.',
        'PROBATIONARY LICENSE (ON PROBATION in some state files) is a current license under probation; such homes are listed and on_probation says so.',
      ),
      t(
        'PENDING solo es una solicitud en trámite (todavía no tiene licencia); esos centros no aparecen en las listas.',
        'PENDING alone is an application, not yet a license; such homes are not listed.',
      ),
      t(
        'Cualquier estado que contenga CLOSED es una licencia cerrada (ya no está vigente): sus aprobaciones de cuidado y su participación en el programa son historial, no aprobaciones actuales, y una closed_note con fecha lo dice.',
        'Any status containing CLOSED is a closed license: its care approvals and waiver values are history, not current approvals, and a dated closed_note says so.',
      ),
    ],
  },
  paying_for_care: {
    title: t('Cómo pagar el cuidado', 'Paying for care'),
    summary: t(
      'La mayoría de los residentes paga por su cuenta; el seguro de cuidado a largo plazo, los beneficios para veteranos y, solo para los servicios de cuidado, el programa de Medi-Cal Assisted Living Waiver (ALW) pueden ayudar. Medicare no paga por vivir en un centro de cuidado.',
      "Most residents pay privately; long-term care insurance, veterans' benefits and, for care services only, the Medi-Cal Assisted Living Waiver can help. Medicare does not pay for living in a care home.",
    ),
    points: [
      t(
        "El bloque de precio de un registro dice de quién es la cifra: solo is_this_homes_own_rate true es la tarifa inicial del propio centro; una estimación o una cifra de la zona no es el precio del centro. Cite el texto de price.line tal como está.",
        "A record's price block says whose figure it is: only is_this_homes_own_rate true is the home's own starting rate; an estimate or an area figure is not the home's price. Quote its line.",
      ),
      t(
        'Una tarifa inicial no suele incluir el costo de más cuidado: pregunte qué cargos por nivel de cuidado se aplican.',
        'A starting rate usually leaves out the cost of more care: ask what level-of-care fees apply.',
      ),
      t('Pida a cada centro sus tarifas actuales, por escrito.', 'Ask every home for its own current rates, in writing.'),
    ],
  },
  choosing_a_home: {
    title: t('Cómo elegir un centro', 'Choosing a home'),
    summary: t(
      'Empiece por el cuidado que necesita la persona, busque centros con licencia que tengan esas aprobaciones, lea sus registros del estado, y luego llame y visite.',
      'Start from the care the person needs, find licensed homes that carry those approvals, read their state records, then call and visit.',
    ),
    points: [
      t(
        'No tenemos información sobre lugares disponibles: para saber si hay lugar, llame al centro.',
        'No website knows which homes have an open bed today: openings are learned by phone.',
      ),
      t(
        'Esta lista no es una clasificación. El orden no indica calidad ni es una recomendación. Nadie paga por aparecer.',
        'No home pays to appear here and nothing is ranked by quality, popularity or payment.',
      ),
      t(
        'Pregunte a cada centro por los lugares disponibles, las tarifas y lo que incluyen, el personal de noche y cómo atienden un cambio en las necesidades de cuidado; visítelo más de una vez si puede.',
        'Ask each home about openings, rates and what they include, staffing at night, and how they handle a change in care needs; visit more than once if you can.',
      ),
      t(
        'start_family_request prepara un plan de llamadas que la familia abre con un enlace; no se comunica con nadie.',
        'start_family_request prepares a call plan the family opens with a link; it contacts no one.',
      ),
    ],
  },
  not_on_file: {
    title: t("Qué quiere decir 'not_on_file' («No consta»)", "What 'not_on_file' means"),
    summary: t(
      "'not_on_file' quiere decir que el registro del estado no lo dice. Nunca es un «no», y en palabras se lee «No consta en los datos del estado».",
      "'not_on_file' means the state record does not say. It is never a 'no', and in words it reads 'not on file'.",
    ),
    points: [
      t(
        "Las aprobaciones de cuidado y la participación en el programa tienen tres valores: 'true', 'false' (solo donde el registro dice que la licencia no la incluye) y 'not_on_file'; los dos últimos se leen «No consta».",
        "Care approvals and waiver participation are tri-state: 'true', 'false' (only where the record states a real negative) and 'not_on_file'.",
      ),
      t(
        "Si un centro no aparece en una lista, como la del programa, su valor solo puede ser 'not_on_file', porque eso no es un «no» confirmado.",
        "Absence from a list, such as the waiver list, can only be 'not_on_file', because it is not a verified 'no'.",
      ),
      t(
        'Una aprobación en revisión por una solicitud de corrección también dice not_on_file hasta que termine la revisión.',
        'A clearance under an open correction review also reads not_on_file until the review closes.',
      ),
      t(
        'Cuando importe, pregunte al centro y consulte el registro del propio estado (state_record_url).',
        "When it matters, ask the home, and check the state's own record (state_record_url).",
      ),
    ],
  },
};
