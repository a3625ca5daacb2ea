import type { DeviceCommandError } from '@printdeck/shared';

/** A command a device did not carry out: its own error, no answer in time, or no device. */
export class DeviceCommandFailed extends Error {
  constructor(
    /** `unavailable`: the device is held by another instance that cannot be reached now */
    readonly code: DeviceCommandError | 'timeout' | 'offline' | 'busy' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'DeviceCommandFailed';
  }
}

/** A command sent to a device, waiting for its answer until its timer fires. */
export interface PendingCommand {
  resolve(result: unknown): void;
  reject(error: DeviceCommandFailed): void;
  timer: NodeJS.Timeout;
}
