import type { PasswordChange } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { PasswordHasher } from '../../crypto/password.js';
import { checkPasswordPolicy } from '../../crypto/password-policy.js';
import type { Db } from '../../db/database.js';
import { fieldError, notFound } from '../../http/app-error.js';
import type { RateLimitRule, RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { SessionsRepository } from '../auth/sessions.repository.js';
import type { UserRow, UsersRepository } from '../users/users.repository.js';

/** Wrong current passwords per user: a stolen session cannot guess its way to a new password. */
export const PASSWORD_CHECKS_PER_USER: RateLimitRule = { limit: 5, windowSeconds: 15 * 60 };

const WRONG_PASSWORD = 'The current password is not correct.';

/**
 * Settings → Account → Change password (checklist C05): the current password is asked again;
 * the new one ends every other session, the one asking stays signed in.
 */
export function createPasswordChangeService(deps: {
  db: Db;
  users: UsersRepository;
  sessions: SessionsRepository;
  rateLimiter: RateLimiter;
  passwords: PasswordHasher;
  clock: Clock;
}) {
  const { db, users, sessions, rateLimiter, passwords, clock } = deps;

  /** Checks the user's password (re-authentication); counts failures per user. */
  async function assertCurrentPassword(userId: number, password: string, field: string) {
    const key = `password-check:${userId}`;
    await rateLimiter.throwIfLimited(key, PASSWORD_CHECKS_PER_USER);
    const user = await users.findUserById(userId);
    if (!user) throw notFound('User not found.');
    if (!(await passwords.verify(user.password_hash, password))) {
      await rateLimiter.hit(key, PASSWORD_CHECKS_PER_USER);
      throw fieldError(field, WRONG_PASSWORD);
    }
    await rateLimiter.reset(key);
    return user;
  }

  return {
    assertCurrentPassword,

    /** `checkSecondFactor`: the authenticator code too, when the account has one. */
    async changePassword(
      userId: number,
      currentSessionId: string,
      input: PasswordChange,
      checkSecondFactor: (user: UserRow) => Promise<void> = async () => undefined,
    ): Promise<void> {
      const user = await assertCurrentPassword(userId, input.current_password, 'current_password');
      await checkSecondFactor(user);
      const reasons = checkPasswordPolicy(input.new_password, user.email);
      if (reasons.length > 0) throw fieldError('new_password', reasons.join(' '));
      const passwordHash = await passwords.hash(input.new_password);
      await db.transaction().execute(async (trx) => {
        await users.updatePasswordHash(userId, passwordHash, trx);
        await sessions.revokeOtherSessions(
          userId,
          currentSessionId,
          clock.now().toISOString(),
          trx,
        );
      });
    },
  };
}

export type PasswordChangeService = ReturnType<typeof createPasswordChangeService>;
