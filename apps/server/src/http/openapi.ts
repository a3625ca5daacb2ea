import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { RELEASE_VERSION } from '@printdeck/shared';

/** OpenAPI generated from the route schemas, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // The documentation itself is public; it describes, it does not expose data.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, isPublic: true };
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Printdeck API', version: RELEASE_VERSION },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
