import { decodeMailTokenPayload, MailTokenSchema, type MailTokenPurpose } from '@printdeck/shared';

/**
 * The e-mail a mailed link was sent to, or null when the token is missing, unreadable,
 * meant for the other purpose, or expired. The server still decides whether it is valid.
 */
export function readMailToken(
  token: string | null,
  purpose: MailTokenPurpose,
  now: number = Date.now(),
): { token: string; email: string } | null {
  if (!token || !MailTokenSchema.safeParse(token).success) return null;
  const payload = decodeMailTokenPayload(token);
  if (!payload || payload.purpose !== purpose || payload.exp * 1000 <= now) return null;
  return { token, email: payload.email };
}
