import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A weak validator of a JSON answer: equal content, whatever the encoding on the wire. */
export function weakEtagOf(body: unknown): string {
  return weakEtagOfJson(JSON.stringify(body));
}

/** The same validator, of a body already turned into JSON (so it is not turned twice). */
function weakEtagOfJson(json: string | Buffer): string {
  return `W/"${createHash('sha1').update(json).digest('base64url')}"`;
}

function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Answers the body with its ETag, or 304 without a body when the caller already holds it
 * (RFC 9110 §13.1.2: If-None-Match compares weakly). The body is turned into JSON and its
 * UTF-8 bytes once: the ETag hashes those bytes and the answer sends them as they are (fastify
 * does not serialize them again, the compression reads them without encoding a string again),
 * so the route's response schema documents the shape but does not check it here; a test of the
 * route does (issue 31: each poll was stringified twice, then encoded twice).
 */
export function replyWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): FastifyReply {
  const json = Buffer.from(JSON.stringify(body));
  const etag = weakEtagOfJson(json);
  void reply.header('etag', etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}
