import type { Socket } from 'node:net';
import { SimulatedClock } from './clock.js';
import type { VirtualPrinter } from './printer-model/printer.js';

/** Longest answer delay a fault may ask for: ten minutes. */
export const MAX_ANSWER_DELAY_MS = 600_000;

/**
 * The network between a client and the simulated host. Servers register every socket here and
 * pass every answer through `answerGate`, so faults reach HTTP and WebSocket alike.
 */
export class LinkFaults {
  #sockets = new Set<Socket>();
  #down = false;
  #delayMs = 0;
  #held = new Set<() => void>();

  /** Called by the server for each new TCP connection; refused at once while the link is down. */
  track(socket: Socket): void {
    if (this.#down) {
      socket.destroy();
      return;
    }
    this.#sockets.add(socket);
    socket.once('close', () => this.#sockets.delete(socket));
  }

  get isDown(): boolean {
    return this.#down;
  }

  get answerDelayMs(): number {
    return this.#delayMs;
  }

  /** Cuts every open connection (HTTP keep-alive and WebSocket) without a goodbye. */
  dropLinks(): number {
    const count = this.#sockets.size;
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
    return count;
  }

  /** While down, open connections are cut and new ones are refused as they arrive. */
  setLinkDown(down: boolean): void {
    this.#down = down;
    if (down) this.dropLinks();
  }

  /** Every answer waits `ms` real milliseconds first; 0 ends the fault and releases held answers. */
  setSlowAnswers(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0 || ms > MAX_ANSWER_DELAY_MS) {
      throw new RangeError(`answer delay must be 0..${MAX_ANSWER_DELAY_MS} ms`);
    }
    this.#delayMs = ms;
    if (ms === 0) {
      for (const release of [...this.#held]) release();
    }
  }

  /** Resolves when an answer may be sent. */
  answerGate(): Promise<void> {
    if (this.#delayMs === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer);
        this.#held.delete(release);
        resolve();
      };
      const timer = setTimeout(release, this.#delayMs);
      this.#held.add(release);
    });
  }

  /** Releases held answers and closes every socket: for server shutdown. */
  shutdown(): void {
    this.setSlowAnswers(0);
    this.dropLinks();
  }
}

/** A fault typed on the simulator's console: `drop`, `slow 2000`, `unplug`, … */
export interface FaultCommand {
  usage: string;
  run(args: string[]): string;
}

/** Faults both simulators share: the network and the cable between host and printer. */
export class Faults {
  constructor(
    readonly links: LinkFaults,
    protected readonly printer: VirtualPrinter,
  ) {}

  dropLinks(): number {
    return this.links.dropLinks();
  }

  setLinkDown(down: boolean): void {
    this.links.setLinkDown(down);
  }

  setSlowAnswers(ms: number): void {
    this.links.setSlowAnswers(ms);
  }

  /** Pulls the USB cable between the host and the printer (the printer keeps its power). */
  unplugPrinter(): void {
    this.printer.setCableConnected(false);
  }

  plugInPrinter(): void {
    this.printer.setCableConnected(true);
  }

  /** Ends the network faults and plugs the printer back in. */
  clear(): void {
    this.setLinkDown(false);
    this.setSlowAnswers(0);
    this.plugInPrinter();
  }

  #setSpeed(factor: number): string {
    const clock = this.printer.clock;
    if (!(clock instanceof SimulatedClock)) return 'error: the clock is not simulated';
    clock.setSpeed(factor);
    return `speed ×${factor}`;
  }

  /** A console command taking an optional free-text message, e.g. `error Heater failed`. */
  protected messageCommand(
    usage: string,
    run: (message: string | undefined) => void,
    done: string,
  ): FaultCommand {
    return { usage, run: (words) => (run(words.join(' ') || undefined), done) };
  }

  /** The console commands; each simulator adds its own. */
  commands(): Record<string, FaultCommand> {
    return {
      drop: { usage: 'drop', run: () => `dropped ${this.dropLinks()} connections` },
      down: { usage: 'down', run: () => (this.setLinkDown(true), 'link down') },
      up: { usage: 'up', run: () => (this.setLinkDown(false), 'link up') },
      slow: {
        usage: 'slow <ms>',
        run: ([ms]) => (this.setSlowAnswers(Number(ms ?? 0)), `answer delay ${Number(ms ?? 0)} ms`),
      },
      unplug: { usage: 'unplug', run: () => (this.unplugPrinter(), 'printer unplugged') },
      plug: { usage: 'plug', run: () => (this.plugInPrinter(), 'printer plugged in') },
      power: {
        usage: 'power on|off',
        run: ([state]) => (
          this.printer.setPower(state === 'on'),
          `power ${state === 'on' ? 'on' : 'off'}`
        ),
      },
      speed: { usage: 'speed <factor>', run: ([factor]) => this.#setSpeed(Number(factor)) },
      clear: { usage: 'clear', run: () => (this.clear(), 'faults cleared') },
    };
  }
}

/** Runs one console line against a command table; returns what to print. */
export function runFaultCommand(commands: Record<string, FaultCommand>, line: string): string {
  const [name, ...args] = line.trim().split(/\s+/);
  if (!name) return '';
  const command = commands[name.toLowerCase()];
  if (!command || name === 'help') {
    const usages = Object.values(commands).map((c) => `  ${c.usage}`);
    return [`commands:`, ...usages].join('\n');
  }
  try {
    return command.run(args);
  } catch (error) {
    return `error: ${error instanceof Error ? error.message : String(error)}`;
  }
}
