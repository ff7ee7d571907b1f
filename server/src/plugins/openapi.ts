import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import type { App } from '../common/types';

export const API_DOCS_PATH = '/api/docs';

/**
 * The API describes itself: an OpenAPI document generated from the route schemas, at
 * `/api/docs/json`, and a browsable page at `/api/docs` (development; ACADEMY_API_DOCS=1 elsewhere).
 * A remote's team reads there which calls it may use and what they answer.
 */
export default fp(
  async function openApiPlugin(app: App) {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Academy API',
          version: '1',
          description:
            'Every reply is the envelope { success, data, error }; errors carry code, a text in the reader’s language and its key. ' +
            'Calls send the session cookie and the zoneId header. Per-student calls exist twice: the own address and the ' +
            'view-as-student one with ?studentId.',
        },
        components: {
          securitySchemes: {
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: 'academy_session',
              description: 'named __Host-academy_session over HTTPS',
            },
          },
        },
      },
      hideUntagged: false,
    });
    if (app.config.apiDocs) {
      await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: false });
    }
  },
  { name: 'openapi', dependencies: ['database'] },
);
