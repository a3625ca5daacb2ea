import { ERROR_BODY_REF } from './openapi-components.js';

/** Each error status of this API (ARCHITECTURE §3): its shared response and what it means. */
export const ERROR_RESPONSES = {
  400: ['ValidationError', 'Not valid: `details` names each field and its reasons.'],
  401: ['NotAuthenticated', 'Not signed in, or the credential is not valid.'],
  403: ['Forbidden', 'Not allowed: the role or the API key scope does not cover this.'],
  404: ['NotFound', 'Not found, or in a workspace the caller is not in.'],
  408: ['DeviceTimeout', 'The printer did not answer in time.'],
  409: ['Conflict', 'Wrong state for this action, or the Idempotency-Key is still in use.'],
  413: ['PayloadTooLarge', 'Too large.'],
  415: ['UnsupportedMediaType', 'Unsupported content type.'],
  416: ['RangeNotSatisfiable', 'The requested range is not satisfiable.'],
  422: ['IdempotencyKeyReused', 'The Idempotency-Key was first sent with another request.'],
  429: ['RateLimited', 'Too many attempts: wait for Retry-After.'],
  500: ['InternalError', 'Something went wrong on our side: a generic message and the request id.'],
  503: ['Unavailable', 'Maintenance, or a service this action needs cannot be reached now.'],
} as const;

export type ErrorStatus = keyof typeof ERROR_RESPONSES;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The errors a route gives beyond those every route of its kind gives (see
     * `derivedErrorStatuses`), e.g. `errors: [408, 409]` where the device may not answer. The
     * document lists them with the shared error body; the error handler writes that body.
     */
    errors?: readonly ErrorStatus[];
  }
}

export interface RouteShape {
  method: string;
  url: string;
  isPublic: boolean;
  /** an agent's route: public to the sign-in check, authenticated by the device key itself */
  isDeviceRoute: boolean;
  /** API keys may call it: a wrong key counts against the caller's address (429) */
  acceptsApiKey: boolean;
  hasBody: boolean;
  hasQuery: boolean;
  hasParams: boolean;
  hasHeaders: boolean;
}

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
const WITH_BODY = new Set(['POST', 'PATCH', 'PUT']);

/**
 * The errors a route gives because of the hooks every request passes: validation of its
 * schemas, sign-in and API key scope (a key limited to one workspace sees others as not found),
 * Idempotency-Key on signed-in writes, the JSON body limit and content types, the limit on wrong
 * API keys, maintenance, and the unexpected. Outside /api (the slicer's OctoPrint-shaped routes)
 * only validation and the unexpected answer in the API's own error body.
 */
export function derivedErrorStatuses(route: RouteShape): ErrorStatus[] {
  const isApi = route.url.startsWith('/api/');
  const isSignedIn = isApi && !route.isPublic;
  const isWrite = WRITES.has(route.method);
  const statuses = new Set<ErrorStatus>();
  const hasSchema = route.hasBody || route.hasQuery || route.hasParams || route.hasHeaders;
  // an Idempotency-Key header that is not one is a field error too
  if (hasSchema || (isSignedIn && isWrite)) statuses.add(400);
  if (isSignedIn || route.isDeviceRoute) statuses.add(401);
  if (isSignedIn) statuses.add(403).add(404);
  if (route.hasParams) statuses.add(404);
  if (isSignedIn && isWrite) statuses.add(409).add(422);
  if (isApi && WITH_BODY.has(route.method)) statuses.add(413).add(415);
  if (isSignedIn && route.acceptsApiKey) statuses.add(429);
  statuses.add(500);
  if (isApi && route.url !== '/api/health') statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** An error response as a route schema gives it to the document: the shared error body. */
export function errorResponseSchema(status: ErrorStatus) {
  return { description: ERROR_RESPONSES[status][1], $ref: ERROR_BODY_REF };
}

/** components/responses: one response per error status, each with the shared error body. */
export function errorResponseComponents() {
  return Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(([name, description]) => [
      name,
      { description, content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } } },
    ]),
  );
}

interface ResponseObject {
  content?: Record<string, { schema?: { $ref?: string } }>;
}

/**
 * Points each operation's error responses that carry the shared error body at the shared
 * response of their status, so the document and the generated types name each one once.
 */
export function referSharedErrorResponses(paths: Record<string, Record<string, unknown>>): void {
  for (const methods of Object.values(paths)) {
    for (const operation of Object.values(methods)) {
      const responses = (operation as { responses?: Record<string, ResponseObject> }).responses;
      for (const [status, response] of Object.entries(responses ?? {})) {
        const shared = ERROR_RESPONSES[Number(status) as ErrorStatus];
        if (shared && response.content?.['application/json']?.schema?.$ref === ERROR_BODY_REF) {
          responses![status] = { $ref: `#/components/responses/${shared[0]}` } as ResponseObject;
        }
      }
    }
  }
}
