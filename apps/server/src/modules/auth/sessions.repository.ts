import { sha256Hex } from '../../crypto/random.js';
import type { Db } from '../../db/database.js';

export function createSessionsRepository(db: Db) {
  return {
    async insertSession(session: {
      id: string;
      user_id: number;
      created_on: string;
      expires_on: string;
      user_agent: string | null;
      ip_address: string | null;
      /** set when the sign-in proved a second factor too */
      second_factor_on: string | null;
    }): Promise<void> {
      await db
        .insertInto('sessions')
        // signing in proves the password (and code): it counts as the first re-authentication
        .values({
          ...session,
          revoked_on: null,
          last_used_on: session.created_on,
          reauth_on: session.created_on,
        })
        .execute();
    },

    /** The session behind an access token, if it is still alive, with its user. */
    findLiveSession(sessionId: string, userId: number, nowIso: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id as session_id',
          'users.id as user_id',
          'users.is_admin',
          'users.totp_enabled_on',
          'sessions.second_factor_on',
        ])
        .where('sessions.id', '=', sessionId)
        .where('sessions.user_id', '=', userId)
        .where('sessions.revoked_on', 'is', null)
        .where('sessions.expires_on', '>', nowIso)
        .executeTakeFirst();
    },

    findSession(sessionId: string) {
      return db.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
    },

    async revokeSession(sessionId: string, nowIso: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_on: nowIso })
        .where('id', '=', sessionId)
        .where('revoked_on', 'is', null)
        .execute();
    },

    async revokeUserSessions(userId: number, nowIso: string, trx: Db = db): Promise<void> {
      await trx
        .updateTable('sessions')
        .set({ revoked_on: nowIso })
        .where('user_id', '=', userId)
        .where('revoked_on', 'is', null)
        .execute();
    },

    async insertRefreshToken(tokenHash: string, sessionId: string, nowIso: string): Promise<void> {
      await db
        .insertInto('refresh_tokens')
        .values({ token_hash: tokenHash, session_id: sessionId, created_on: nowIso, used_on: null })
        .execute();
    },

    findRefreshToken(tokenHash: string) {
      return db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** Marks a refresh token used; false when another request used it first. */
    async claimRefreshToken(tokenHash: string, nowIso: string): Promise<boolean> {
      const result = await db
        .updateTable('refresh_tokens')
        .set({ used_on: nowIso })
        .where('token_hash', '=', tokenHash)
        .where('used_on', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The one use a rotated refresh token gets within the grace window: a row keyed by a hash of
     * the token's hash (no token hashes to it), inserted spent; the primary key lets exactly one
     * of any number of racing requests in. False when the grace use is gone.
     */
    async claimGraceUse(tokenHash: string, sessionId: string, nowIso: string): Promise<boolean> {
      const row = await db
        .insertInto('refresh_tokens')
        .values({
          token_hash: sha256Hex(`grace:${tokenHash}`),
          session_id: sessionId,
          created_on: nowIso,
          used_on: nowIso,
        })
        .onConflict((conflict) => conflict.column('token_hash').doNothing())
        .returning('token_hash')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A refresh: when and from where the session was last used. */
    async touchSession(
      sessionId: string,
      use: { nowIso: string; ip: string; userAgent: string | null },
    ): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_used_on: use.nowIso, ip_address: use.ip, user_agent: use.userAgent })
        .where('id', '=', sessionId)
        .execute();
    },

    listLiveSessions(userId: number, nowIso: string) {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('revoked_on', 'is', null)
        .where('expires_on', '>', nowIso)
        .orderBy('last_used_on', 'desc')
        .orderBy('created_on', 'desc')
        .execute();
    },

    /** One of the user's own live sessions ends; false when there was none. */
    async revokeOwnSession(userId: number, sessionId: string, nowIso: string): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_on: nowIso })
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_on', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Every live session of the user but one; the number ended. */
    async revokeOtherSessions(
      userId: number,
      keepSessionId: string,
      nowIso: string,
      trx: Db = db,
    ): Promise<number> {
      const result = await trx
        .updateTable('sessions')
        .set({ revoked_on: nowIso })
        .where('user_id', '=', userId)
        .where('id', '!=', keepSessionId)
        .where('revoked_on', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
