import type { FastifyInstance } from 'fastify';
import { fieldError } from './app-error.js';

/** Far deeper than any body of this API, far shallower than what overflows a recursive walk. */
export const MAX_JSON_DEPTH = 32;

/** The nesting depth of a parsed JSON value, walked without recursion. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * Every route's JSON body, parsed by Fastify's own parser (prototype poisoning refused), then
 * refused with a field error when nested deeper than MAX_JSON_DEPTH: issue 23's 5,000-deep
 * body overflowed the idempotency fingerprint into a 500.
 */
export function registerJsonDepthLimit(server: FastifyInstance): void {
  const parseJson = server.getDefaultJsonParser('error', 'error');
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string': the body is a string; the type also allows a Buffer
    const text = typeof body === 'string' ? body : body.toString('utf8');
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      if (jsonDepth(value) > MAX_JSON_DEPTH) {
        return done(
          fieldError('(body)', `Nested deeper than ${MAX_JSON_DEPTH} levels.`),
          undefined,
        );
      }
      done(null, value);
    });
  });
}
