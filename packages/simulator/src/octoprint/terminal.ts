import type { OctoPrintContext } from './context.js';

/** OctoPrint keeps the newest terminal lines for a new client's `history` (printer/standard.py `_log`). */
const KEPT_LINES = 300;
/** `M155 S2`: OctoPrint asks a firmware with AUTOREPORT_TEMP for a report every 2 s (util/comm.py). */
const TEMPERATURE_REPORT_MS = 2000;

/**
 * OctoPrint's terminal beside the push socket: the lines a new client's `history` carries, and
 * the temperature auto-report the virtual printer sends while connected
 * (plugins/virtual_printer/virtual.py `_generateTemperatureOutput`: `T:… /… B:… /… @:64`),
 * which OctoPrint logs as `Recv: T:…` like every line it reads (util/comm.py `_readline`).
 */
export class OctoPrintTerminal {
  readonly #recent: string[] = [];
  #lastReportAt: number | null = null;

  constructor(private readonly ctx: OctoPrintContext) {
    ctx.bus.on('log', (line) => {
      this.#recent.push(line);
      if (this.#recent.length > KEPT_LINES) this.#recent.shift();
    });
  }

  /** The newest lines, oldest first. */
  recent(): string[] {
    return [...this.#recent];
  }

  /** Called on every push tick: a temperature report once 2 s of printer time went by. */
  reportTemperatures(): void {
    const { printer, connection } = this.ctx;
    if (!connection.isOperational) {
      this.#lastReportAt = null;
      return;
    }
    if (this.#lastReportAt !== null && printer.time - this.#lastReportAt < TEMPERATURE_REPORT_MS)
      return;
    this.#lastReportAt = printer.time;
    const tool = printer.extruder;
    const bed = printer.bed;
    this.ctx.bus.emit(
      'log',
      `Recv: T:${tool.temperature.toFixed(2)} /${tool.target.toFixed(2)} ` +
        `B:${bed.temperature.toFixed(2)} /${bed.target.toFixed(2)} @:64`,
    );
  }
}
