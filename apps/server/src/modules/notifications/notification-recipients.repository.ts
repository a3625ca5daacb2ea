import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type Executor = Db | Transaction<Database>;

/** Who in a workspace asked for what, read inside the event's transaction. */
export function createRecipientsRepository() {
  return {
    /** Members with Telegram on, this alert on, and a linked chat. */
    telegramRecipients(
      trx: Executor,
      workspaceId: number,
      alert: 'telegram_print_done' | 'telegram_video_failure_alert',
    ) {
      return trx
        .selectFrom('memberships as m')
        .innerJoin('notification_settings as s', (join) =>
          join.onRef('s.user_id', '=', 'm.user_id').onRef('s.workspace_id', '=', 'm.workspace_id'),
        )
        .innerJoin('telegram_links as l', 'l.user_id', 'm.user_id')
        .select(['m.user_id', 'l.chat_id'])
        .where('m.workspace_id', '=', workspaceId)
        .where('s.telegram_enabled', '=', 1)
        .where(`s.${alert}`, '=', 1)
        .orderBy('m.user_id')
        .execute();
    },

    /** Members with e-mail and the video failure alert on. */
    emailVideoFailureRecipients(trx: Executor, workspaceId: number) {
      return trx
        .selectFrom('memberships as m')
        .innerJoin('notification_settings as s', (join) =>
          join.onRef('s.user_id', '=', 'm.user_id').onRef('s.workspace_id', '=', 'm.workspace_id'),
        )
        .select('m.user_id')
        .where('m.workspace_id', '=', workspaceId)
        .where('s.email_enabled', '=', 1)
        .where('s.email_video_failure_alert', '=', 1)
        .orderBy('m.user_id')
        .execute();
    },

    /** Every browser that opted in, of every member of the workspace. */
    pushRecipients(trx: Executor, workspaceId: number) {
      return trx
        .selectFrom('push_subscriptions as p')
        .innerJoin('memberships as m', 'm.user_id', 'p.user_id')
        .select(['p.id', 'p.user_id'])
        .where('m.workspace_id', '=', workspaceId)
        .orderBy('p.id')
        .execute();
    },

    async workspaceName(trx: Executor, workspaceId: number): Promise<string> {
      const row = await trx
        .selectFrom('workspaces')
        .select('name')
        .where('id', '=', workspaceId)
        .executeTakeFirst();
      return row?.name ?? '';
    },
  };
}

export type RecipientsRepository = ReturnType<typeof createRecipientsRepository>;
