/** Commands that answer once Moonraker has them without a refusal (issue 10 #10). */
export const ACCEPTED_EARLY: ReadonlySet<string> = new Set(['pause', 'resume', 'cancel']);

/**
 * The command's own answer when it comes within `acceptMs`, else "accepted": Klipper took it
 * and works on it (PAUSE waits for the queued moves); the state shows the result, and a late
 * failure is only logged. Never reported as timed out.
 */
export function acceptEarly(
  running: Promise<unknown>,
  acceptMs: number,
  onLateFailure: (error: unknown) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let isAnswered = false;
    const timer = setTimeout(() => {
      isAnswered = true;
      resolve(null);
    }, acceptMs);
    running.then(
      (result) => {
        clearTimeout(timer);
        if (!isAnswered) resolve(result);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (isAnswered) onLateFailure(error);
        else reject(error);
      },
    );
  });
}
