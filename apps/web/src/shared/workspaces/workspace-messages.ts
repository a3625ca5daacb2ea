import type { TFunction } from 'i18next';
import { describeErrorResponse, isApiError, isTransportError } from '../../api/api-error';

/** What the create-workspace form says about a failure; null for what the error modal says. */
export function getCreateWorkspaceErrorMessage(error: unknown, t: TFunction): string | null {
  if (!error || isTransportError(error)) return null;
  if (!isApiError(error) || error.status !== 400) {
    return t('validation.unknown', { response: describeErrorResponse(error) });
  }
  if (error.getFieldErrors('name').length > 0) return t('validation.workspaceName');
  const [property, messages] = Object.entries(error.details ?? {})[0] ?? [];
  if (!property) return t('validation.unknown', { response: describeErrorResponse(error) });
  const message = Array.isArray(messages) ? messages.join(' ') : String(messages);
  return t('validation.other', { property, message });
}
