import type { Db } from '../../db/database.js';
import type { UsersTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';
import type { Locale } from '@printdeck/shared';

export type UserRow = Selectable<UsersTable>;

export function createUsersRepository(db: Db) {
  return {
    findUserById(id: number, trx: Db = db): Promise<UserRow | undefined> {
      return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findUserByUsername(username: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
    },

    findUserByEmail(email: string, trx: Db = db): Promise<UserRow | undefined> {
      return trx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    async insertUser(user: Omit<UserRow, 'id' | 'language'>, trx: Db = db): Promise<UserRow> {
      return trx.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    },

    async updatePasswordHash(userId: number, passwordHash: string, trx: Db = db): Promise<void> {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', userId)
        .execute();
    },

    async isTelegramLinked(userId: number): Promise<boolean> {
      const link = await db
        .selectFrom('telegram_links')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return link !== undefined;
    },

    async updateLanguage(userId: number, language: Locale, trx: Db = db): Promise<void> {
      await trx.updateTable('users').set({ language }).where('id', '=', userId).execute();
    },

    async setAdmin(userId: number, isAdmin: boolean): Promise<void> {
      await db
        .updateTable('users')
        .set({ is_admin: isAdmin ? 1 : 0 })
        .where('id', '=', userId)
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
