// GET /healthz: alive, and which snapshot and overlay this instance serves. Never cached.
import type { Plugin } from '@hapi/hapi';
import Joi from 'joi';
import { failValidation, inputs } from './rest/validation.ts';
import { requestSnapshot, type Services } from './services.ts';

export const healthPlugin: Plugin<Services> = {
  name: 'health',
  register(server, services) {
    server.route({
      method: 'GET',
      path: '/healthz',
      options: {
        cache: { otherwise: 'no-store' },
        validate: { ...inputs({ query: Joi.object({}) }), failAction: failValidation() },
      },
      handler: (request) => {
        const snapshot = requestSnapshot(request, services.snapshots);
        const overlay = services.overlays.current;
        return {
          status: 'ok',
          snapshot: {
            file: snapshot.file,
            snapshot_date: snapshot.meta.snapshotDate,
            run_id: snapshot.meta.runId,
            roster_as_of: snapshot.meta.rosterAsOf,
          },
          overlay: { loaded_at: overlay.loadedAt, reviews_held: overlay.reviewsHeld, handoff_mode: overlay.handoffMode },
          usage: services.usage.totals(),
        };
      },
    });
  },
};
