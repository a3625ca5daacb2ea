import type { Db } from '../../db/database.js';

/** The user's TOTP secret and recovery codes, and the sessions' re-authentication time. */
export function createTwoFactorRepository(db: Db) {
  return {
    async setPendingSecret(userId: number, sealedSecret: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ totp_secret: sealedSecret, totp_enabled_on: null, totp_last_step: null })
        .where('id', '=', userId)
        .where('totp_enabled_on', 'is', null)
        .execute();
    },

    /**
     * Turns two-factor on with fresh recovery codes, in one transaction; the session that did it
     * proved the code, every other session of the user ends (issue 23).
     */
    async enable(
      userId: number,
      input: { nowIso: string; step: number; codeHashes: string[]; sessionId: string },
    ) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sessions')
          .set({ second_factor_on: input.nowIso })
          .where('id', '=', input.sessionId)
          .execute();
        await trx
          .updateTable('sessions')
          .set({ revoked_on: input.nowIso })
          .where('user_id', '=', userId)
          .where('id', '!=', input.sessionId)
          .where('revoked_on', 'is', null)
          .execute();
        await trx
          .updateTable('users')
          .set({ totp_enabled_on: input.nowIso, totp_last_step: input.step })
          .where('id', '=', userId)
          .execute();
        await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
        await trx
          .insertInto('user_recovery_codes')
          .values(
            input.codeHashes.map((code_hash) => ({
              user_id: userId,
              code_hash,
              created_on: input.nowIso,
              used_on: null,
            })),
          )
          .execute();
      });
    },

    async disable(userId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ totp_secret: null, totp_enabled_on: null, totp_last_step: null })
          .where('id', '=', userId)
          .execute();
        await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
      });
    },

    /** Records the step a code was used in; false when a racing request used it (or a later one). */
    async claimStep(userId: number, step: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ totp_last_step: step })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Uses a recovery code up; false when it is unknown or was used. */
    async claimRecoveryCode(userId: number, codeHash: string, nowIso: string): Promise<boolean> {
      const result = await db
        .updateTable('user_recovery_codes')
        .set({ used_on: nowIso })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_on', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** `withSecondFactor`: the code came along, so the session is now password + code. */
    async markReauthenticated(
      sessionId: string,
      nowIso: string,
      withSecondFactor: boolean,
    ): Promise<void> {
      await db
        .updateTable('sessions')
        .set(
          withSecondFactor
            ? { reauth_on: nowIso, second_factor_on: nowIso }
            : { reauth_on: nowIso },
        )
        .where('id', '=', sessionId)
        .execute();
    },

    async findReauthTime(sessionId: string): Promise<string | null> {
      const row = await db
        .selectFrom('sessions')
        .select('reauth_on')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return row?.reauth_on ?? null;
    },

    async hasSecondFactor(sessionId: string): Promise<boolean> {
      const row = await db
        .selectFrom('sessions')
        .select('second_factor_on')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return Boolean(row?.second_factor_on);
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
