import { TOKEN_TTL } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { createTypedJwt } from '../../crypto/typed-jwt.js';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/** Short-lived access tokens (checklist C09), bound to a session that logout can end. */
export function createAccessTokens(secret: string, clock: Clock) {
  const jwt = createTypedJwt({
    secret,
    clock,
    audience: 'printdeck-api',
    type: 'access',
    ttlSeconds: TOKEN_TTL.accessSeconds,
  });

  return {
    async signAccessToken(claims: AccessClaims): Promise<string> {
      return (await jwt.sign(String(claims.userId), { sid: claims.sessionId })).token;
    },

    /** The claims of a valid access token, or null for anything else. */
    async verifyAccessToken(token: string): Promise<AccessClaims | null> {
      const payload = await jwt.verify(token);
      const userId = Number(payload?.sub);
      if (!payload || typeof payload.sid !== 'string' || !Number.isInteger(userId)) return null;
      return { userId, sessionId: payload.sid };
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
