import { randomBytes } from 'node:crypto';
import type { Reauth, RecoveryCodes, TwoFactorSetup } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { sha256Hex } from '../../crypto/random.js';
import type { SecretBox } from '../../crypto/secret-box.js';
import { buildOtpauthUri, createTotpSecret, encodeBase32, verifyTotp } from '../../crypto/totp.js';
import { AppError, fieldError, notFound } from '../../http/app-error.js';
import { RATE_LIMITS, type RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { UserRow, UsersRepository } from '../users/users.repository.js';
import type { PasswordChangeService } from './password-change.service.js';
import type { TwoFactorRepository } from './two-factor.repository.js';

/** How long a re-authentication covers sensitive changes (API keys, turning 2FA off). */
export const REAUTH_VALID_SECONDS = 5 * 60;
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** "xxxxx-xxxxx": 10 characters from 31, about 50 bits, each usable once. */
function createRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % 31]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}
const normalizeRecoveryCode = (code: string) => code.trim().toLowerCase();

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and recovery codes (checklist
 * C08), for any member and required for system administrators; and re-authentication before
 * sensitive changes (checklist C05).
 */
export function createTwoFactorService(deps: {
  twoFactor: TwoFactorRepository;
  users: UsersRepository;
  passwordChange: PasswordChangeService;
  secretBox: SecretBox;
  rateLimiter: RateLimiter;
  clock: Clock;
}) {
  const { twoFactor, users, secretBox, rateLimiter, clock } = deps;
  const nowIso = () => clock.now().toISOString();

  async function getUser(userId: number): Promise<UserRow> {
    const user = await users.findUserById(userId);
    if (!user) throw notFound('User not found.');
    return user;
  }

  /**
   * A TOTP code (once per time step) or an unused recovery code; false for anything else.
   * Codes are counted per account, whatever the address or instance (429 past the limit);
   * a right one clears the count.
   */
  async function useSecondFactor(user: UserRow, otp: string): Promise<boolean> {
    if (!user.totp_secret) return false;
    const key = `second-factor:${user.id}`;
    await rateLimiter.consume(key, RATE_LIMITS.secondFactorPerAccount);
    const isRight = await checkSecondFactor(user, user.totp_secret, otp);
    if (isRight) await rateLimiter.reset(key);
    return isRight;
  }

  async function checkSecondFactor(user: UserRow, sealedSecret: string, otp: string) {
    const step = verifyTotp({
      secret: secretBox.open(sealedSecret),
      code: otp,
      unixSeconds: Math.floor(clock.now().getTime() / 1000),
      lastUsedStep: user.totp_last_step,
    });
    if (step !== null) return twoFactor.claimStep(user.id, step);
    return twoFactor.claimRecoveryCode(user.id, sha256Hex(normalizeRecoveryCode(otp)), nowIso());
  }

  return {
    isEnabled: (user: UserRow) => user.totp_enabled_on !== null,

    /**
     * At sign-in, after the password: nothing to do without 2FA; otherwise the code must come
     * along (otp_required) and be right (otp_invalid).
     */
    async checkSignInFactor(user: UserRow, otp: string | undefined): Promise<boolean> {
      if (user.totp_enabled_on === null) return false;
      if (!otp) {
        throw new AppError('otp_required', 'Enter the code from your authenticator app.');
      }
      if (!(await useSecondFactor(user, otp))) {
        throw new AppError('otp_invalid', 'The code is not valid. Try the next one.');
      }
      return true;
    },

    /**
     * Step 1: a new secret, pending until a code from it turns two-factor on. Needs a recent
     * password: a session left open for an hour must not lock its owner out (issue 23).
     */
    async startSetup(userId: number, sessionId: string): Promise<TwoFactorSetup> {
      await this.requireRecentReauth(sessionId);
      const user = await getUser(userId);
      if (user.totp_enabled_on) throw new AppError('conflict', 'Two-factor sign-in is already on.');
      const secret = createTotpSecret();
      await twoFactor.setPendingSecret(userId, secretBox.seal(secret));
      return {
        secret: encodeBase32(secret),
        otpauth_uri: buildOtpauthUri({ secret, account: user.email, issuer: 'Printdeck' }),
      };
    },

    /**
     * Step 2: a code proves the app has the secret; the recovery codes are shown once. This
     * session becomes password + code, and every other session ends.
     */
    async enable(userId: number, sessionId: string, code: string): Promise<RecoveryCodes> {
      await this.requireRecentReauth(sessionId);
      const user = await getUser(userId);
      if (user.totp_enabled_on) throw new AppError('conflict', 'Two-factor sign-in is already on.');
      if (!user.totp_secret) throw new AppError('conflict', 'Start the setup first.');
      const step = verifyTotp({
        secret: secretBox.open(user.totp_secret),
        code,
        unixSeconds: Math.floor(clock.now().getTime() / 1000),
        lastUsedStep: null,
      });
      if (step === null) throw fieldError('code', 'The code is not valid. Try the next one.');
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, createRecoveryCode);
      await twoFactor.enable(userId, {
        nowIso: nowIso(),
        step,
        codeHashes: codes.map((c) => sha256Hex(c)),
        sessionId,
      });
      return { recovery_codes: codes };
    },

    /** Turning two-factor off needs a fresh re-authentication, in a session that proved the code. */
    async disable(userId: number, sessionId: string): Promise<void> {
      await this.requireRecentReauth(sessionId);
      await this.requireSecondFactorSession(userId, sessionId);
      await twoFactor.disable(userId);
    },

    /** The password again, and the code when two-factor is on: covers sensitive changes a while. */
    async reauthenticate(userId: number, sessionId: string, input: Reauth): Promise<void> {
      const user = await deps.passwordChange.assertCurrentPassword(
        userId,
        input.password,
        'password',
      );
      const hasTwoFactor = user.totp_enabled_on !== null;
      if (hasTwoFactor) {
        if (!input.otp) throw fieldError('otp', 'Enter the code from your authenticator app.');
        if (!(await useSecondFactor(user, input.otp))) {
          throw fieldError('otp', 'The code is not valid. Try the next one.');
        }
      }
      await twoFactor.markReauthenticated(sessionId, nowIso(), hasTwoFactor);
    },

    /** Throws reauth_required unless this session re-authenticated in the last few minutes. */
    async requireRecentReauth(sessionId: string): Promise<void> {
      const at = await twoFactor.findReauthTime(sessionId);
      const ageMs = at ? clock.now().getTime() - Date.parse(at) : Infinity;
      if (!(ageMs >= 0 && ageMs <= REAUTH_VALID_SECONDS * 1000)) {
        throw new AppError('reauth_required', 'Enter your password again to continue.');
      }
    },

    /**
     * With two-factor on, a session signed in with the password alone (from before two-factor,
     * or before this check existed) may not change the account's security: it re-authenticates
     * with the code first, which makes it password + code (issue 23).
     */
    async requireSecondFactorSession(userId: number, sessionId: string): Promise<void> {
      const user = await getUser(userId);
      if (user.totp_enabled_on === null) return;
      if (!(await twoFactor.hasSecondFactor(sessionId))) {
        throw new AppError(
          'reauth_required',
          'Enter your password and the code from your authenticator app again to continue.',
        );
      }
    },

    /** For the password change: the code, when two-factor is on, in a session that proved one. */
    async checkCodeForChange(
      user: UserRow,
      otp: string | undefined,
      sessionId: string,
    ): Promise<void> {
      if (user.totp_enabled_on === null) return;
      await this.requireSecondFactorSession(user.id, sessionId);
      if (!otp) throw fieldError('otp', 'Enter the code from your authenticator app.');
      if (!(await useSecondFactor(user, otp))) {
        throw fieldError('otp', 'The code is not valid. Try the next one.');
      }
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
