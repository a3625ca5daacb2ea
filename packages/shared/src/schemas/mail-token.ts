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

/** The readable head of "<payload>.<secret>" as an object, or null when it is not one. */
export function readTokenPayload(token: string): Record<string, unknown> | null {
  const [head] = token.split('.');
  if (!head) return null;
  try {
    const base64 = head.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function decodeMailTokenPayload(token: string): MailTokenPayload | null {
  const value = readTokenPayload(token);
  if (!value) return null;
  const { email, purpose, exp } = value;
  if (typeof email !== 'string' || typeof exp !== 'number') return null;
  if (purpose !== 'registration' && purpose !== 'password_reset') return null;
  return { email, purpose, exp };
}
