import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A weak validator of a JSON answer: equal content, whatever the encoding on the wire. */
export function weakEtagOf(body: unknown): string {
  return `W/"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
}

function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Answers the body with its ETag, or 304 without a body when the caller already holds it
 * (RFC 9110 §13.1.2: If-None-Match compares weakly).
 */
export function replyWithEtag<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  body: T,
): T | FastifyReply {
  const etag = weakEtagOf(body);
  void reply.header('etag', etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return body;
}
