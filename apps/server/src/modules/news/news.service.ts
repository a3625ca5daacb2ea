import {
  NEWS_LIST_MAX,
  type AdminNews,
  type AdminNewsCreate,
  type AdminNewsUpdate,
  type NewsItem,
  type NewsList,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { forbidden, notFound } from '../../http/app-error.js';
import type { NewsRepository, NewsRow } from './news.repository.js';

const ADMIN_LIST_MAX = 500;
const newsNotFound = () => notFound('News item not found.');

/** The reader's language; Czech fields left empty fall back to the English ones. */
function toNewsItem(row: NewsRow & { is_read: number }, lang: 'EN' | 'CS'): NewsItem {
  const text = (en: string, cs: string) => (lang === 'CS' && cs.trim() ? cs : en);
  return {
    id: row.id,
    title: text(row.title_en, row.title_cs),
    perex: text(row.perex_en, row.perex_cs),
    content: text(row.content_en, row.content_cs),
    date: row.publish_from.slice(0, 10),
    publish_from: row.publish_from,
    is_read: Number(row.is_read) === 1,
  };
}

function toAdminNews(row: NewsRow): AdminNews {
  const { created_by: _createdBy, ...fields } = row;
  return fields;
}

/** Who may write news: system administrators, signed in (never an API key). */
function requireSystemAdmin(isAdmin: boolean): void {
  if (!isAdmin) throw forbidden();
}

/**
 * News (spec part 2 §2.9, ARCHITECTURE §6): markdown stored as text and rendered by the web
 * without raw HTML; readers see an item from its publish_from moment on.
 */
export function createNewsService(deps: { news: NewsRepository; clock: Clock }) {
  const { news, clock } = deps;
  const nowIso = () => clock.now().toISOString();

  return {
    async listNews(userId: number, lang: 'EN' | 'CS'): Promise<NewsList> {
      const now = nowIso();
      const [rows, unread] = await Promise.all([
        news.listPublished(userId, now, NEWS_LIST_MAX),
        news.countUnread(userId, now),
      ]);
      return { results: rows.map((row) => toNewsItem(row, lang)), unread_count: unread };
    },

    async setRead(userId: number, newsId: number, isRead: boolean) {
      const now = nowIso();
      if (!(await news.isPublished(newsId, now))) throw newsNotFound();
      if (isRead) await news.markRead(newsId, userId, now);
      else await news.markUnread(newsId, userId);
      return { id: newsId, is_read: isRead, unread_count: await news.countUnread(userId, now) };
    },

    async listAllNews(isAdmin: boolean): Promise<AdminNews[]> {
      requireSystemAdmin(isAdmin);
      return (await news.listAll(ADMIN_LIST_MAX)).map(toAdminNews);
    },

    async createNews(userId: number, isAdmin: boolean, input: AdminNewsCreate): Promise<AdminNews> {
      requireSystemAdmin(isAdmin);
      const now = nowIso();
      return toAdminNews(
        await news.insertNews({ ...input, created_by: userId, created_on: now, updated_on: now }),
      );
    },

    async updateNews(isAdmin: boolean, id: number, input: AdminNewsUpdate): Promise<AdminNews> {
      requireSystemAdmin(isAdmin);
      const row = await news.updateNews(id, { ...input, updated_on: nowIso() });
      if (!row) throw newsNotFound();
      return toAdminNews(row);
    },

    async deleteNews(isAdmin: boolean, id: number): Promise<void> {
      requireSystemAdmin(isAdmin);
      if (!(await news.deleteNews(id))) throw newsNotFound();
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
