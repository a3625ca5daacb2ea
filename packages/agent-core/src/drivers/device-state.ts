import { networkInterfaces } from 'node:os';
import { NO_STATE_FLAGS, type DeviceState } from '@printdeck/shared';

/** Every flag false: nothing is known about the printer. */
export const NO_FLAGS = NO_STATE_FLAGS;

export type Plugins = DeviceState['plugins'];

export const NO_PLUGINS: Plugins = {
  power_relay: false,
  power_on: null,
  led: false,
  spectoda: false,
  camera: false,
};

export const UNKNOWN_TEXT = 'Unknown';

/**
 * The printer's host (OctoPrint, Moonraker) does not answer: nothing about the printer is
 * known. Unknown, never failed: no flag says error, the job is not reported as ended.
 */
export function unreachableState(input: {
  hostName: string;
  plugins: Plugins;
  localIpAddress: string | null;
  detail?: string;
}): DeviceState {
  return {
    is_paired: false,
    state: { text: UNKNOWN_TEXT, flags: NO_FLAGS },
    error: {
      code: 'printer-unreachable',
      detail: input.detail ?? `${input.hostName} does not answer.`,
    },
    temperature: { tool0: null, bed: null },
    job: null,
    local_ip_address: input.localIpAddress,
    plugins: { ...input.plugins, power_on: null },
    lights: { led_on: null },
    klipper: null,
  };
}

/** The newest state and who wants it; listeners hear only real changes. */
export class StateHolder {
  #state: DeviceState;
  #json: string;
  readonly #listeners: Array<(state: DeviceState) => void> = [];

  constructor(initial: DeviceState) {
    this.#state = initial;
    this.#json = JSON.stringify(initial);
  }

  get(): DeviceState {
    return this.#state;
  }

  set(state: DeviceState): void {
    const json = JSON.stringify(state);
    if (json === this.#json) return;
    this.#state = state;
    this.#json = json;
    for (const listener of this.#listeners) listener(state);
  }

  onChange(listener: (state: DeviceState) => void): void {
    this.#listeners.push(listener);
  }
}

/** The machine's first non-internal IPv4 address: what a user types to reach OctoPrint. */
export function findLocalIpAddress(
  interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces(),
): string | null {
  for (const addresses of Object.values(interfaces)) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address;
    }
  }
  return null;
}

/** A finite number or null: hosts send null, strings and NaN where a number is expected. */
export function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
