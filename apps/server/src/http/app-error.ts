import { ERROR_STATUS, type ErrorCode } from '@printdeck/shared';

/** The one error type with a stable code; the error handler turns it into the wire body. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Not found.') => new AppError('not_found', what);
export const forbidden = () =>
  new AppError('forbidden', "You don't have permission to perform this action.");
export const notAuthenticated = () =>
  new AppError('not_authenticated', 'Authentication credentials were not provided or are invalid.');
export const tokenNotValid = (message = 'Token is invalid or expired.') =>
  new AppError('token_not_valid', message);
export const fieldError = (field: string, message: string) =>
  new AppError('validation_error', `Validation error: ${field} - ${message}`, {
    [field]: [message],
  });
