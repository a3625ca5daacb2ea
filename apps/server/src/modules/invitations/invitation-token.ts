import type { InvitationTokenPayload } from '@printdeck/shared';
import { generateSecret } from '../../crypto/random.js';

/**
 * "<payload>.<secret>" like the registration tokens: the accept screen reads the e-mail and the
 * workspace's name from the payload; only a hash of the whole token is stored (checklist C06).
 */
export function createInvitationToken(payload: InvitationTokenPayload): string {
  return `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${generateSecret()}`;
}
