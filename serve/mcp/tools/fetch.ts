// fetch: one home's page as Markdown (the pages surface renders it) with its canonical HTML URL,
// as assistants' connectors expect after search.
import * as z from 'zod/v4';
import { licenseNumberFrom } from '../../../contract/names.ts';
import { withMarkdownNotice } from '../../web/markdown.ts';
import { homeMarkdown } from '../../shape/home-markdown.ts';
import { uncachedHomeRecord } from '../../records/home-record.ts';
import { STATE_SOURCE } from '../../words/wording.ts';
import { strictInput, textArg } from '../schemas.ts';
import { defineTool, refuse } from '../tool.ts';
import { notOnRoster, shown } from './common.ts';
import { answerLanguage } from '../language.ts';

const input = strictInput({
  id: textArg('id', 1, 300).describe("An id from search: the home's 9-digit license number (its page URL works too)."),
});

const output = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string().describe('Markdown.'),
  url: z.string().describe('The canonical HTML page: cite this, never the .md address.'),
  metadata: z.object({
    license_number: z.string(),
    license_status: z.string().nullable(),
    license_closed: z.boolean(),
    city: z.string().nullable(),
    county: z.string().nullable(),
    markdown_url: z.string(),
    state_record_url: z.string(),
    source: z.string(),
    retrieved_on: z.string().nullable().describe('The snapshot date of the record.'),
  }),
});

/** The license an id means: a license number, or a home page URL ending in -<license>. */
function licenseOf(id: string): string | null {
  const direct = licenseNumberFrom(id);
  if (direct !== null) return direct;
  const fromUrl = /-(\d{9})(?:\.md)?\/?(?:[?#].*)?$/.exec(id.trim());
  return fromUrl ? fromUrl[1]! : null;
}

export const fetchTool = defineTool({
  name: 'fetch',
  title: "Fetch a home's page",
  description:
    "Fetch one care home's page as Markdown by the id search returned (the license number). The page carries the state record in plain " +
    'words: license, care approvals with source and date, starting-rate line, state visits and reports, how to call, quick answers. ' +
    'url is the canonical page to cite. Nothing in it says whether a bed is open: openings are learned by phone.',
  input,
  output,
  run(args, call, ctx) {
    const license = licenseOf(args.id);
    // An /es page asked for is the Spanish page; a bare id follows the host's locale.
    const language = /^(?:https?:\/\/[^/]+)?\/es\//.test(args.id.trim()) ? 'es' : answerLanguage(undefined, ctx);
    if (license === null) refuse(`id "${shown(args.id)}" is not a home id: send an id from search (a 9-digit license number).`);
    const context = call.context();
    const record = uncachedHomeRecord(context, license) ?? notOnRoster(license);
    const page = homeMarkdown(context, record, language);
    const home = record.compact;
    return {
      id: license,
      title: page.title,
      // Demo data says so here too, as the page's own Markdown twin does.
      text: context.snapshot.meta.demoData ? withMarkdownNotice(page.markdown, language) : page.markdown,
      url: page.canonicalUrl,
      metadata: {
        license_number: license,
        license_status: home.license_status,
        license_closed: home.license_closed,
        city: home.city,
        county: home.county,
        markdown_url: language === 'es' ? `${page.canonicalUrl}.md` : home.markdown,
        state_record_url: record.row.state_record_url,
        source: STATE_SOURCE,
        retrieved_on: context.snapshot.meta.snapshotDate,
      },
    };
  },
});
