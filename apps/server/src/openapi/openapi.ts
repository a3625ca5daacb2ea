import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { RELEASE_VERSION } from '@printdeck/shared';
import { apiSchemaRegistry, pruneUnusedComponents } from './openapi-components.js';
import {
  ERROR_RESPONSES,
  type ErrorStatus,
  derivedErrorStatuses,
  errorResponseComponents,
  errorResponseSchema,
  referSharedErrorResponses,
} from './openapi-errors.js';
import { describeEventStream } from './openapi-event-stream.js';
import { multipartRequestBody } from './openapi-multipart.js';
import { SECURITY_SCHEMES, isDeviceRoute, securityOf } from './openapi-security.js';

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

// the components in OpenAPI 3.0's dialect, as the operations are (the library's default is 2020-12)
const zodToJsonConfig = { target: 'openapi-3.0' } as const;
const toJsonSchemas = createJsonSchemaTransform({
  schemaRegistry: apiSchemaRegistry,
  zodToJsonConfig,
});
const toComponents = createJsonSchemaTransformObject({
  schemaRegistry: apiSchemaRegistry,
  zodToJsonConfig,
});

/** Routes that declare no answer of their own send a file: an image, a video, G-code. */
const FILE_BODY = {
  description: "The file's bytes; Content-Type names their kind.",
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
};

type SwaggerTransform = Parameters<typeof toJsonSchemas>[0];
type DocumentTransform = Parameters<typeof toComponents>[0];

/**
 * One operation of the document: its name, its credentials, its request body when it is a
 * multipart form, and every error it can give (its own and those of the hooks every request
 * passes), each with the shared error body.
 */
function describeOperation(input: SwaggerTransform) {
  const transformed = toJsonSchemas(input);
  const routeSchema = input.route.schema ?? {};
  const method = [input.route.method].flat()[0] ?? 'GET';
  const isPublic = input.route.config?.isPublic === true;
  const response: Record<string, unknown> = { ...(transformed.schema?.response ?? {}) };
  const security = securityOf({ method, url: input.url, isPublic });
  const errorStatuses = derivedErrorStatuses({
    method,
    url: input.url,
    isPublic,
    isDeviceRoute: isDeviceRoute(input.url),
    acceptsApiKey: security.some((requirement) => 'apiKey' in requirement),
    hasBody: routeSchema.body !== undefined || routeSchema.multipartBody !== undefined,
    hasQuery: routeSchema.querystring !== undefined,
    hasParams: routeSchema.params !== undefined,
    hasHeaders: routeSchema.headers !== undefined,
  });
  for (const status of [...errorStatuses, ...(routeSchema.errors ?? [])]) {
    response[status] ??= errorResponseSchema(status);
  }
  describeErrorResponses(response);
  describeEventStream(routeSchema, response);
  if (!Object.keys(response).some((status) => Number(status) < 400)) response[200] = FILE_BODY;
  const {
    multipartBody: _form,
    errors: _errors,
    eventStream: _eventStream,
    ...rest
  } = transformed.schema ?? {};
  const body = multipartRequestBody(input.route.schema, transformed.schema?.body);
  return {
    ...transformed,
    schema: {
      operationId: toOperationId(method, input.url),
      ...rest,
      ...(body ? { body } : {}),
      response,
      security,
    },
  };
}

/** Error responses a route declares itself (OctoPrint's shape) say what their status means. */
function describeErrorResponses(response: Record<string, unknown>): void {
  for (const [status, schema] of Object.entries(response)) {
    const known = ERROR_RESPONSES[Number(status) as ErrorStatus];
    if (known && typeof schema === 'object' && schema && !('description' in schema)) {
      response[status] = { ...schema, description: known[1] };
    }
  }
}

function describeDocument(input: DocumentTransform): ReturnType<typeof toComponents> {
  const document = toComponents(input) as {
    paths?: Record<string, Record<string, unknown>>;
    components?: { schemas?: Record<string, unknown> };
  };
  const { components = {}, paths = {} } = document;
  referSharedErrorResponses(paths);
  const responses = errorResponseComponents();
  const schemas = pruneUnusedComponents([paths, responses], components.schemas ?? {});
  return { ...document, components: { ...components, schemas, responses } } as ReturnType<
    typeof toComponents
  >;
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
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: describeOperation,
    transformObject: describeDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
