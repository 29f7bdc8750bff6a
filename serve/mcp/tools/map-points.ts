// map_points: for the homes card alone (MCP Apps visibility ["app"]): the map point of each home a
// list showed, so the card pins them without the list tools carrying coordinates the model does not
// need. Hosts keep it out of the model's tool list, and this server lists it only to a request that
// declares the extension (see listsAppOnlyTools in server.ts).
import * as z from 'zod/v4';
import { homeRecords } from '../../records/home-record.ts';
import { cardLink } from '../cards/catalog.ts';
import { MAP_POINTS_NOTE } from '../../words/wording.ts';
import { licenseArg, strictInput } from '../schemas.ts';
import { defineTool } from '../tool.ts';
import { LIST_MAX_LIMIT } from './find-homes.ts';
import { licenseOrRefuse } from './common.ts';

const input = strictInput({
  license_numbers: z.array(licenseArg).min(1).max(LIST_MAX_LIMIT).describe(`1 to ${LIST_MAX_LIMIT} license numbers from a list the card shows.`),
});

const output = z.object({
  points: z
    .array(z.object({ license_number: z.string(), latitude: z.number().nullable(), longitude: z.number().nullable() }))
    .describe('One per license asked for, in the order asked; null coordinates: no map location on file.'),
  note: z.string(),
});

export const mapPoints = defineTool({
  name: 'map_points',
  title: 'Map points of listed homes (for the homes card)',
  description: 'For the homes card only: the map point of each home in a list the card shows, in the order asked. An assistant has no need of it.',
  input,
  output,
  ui: { ...cardLink('homes'), visibility: ['app'] },
  run(args, call) {
    const licenses = args.license_numbers.map((entry) => licenseOrRefuse(entry, 'license_numbers entry'));
    const byLicense = new Map(homeRecords(call.context(), licenses).map((record) => [record.license, record.detail.location.value]));
    return {
      points: licenses.map((license) => {
        const point = byLicense.get(license) ?? null;
        return { license_number: license, latitude: point?.latitude ?? null, longitude: point?.longitude ?? null };
      }),
      note: MAP_POINTS_NOTE,
    };
  },
});
