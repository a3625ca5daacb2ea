/** An answer other than success; each protocol turns it into its own error body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** `plain` answers the message as text/plain instead of the protocol's JSON error. */
    readonly options: { plain?: boolean; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}
