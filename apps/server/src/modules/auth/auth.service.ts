import { TOKEN_TTL, type TokenCreate, type TokenPair } from '@printdeck/shared';
import { isoAfter, type Clock } from '../../clock.js';
import { generateSecret, sha256Hex } from '../../crypto/random.js';
import type { PasswordHasher } from '../../crypto/password.js';
import { AppError, tokenNotValid } from '../../http/app-error.js';
import { RATE_LIMITS, type RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { UserRow, UsersRepository } from '../users/users.repository.js';
import type { AccessTokens } from './access-token.js';
import type { SessionsRepository } from './sessions.repository.js';

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface AuthenticatedUser {
  userId: number;
  sessionId: string;
  isAdmin: boolean;
}

interface Deps {
  /** two-factor sign-in: after the password, the account's code (when it has one); true when a code was proved */
  checkSignInFactor: (user: UserRow, otp: string | undefined) => Promise<boolean>;
  users: UsersRepository;
  sessions: SessionsRepository;
  passwords: PasswordHasher;
  accessTokens: AccessTokens;
  rateLimiter: RateLimiter;
  clock: Clock;
}

const INVALID_CREDENTIALS = 'Invalid email or password, try again, please.';

/**
 * A refresh token that was just rotated may be presented once more within this window without
 * ending the session: two tabs (or a reload racing a refresh) that sent the same token both get
 * through. After the window a reuse is a theft signal and ends the whole family (C11).
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

export function createAuthService({
  checkSignInFactor,
  users,
  sessions,
  passwords,
  accessTokens,
  rateLimiter,
  clock,
}: Deps) {
  const nowIso = () => clock.now().toISOString();

  async function issueRefreshToken(sessionId: string): Promise<string> {
    const refresh = `${sessionId}.${generateSecret()}`;
    await sessions.insertRefreshToken(sha256Hex(refresh), sessionId, nowIso());
    return refresh;
  }

  async function issueTokenPair(userId: number, sessionId: string): Promise<TokenPair> {
    const [refresh, access] = await Promise.all([
      issueRefreshToken(sessionId),
      accessTokens.signAccessToken({ userId, sessionId }),
    ]);
    return { refresh, access };
  }

  return {
    /** POST /tokens/: same answer and comparable time whether or not the user exists (C04). */
    async login(credentials: TokenCreate, client: ClientInfo): Promise<TokenPair> {
      // Each attempt counts before the password is checked, in one step with the check of the
      // limit, so racing attempts cannot slip past it; a successful sign-in clears the count.
      const attemptsKey = `login-fail:${client.ip}:${credentials.username}`;
      await rateLimiter.consume(`login:${client.ip}`, RATE_LIMITS.loginPerAddress);
      await rateLimiter.consume(attemptsKey, RATE_LIMITS.loginFailuresPerUsername);

      const user = await users.findUserByUsername(credentials.username);
      const passwordHash = user?.password_hash ?? (await passwords.dummyHash());
      const isValid = await passwords.verify(passwordHash, credentials.password);
      if (!user || !isValid) throw new AppError('invalid_credentials', INVALID_CREDENTIALS);
      const hasSecondFactor = await checkSignInFactor(user, credentials.otp);
      await rateLimiter.reset(attemptsKey);
      if (passwords.needsRehash(user.password_hash)) {
        await users.updatePasswordHash(user.id, await passwords.hash(credentials.password));
      }
      const sessionId = generateSecret(16);
      await sessions.insertSession({
        id: sessionId,
        user_id: user.id,
        created_on: nowIso(),
        expires_on: isoAfter(clock, TOKEN_TTL.refreshSessionSeconds),
        user_agent: client.userAgent?.slice(0, 300) ?? null,
        ip_address: client.ip,
        second_factor_on: hasSecondFactor ? nowIso() : null,
      });
      return issueTokenPair(user.id, sessionId);
    },

    /**
     * Rotates the refresh token; a reused one revokes its whole family (C11), unless it was
     * rotated only moments ago (REFRESH_REUSE_GRACE_SECONDS: two tabs sharing it) — then it is
     * taken once more, and refused after that, so racing copies do not each start a chain.
     */
    async refresh(refreshToken: string, client: ClientInfo): Promise<TokenPair> {
      await rateLimiter.consume(`token-use:${client.ip}`, RATE_LIMITS.tokenUsePerAddress);
      const tokenHash = sha256Hex(refreshToken);
      const stored = await sessions.findRefreshToken(tokenHash);
      if (!stored) throw tokenNotValid();
      const session = await sessions.findSession(stored.session_id);
      if (!session || session.revoked_on || session.expires_on <= nowIso()) throw tokenNotValid();
      const isFirstUse =
        stored.used_on === null && (await sessions.claimRefreshToken(tokenHash, nowIso()));
      if (!isFirstUse) {
        const usedOn = (await sessions.findRefreshToken(tokenHash))?.used_on;
        const usedAgoMs = usedOn ? clock.now().getTime() - Date.parse(usedOn) : Infinity;
        if (usedAgoMs > REFRESH_REUSE_GRACE_SECONDS * 1000) {
          await sessions.revokeSession(session.id, nowIso());
          throw tokenNotValid();
        }
        if (!(await sessions.claimGraceUse(tokenHash, session.id, nowIso()))) throw tokenNotValid();
      }
      await sessions.touchSession(session.id, {
        nowIso: nowIso(),
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 300) ?? null,
      });
      return issueTokenPair(session.user_id, session.id);
    },

    async logout(sessionId: string): Promise<void> {
      await sessions.revokeSession(sessionId, nowIso());
    },

    /** Bearer access token → the user, when the token and its session are alive. */
    async authenticateAccessToken(token: string): Promise<AuthenticatedUser | null> {
      const claims = await accessTokens.verifyAccessToken(token);
      if (!claims) return null;
      const live = await sessions.findLiveSession(claims.sessionId, claims.userId, nowIso());
      if (!live) return null;
      // A system administrator's powers wait for two-factor sign-in (checklist C08), and hold
      // only in a session that proved the second factor (issue 23).
      const isAdmin =
        live.is_admin === 1 && live.totp_enabled_on !== null && live.second_factor_on !== null;
      return { userId: live.user_id, sessionId: live.session_id, isAdmin };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
