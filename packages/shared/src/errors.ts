import { z } from 'zod';

/** Stable error codes and their HTTP status (ARCHITECTURE §3). */
export const ERROR_STATUS = {
  validation_error: 400,
  invalid_json: 400,
  not_authenticated: 401,
  invalid_credentials: 401,
  token_not_valid: 401,
  /** the password was right; the account asks for its authenticator code as well */
  otp_required: 401,
  otp_invalid: 401,
  forbidden: 403,
  /** a sensitive change: re-enter the password (and code) first */
  reauth_required: 403,
  not_found: 404,
  request_timeout: 408,
  axis_homing_required: 408,
  out_of_range: 408,
  conflict: 409,
  /** the first request with this Idempotency-Key is still running (IETF httpapi-idempotency-key) */
  idempotency_key_in_use: 409,
  /** the first request with this Idempotency-Key succeeded; its answer held a secret shown once */
  idempotency_answer_not_kept: 409,
  payload_too_large: 413,
  range_not_satisfiable: 416,
  unsupported_media_type: 415,
  /** this Idempotency-Key was first sent with another method, path or body */
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  maintenance: 503,
  /** the mail server does not take mail right now: nothing was sent */
  mail_unavailable: 503,
  /** another server instance (or the link to it) is needed and cannot be reached now */
  service_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** details of a validation error: field path (dotted) to the reasons. */
export const FieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrorsSchema>;

export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
