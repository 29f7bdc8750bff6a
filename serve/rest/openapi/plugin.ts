// GET /openapi.json: the REST contract, built once from the registered routes.
import type { Plugin } from '@hapi/hapi';
import Joi from 'joi';
import type { Services } from '../../http/services.ts';
import { failValidation, inputs } from '../../http/validation.ts';
import { buildOpenApiDocument } from './document.ts';

export const openApiPlugin: Plugin<Services> = {
  name: 'openapi',
  register(server, services) {
    let document: string | null = null;
    server.route({
      method: 'GET',
      path: '/openapi.json',
      options: {
        cache: { otherwise: 'public, s-maxage=3600, stale-while-revalidate=86400' },
        validate: { ...inputs({ query: Joi.object({}) }), failAction: failValidation() },
      },
      handler: (request, h) => {
        // Routes are fixed once the server starts, so the document is built on first use only.
        document ??= JSON.stringify(buildOpenApiDocument(request.server, services.settings.baseUrl));
        return h.response(document).type('application/json; charset=utf-8');
      },
    });
  },
};
