import type { OctoPrintContext } from './context.js';
import { sentLines } from './extra-events.js';

/**
 * Queues G-code for the printer the way OctoPrint does: fire and forget, the reply only shows
 * in the terminal log. M112 jumps the queue (Marlin's emergency parser).
 */
export function sendCommands(ctx: OctoPrintContext, lines: readonly string[]): void {
  sentLines(ctx, lines);
  if (lines.some((line) => /^\s*M112\b/i.test(line))) {
    for (const line of lines) ctx.bus.emit('log', `Send: ${line}`);
    ctx.printer.emergencyStop('M112');
    return;
  }
  void runAndAcknowledge(ctx, lines);
}

/**
 * One line at a time, each sent once the last was acknowledged (util/comm.py: the next line
 * waits for the firmware's `ok`). Marlin answers every line with `ok` once it ran; a temperature
 * report (`ok T:…`) is its own `ok` (plugins/virtual_printer/virtual.py `_sendOk`,
 * `_processTemperatureQuery`). A line that fails ends the rest, with the firmware's `Error:`.
 */
async function runAndAcknowledge(ctx: OctoPrintContext, lines: readonly string[]): Promise<void> {
  for (const line of lines) {
    ctx.bus.emit('log', `Send: ${line}`);
    let isAcknowledged = false;
    const stop = ctx.printer.events.on('response', (response) => {
      if (/^ok\b/.test(response)) isAcknowledged = true;
    });
    try {
      await ctx.printer.execute(line);
    } catch (error) {
      ctx.bus.emit('log', `Recv: Error:${error instanceof Error ? error.message : String(error)}`);
      return;
    } finally {
      stop();
    }
    if (!isAcknowledged) ctx.bus.emit('log', 'Recv: ok');
  }
}
