import { EmailSchema, LIMITS, PasswordSchema } from '@printdeck/shared';
import type { TFunction } from 'i18next';
import { describeErrorResponse, isApiError, isTransportError } from '../../api/api-error';

/**
 * The texts the sign-in screens show (spec part 2 §5 and §8). Each returns null when there is
 * nothing to say inline: valid input, or an error the error modal explains.
 */

export function validateEmail(email: string, t: TFunction): string | null {
  return EmailSchema.safeParse(email).success ? null : t('validation.email');
}

export function validateNewPassword(password: string, confirmation: string, t: TFunction) {
  if (password === '') return t('validation.passwordEmpty');
  if (password !== confirmation) return t('validation.passwordsMismatch');
  const issue = PasswordSchema.safeParse(password).error?.issues[0];
  if (!issue) return null;
  const details =
    issue.code === 'too_small'
      ? t('validation.passwordTooShort', { min: LIMITS.passwordMin })
      : t('validation.passwordTooLong', { max: LIMITS.passwordMax });
  return t('validation.invalidPassword', { details });
}

function getRateLimitMessage(error: unknown, t: TFunction): string | null {
  if (!isApiError(error) || error.status !== 429) return null;
  return error.retryAfterSeconds === undefined
    ? t('auth.rateLimitedLater')
    : t('auth.rateLimited', { count: error.retryAfterSeconds });
}

/** Shared first steps: nothing for modal errors, the wait time for 429. */
function getCommonMessage(error: unknown, t: TFunction): string | null | undefined {
  if (!error || isTransportError(error)) return null;
  return getRateLimitMessage(error, t) ?? undefined;
}

export function getLoginErrorMessage(error: unknown, t: TFunction): string | null {
  const common = getCommonMessage(error, t);
  if (common !== undefined) return common;
  // the password was right: the account asks for its authenticator code (the form shows it)
  if (isApiError(error) && error.code === 'otp_required') return null;
  if (isApiError(error) && error.code === 'otp_invalid') return t('security.twoFactor.codeInvalid');
  if (isApiError(error) && (error.status === 400 || error.status === 401)) {
    return t('auth.login.invalidCredentials');
  }
  return t('auth.login.unknownError');
}

/** Registration and password-reset requests: only the e-mail can be wrong. */
export function getEmailRequestErrorMessage(error: unknown, t: TFunction): string | null {
  const common = getCommonMessage(error, t);
  if (common !== undefined) return common;
  if (isApiError(error) && error.getFieldErrors('email').length > 0) return t('validation.email');
  if (isApiError(error) && error.code === 'mail_unavailable') return t('auth.mailUnavailable');
  return t('validation.unknown', { response: describeErrorResponse(error) });
}

/** A mailed token the server no longer accepts, or one it cannot even read. */
export function isInvalidTokenError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.code === 'token_not_valid' || error.getFieldErrors('token').length > 0;
}

/** RegistrationConfirm and PasswordResetConfirm; an invalid token is shown by the screen. */
export function getNewPasswordErrorMessage(error: unknown, t: TFunction): string | null {
  const common = getCommonMessage(error, t);
  if (common !== undefined) return common;
  if (isInvalidTokenError(error)) return null;
  const passwordErrors = isApiError(error) ? error.getFieldErrors('password') : [];
  if (passwordErrors.length > 0) {
    return t('validation.invalidPassword', { details: passwordErrors.join(' ') });
  }
  return t('validation.unknown', { response: describeErrorResponse(error) });
}
