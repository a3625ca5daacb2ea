import type { User, UserUpdate } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { PasswordHasher } from '../../crypto/password.js';
import { checkPasswordPolicy } from '../../crypto/password-policy.js';
import type { Db } from '../../db/database.js';
import { AppError, fieldError, notFound } from '../../http/app-error.js';
import type { SessionsRepository } from '../auth/sessions.repository.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { UserRow, UsersRepository } from './users.repository.js';

interface Deps {
  db: Db;
  users: UsersRepository;
  sessions: SessionsRepository;
  workspaces: WorkspacesService;
  passwords: PasswordHasher;
  clock: Clock;
}

export function toUserResponse(row: UserRow, isTelegram = false): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    is_telegram: isTelegram,
    is_admin: row.is_admin === 1,
    language: row.language === 'en' || row.language === 'cs' ? row.language : null,
    two_factor_enabled: row.totp_enabled_on !== null,
    two_factor_required: row.is_admin === 1 && row.totp_enabled_on === null,
  };
}

export function assertPasswordAcceptable(password: string, email?: string): void {
  const reasons = checkPasswordPolicy(password, email);
  if (reasons.length > 0) throw fieldError('password', reasons.join(' '));
}

/** A workspace name from the e-mail's local part: "alice@x.org" → "alice". */
export function defaultWorkspaceName(email: string): string {
  return (email.split('@')[0] ?? email).slice(0, 30) || 'Workspace';
}

export function createUsersService({ db, users, sessions, workspaces, passwords, clock }: Deps) {
  return {
    async getUserOrThrow(userId: number): Promise<User> {
      const row = await users.findUserById(userId);
      if (!row) throw notFound('User not found.');
      return toUserResponse(row, await users.isTelegramLinked(userId));
    },

    /** The account's own settings: the language its notifications are written in. */
    async updateUser(userId: number, input: UserUpdate): Promise<User> {
      await users.updateLanguage(userId, input.language);
      return this.getUserOrThrow(userId);
    },

    /**
     * Creates an account whose username is its lower-cased e-mail, optionally with a first
     * workspace of its own, in one transaction: a failure leaves no half-made account.
     */
    async createAccount(input: {
      email: string;
      password: string;
      isAdmin?: boolean;
      withWorkspace?: boolean;
      trx?: Db;
    }): Promise<UserRow> {
      const email = input.email.trim().toLowerCase();
      assertPasswordAcceptable(input.password, email);
      if (await users.findUserByEmail(email, input.trx)) {
        throw new AppError('conflict', 'A user with this e-mail already exists.', {
          email: ['A user with this e-mail already exists.'],
        });
      }
      const passwordHash = await passwords.hash(input.password);
      const create = async (trx: Db) => {
        const user = await users.insertUser(
          {
            username: email,
            email,
            password_hash: passwordHash,
            is_admin: input.isAdmin ? 1 : 0,
            created_on: clock.now().toISOString(),
            totp_secret: null,
            totp_enabled_on: null,
            totp_last_step: null,
          },
          trx,
        );
        if (input.withWorkspace) {
          await workspaces.createWorkspace(user.id, { name: defaultWorkspaceName(email) }, trx);
        }
        return user;
      };
      return input.trx ? create(input.trx) : db.transaction().execute(create);
    },

    /** Sets a new password and ends every session of the user (checklist C06, C10). */
    async setPassword(userId: number, password: string, trx: Db = db): Promise<void> {
      const user = await users.findUserById(userId, trx);
      if (!user) throw notFound('User not found.');
      assertPasswordAcceptable(password, user.email);
      await users.updatePasswordHash(userId, await passwords.hash(password), trx);
      await sessions.revokeUserSessions(userId, clock.now().toISOString(), trx);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
