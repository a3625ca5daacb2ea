import type { Db } from '../../db/database.js';

export function createTelegramLinksRepository(db: Db) {
  return {
    findLink(userId: number) {
      return db
        .selectFrom('telegram_links')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * Links the member to the chat in one transaction: a chat belongs to one member, a member has
     * one chat. `payloadHash` (a widget login) is recorded so the same payload cannot come again;
     * false when it was already used.
     */
    async linkChat(input: {
      userId: number;
      chatId: string;
      username: string | null;
      nowIso: string;
      payloadHash?: string;
      codeHash?: string;
    }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (input.payloadHash) {
          const used = await trx
            .insertInto('telegram_login_uses')
            .values({ payload_hash: input.payloadHash, used_on: input.nowIso })
            .onConflict((oc) => oc.column('payload_hash').doNothing())
            .executeTakeFirst();
          if (Number(used.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
        }
        await trx
          .deleteFrom('telegram_links')
          .where((eb) =>
            eb.or([eb('user_id', '=', input.userId), eb('chat_id', '=', input.chatId)]),
          )
          .execute();
        await trx
          .insertInto('telegram_links')
          .values({
            user_id: input.userId,
            chat_id: input.chatId,
            telegram_username: input.username,
            linked_on: input.nowIso,
          })
          .execute();
        return true;
      });
    },

    async unlink(userId: number): Promise<void> {
      await db.deleteFrom('telegram_links').where('user_id', '=', userId).execute();
    },

    async pruneLoginUses(beforeIso: string): Promise<void> {
      await db.deleteFrom('telegram_login_uses').where('used_on', '<', beforeIso).execute();
    },

    async insertLinkCode(row: {
      code_hash: string;
      user_id: number;
      created_on: string;
      expires_on: string;
    }): Promise<void> {
      await db
        .insertInto('telegram_link_codes')
        .values({ ...row, used_on: null })
        .execute();
    },

    /** Uses a deep-link code once: the member it was made for, or undefined. */
    async claimLinkCode(codeHash: string, nowIso: string): Promise<number | undefined> {
      const row = await db
        .updateTable('telegram_link_codes')
        .set({ used_on: nowIso })
        .where('code_hash', '=', codeHash)
        .where('used_on', 'is', null)
        .where('expires_on', '>', nowIso)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },

    async readOffset(): Promise<number> {
      const row = await db
        .selectFrom('telegram_bot_state')
        .select('value')
        .where('name', '=', 'updates_offset')
        .executeTakeFirst();
      return row ? Number(row.value) : 0;
    },

    async saveOffset(offset: number): Promise<void> {
      await db
        .insertInto('telegram_bot_state')
        .values({ name: 'updates_offset', value: String(offset) })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: String(offset) }))
        .execute();
    },
  };
}

export type TelegramLinksRepository = ReturnType<typeof createTelegramLinksRepository>;
