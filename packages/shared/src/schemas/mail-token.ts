/**
 * Mailed tokens carry a readable payload so the web app can show the e-mail on the
 * RegistrationConfirm screen (spec part 2 §2.14). The secret half makes it unguessable;
 * the server stores only a hash of the whole token.
 */
export type MailTokenPurpose = 'registration' | 'password_reset';

export interface MailTokenPayload {
  email: string;
  purpose: MailTokenPurpose;
  /** expiry, seconds since the epoch */
  exp: number;
}

export function decodeMailTokenPayload(token: string): MailTokenPayload | null {
  const [head] = token.split('.');
  if (!head) return null;
  try {
    const base64 = head.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object') return null;
    const { email, purpose, exp } = value as Record<string, unknown>;
    if (typeof email !== 'string' || typeof exp !== 'number') return null;
    if (purpose !== 'registration' && purpose !== 'password_reset') return null;
    return { email, purpose, exp };
  } catch {
    return null;
  }
}
