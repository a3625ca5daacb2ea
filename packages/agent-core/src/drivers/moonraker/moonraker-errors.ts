import { CommandFailed } from '../driver.js';
import { HostHttpError } from '../host-http.js';
import { RpcError } from './jsonrpc-client.js';

/** Moonraker's "method not found": a Klippy endpoint never registered, or no such feature. */
export const METHOD_NOT_FOUND = -32601;

/** Klipper's words for a refused G-code, to the codes the server turns into spec §8 messages. */
const KLIPPER_REFUSALS: ReadonlyArray<[RegExp, CommandFailed['code']]> = [
  [/Must home axis first/i, 'axis-homing-required'],
  [/out of range/i, 'out-of-range'],
  [/SD busy|while printing|File is loaded|currently in use/i, 'busy'],
];

/**
 * A Moonraker or Klipper refusal as a command error (reference B.1 error table): 503 means
 * Klippy is not there; a 400 while Klippy is not ready carries its state message.
 */
export function moonrakerFailure(error: unknown, isKlippyReady: boolean): unknown {
  if (error instanceof RpcError) {
    const text = `Klipper: ${error.message}`;
    const known = KLIPPER_REFUSALS.find(([pattern]) => pattern.test(error.message));
    if (known) return new CommandFailed(known[1], text);
    if (error.code === 503) return new CommandFailed('not-operational', text);
    if (error.code === METHOD_NOT_FOUND || error.code === 404) {
      return new CommandFailed(isKlippyReady ? 'not-supported' : 'not-operational', text);
    }
    if (error.code === 400 && !isKlippyReady) return new CommandFailed('not-operational', text);
    if (error.code === 400 || error.code === -32602)
      return new CommandFailed('invalid-command', text);
    return new CommandFailed('internal', text);
  }
  if (error instanceof HostHttpError) {
    const text = `Moonraker: ${error.message}`;
    if (error.status === 422) return new CommandFailed('checksum-mismatch', text);
    const known = KLIPPER_REFUSALS.find(([pattern]) => pattern.test(error.message));
    if (known) return new CommandFailed(known[1], text);
    if (error.status === 401 || error.status === 403)
      return new CommandFailed('permission-denied', text);
    if (error.status >= 400 && error.status < 500)
      return new CommandFailed('invalid-command', text);
    return new CommandFailed('internal', text);
  }
  return error;
}
