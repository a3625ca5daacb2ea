import { SignJWT, jwtVerify, errors } from 'jose';
import { TOKEN_TTL } from '@printdeck/shared';
import type { Clock } from '../../clock.js';

const ISSUER = 'printdeck';
const AUDIENCE = 'printdeck-api';
const ALGORITHM = 'HS256';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/**
 * Short-lived access tokens (checklist C09): one algorithm, issuer and audience checked,
 * and a `typ` claim so no other token of ours can stand in for an access token.
 */
export function createAccessTokens(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(secret);

  return {
    async signAccessToken(claims: AccessClaims): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ typ: 'access', sid: claims.sessionId })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + TOKEN_TTL.accessSeconds)
        .sign(key);
    },

    /** The claims of a valid access token, or null for anything else. */
    async verifyAccessToken(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
        });
        const userId = Number(payload.sub);
        if (
          payload.typ !== 'access' ||
          typeof payload.sid !== 'string' ||
          !Number.isInteger(userId)
        ) {
          return null;
        }
        return { userId, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
