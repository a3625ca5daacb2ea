import type { FastifySchema } from 'fastify';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The fields of a multipart/form-data body, for the document only: the form is streamed and
     * read by the handler, so no validator sees it. Files are `z.file()`.
     */
    multipartBody?: z.ZodType;
  }
}

/**
 * The request body of a route that takes a multipart form: the form's fields, and the JSON body
 * beside it when the route takes both. Undefined for other routes.
 */
export function multipartRequestBody(
  routeSchema: FastifySchema | undefined,
  jsonBody: unknown,
): { content: Record<string, { schema: unknown }> } | undefined {
  if (!routeSchema?.multipartBody) return undefined;
  const form = z.toJSONSchema(routeSchema.multipartBody, {
    target: 'openapi-3.0',
    io: 'input',
    unrepresentable: 'any',
  });
  delete form.$schema;
  return {
    content: {
      ...(jsonBody ? { 'application/json': { schema: jsonBody } } : {}),
      'multipart/form-data': { schema: form },
    },
  };
}
