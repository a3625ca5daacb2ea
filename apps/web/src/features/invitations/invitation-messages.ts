import type { TFunction } from 'i18next';
import { isApiError } from '../../api/api-error';

/** What the accept screen says about a failed accept; null when there is nothing to say. */
export function getInvitationErrorMessage(error: unknown, isSignedIn: boolean, t: TFunction) {
  if (!error) return null;
  if (isApiError(error) && (error.status === 401 || error.status === 404)) {
    return t('invitations.accept.invalid');
  }
  if (isApiError(error) && error.status === 409) {
    return isSignedIn ? t('invitations.accept.otherAddress') : t('invitations.accept.hasAccount');
  }
  return error instanceof Error ? error.message : String(error);
}
