import { TOKEN_TTL, type Locale, type User } from '@printdeck/shared';
import { isoAfter, type Clock } from '../../clock.js';
import { sha256Hex } from '../../crypto/random.js';
import type { Db } from '../../db/database.js';
import { tokenNotValid } from '../../http/app-error.js';
import { RATE_LIMITS, type RateLimiter } from '../../rate-limit/rate-limiter.js';
import { renderMail, type MailTemplateName } from '../../mail/mail-templates.js';
import type { Mailer } from '../../mail/mailer.js';
import type { UsersRepository } from '../users/users.repository.js';
import {
  assertPasswordAcceptable,
  toUserResponse,
  type UsersService,
} from '../users/users.service.js';
import { createMailToken } from './mail-token.js';
import type { MailTokensRepository } from './mail-tokens.repository.js';

interface Deps {
  db: Db;
  users: UsersRepository;
  usersService: UsersService;
  mailTokens: MailTokensRepository;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  clock: Clock;
  publicUrl: string;
}

export interface MailRequest {
  email: string;
  locale: Locale;
  ip: string;
}

const REGISTRATION_INVALID =
  'Registration token is invalid or expired. Please try to register again.';
const RESET_INVALID =
  'Security token is invalid or expired. Please proceed to password reset again.';

/** Registration by mailed link, and password reset; both answer alike for known and unknown e-mails. */
export function createRegistrationService(deps: Deps) {
  const { db, users, usersService, mailTokens, mailer, rateLimiter, clock, publicUrl } = deps;
  const nowIso = () => clock.now().toISOString();

  async function limitMails({ email, ip }: MailRequest): Promise<void> {
    await rateLimiter.consume(`mail-from:${ip}`, RATE_LIMITS.mailsPerAddress);
    await rateLimiter.consume(`mail-to:${email}`, RATE_LIMITS.mailsPerRecipient);
  }

  async function mailLink(
    request: MailRequest,
    template: MailTemplateName,
    purpose: 'registration' | 'password_reset',
  ): Promise<void> {
    const ttl =
      purpose === 'registration' ? TOKEN_TTL.registrationSeconds : TOKEN_TTL.passwordResetSeconds;
    const expiresOn = isoAfter(clock, ttl);
    const token = createMailToken({
      email: request.email,
      purpose,
      exp: Math.floor(new Date(expiresOn).getTime() / 1000),
    });
    await mailTokens.insertMailToken({
      token_hash: sha256Hex(token),
      purpose,
      email: request.email,
      created_on: nowIso(),
      expires_on: expiresOn,
    });
    const path =
      purpose === 'registration'
        ? '/registration/confirm?activate='
        : '/password-reset/confirm?reset=';
    await mailer.send(
      renderMail(template, request.locale, request.email, `${publicUrl}${path}${token}`),
    );
  }

  return {
    /** POST /invitations/: mails a registration link, or a reset hint when the account exists. */
    async requestRegistration(request: MailRequest): Promise<void> {
      await limitMails(request);
      const existing = await users.findUserByEmail(request.email);
      if (existing) {
        await mailLink(request, 'accountExists', 'password_reset');
      } else {
        await mailLink(request, 'registration', 'registration');
      }
    },

    /** POST /users/: the token is used once; the account gets its first workspace. */
    async completeRegistration(input: {
      token: string;
      password: string;
      ip: string;
    }): Promise<User> {
      await rateLimiter.consume(`token-use:${input.ip}`, RATE_LIMITS.tokenUsePerAddress);
      const stored = await mailTokens.findUsableMailToken(
        sha256Hex(input.token),
        'registration',
        nowIso(),
      );
      if (!stored || (await users.findUserByEmail(stored.email)))
        throw tokenNotValid(REGISTRATION_INVALID);
      assertPasswordAcceptable(input.password, stored.email);
      const user = await db.transaction().execute(async (trx) => {
        if (!(await mailTokens.claimMailToken(stored.token_hash, nowIso(), trx))) {
          throw tokenNotValid(REGISTRATION_INVALID);
        }
        return usersService.createAccount({
          email: stored.email,
          password: input.password,
          withWorkspace: true,
          trx,
        });
      });
      return toUserResponse(user);
    },

    async requestPasswordReset(request: MailRequest): Promise<void> {
      await limitMails(request);
      if (await users.findUserByEmail(request.email)) {
        await mailLink(request, 'passwordReset', 'password_reset');
      }
    },

    async confirmPasswordReset(input: {
      token: string;
      password: string;
      ip: string;
    }): Promise<void> {
      await rateLimiter.consume(`token-use:${input.ip}`, RATE_LIMITS.tokenUsePerAddress);
      const stored = await mailTokens.findUsableMailToken(
        sha256Hex(input.token),
        'password_reset',
        nowIso(),
      );
      const user = stored && (await users.findUserByEmail(stored.email));
      if (!stored || !user) throw tokenNotValid(RESET_INVALID);
      assertPasswordAcceptable(input.password, user.email);
      await db.transaction().execute(async (trx) => {
        if (!(await mailTokens.claimMailToken(stored.token_hash, nowIso(), trx)))
          throw tokenNotValid(RESET_INVALID);
        // the older links of the same address are spent with this one (checklist C06)
        await mailTokens.useUpOtherTokens(stored.email, 'password_reset', nowIso(), trx);
        await usersService.setPassword(user.id, input.password, trx);
      });
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
