// The hand-off plan page (`/plan`) as its own plugin: pages link to it by address and import
// nothing from it. Its error pages come from the pages plugin's server-wide extension.
import type { Plugin } from '@hapi/hapi';
import { OperatorWrites } from '../operator/writes.ts';
import type { Services } from '../http/services.ts';
import { planRoutes } from './plan.ts';

export const handoffPlugin: Plugin<Services> = {
  name: 'handoff',
  register(server, services) {
    server.route(planRoutes(services, new OperatorWrites(services.operatorStore, services.log)));
  },
};
