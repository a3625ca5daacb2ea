import { FILE_DOWNLOAD_LINK_TTL_SECONDS } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { createTypedJwt } from '../../crypto/typed-jwt.js';

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
  const jwt = createTypedJwt({
    secret,
    clock,
    audience: 'printdeck-file-download',
    type: 'file-download',
    ttlSeconds: FILE_DOWNLOAD_LINK_TTL_SECONDS,
  });

  return {
    signDownloadToken: (claims: DownloadClaims) =>
      jwt.sign(String(claims.userId), { fid: claims.fileId }),

    /** The claims of a valid download token, or null for anything else. */
    async verifyDownloadToken(token: string): Promise<DownloadClaims | null> {
      const payload = await jwt.verify(token);
      const userId = Number(payload?.sub);
      const fileId = payload?.fid;
      if (!payload || !Number.isInteger(userId) || !Number.isInteger(fileId)) return null;
      return { userId, fileId: fileId as number };
    },
  };
}

export type DownloadTokens = ReturnType<typeof createDownloadTokens>;
