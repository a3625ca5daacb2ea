import type { Db } from '../../db/database.js';
import type { MailTokensTable } from '../../db/schema.js';

export function createMailTokensRepository(db: Db) {
  return {
    async insertMailToken(token: Omit<MailTokensTable, 'used_on'>): Promise<void> {
      await db
        .insertInto('mail_tokens')
        .values({ ...token, used_on: null })
        .execute();
    },

    findUsableMailToken(tokenHash: string, purpose: MailTokensTable['purpose'], nowIso: string) {
      return db
        .selectFrom('mail_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_on', 'is', null)
        .where('expires_on', '>', nowIso)
        .executeTakeFirst();
    },

    /** Single use: only the first caller gets true, even when two requests race. */
    async claimMailToken(tokenHash: string, nowIso: string, trx: Db = db): Promise<boolean> {
      const result = await trx
        .updateTable('mail_tokens')
        .set({ used_on: nowIso })
        .where('token_hash', '=', tokenHash)
        .where('used_on', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Every other unused token of this address and purpose is used up too (one reset wins). */
    async useUpOtherTokens(
      email: string,
      purpose: MailTokensTable['purpose'],
      nowIso: string,
      trx: Db,
    ): Promise<void> {
      await trx
        .updateTable('mail_tokens')
        .set({ used_on: nowIso })
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .where('used_on', 'is', null)
        .execute();
    },
  };
}

export type MailTokensRepository = ReturnType<typeof createMailTokensRepository>;
