import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { NewsTable } from '../../db/schema.js';

export type NewsRow = Selectable<NewsTable>;

export function createNewsRepository(db: Db) {
  const published = (nowIso: string) =>
    db.selectFrom('news as n').where('n.publish_from', '<=', nowIso);

  return {
    /** Published items, newest first, each with whether this user has read it. */
    listPublished(userId: number, nowIso: string, limit: number) {
      return published(nowIso)
        .leftJoin('news_reads as r', (join) =>
          join.onRef('r.news_id', '=', 'n.id').on('r.user_id', '=', userId),
        )
        .selectAll('n')
        .select(sql<number>`case when r.user_id is null then 0 else 1 end`.as('is_read'))
        .orderBy('n.publish_from', 'desc')
        .orderBy('n.id', 'desc')
        .limit(limit)
        .execute();
    },

    async countUnread(userId: number, nowIso: string): Promise<number> {
      const { n } = await published(nowIso)
        .select(sql<number>`count(*)`.as('n'))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('news_reads as r')
                .select('r.news_id')
                .whereRef('r.news_id', '=', 'n.id')
                .where('r.user_id', '=', userId),
            ),
          ),
        )
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    async isPublished(newsId: number, nowIso: string): Promise<boolean> {
      return (await published(nowIso).select('n.id').where('n.id', '=', newsId).executeTakeFirst())
        ? true
        : false;
    },

    async markRead(newsId: number, userId: number, nowIso: string): Promise<void> {
      await db
        .insertInto('news_reads')
        .values({ news_id: newsId, user_id: userId, read_on: nowIso })
        .onConflict((oc) => oc.columns(['news_id', 'user_id']).doNothing())
        .execute();
    },

    async markUnread(newsId: number, userId: number): Promise<void> {
      await db
        .deleteFrom('news_reads')
        .where('news_id', '=', newsId)
        .where('user_id', '=', userId)
        .execute();
    },

    listAll(limit: number): Promise<NewsRow[]> {
      return db
        .selectFrom('news')
        .selectAll()
        .orderBy('publish_from', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    insertNews(news: Insertable<NewsTable>): Promise<NewsRow> {
      return db.insertInto('news').values(news).returningAll().executeTakeFirstOrThrow();
    },

    updateNews(id: number, changes: Updateable<NewsTable>): Promise<NewsRow | undefined> {
      return db
        .updateTable('news')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async deleteNews(id: number): Promise<boolean> {
      const result = await db.deleteFrom('news').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

export type NewsRepository = ReturnType<typeof createNewsRepository>;
