// get_home: one home's full flat record, any status (closed licenses included, marked as such).
import * as z from 'zod/v4';
import { GET_HOME_CHANGES, homeRecentChanges, recentChanges } from '../changes.ts';
import { uncachedHomeRecord } from '../../records/home-record.ts';
import { mcpDataDates, mcpFullRecord } from '../record.ts';
import { dataDates, fullRecord, licenseArg, strictInput } from '../schemas.ts';
import { defineTool } from '../tool.ts';
import { licenseOrRefuse, notOnRoster, READING_NOTES } from './common.ts';
import { cardLink } from '../cards/catalog.ts';

const input = strictInput({ license_number: licenseArg });

const output = z.object({
  home: fullRecord,
  reading_notes: z
    .object({ not_on_file: z.string(), never_in_this_data: z.string(), fairness_note: z.string(), price: z.string() })
    .describe('How to pass this record on honestly.'),
  data_dates: dataDates,
  changes: recentChanges,
});

export const getHome = defineTool({
  name: 'get_home',
  title: "Get one home's full record",
  description:
    "One care home's full record from California's licensing data, by license number (any status: a closed license is returned with " +
    'license.closed true and a dated closed_note; its approvals are history, not current). Carries address, roster phone, licensee, beds, ' +
    'license status (also the live status with its check date), care approvals with their date and any under correction review ' +
    "(clearances.under_review; those read not_on_file), service designations, Medi-Cal waiver, price block (quote price.line), state-report " +
    "tallies, disputes, state_record_url and links (page to cite, markdown, corrections). " +
    `changes: the newest ${GET_HOME_CHANGES} changes seen on its state record (dated, in plain words; a change is not a verdict) and the whole log's address. ` +
    "Tri-state values read 'not on file' in words, never 'no'. Nothing here says whether a bed is open: openings are learned by phone.",
  input,
  output,
  ui: cardLink('home'),
  run(args, call) {
    const license = licenseOrRefuse(args.license_number);
    const context = call.context();
    const record = uncachedHomeRecord(context, license) ?? notOnRoster(license);
    // Built per call: under real traffic nearly every call asks for a home not asked for before,
    // so keeping answers would only cost memory and a freeze on each first touch.
    return {
      home: mcpFullRecord(context, record),
      reading_notes: READING_NOTES,
      data_dates: mcpDataDates(context.snapshot),
      changes: homeRecentChanges(context, context.filler.baseUrl, license),
    };
  },
});
