import type { OctoPrintContext } from './context.js';
import { sentLines } from './extra-events.js';

/**
 * Queues G-code for the printer the way OctoPrint does: fire and forget, the reply only shows
 * in the terminal log. M112 jumps the queue (Marlin's emergency parser).
 */
export function sendCommands(ctx: OctoPrintContext, lines: readonly string[]): void {
  for (const line of lines) ctx.bus.emit('log', `Send: ${line}`);
  sentLines(ctx, lines);
  if (lines.some((line) => /^\s*M112\b/i.test(line))) {
    ctx.printer.emergencyStop('M112');
    return;
  }
  ctx.printer.execute(lines.join('\n')).catch((error: unknown) => {
    ctx.bus.emit('log', `Recv: Error:${error instanceof Error ? error.message : String(error)}`);
  });
}
