import type { OctoPrintContext } from './context.js';
import { pyFloat } from './python-json.js';
import type { JobEvent } from '../printer-model/printer.js';

const EVENT_NAMES: Record<JobEvent['kind'], string> = {
  started: 'PrintStarted',
  paused: 'PrintPaused',
  resumed: 'PrintResumed',
  done: 'PrintDone',
  cancelled: 'PrintCancelled',
  failed: 'PrintFailed',
};

/**
 * The `PrintFailed {reason: "cancelled"}` that follows every `PrintCancelled`. OctoPrint fires it
 * from a thread after writing the print to the file's history
 * (src/octoprint/printer/standard.py `on_comm_print_job_cancelled` → `finalize`), so it comes
 * late: after the cancel script, sometimes after the next print of the same file has started.
 * Tests hold it to deliver it exactly then.
 */
export class CancelTail {
  #isHeld = false;
  readonly #held: (() => void)[] = [];

  constructor(private readonly delayMs: number) {}

  send(deliver: () => void): void {
    if (this.#isHeld) this.#held.push(deliver);
    else setTimeout(deliver, this.delayMs).unref();
  }

  /** Keeps every tail until `release` (a test's way to make it arrive after the next start). */
  hold(): void {
    this.#isHeld = true;
  }

  /** Delivers the held tails now, in order, and stops holding. Answers how many. */
  release(): number {
    this.#isHeld = false;
    const held = this.#held.splice(0);
    for (const deliver of held) deliver();
    return held.length;
  }
}

/**
 * Job changes become OctoPrint events, each after the state change that comes with it:
 * `comm.py` `startPrint` changes the state to STARTING, then calls `on_comm_print_job_started`
 * (PrintStarted), then the state becomes PRINTING; `PrinterStateChanged` fires synchronously in
 * `standard.py` `on_comm_state_change`, so the push socket gets the state first.
 */
export function forwardPrintEvents(ctx: OctoPrintContext, tail: CancelTail): void {
  ctx.printer.events.on('job', (event) => {
    const payload: Record<string, unknown> = {
      name: event.file.name,
      path: event.file.path,
      origin: 'local',
      size: event.file.size,
      time: pyFloat(event.printSeconds), // `getPrintTime()`: a float
      ...(event.kind === 'failed' ? { reason: 'error', error: event.reason } : {}),
    };
    ctx.bus.emit('stateCheck');
    ctx.bus.emit('event', EVENT_NAMES[event.kind], payload);
    if (event.kind === 'cancelled') {
      tail.send(() => ctx.bus.emit('event', 'PrintFailed', { ...payload, reason: 'cancelled' }));
    }
  });
  ctx.printer.events.on('power', (on) => {
    if (ctx.settings.psuControl) ctx.bus.emit('plugin', 'psucontrol', { isPSUOn: on });
  });
}
