import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { RELEASE_VERSION } from '@printdeck/shared';

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable operationId from the method and the path, e.g. `POST /api/printers/:id/files/` →
 * `postPrintersByIdFiles`, so generated clients get one name per operation.
 */
export function toOperationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':')
        ? `By${capitalize(segment.slice(1))}`
        : segment.split(/[-_.]/).map(capitalize).join(''),
    );
  return method.toLowerCase() + words.join('');
}

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
    // every operation named; public ones need no credential
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const method = [input.route.method].flat()[0] ?? 'get';
      const schema = {
        operationId: toOperationId(method, input.url),
        ...transformed.schema,
        ...(input.route.config?.isPublic === true ? { security: [] } : {}),
      };
      return { ...transformed, schema };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
