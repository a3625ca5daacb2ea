import type { Db } from '../../db/database.js';

/** Where a member is reached right now: read at send time, so an unlink or a new address counts. */
export function createDeliveryTargetsRepository(db: Db) {
  return {
    findMember(userId: number) {
      return db
        .selectFrom('users as u')
        .leftJoin('telegram_links as l', 'l.user_id', 'u.id')
        .select(['u.id', 'u.email', 'u.language', 'l.chat_id'])
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },

    findPushSubscription(id: number) {
      return db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },

    listPushSubscriptions(userId: number) {
      return db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    async deletePushSubscription(id: number): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },
  };
}

export type DeliveryTargetsRepository = ReturnType<typeof createDeliveryTargetsRepository>;
