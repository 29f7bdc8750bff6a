// The guides a family reads in Spanish, written from the glossary (../../shared spanish.md,
// docs/spanish.md), paragraph for paragraph with the English guide (content.ts, catalog.ts): each
// text keeps the English it was written from, so a changed English paragraph shows as stale
// (spanishGuideProblems). Links name site paths; a Spanish page links their Spanish twins.
import type { Entry } from '../catalog.ts';

export interface SpanishGuideSection {
  heading: Entry['es'];
  paragraphs: Array<Entry['es']>;
  list?: Array<Entry['es']>;
  links?: Array<[text: Entry['es'], path: string]>;
}

export interface SpanishGuide {
  title: Entry;
  description: Entry;
  summary: Entry['es'];
  sections: SpanishGuideSection[];
}

const t = (text: string, from: string): Entry['es'] => ({ text, from });

export const SPANISH_GUIDES: Readonly<Record<string, SpanishGuide>> = {
  'care-approvals': {
    title: {
      en: 'What each care approval means: dementia, hospice, non-ambulatory, bedridden',
      es: t(
        'Qué quiere decir cada aprobación de cuidado: demencia, cuidado de hospicio (hospice), residentes que no pueden salir solos del edificio, residentes postrados en cama',
        'What each care approval means: dementia, hospice, non-ambulatory, bedridden',
      ),
    },
    description: {
      en: 'What the four clearances on a California RCFE license allow a home to do, and why "not on file" means the record does not say, never "no".',
      es: t(
        'Qué permite hacer a un centro cada una de las cuatro aprobaciones de una licencia de RCFE de California, y por qué «No consta en los datos del estado» quiere decir que el registro no lo dice, nunca «no».',
        'What the four clearances on a California RCFE license allow a home to do, and why "not on file" means the record does not say, never "no".',
      ),
    },
    summary: t(
      'Una licencia de centro de cuidado residencial para personas mayores (RCFE, por sus siglas en inglés) de California puede incluir aprobaciones que permiten al centro recibir o mantener a residentes con ciertas necesidades. El archivo de aprobaciones del estado dice qué aprobaciones incluye cada licencia. Esto es lo que quiere decir cada una, y cómo leer «No consta en los datos del estado».',
      'A California RCFE license can carry approvals that let the home admit or keep residents with particular needs. The state\'s approvals file says which approvals each license carries. Here is what each one means, and how to read "not on file".',
    ),
    sections: [
      {
        heading: t('Atención para personas con demencia', 'Dementia care'),
        paragraphs: [
          t(
            'Un centro que recibe a residentes con demencia, o que anuncia atención para personas con demencia, debe cumplir requisitos adicionales del estado: capacitación del personal, un plan de cuidado para cada residente y medidas de seguridad, como salidas controladas donde hagan falta. La aprobación para atención de personas con demencia en la licencia muestra que el centro informó al estado que ofrece este cuidado.',
            'A home that admits residents with dementia, or that advertises dementia care, must meet added state requirements: staff training, a plan of care for each resident, and safeguards such as secured exits where they are needed. The dementia care approval on the license shows the home has told the state it provides this care.',
          ),
        ],
        links: [[t('Centros aprobados para atención de personas con demencia', 'Homes approved for dementia care'), '/care/dementia']],
      },
      {
        heading: t('Cuidado de hospicio (hospice), para personas con una enfermedad terminal', 'Hospice care (hospice waiver)'),
        paragraphs: [
          t(
            'Un residente que empieza a recibir cuidado de hospicio (hospice) puede quedarse en un centro cuya licencia incluye la aprobación del estado para cuidado de hospicio (un permiso especial del estado (exención)), con la atención de una agencia de cuidado de hospicio con licencia. Sin esa aprobación, es posible que el residente que necesita ese cuidado tenga que mudarse.',
            'A resident who enters hospice can stay in a home whose license carries a hospice waiver, with care from a licensed hospice agency. Without it, a resident who needs hospice care may have to move.',
          ),
        ],
        links: [[t('Centros con aprobación para cuidado de hospicio (hospice)', 'Homes with a hospice waiver'), '/care/hospice']],
      },
      {
        heading: t(
          'Residentes que no pueden salir solos del edificio en una emergencia (como quienes usan silla de ruedas)',
          'Non-ambulatory residents (wheelchair users)',
        ),
        paragraphs: [
          t(
            'El estado llama «no ambulatorios» a los residentes que no pueden salir solos del edificio en una emergencia, por ejemplo porque usan silla de ruedas o necesitan ayuda para caminar. Aquí no quiere decir atención «ambulatoria» de un hospital. Para recibir a estos residentes, el centro necesita una autorización de los bomberos (fire clearance). Este sitio relaciona la necesidad «silla de ruedas» con esta aprobación.',
            'A non-ambulatory resident is someone who cannot leave the building unaided in an emergency, for example because they use a wheelchair or need help to walk. A home needs a fire clearance for non-ambulatory residents to admit them. This site matches the "wheelchair" care need against this approval.',
          ),
        ],
        links: [[t('Centros aprobados para residentes que no pueden salir solos del edificio', 'Homes approved for non-ambulatory residents'), '/care/wheelchair']],
      },
      {
        heading: t('Residentes postrados en cama', 'Bedridden residents'),
        paragraphs: [
          t(
            'Según la definición del estado, un residente postrado en cama pasa en la cama la mayor parte del tiempo. Para mantener a un residente así, el centro debe tener una autorización de los bomberos y la aprobación para residentes postrados en cama, con un plan para su cuidado y su seguridad.',
            'A bedridden resident is confined to bed most of the time. A home must hold a fire clearance and the bedridden approval to keep such a resident, with a plan for their care and safety.',
          ),
        ],
        links: [[t('Centros aprobados para residentes postrados en cama', 'Homes approved for bedridden residents'), '/care/bedridden']],
      },
      {
        heading: t('«No consta» no quiere decir «no»', '"Not on file" is not a no'),
        paragraphs: [
          t(
            'Cuando el archivo del estado no muestra una aprobación de un centro, este sitio dice «No consta en los datos del estado». Quiere decir que el registro no lo dice; nunca quiere decir que el centro no pueda dar ese cuidado. Los archivos se actualizan con retraso, y algunas aprobaciones se registran de maneras que el archivo no recoge. Si una aprobación le importa, pregunte al centro y pida verla.',
            'When the state\'s file does not show an approval for a home, this site says "not on file". It means the record does not say; it never means the home cannot provide that care. Files lag behind, and some approvals are recorded in ways the file does not capture. If an approval matters, ask the home, and ask to see it.',
          ),
          t(
            'Cuando alguien informa un error en una aprobación, puede decir «No consta en los datos del estado (en revisión por una solicitud de corrección)» hasta que termine la revisión.',
            'When someone reports an error in an approval, it may read "not on file (under a correction review)" until the review is closed.',
          ),
        ],
      },
      {
        heading: t('Licencias cerradas', 'Closed licenses'),
        paragraphs: [
          t(
            'Una licencia cerrada (ya no tiene licencia vigente) conserva como historia las aprobaciones que tenía mientras estaba vigente. No son aprobaciones actuales: es posible que el centro no reciba residentes con esa licencia.',
            'A closed license keeps the approvals it held while it was open, as history. They are not current approvals: the home may not accept residents under that license.',
          ),
        ],
      },
    ],
  },

  'reading-a-state-report': {
    title: {
      en: 'Reading a state inspection or complaint report',
      es: t('Cómo leer un informe de inspección o de queja del estado', 'Reading a state inspection or complaint report'),
    },
    description: {
      en: 'What inspections, complaint investigations and Type A and Type B citations are, and why a citation does not make a home unsafe and an empty file does not make it good.',
      es: t(
        'Qué son las inspecciones, las visitas para investigar una queja y las deficiencias Tipo A y Tipo B, y por qué una deficiencia no hace que un centro sea inseguro y un expediente vacío no lo hace bueno.',
        'What inspections, complaint investigations and Type A and Type B citations are, and why a citation does not make a home unsafe and an empty file does not make it good.',
      ),
    },
    summary: t(
      'La Community Care Licensing Division (CCLD), la división del CDSS que otorga las licencias y hace las inspecciones, visita cada centro con licencia e investiga las quejas. Sus informes son públicos. Así se leen con justicia.',
      'The state licensing office visits every licensed home and investigates complaints. Its reports are public. Here is how to read them fairly.',
    ),
    sections: [
      {
        heading: t('Tipos de informe', 'Kinds of report'),
        paragraphs: [t('El estado lista varios tipos de documento para cada centro:', 'The state lists several kinds of document for each home:')],
        list: [
          t(
            'Inspección: una visita que el estado hace según su propio calendario, con o sin previo aviso, para comprobar que el centro cumple las normas de licencia.',
            'Inspection: a visit the state makes on its own schedule, announced or not, to check the home against the licensing rules.',
          ),
          t(
            'Visita para investigar una queja: una visita o consulta después de que alguien presentó una queja. El informe dice si la queja fue comprobada (la investigación confirmó lo denunciado), no comprobada (no hubo pruebas suficientes; no quiere decir que sea falsa) o no concluyente (no se pudo confirmar ni descartar).',
            'Complaint investigation: a visit or inquiry after someone filed a complaint. The report says whether the complaint was substantiated, unsubstantiated or inconclusive.',
          ),
          t(
            'Otros: notas de seguimiento del caso, seguimiento de incidentes y documentos parecidos.',
            'Other: case management notes, incident follow-ups and similar documents.',
          ),
        ],
      },
      {
        heading: t('Deficiencias Tipo A y Tipo B', 'Type A and Type B citations'),
        paragraphs: [
          t(
            'Cuando el estado encuentra que no se cumplió una norma, registra una deficiencia (incumplimiento de una norma de licencia); en inglés, el estado la cita como Type A o Type B. Una deficiencia Tipo A es un problema que es un riesgo inmediato o importante para la salud, la seguridad o los derechos personales de los residentes. Una deficiencia Tipo B es un problema que podría llegar a ser un riesgo si no se corrige. Cada deficiencia viene con un plan de corrección y una fecha límite para que el centro la corrija.',
            'When the state finds a rule was not met, it cites the home. A Type A citation is for a problem that poses an immediate or substantial risk to residents\' health, safety or personal rights. A Type B citation is for a problem that could become a risk if it is not corrected. Each citation comes with a plan of correction and a date by which the home must fix it.',
          ),
        ],
      },
      {
        heading: t('Leer con justicia', 'Reading fairly'),
        paragraphs: [
          t(
            'Una deficiencia no hace que un centro sea inseguro, y un expediente vacío no hace que un centro sea bueno. Un centro grande tiene más residentes, más visitas y más ocasiones de recibir una deficiencia. Un centro que informa de sus incidentes con honestidad puede tener más documentos que uno que no lo hace.',
            'A citation does not make a home unsafe, and an empty file does not make a home good. A large home has more residents, more visits and more chances to be cited. A home that reports incidents honestly may have more documents than one that does not.',
          ),
          t(
            'Lea lo que se encontró, si se corrigió y si el mismo problema vuelve a aparecer. Pregunte al centro por cualquier informe que le preocupe: un buen centro hablará de él abiertamente.',
            'Read what was found, whether it was corrected, and whether the same problem comes back. Ask the home about any report that worries you: a good home will talk about it openly.',
          ),
        ],
      },
      {
        heading: t('Dónde están los informes', 'Where the reports are'),
        paragraphs: [
          t(
            'La página de cada centro en este sitio lista los informes que muestra el estado, del más reciente al más antiguo, con el número de deficiencias Tipo A y Tipo B, y enlaza al registro del propio estado sobre el centro (en inglés), donde se pueden leer los informes completos.',
            'Each home page here lists the reports the state shows, newest first, with the counts of Type A and Type B citations, and links to the state\'s own record of the home, where the full reports can be read.',
          ),
        ],
      },
    ],
  },

  'assisted-living-waiver': {
    title: {
      en: 'The Medi-Cal Assisted Living Waiver',
      es: t('El programa de Medi-Cal Assisted Living Waiver (ALW)', 'The Medi-Cal Assisted Living Waiver'),
    },
    description: {
      en: 'Who qualifies, which homes take part, and why the waiver pays for care services but not for room and board.',
      es: t(
        'Quién puede participar, qué centros participan, y por qué el programa paga los servicios de cuidado pero no el alojamiento ni la comida.',
        'Who qualifies, which homes take part, and why the waiver pays for care services but not for room and board.',
      ),
    },
    summary: t(
      'El programa de Medi-Cal Assisted Living Waiver (ALW) ayuda a las personas que tienen derecho a Medi-Cal y necesitan el nivel de cuidado de un centro de enfermería especializada (SNF, por sus siglas en inglés) a vivir, en su lugar, en un centro de cuidado residencial que participa en el programa.',
      'The Medi-Cal Assisted Living Waiver helps people who are eligible for Medi-Cal and need the level of care of a nursing facility to live in a participating residential care home instead.',
    ),
    sections: [
      {
        heading: t('Qué paga', 'What it pays for'),
        paragraphs: [
          t(
            'El programa paga solo los servicios de cuidado; no paga el alojamiento ni la comida. Los residentes pagan el alojamiento y la comida por su cuenta, a menudo con sus ingresos, según una tarifa que fija el programa.',
            'The waiver pays for care services only; it does not pay for room and board. Residents pay room and board themselves, often from their income, at a rate the program sets.',
          ),
        ],
      },
      {
        heading: t('Quién puede participar', 'Who qualifies'),
        paragraphs: [
          t(
            'Por lo general, la persona debe tener derecho a Medi-Cal con cobertura completa, tener 21 años o más, necesitar el nivel de cuidado que da un centro de enfermería especializada y vivir en un condado donde se ofrece el programa. El programa tiene lugares limitados y muchas veces hay una lista de espera. Una agencia de coordinación de cuidado evalúa a cada persona y organiza los servicios.',
            'A person generally must be eligible for full-scope Medi-Cal, be 21 or older, need the level of care a nursing facility provides, and live in a county where the waiver is offered. The program has limited places, and there is often a waiting list. A care coordination agency assesses each person and arranges the services.',
          ),
        ],
      },
      {
        heading: t('Qué centros participan', 'Which homes take part'),
        paragraphs: [
          t(
            'El Departamento de Servicios de Atención Médica (DHCS) publica una lista de los centros que participan. Este sitio relaciona esa lista con la lista de licencias y muestra, en la página de cada centro, si el centro está en la lista y la fecha de la lista. Si un centro no aparece en la lista, dice «No consta en los datos del estado», y eso no es un «no» confirmado: la lista cambia, y los nombres y las direcciones no siempre coinciden.',
            'The state health-care-services department publishes a list of participating homes. This site matches that list to the licensing roster and shows, on each home page, whether the home is on the list and the date of the list. A home missing from the list is not on file, which is not a verified no: the list changes, and names and addresses do not always match.',
          ),
        ],
        links: [[t('Centros en la lista del programa Assisted Living Waiver', 'Homes on the Assisted Living Waiver list'), '/waiver']],
      },
      {
        heading: t('Cómo solicitarlo', 'How to apply'),
        paragraphs: [
          t(
            'Pregunte a un centro que participa qué agencia de coordinación de cuidado lo atiende, o comuníquese con la oficina de Medi-Cal de su condado. Pregunte por la lista de espera antes de planear una mudanza contando con el programa.',
            'Ask a participating home which care coordination agency serves it, or contact your county\'s Medi-Cal office. Ask about the waiting list before you plan a move around the waiver.',
          ),
        ],
      },
    ],
  },
};
