import type { DeviceCommandName } from '@printdeck/shared';

/** Reads answer with what they read, so they wait for it; no other command waits (issue 30). */
const ANSWERED_WITH_DATA: ReadonlySet<DeviceCommandName> = new Set([
  'list_files',
  'snapshot',
  'klipper_macros',
  'klipper_gcode_store',
  'klipper_printer_info',
]);

/**
 * Commands that answer once Moonraker has them without a refusal: `printer.gcode.script` and
 * the print aliases answer only when Klipper is done (PAUSE behind queued moves, 8–15 s; a 15 s
 * macro; a fan command behind a print's moves), later than the server waits (issue 10 #10, 30).
 */
export function isAcceptedEarly(name: DeviceCommandName): boolean {
  return !ANSWERED_WITH_DATA.has(name);
}

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
