import type { Db } from '../../db/database.js';

/** The first-run claim: one row with id 1, taken once by the first account. */
export function createFirstRunRepository(db: Db) {
  return {
    /** Open while nobody claimed it and no account exists (made by the CLI or registration). */
    async isFirstRunOpen(): Promise<boolean> {
      const claim = await db.selectFrom('first_run_claims').select('id').executeTakeFirst();
      return !claim && !(await this.hasAnyUser(db));
    },

    async hasAnyUser(trx: Db): Promise<boolean> {
      return (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
    },

    /**
     * Takes the claim inside the caller's transaction; false when someone already holds it.
     * On PostgreSQL a second insert of the same key waits for the first transaction and then
     * does nothing; on SQLite transactions run one after the other.
     */
    async claimFirstRun(nowIso: string, trx: Db): Promise<boolean> {
      const result = await trx
        .insertInto('first_run_claims')
        .values({ id: 1, user_id: null, claimed_on: nowIso })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    async recordFirstAccount(userId: number, trx: Db): Promise<void> {
      await trx
        .updateTable('first_run_claims')
        .set({ user_id: userId })
        .where('id', '=', 1)
        .execute();
    },
  };
}

export type FirstRunRepository = ReturnType<typeof createFirstRunRepository>;
