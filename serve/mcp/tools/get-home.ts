// get_home: one home's full flat record, any status (closed licenses included, marked as such).
import * as z from 'zod/v4';
import { GET_HOME_CHANGES, homeRecentChanges, recentChanges } from '../changes.ts';
import { uncachedHomeRecord } from '../../records/home-record.ts';
import { mcpDataDates, mcpFullRecord } from '../record.ts';
import { dataDates, fullRecord, licenseArg, strictInput, answerLanguageArg } from '../schemas.ts';
import { answerLanguage } from '../language.ts';
import { defineTool } from '../tool.ts';
import { licenseOrRefuse, notOnRoster, readingNotesIn } from './common.ts';
import { cardLink } from '../cards/catalog.ts';

const input = strictInput({ license_number: licenseArg, language: answerLanguageArg });

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
    "One care home's full record from California's licensing data, by license number, any status (a closed license has " +
    'license.closed true and a dated closed_note; its approvals are history). Address, roster phone, licensee, beds, ' +
    'license status (and the live one with its check date), care approvals with their date (clearances.under_review read not_on_file), ' +
    'service designations, Medi-Cal waiver, price (quote price.line), state-report tallies, disputes, state_record_url, links (page to cite). ' +
    `changes: the newest ${GET_HOME_CHANGES} changes seen on its state record (dated; a change is not a verdict). ` +
    "Tri-state values read 'not on file', never 'no'. Nothing says whether a bed is open: openings are learned by phone.",
  input,
  output,
  ui: cardLink('home'),
  run(args, call, ctx) {
    const language = answerLanguage(args.language, ctx);
    const license = licenseOrRefuse(args.license_number);
    const context = call.context();
    const record = uncachedHomeRecord(context, license) ?? notOnRoster(license);
    // Built per call: under real traffic nearly every call asks for a home not asked for before,
    // so keeping answers would only cost memory and a freeze on each first touch.
    return {
      home: mcpFullRecord(context, record, language),
      reading_notes: readingNotesIn(language),
      data_dates: mcpDataDates(context.snapshot),
      changes: homeRecentChanges(context, context.filler.baseUrl, license, language),
    };
  },
});
