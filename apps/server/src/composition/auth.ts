import type { Clock } from '../clock.js';
import type { PasswordHasher } from '../crypto/password.js';
import { createSecretBox } from '../crypto/secret-box.js';
import type { Db } from '../db/database.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { Mailer } from '../mail/mailer.js';
import { createPasswordChangeService } from '../modules/account/password-change.service.js';
import { createTwoFactorRepository } from '../modules/account/two-factor.repository.js';
import { createTwoFactorService } from '../modules/account/two-factor.service.js';
import { createAccessTokens } from '../modules/auth/access-token.js';
import { createAuthService } from '../modules/auth/auth.service.js';
import type { SessionsRepository } from '../modules/auth/sessions.repository.js';
import { createSessionsService } from '../modules/auth/sessions.service.js';
import { createFirstRunRepository } from '../modules/first-run/first-run.repository.js';
import { createFirstRunService } from '../modules/first-run/first-run.service.js';
import { createMailTokensRepository } from '../modules/registration/mail-tokens.repository.js';
import { createRegistrationService } from '../modules/registration/registration.service.js';
import type { UsersRepository } from '../modules/users/users.repository.js';
import { createUsersService } from '../modules/users/users.service.js';
import type { WorkspacesService } from '../modules/workspaces/workspaces.service.js';

/** Accounts: sign-in and sessions, two-factor, passwords, registration and the first run. */
export function createAuthServices(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  jwtSecret: string;
  publicUrl: string;
  users: UsersRepository;
  sessions: SessionsRepository;
  workspaces: WorkspacesService;
  passwords: PasswordHasher;
}) {
  const { db, clock, rateLimiter, users, sessions, workspaces, passwords } = deps;
  const usersService = createUsersService({ db, users, sessions, workspaces, passwords, clock });
  const passwordChange = createPasswordChangeService({
    db,
    users,
    sessions,
    rateLimiter,
    passwords,
    clock,
  });
  const twoFactor = createTwoFactorService({
    twoFactor: createTwoFactorRepository(db),
    users,
    passwordChange,
    secretBox: createSecretBox(deps.jwtSecret, 'totp-secret'),
    rateLimiter,
    clock,
  });
  const auth = createAuthService({
    checkSignInFactor: (user, otp) => twoFactor.checkSignInFactor(user, otp),
    users,
    sessions,
    passwords,
    accessTokens: createAccessTokens(deps.jwtSecret, clock),
    rateLimiter,
    clock,
  });
  return {
    auth,
    sessions: createSessionsService({ sessions, clock }),
    passwordChange,
    twoFactor,
    users: usersService,
    registration: createRegistrationService({
      db,
      users,
      usersService,
      mailTokens: createMailTokensRepository(db),
      mailer: deps.mailer,
      rateLimiter,
      clock,
      publicUrl: deps.publicUrl,
    }),
    firstRun: createFirstRunService({
      db,
      firstRun: createFirstRunRepository(db),
      users,
      usersService,
      workspaces,
      auth,
      rateLimiter,
      clock,
    }),
  };
}
