import { SignJWT, errors, jwtVerify } from 'jose';
import { FILE_DOWNLOAD_LINK_TTL_SECONDS } from '@printdeck/shared';
import type { Clock } from '../../clock.js';

const ISSUER = 'printdeck';
const AUDIENCE = 'printdeck-file-download';
const TYPE = 'file-download';
const ALGORITHM = 'HS256';

export interface DownloadClaims {
  fileId: number;
  userId: number;
}

/**
 * Short-lived signed download links (ARCHITECTURE §3, checklist C09/C22): bound to one file
 * and to the user who asked, with their own audience and `typ`, so neither an access token
 * can open a file nor a download token can call the API.
 */
export function createDownloadTokens(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(secret);

  return {
    async signDownloadToken(claims: DownloadClaims): Promise<{ token: string; expiresAt: Date }> {
      const now = Math.floor(clock.now().getTime() / 1000);
      const expiresAt = new Date((now + FILE_DOWNLOAD_LINK_TTL_SECONDS) * 1000);
      const token = await new SignJWT({ typ: TYPE, fid: claims.fileId })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },

    /** The claims of a valid download token, or null for anything else. */
    async verifyDownloadToken(token: string): Promise<DownloadClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
        });
        const userId = Number(payload.sub);
        const fileId = payload.fid;
        if (payload.typ !== TYPE || !Number.isInteger(userId) || !Number.isInteger(fileId)) {
          return null;
        }
        return { userId, fileId: fileId as number };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type DownloadTokens = ReturnType<typeof createDownloadTokens>;
