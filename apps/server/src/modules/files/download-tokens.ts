import { FILE_DOWNLOAD_LINK_TTL_SECONDS } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { createTypedJwt } from '../../crypto/typed-jwt.js';

export interface DownloadClaims {
  fileId: number;
  userId: number;
}

/** What a kind of signed link opens: its own audience and `typ`, the claim naming the object. */
export interface SignedLinkKind {
  audience: string;
  type: string;
  /** the claim that holds the object's id */
  claim: string;
  ttlSeconds: number;
}

export const FILE_DOWNLOAD_LINK: SignedLinkKind = {
  audience: 'printdeck-file-download',
  type: 'file-download',
  claim: 'fid',
  ttlSeconds: FILE_DOWNLOAD_LINK_TTL_SECONDS,
};

/**
 * Short-lived signed download links (ARCHITECTURE §3, checklist C09/C22): bound to one object
 * and to the user who asked, with an audience and `typ` per kind, so neither an access token
 * can open an object nor a link of one kind can open another kind or call the API.
 */
export function createSignedLinks(secret: string, clock: Clock, kind: SignedLinkKind) {
  const jwt = createTypedJwt({ secret, clock, ...kind });
  return {
    sign: (claims: { objectId: number; userId: number }) =>
      jwt.sign(String(claims.userId), { [kind.claim]: claims.objectId }),

    /** The claims of a valid link token of this kind, or null for anything else. */
    async verify(token: string): Promise<{ objectId: number; userId: number } | null> {
      const payload = await jwt.verify(token);
      const userId = Number(payload?.sub);
      const objectId = payload?.[kind.claim];
      if (!payload || !Number.isInteger(userId) || !Number.isInteger(objectId)) return null;
      return { userId, objectId: objectId as number };
    },
  };
}

export type SignedLinks = ReturnType<typeof createSignedLinks>;

/** Links to a G-code file's bytes. */
export function createDownloadTokens(secret: string, clock: Clock) {
  const links = createSignedLinks(secret, clock, FILE_DOWNLOAD_LINK);
  return {
    signDownloadToken: (claims: DownloadClaims) =>
      links.sign({ objectId: claims.fileId, userId: claims.userId }),

    /** The claims of a valid download token, or null for anything else. */
    async verifyDownloadToken(token: string): Promise<DownloadClaims | null> {
      const claims = await links.verify(token);
      return claims && { fileId: claims.objectId, userId: claims.userId };
    },
  };
}

export type DownloadTokens = ReturnType<typeof createDownloadTokens>;
