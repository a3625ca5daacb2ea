import { createHmac, hkdfSync } from 'node:crypto';
import { isoAfter, type Clock } from '../../clock.js';
import { AppError } from '../../http/app-error.js';
import { defineRecurringJob } from '../../jobs/job-kind.js';
import type { IdempotencyRepository, StoredAnswer } from './idempotency.repository.js';

/** A key answers the same way for a day (IETF httpapi-idempotency-key: the server's choice). */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;
/** The sweep deletes keys past their day in bounded batches. */
export const SWEEP_BATCH = 500;
const SWEEP_MAX_BATCHES = 20;
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/**
 * A key still in flight after this long belongs to a request that died with its instance (a
 * crash, kill -9): the next request with the key takes it over instead of a 409 for a day. No
 * request runs this long: device commands time out in seconds, uploads stream within minutes.
 */
export const IN_FLIGHT_TIMEOUT_SECONDS = 15 * 60;

export interface IdempotentRequest {
  /** "user:<id>" or "api_key:<id>": keys of different callers never meet */
  caller: string;
  key: string;
  method: string;
  path: string;
  /** the body as the server read it, or what stands for an unread (streamed) body */
  body: unknown;
}

export type IdempotencyOutcome =
  { kind: 'first'; claimId: number } | { kind: 'replay'; answer: StoredAnswer };

/**
 * Keyed (HMAC with a key derived from the server secret): a plain hash of a body that holds a
 * password would be an unsalted password hash sitting in the database for a day.
 */
export function createFingerprinter(serverSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'printdeck', 'idempotency', 32));
  return (request: Omit<IdempotentRequest, 'caller' | 'key'>): string =>
    createHmac('sha256', key)
      .update(JSON.stringify([request.method, request.path, request.body ?? null]))
      .digest('hex');
}

export const keyReused = () =>
  new AppError(
    'idempotency_key_reused',
    'This Idempotency-Key was already used for a different request.',
  );
export const keyInUse = () =>
  new AppError(
    'idempotency_key_in_use',
    'A request with this Idempotency-Key is still being processed. Try again later.',
  );

export const answerNotKept = () =>
  new AppError(
    'idempotency_answer_not_kept',
    'The first request with this Idempotency-Key succeeded; its answer held a secret that is shown only once.',
  );

/** What a replay of an answer that held a secret gets: the secret itself is never stored. */
function answerToKeep(answer: StoredAnswer & { holdsSecret?: boolean }): StoredAnswer {
  const { holdsSecret, ...kept } = answer;
  if (!holdsSecret || answer.status >= 300) return kept;
  const error = answerNotKept();
  return {
    status: error.status,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ code: error.code, message: error.message }),
  };
}

export function createIdempotencyService(deps: {
  keys: IdempotencyRepository;
  clock: Clock;
  /** the server secret the body fingerprints are keyed with */
  serverSecret: string;
}) {
  const { keys, clock } = deps;
  const fingerprintRequest = createFingerprinter(deps.serverSecret);

  /** Deletes keys past their day, at most SWEEP_MAX_BATCHES batches per run. */
  async function sweepExpiredKeys(): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch += 1) {
      const deleted = await keys.deleteExpiredKeys(clock.now().toISOString(), SWEEP_BATCH);
      total += deleted;
      if (deleted < SWEEP_BATCH) break;
    }
    return total;
  }

  return {
    /** The first request with a key runs; a repeat gets the stored answer, 409 or 422. */
    async begin(request: IdempotentRequest): Promise<IdempotencyOutcome> {
      const fingerprint = fingerprintRequest(request);
      const claimId = await keys.claimKey({
        caller: request.caller,
        key: request.key,
        fingerprint,
        method: request.method,
        path: request.path,
        createdOn: clock.now().toISOString(),
        expiresOn: isoAfter(clock, IDEMPOTENCY_KEY_TTL_SECONDS),
        staleBefore: isoAfter(clock, -IN_FLIGHT_TIMEOUT_SECONDS),
      });
      if (claimId !== null) return { kind: 'first', claimId };
      const stored = await keys.findKey(request.caller, request.key);
      // deleted by the sweep between the claim and now: the caller may send it again
      if (!stored) throw keyInUse();
      if (stored.fingerprint !== fingerprint) throw keyReused();
      if (stored.status === null) throw keyInUse();
      return {
        kind: 'replay',
        answer: { status: stored.status, contentType: stored.content_type, body: stored.body },
      };
    },

    /** Stores the answer a repeat gets; one that held a secret (`holdsSecret`) is not kept. */
    async complete(
      claimId: number,
      answer: StoredAnswer & { holdsSecret?: boolean },
    ): Promise<void> {
      await keys.storeAnswer(claimId, answerToKeep(answer), clock.now().toISOString());
    },

    /** Deletes keys past their day, at most SWEEP_MAX_BATCHES batches per run. */
    sweepExpiredKeys,

    /** The sweep as a recurring job: one instance of the cluster runs it every 10 minutes. */
    sweepJob: defineRecurringJob({
      name: 'idempotency.sweep',
      everyMs: SWEEP_INTERVAL_MS,
      leaseMs: 5 * 60_000,
      run: async () => {
        await sweepExpiredKeys();
      },
    }),
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
