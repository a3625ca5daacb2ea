import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotencyService } from '../modules/idempotency/idempotency.service.js';
import { fieldError } from './app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** the claim this request holds on its Idempotency-Key; its answer is stored on send */
    idempotencyClaim: { id: number; isStored: boolean } | null;
  }
  interface FastifyContextConfig {
    /** The answer holds a secret shown once (a new key, a TOTP seed): it is never stored. */
    answerHoldsSecret?: boolean;
  }
}

const NON_IDEMPOTENT_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
/** IETF httpapi-idempotency-key: an sf-string; clients send a UUID, quoted or not. */
const KEY_PATTERN = /^"?([\x20-\x21\x23-\x7e]{1,255})"?$/;

function readKey(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const match = typeof header === 'string' ? KEY_PATTERN.exec(header.trim()) : null;
  if (!match) {
    throw fieldError('Idempotency-Key', 'Must be 1 to 255 printable characters, sent once.');
  }
  return match[1]!;
}

/** What stands for the body: the parsed JSON, or the size of a streamed upload. */
function readBodyForFingerprint(request: FastifyRequest): unknown {
  if (request.body !== undefined) return request.body;
  return { contentLength: request.headers['content-length'] ?? null };
}

function payloadText(payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
}

async function storeAnswer(
  service: IdempotencyService,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<void> {
  const claim = request.idempotencyClaim;
  if (!claim || claim.isStored) return;
  claim.isStored = true;
  const contentType = reply.getHeader('content-type');
  const holdsSecret = request.routeOptions.config.answerHoldsSecret === true;
  try {
    await service.complete(claim.id, {
      status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : null,
      body: payloadText(payload),
      holdsSecret,
    });
  } catch (error) {
    request.log.error({ err: error }, 'storing the answer to an idempotency key failed');
  }
}

/**
 * Every signed-in POST, PATCH, PUT or DELETE with an Idempotency-Key runs once per caller and
 * key: a repeat (a browser re-sending a request answered 408, a client's retry) gets the first
 * answer without the action running again. Keys live in the database, so any instance answers.
 */
export function registerIdempotency(app: FastifyInstance, service: IdempotencyService): void {
  app.decorateRequest('idempotencyClaim', null);
  app.addHook('preHandler', async (request, reply) => {
    if (!NON_IDEMPOTENT_METHODS.has(request.method) || !request.auth) return;
    const key = readKey(request);
    if (key === null) return;
    const { auth } = request;
    const outcome = await service.begin({
      caller: auth.via === 'api_key' ? `api_key:${auth.apiKeyId}` : `user:${auth.userId}`,
      key,
      method: request.method,
      path: request.url,
      body: readBodyForFingerprint(request),
    });
    if (outcome.kind === 'first') {
      request.idempotencyClaim = { id: outcome.claimId, isStored: false };
      return;
    }
    const { answer } = outcome;
    void reply.code(answer.status).header('idempotent-replayed', 'true');
    if (answer.contentType) void reply.header('content-type', answer.contentType);
    return reply.send(answer.body ?? undefined);
  });
  // before compression (registered later), so the stored body is the plain text
  app.addHook('onSend', async (request, reply, payload) => {
    await storeAnswer(service, request, reply, payload);
    return payload;
  });
  // a request whose answer never passed onSend (the client went away) still stops being in flight
  app.addHook('onResponse', async (request, reply) => {
    await storeAnswer(service, request, reply, null);
  });
}
