/** Why a message did not go: `retryable` ones wait and try again, the others give up now. */
export class DeliveryError extends Error {
  constructor(
    readonly retryable: boolean,
    message: string,
    /** seconds the other side asked us to wait */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** A reason safe for the log and the row: the error's own words, never a URL with a secret. */
export function describeFailure(error: unknown): DeliveryError {
  if (error instanceof DeliveryError) return error;
  const code = (error as { code?: string }).code;
  const responseCode = (error as { responseCode?: number }).responseCode;
  const message = error instanceof Error ? error.message.slice(0, 200) : 'unknown error';
  // SMTP: a 5xx answer is permanent; 4xx answers and connection problems pass.
  if (responseCode !== undefined) return new DeliveryError(responseCode < 500, message);
  return new DeliveryError(true, code ? `${code}: ${message}` : message);
}
