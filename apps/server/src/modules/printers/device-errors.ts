import { DeviceCommandFailed } from '../../gateway/device-command.js';
import { AppError } from '../../http/app-error.js';

export const CANNOT_EXECUTE = 'Can`t execute this command.';

/** A device's refusal or silence as the API answers it (spec part 1 §8 "Printer control"). */
export function toApiError(error: unknown): unknown {
  if (!(error instanceof DeviceCommandFailed)) return error;
  switch (error.code) {
    case 'timeout':
      return new AppError('request_timeout', 'The printer did not answer in time.');
    case 'axis-homing-required':
      return new AppError('axis_homing_required', 'Must home axis first.');
    case 'out-of-range':
      return new AppError('out_of_range', 'Out of range.');
    case 'offline':
      return new AppError('conflict', 'The printer is offline.');
    case 'unavailable':
      return new AppError('service_unavailable', error.message);
    case 'not-operational':
      // the printer's own words after ours: "Can`t execute" alone does not say why
      return new AppError('conflict', `${CANNOT_EXECUTE} ${error.message}`.trim());
    case 'liveview-off':
      // the web says it in the reader's language (printers.camera.liveviewOff)
      return new AppError('conflict', error.message, { reason: 'liveview-off' });
    case 'not-supported':
      return new AppError('conflict', 'This printer does not support that.');
    default:
      return new AppError('conflict', `The printer refused the command: ${error.message}`);
  }
}
