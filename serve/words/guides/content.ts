// The guides' text: the service's own words, checked against the state records. Each guide is a
// list of sections of plain paragraphs and bullet lists, so its HTML page and its Markdown twin
// say exactly the same thing. Links are paths on this site (`/care/dementia`), made absolute by
// the page that renders them.

export interface GuideSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
  /** Links on this site shown after the section: [text, path]. */
  links?: Array<[text: string, path: string]>;
}

/** Per guide slug: one or two sentences under the title, then the sections. */
export const GUIDE_CONTENT: Record<string, { summary: string; sections: GuideSection[] }> = {
  'choosing-a-care-home': {
    summary:
      'A residential care home for the elderly (an RCFE, often called assisted living or a board-and-care home) is licensed by the state. Its license record tells you what the home is approved to do and what the state found when it visited. It cannot tell you which homes have an open bed today, or whether your parent will be happy there: only calls and visits can.',
    sections: [
      {
        heading: 'Start from what your parent needs',
        paragraphs: [
          'Write down the care your parent needs now and is likely to need within a year: help with bathing and dressing, managing medicines, memory loss, getting around with a walker or a wheelchair, or care at the end of life. Some of these need an approval on the home\'s license.',
        ],
        list: [
          'Memory loss or dementia: look for the dementia care approval.',
          'Uses a wheelchair or cannot leave the building unaided in an emergency: look for the non-ambulatory approval.',
          'May need hospice care: look for the hospice waiver.',
          'Confined to bed: look for the bedridden approval.',
        ],
        links: [
          ['What each care approval means', '/guides/care-approvals'],
          ['Homes by care approval', '/care'],
        ],
      },
      {
        heading: 'Read the license record',
        paragraphs: [
          'Every home page here shows the record in plain words: the license status, the number of licensed beds, the care approvals with the date the state\'s file was read, and the state\'s visits and reports. "Not on file" means the record does not say; it is never a no. If an approval matters, ask the home.',
          'Small homes (six beds or fewer) and large communities are licensed under the same rules. Size is a description, not a grade.',
        ],
      },
      {
        heading: 'Call before you visit',
        paragraphs: [
          'No website knows which homes have an open bed today. Openings are learned by phone. Call each home on your list and ask:',
        ],
        list: [
          'Do you have an opening now, or when do you expect one?',
          'What is your monthly rate, what does it include, and what costs extra?',
          'Can you meet my parent\'s care needs, and what happens if they grow?',
          'How many caregivers are on duty during the day and at night?',
          'When can we visit, and can we come at a mealtime?',
        ],
      },
      {
        heading: 'Visit, and read the reports',
        paragraphs: [
          'Visit more than once if you can, at different times of day. Watch how staff speak to residents, whether residents are engaged, and whether the home is clean and calm.',
          'Read the state\'s reports on the home before you decide. A citation does not make a home unsafe, and an empty file does not make a home good: read what was found and what the home did about it.',
        ],
        links: [['Reading a state inspection or complaint report', '/guides/reading-a-state-report']],
      },
      {
        heading: 'How this site orders homes',
        paragraphs: [
          'Homes are listed alphabetically by name, then license number. No home pays to appear, and nothing is ranked by quality, popularity or payment.',
        ],
      },
    ],
  },

  'care-approvals': {
    summary:
      'A California RCFE license can carry approvals that let the home admit or keep residents with particular needs. The state\'s approvals file says which approvals each license carries. Here is what each one means, and how to read "not on file".',
    sections: [
      {
        heading: 'Dementia care',
        paragraphs: [
          'A home that admits residents with dementia, or that advertises dementia care, must meet added state requirements: staff training, a plan of care for each resident, and safeguards such as secured exits where they are needed. The dementia care approval on the license shows the home has told the state it provides this care.',
        ],
        links: [['Homes approved for dementia care', '/care/dementia']],
      },
      {
        heading: 'Hospice care (hospice waiver)',
        paragraphs: [
          'A resident who enters hospice can stay in a home whose license carries a hospice waiver, with care from a licensed hospice agency. Without it, a resident who needs hospice care may have to move.',
        ],
        links: [['Homes with a hospice waiver', '/care/hospice']],
      },
      {
        heading: 'Non-ambulatory residents (wheelchair users)',
        paragraphs: [
          'A non-ambulatory resident is someone who cannot leave the building unaided in an emergency, for example because they use a wheelchair or need help to walk. A home needs a fire clearance for non-ambulatory residents to admit them. This site matches the "wheelchair" care need against this approval.',
        ],
        links: [['Homes approved for non-ambulatory residents', '/care/wheelchair']],
      },
      {
        heading: 'Bedridden residents',
        paragraphs: [
          'A bedridden resident is confined to bed most of the time. A home must hold a fire clearance and the bedridden approval to keep such a resident, with a plan for their care and safety.',
        ],
        links: [['Homes approved for bedridden residents', '/care/bedridden']],
      },
      {
        heading: '"Not on file" is not a no',
        paragraphs: [
          'When the state\'s file does not show an approval for a home, this site says "not on file". It means the record does not say; it never means the home cannot provide that care. Files lag behind, and some approvals are recorded in ways the file does not capture. If an approval matters, ask the home, and ask to see it.',
          'When someone reports an error in an approval, it may read "not on file (under a correction review)" until the review is closed.',
        ],
      },
      {
        heading: 'Closed licenses',
        paragraphs: [
          'A closed license keeps the approvals it held while it was open, as history. They are not current approvals: the home may not accept residents under that license.',
        ],
      },
    ],
  },

  'reading-a-state-report': {
    summary:
      'The state licensing office visits every licensed home and investigates complaints. Its reports are public. Here is how to read them fairly.',
    sections: [
      {
        heading: 'Kinds of report',
        paragraphs: ['The state lists several kinds of document for each home:'],
        list: [
          'Inspection: a visit the state makes on its own schedule, announced or not, to check the home against the licensing rules.',
          'Complaint investigation: a visit or inquiry after someone filed a complaint. The report says whether the complaint was substantiated, unsubstantiated or inconclusive.',
          'Other: case management notes, incident follow-ups and similar documents.',
        ],
      },
      {
        heading: 'Type A and Type B citations',
        paragraphs: [
          'When the state finds a rule was not met, it cites the home. A Type A citation is for a problem that poses an immediate or substantial risk to residents\' health, safety or personal rights. A Type B citation is for a problem that could become a risk if it is not corrected. Each citation comes with a plan of correction and a date by which the home must fix it.',
        ],
      },
      {
        heading: 'Reading fairly',
        paragraphs: [
          'A citation does not make a home unsafe, and an empty file does not make a home good. A large home has more residents, more visits and more chances to be cited. A home that reports incidents honestly may have more documents than one that does not.',
          'Read what was found, whether it was corrected, and whether the same problem comes back. Ask the home about any report that worries you: a good home will talk about it openly.',
        ],
      },
      {
        heading: 'Where the reports are',
        paragraphs: [
          'Each home page here lists the reports the state shows, newest first, with the counts of Type A and Type B citations, and links to the state\'s own record of the home, where the full reports can be read.',
        ],
      },
    ],
  },

  'assisted-living-waiver': {
    summary:
      'The Medi-Cal Assisted Living Waiver helps people who are eligible for Medi-Cal and need the level of care of a nursing facility to live in a participating residential care home instead.',
    sections: [
      {
        heading: 'What it pays for',
        paragraphs: [
          'The waiver pays for care services only; it does not pay for room and board. Residents pay room and board themselves, often from their income, at a rate the program sets.',
        ],
      },
      {
        heading: 'Who qualifies',
        paragraphs: [
          'A person generally must be eligible for full-scope Medi-Cal, be 21 or older, need the level of care a nursing facility provides, and live in a county where the waiver is offered. The program has limited places, and there is often a waiting list. A care coordination agency assesses each person and arranges the services.',
        ],
      },
      {
        heading: 'Which homes take part',
        paragraphs: [
          'The state health-care-services department publishes a list of participating homes. This site matches that list to the licensing roster and shows, on each home page, whether the home is on the list and the date of the list. A home missing from the list is not on file, which is not a verified no: the list changes, and names and addresses do not always match.',
        ],
        links: [['Homes on the Assisted Living Waiver list', '/waiver']],
      },
      {
        heading: 'How to apply',
        paragraphs: [
          'Ask a participating home which care coordination agency serves it, or contact your county\'s Medi-Cal office. Ask about the waiting list before you plan a move around the waiver.',
        ],
      },
    ],
  },

  'paying-for-care': {
    summary:
      'Residential care is mostly paid for privately, month by month. A starting rate is only the beginning: care needs, room type and extra services change the monthly cost.',
    sections: [
      {
        heading: 'What a starting rate leaves out',
        paragraphs: [
          'A starting rate is what a home charges for its least costly room and basic care. Many homes add charges by level of care, for medicine management, incontinence care or memory care, and for a private room. Ask each home for its full rate sheet and how it assesses care levels.',
          'Where this site shows a rate, it quotes where the figure comes from: a home\'s own rate published on a listing site, a rate the listing site says the home confirmed, an estimate from comparable homes nearby, or a county\'s typical starting range. Only the home\'s own rate is a price; confirm it with the home.',
        ],
      },
      {
        heading: 'Ways to pay',
        list: [
          'Private funds: income, savings, or the sale of a home.',
          'Long-term care insurance: many policies cover residential care; check the policy\'s conditions and waiting period.',
          'Veterans\' benefits: a veteran or surviving spouse may qualify for a pension with an added allowance for care.',
          'The Medi-Cal Assisted Living Waiver: for eligible people in participating homes; it pays for care services, not room and board.',
          'SSI/SSP: some homes accept residents whose income is Supplemental Security Income with the state supplement for residential care.',
        ],
        paragraphs: ['Each program has its own rules and waiting times; ask the program and the home before you rely on it.'],
        links: [['The Medi-Cal Assisted Living Waiver', '/guides/assisted-living-waiver']],
      },
      {
        heading: 'Before you sign',
        paragraphs: [
          'Read the admission agreement in full. It must state the rates, what they include, how and when they can rise, and the refund rules when a resident leaves. Ask how much notice the home gives before a rate increase.',
        ],
      },
    ],
  },
};
