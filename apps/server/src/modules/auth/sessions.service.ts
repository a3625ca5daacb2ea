import type { Session } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { notFound } from '../../http/app-error.js';
import type { SessionsRepository } from './sessions.repository.js';

/** Sessions you can see and end (checklist C13): Settings → Account lists them. */
export function createSessionsService({
  sessions,
  clock,
}: {
  sessions: SessionsRepository;
  clock: Clock;
}) {
  const nowIso = () => clock.now().toISOString();
  return {
    async listSessions(userId: number, currentSessionId: string): Promise<Session[]> {
      const rows = await sessions.listLiveSessions(userId, nowIso());
      return rows.map((row) => ({
        id: row.id,
        user_agent: row.user_agent,
        ip_address: row.ip_address,
        created_on: row.created_on,
        last_used_on: row.last_used_on,
        is_current: row.id === currentSessionId,
      }));
    },

    /** Signs one of the user's own sessions out: its refresh and access tokens stop working. */
    async endSession(userId: number, sessionId: string): Promise<void> {
      if (!(await sessions.revokeOwnSession(userId, sessionId, nowIso()))) {
        throw notFound('Session not found.');
      }
    },

    /** Signs every other session of the user out; the one asking stays signed in. */
    async endOtherSessions(userId: number, currentSessionId: string): Promise<void> {
      await sessions.revokeOtherSessions(userId, currentSessionId, nowIso());
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
