import type { VirtualPrinter } from '../printer-model/printer.js';
import type { Notify } from './context.js';
import type { Klippy } from './klippy.js';
import { RpcError } from './rpc-error.js';

export interface PowerDeviceConfig {
  name: string;
  /** Moonraker's device type; `gpio` by default. */
  type?: string;
  lockedWhilePrinting?: boolean;
  /** The relay feeds the printer: switching it powers the simulated printer. */
  controlsPrinter?: boolean;
  /** FIRMWARE_RESTART one second after power-on (`restart_klipper_when_powered`). */
  restartKlipperWhenPowered?: boolean;
  /** For devices that do not feed the printer. */
  initialState?: 'on' | 'off';
}

export type PowerStatus = 'on' | 'off' | 'init' | 'error';

/** The default: one `gpio` relay called `printer` feeding the printer (reference C.2). */
export const DEFAULT_POWER_DEVICES: PowerDeviceConfig[] = [
  {
    name: 'printer',
    lockedWhilePrinting: true,
    controlsPrinter: true,
    restartKlipperWhenPowered: true,
  },
];

const RESTART_DELAY_SECONDS = 1;
/** From Klippy "ready" to a `klipper_device`'s first state (seen on Moonraker 0.10). */
const KLIPPER_DEVICE_READ_SECONDS = 0.24;

/** Moonraker's `[power <name>]` devices (reference B.3.7). */
export class PowerDevices {
  readonly #states = new Map<string, PowerStatus>();
  /** `klipper_device`s whose pin Moonraker is still reading after Klippy became ready */
  readonly #awaitingPin = new Set<string>();

  constructor(
    private readonly printer: VirtualPrinter,
    private readonly klippy: Klippy,
    private readonly configs: readonly PowerDeviceConfig[],
    private readonly notify: Notify,
  ) {
    for (const config of configs) {
      if (!config.controlsPrinter) this.#states.set(config.name, config.initialState ?? 'off');
    }
    // a `klipper_device` follows Klippy: "error" on shutdown, "init" while disconnected. On
    // ready it stays "init" until its subscription answers: `_handle_ready` awaits
    // `subscribe_objects` for the pin, then `notify_power_changed` (moonraker/components/
    // power.py `KlipperDevice`), which a real host sends about 240 ms after "ready"
    klippy.events.on('state', (state) => {
      for (const config of configs) {
        if (config.type !== 'klipper_device') continue;
        if (state !== 'ready') {
          this.#awaitingPin.delete(config.name);
          this.#changed(config);
          continue;
        }
        this.#awaitingPin.add(config.name);
        printer.schedule(KLIPPER_DEVICE_READ_SECONDS, () => {
          if (!this.#awaitingPin.delete(config.name)) return;
          this.#changed(config);
        });
      }
    });
    printer.events.on('power', (on) => {
      for (const config of configs) {
        if (config.controlsPrinter) this.#changed(config);
        if (on && config.controlsPrinter && config.restartKlipperWhenPowered) {
          printer.schedule(RESTART_DELAY_SECONDS, () => {
            if (!this.klippy.isReady) this.klippy.restart();
          });
        }
      }
    });
  }

  /** Without `[power]` sections the endpoints do not exist (404 / −32601). */
  get isConfigured(): boolean {
    return this.configs.length > 0;
  }

  list(): Record<string, unknown>[] {
    return this.configs.map((config) => this.#describe(config));
  }

  status(name: string): PowerStatus | undefined {
    const config = this.configs.find((c) => c.name === name);
    return config ? this.#status(config) : undefined;
  }

  /** Switches a device; asking for its current state is a no-op success. */
  set(name: string, action: string): PowerStatus {
    const config = this.configs.find((c) => c.name === name);
    if (!config) throw new RpcError(400, `No valid device named ${name}`);
    if (action !== 'on' && action !== 'off' && action !== 'toggle') {
      throw new RpcError(400, `Invalid requested action '${action}'`);
    }
    if (config.type === 'klipper_device' && this.klippy.state === 'shutdown') {
      throw new RpcError(
        400,
        `Power Device ${name}: Cannot set power for device when Klipper is shutdown`,
      );
    }
    const current = this.#status(config);
    const wanted: PowerStatus = action === 'toggle' ? (current === 'on' ? 'off' : 'on') : action;
    if (wanted === current) return current;
    if (config.lockedWhilePrinting && this.printer.job.status === 'printing') {
      throw new RpcError(400, `Unable to change power for ${name} while printing`);
    }
    if (config.controlsPrinter) {
      this.printer.setPower(wanted === 'on');
    } else {
      this.#states.set(name, wanted);
      this.#changed(config);
    }
    return wanted;
  }

  /**
   * A `klipper_device` (an output pin of Klipper's own) reads "error" while Klipper is shut
   * down and "init" while it is disconnected (moonraker/components/power.py `KlipperDevice`:
   * `process_klippy_shutdown`, `_handle_disconnect`).
   */
  #status(config: PowerDeviceConfig): PowerStatus {
    if (config.type === 'klipper_device') {
      if (this.klippy.state === 'shutdown' || this.klippy.state === 'error') return 'error';
      if (!this.klippy.isReady || this.#awaitingPin.has(config.name)) return 'init';
    }
    if (config.controlsPrinter) return this.printer.isPowered ? 'on' : 'off';
    return this.#states.get(config.name) ?? 'off';
  }

  #describe(config: PowerDeviceConfig): Record<string, unknown> {
    return {
      device: config.name,
      status: this.#status(config),
      locked_while_printing: config.lockedWhilePrinting ?? false,
      type: config.type ?? 'gpio',
    };
  }

  #changed(config: PowerDeviceConfig): void {
    this.notify('notify_power_changed', [this.#describe(config)]);
  }
}
