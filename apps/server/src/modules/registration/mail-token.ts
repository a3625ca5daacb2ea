import type { MailTokenPayload } from '@printdeck/shared';
import { generateSecret } from '../../crypto/random.js';

/**
 * "<payload>.<secret>": the payload is readable by the web app (it shows the e-mail);
 * the secret makes the token unguessable. Only a hash of the whole token is stored.
 */
export function createMailToken(payload: MailTokenPayload): string {
  const head = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${head}.${generateSecret()}`;
}
