import type { TFunction } from 'i18next';
import { describeErrorResponse, isApiError, isTransportError } from '../../api/api-error';
import { getNewPasswordErrorMessage } from '../../shared/auth/auth-messages';

/** The welcome form's own explanation of a failed submit; null when nothing failed. */
export function getWelcomeErrorMessage(error: unknown, t: TFunction): string | null {
  if (!error) return null;
  if (isFirstRunClosedError(error)) return t('firstRun.closed');
  if (isTransportError(error)) return t('firstRun.noConnection');
  if (!isApiError(error))
    return t('validation.unknown', { response: describeErrorResponse(error) });
  if (error.getFieldErrors('email').length > 0) return t('validation.email');
  if (error.getFieldErrors('workspace_name').length > 0) return t('validation.workspaceName');
  return getNewPasswordErrorMessage(error, t);
}

/** True when the server answered that the first account exists already. */
export function isFirstRunClosedError(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}
