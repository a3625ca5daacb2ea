import type { Db } from '../../db/database.js';

export interface IdempotencyClaim {
  caller: string;
  key: string;
  fingerprint: string;
  method: string;
  path: string;
  createdOn: string;
  expiresOn: string;
  /** a claim still in flight that was made before this died with its request: taken over */
  staleBefore: string;
}

export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string | null;
}

/** The only place that builds SQL for idempotency keys. */
export function createIdempotencyRepository(db: Db) {
  return {
    /**
     * Claims (caller, key) for a new request; the unique constraint decides between instances
     * racing on the same key. Answers the row's id, or null when the key is already taken.
     */
    async claimKey(claim: IdempotencyClaim): Promise<number | null> {
      // a key past its day is free again, and so is one whose request died in flight
      await db
        .deleteFrom('idempotency_keys')
        .where('caller', '=', claim.caller)
        .where('idempotency_key', '=', claim.key)
        .where((eb) =>
          eb.or([
            eb('expires_on', '<=', claim.createdOn),
            eb.and([eb('status', 'is', null), eb('created_on', '<=', claim.staleBefore)]),
          ]),
        )
        .execute();
      const row = await db
        .insertInto('idempotency_keys')
        .values({
          caller: claim.caller,
          idempotency_key: claim.key,
          fingerprint: claim.fingerprint,
          method: claim.method,
          path: claim.path,
          status: null,
          content_type: null,
          body: null,
          created_on: claim.createdOn,
          completed_on: null,
          expires_on: claim.expiresOn,
        })
        .onConflict((conflict) => conflict.columns(['caller', 'idempotency_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    findKey(caller: string, key: string) {
      return db
        .selectFrom('idempotency_keys')
        .select(['id', 'fingerprint', 'status', 'content_type', 'body', 'expires_on'])
        .where('caller', '=', caller)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },

    async storeAnswer(id: number, answer: StoredAnswer, completedOn: string): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({
          status: answer.status,
          content_type: answer.contentType,
          body: answer.body,
          completed_on: completedOn,
        })
        .where('id', '=', id)
        .where('status', 'is', null)
        .execute();
    },

    /** Deletes at most `limit` keys past their day; answers how many went. */
    async deleteExpiredKeys(now: string, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('idempotency_keys')
        .where(
          'id',
          'in',
          db
            .selectFrom('idempotency_keys')
            .select('id')
            .where('expires_on', '<=', now)
            .orderBy('expires_on')
            .limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
