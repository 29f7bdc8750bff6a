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
            'Una licencia cerrada (ya no está vigente) conserva como historial las aprobaciones que tenía mientras estaba vigente. No son aprobaciones actuales: es posible que el centro no reciba residentes con esa licencia.',
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
      'La Community Care Licensing Division (CCLD), la división del CDSS que otorga las licencias y hace las inspecciones, visita cada centro con licencia e investiga las quejas. Sus informes son públicos. Así se leen sin prejuicios.',
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
        heading: t('Leer sin prejuicios', 'Reading fairly'),
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
            'El Departamento de Servicios de Atención Médica (DHCS) publica una lista de los centros que participan. Este sitio relaciona esa lista con la lista de licencias y muestra, en la página de cada centro, si el centro está en la lista y la fecha de la lista. Si un centro no aparece en la lista, su valor es «No consta en los datos del estado», y eso no es un «no» confirmado: la lista cambia, y los nombres y las direcciones no siempre coinciden.',
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
  'choosing-a-care-home': {
    title: {
      en: 'Choosing a residential care home for an elderly parent',
      es: t('Cómo elegir un centro de cuidado residencial para un padre o una madre mayor', 'Choosing a residential care home for an elderly parent'),
    },
    description: {
      en: "How to read a home's state record, which questions to ask on the phone and during a visit, and why no website can tell you which homes have an open bed.",
      es: t(
        'Cómo leer el registro del estado sobre un centro, qué preguntas hacer por teléfono y durante una visita, y por qué ningún sitio web puede decirle qué centros tienen lugar disponible.',
        "How to read a home's state record, which questions to ask on the phone and during a visit, and why no website can tell you which homes have an open bed.",
      ),
    },
    summary: t(
      'Un centro de cuidado residencial para personas mayores (RCFE, por sus siglas en inglés; también llamado vida asistida o casa de pensión y cuidado (board and care)) tiene licencia del estado. El registro de su licencia dice para qué está aprobado el centro y qué encontró el estado cuando lo visitó. No puede decirle qué centros tienen lugar disponible hoy, ni si su padre o su madre estará contento allí: eso solo se sabe llamando y visitando.',
      'A residential care home for the elderly (an RCFE, often called assisted living or a board-and-care home) is licensed by the state. Its license record tells you what the home is approved to do and what the state found when it visited. It cannot tell you which homes have an open bed today, or whether your parent will be happy there: only calls and visits can.',
    ),
    sections: [
      {
        heading: t('Empiece por lo que necesita su padre o su madre', 'Start from what your parent needs'),
        paragraphs: [
          t(
            'Anote el cuidado que necesita ahora y el que probablemente necesitará dentro de un año: ayuda para bañarse y vestirse, manejo de medicamentos, pérdida de memoria, desplazarse con andador o silla de ruedas, o cuidado al final de la vida. Algunas de estas necesidades requieren una aprobación en la licencia del centro.',
            'Write down the care your parent needs now and is likely to need within a year: help with bathing and dressing, managing medicines, memory loss, getting around with a walker or a wheelchair, or care at the end of life. Some of these need an approval on the home\'s license.',
          ),
        ],
        list: [
          t('Pérdida de memoria o demencia: busque la aprobación para atención de personas con demencia.', 'Memory loss or dementia: look for the dementia care approval.'),
          t(
            'Usa silla de ruedas o no puede salir solo del edificio en una emergencia: busque la aprobación para residentes que no pueden salir solos del edificio («no ambulatorios», según la definición del estado).',
            'Uses a wheelchair or cannot leave the building unaided in an emergency: look for the non-ambulatory approval.',
          ),
          t('Puede necesitar cuidado de hospicio (hospice): busque la aprobación del estado para cuidado de hospicio.', 'May need hospice care: look for the hospice waiver.'),
          t('Postrado en cama: busque la aprobación para residentes postrados en cama.', 'Confined to bed: look for the bedridden approval.'),
        ],
        links: [
          [t('Qué quiere decir cada aprobación de cuidado', 'What each care approval means'), '/guides/care-approvals'],
          [t('Centros por aprobación de cuidado', 'Homes by care approval'), '/care'],
        ],
      },
      {
        heading: t('Lea el registro de la licencia', 'Read the license record'),
        paragraphs: [
          t(
            'Cada página de un centro en este sitio muestra el registro en palabras sencillas: el estado de la licencia, la capacidad autorizada, las aprobaciones de cuidado con la fecha en que se leyó el archivo del estado, y las visitas e informes del estado. «No consta en los datos del estado» quiere decir que el registro no lo dice; nunca quiere decir «no». Si una aprobación le importa, pregunte al centro.',
            'Every home page here shows the record in plain words: the license status, the number of licensed beds, the care approvals with the date the state\'s file was read, and the state\'s visits and reports. "Not on file" means the record does not say; it is never a no. If an approval matters, ask the home.',
          ),
          t(
            'Las casas pequeñas (6 residentes o menos) y los centros grandes tienen licencia con las mismas normas. El tamaño es una descripción, no una calificación.',
            'Small homes (six beds or fewer) and large communities are licensed under the same rules. Size is a description, not a grade.',
          ),
        ],
      },
      {
        heading: t('Llame antes de visitar', 'Call before you visit'),
        paragraphs: [
          t(
            'No tenemos información sobre lugares disponibles: para saber si hay lugar, llame al centro. Llame a cada centro de su lista y pregunte:',
            'No website knows which homes have an open bed today. Openings are learned by phone. Call each home on your list and ask:',
          ),
        ],
        list: [
          t('¿Tienen lugar disponible ahora, o cuándo esperan tenerlo?', 'Do you have an opening now, or when do you expect one?'),
          t('¿Cuál es su tarifa mensual, qué incluye y qué se cobra aparte?', 'What is your monthly rate, what does it include, and what costs extra?'),
          t('¿Pueden atender las necesidades de cuidado de mi padre o mi madre, y qué pasa si aumentan?', 'Can you meet my parent\'s care needs, and what happens if they grow?'),
          t('¿Cuántos cuidadores trabajan durante el día y durante la noche?', 'How many caregivers are on duty during the day and at night?'),
          t('¿Cuándo podemos visitarlos, y podemos ir a la hora de una comida?', 'When can we visit, and can we come at a mealtime?'),
        ],
      },
      {
        heading: t('Visite y lea los informes', 'Visit, and read the reports'),
        paragraphs: [
          t(
            'Si puede, visite más de una vez, a distintas horas del día. Observe cómo el personal habla con los residentes, si los residentes tienen actividades en qué ocuparse, y si el centro está limpio y tranquilo.',
            'Visit more than once if you can, at different times of day. Watch how staff speak to residents, whether residents are engaged, and whether the home is clean and calm.',
          ),
          t(
            'Lea los informes del estado sobre el centro antes de decidir. Una deficiencia no hace que un centro sea inseguro, y un expediente vacío no hace que un centro sea bueno: lea lo que se encontró y lo que hizo el centro al respecto.',
            'Read the state\'s reports on the home before you decide. A citation does not make a home unsafe, and an empty file does not make a home good: read what was found and what the home did about it.',
          ),
        ],
        links: [[t('Cómo leer un informe de inspección o de queja del estado', 'Reading a state inspection or complaint report'), '/guides/reading-a-state-report']],
      },
      {
        heading: t('Cómo ordena este sitio los centros', 'How this site orders homes'),
        paragraphs: [
          t(
            'Los centros aparecen por orden alfabético del nombre y luego por número de licencia. Esta lista no es una clasificación. El orden no indica calidad ni es una recomendación. Nadie paga por aparecer.',
            'Homes are listed alphabetically by name, then license number. No home pays to appear, and nothing is ranked by quality, popularity or payment.',
          ),
        ],
      },
    ],
  },
  'paying-for-care': {
    title: { en: 'Paying for a residential care home', es: t('Cómo pagar un centro de cuidado residencial', 'Paying for a residential care home') },
    description: {
      en: 'Typical monthly costs, what a starting rate leaves out, and the public programs and insurance that can help pay.',
      es: t(
        'Costos mensuales habituales, lo que una tarifa inicial no incluye, y los programas públicos y seguros que pueden ayudar a pagar.',
        'Typical monthly costs, what a starting rate leaves out, and the public programs and insurance that can help pay.',
      ),
    },
    summary: t(
      'El cuidado residencial se paga sobre todo por cuenta propia, mes a mes. Una tarifa inicial es solo el comienzo: las necesidades de cuidado, el tipo de habitación y los servicios adicionales cambian el costo mensual.',
      'Residential care is mostly paid for privately, month by month. A starting rate is only the beginning: care needs, room type and extra services change the monthly cost.',
    ),
    sections: [
      {
        heading: t('Lo que una tarifa inicial no incluye', 'What a starting rate leaves out'),
        paragraphs: [
          t(
            'Una tarifa inicial es lo que un centro cobra por su habitación más económica y el cuidado básico. Muchos centros cobran aparte según el nivel de cuidado, el manejo de medicamentos, el cuidado de la incontinencia o la atención de personas con demencia, y por una habitación privada. Pida a cada centro su lista completa de tarifas y cómo evalúa los niveles de cuidado.',
            'A starting rate is what a home charges for its least costly room and basic care. Many homes add charges by level of care, for medicine management, incontinence care or memory care, and for a private room. Ask each home for its full rate sheet and how it assesses care levels.',
          ),
          t(
            'Donde este sitio muestra una tarifa, dice de dónde viene la cifra: la tarifa del propio centro publicada en un sitio de anuncios, una tarifa que el sitio de anuncios dice que el centro confirmó, una estimación a partir de centros parecidos cercanos, o el rango inicial habitual de un condado. Solo la tarifa del propio centro es un precio; confírmela con el centro.',
            'Where this site shows a rate, it quotes where the figure comes from: a home\'s own rate published on a listing site, a rate the listing site says the home confirmed, an estimate from comparable homes nearby, or a county\'s typical starting range. Only the home\'s own rate is a price; confirm it with the home.',
          ),
        ],
      },
      {
        heading: t('Formas de pagar', 'Ways to pay'),
        list: [
          t('Fondos propios: ingresos, ahorros o la venta de una casa.', 'Private funds: income, savings, or the sale of a home.'),
          t(
            'Seguro de cuidado a largo plazo: muchas pólizas cubren el cuidado residencial; revise las condiciones y el período de espera de la póliza.',
            'Long-term care insurance: many policies cover residential care; check the policy\'s conditions and waiting period.',
          ),
          t(
            'Beneficios para veteranos: un veterano o su cónyuge sobreviviente puede tener derecho a una pensión con una asignación adicional para el cuidado.',
            'Veterans\' benefits: a veteran or surviving spouse may qualify for a pension with an added allowance for care.',
          ),
          t(
            'El programa de Medi-Cal Assisted Living Waiver (ALW): para personas que reúnen los requisitos, en centros que participan; paga los servicios de cuidado, no el alojamiento ni la comida.',
            'The Medi-Cal Assisted Living Waiver: for eligible people in participating homes; it pays for care services, not room and board.',
          ),
          t(
            'SSI/SSP: algunos centros aceptan residentes cuyo ingreso es el Supplemental Security Income (SSI) con el complemento del estado para el cuidado residencial.',
            'SSI/SSP: some homes accept residents whose income is Supplemental Security Income with the state supplement for residential care.',
          ),
        ],
        paragraphs: [
          t(
            'Cada programa tiene sus propias normas y tiempos de espera; pregunte al programa y al centro antes de contar con él.',
            'Each program has its own rules and waiting times; ask the program and the home before you rely on it.',
          ),
        ],
        links: [[t('El programa de Medi-Cal Assisted Living Waiver (ALW)', 'The Medi-Cal Assisted Living Waiver'), '/guides/assisted-living-waiver']],
      },
      {
        heading: t('Antes de firmar', 'Before you sign'),
        paragraphs: [
          t(
            'Lea el contrato de admisión completo. Debe indicar las tarifas, lo que incluyen, cómo y cuándo pueden subir, y las reglas de reembolso cuando un residente se va. Pregunte con cuánta anticipación avisa el centro antes de subir una tarifa.',
            'Read the admission agreement in full. It must state the rates, what they include, how and when they can rise, and the refund rules when a resident leaves. Ask how much notice the home gives before a rate increase.',
          ),
        ],
      },
    ],
  },
};
