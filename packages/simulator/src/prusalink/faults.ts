import { Faults, type FaultCommand, type LinkFaults } from '../faults.js';
import type { VirtualPrinter } from '../printer-model/printer.js';
import type { PrusaLinkContext } from './context.js';

/** What happens on a PrusaLink printer's own screen and to its network (reference §5.2). */
export class PrusaLinkFaults extends Faults {
  constructor(
    links: LinkFaults,
    printer: VirtualPrinter,
    private readonly ctx: PrusaLinkContext,
  ) {
    super(links, printer);
  }

  /**
   * A question on the screen during a job (filament runout, MMU): the print pauses and the
   * printer reads ATTENTION; only stop is allowed remotely (reference §3.5).
   */
  raiseAttention(reason = 'Filament runout'): void {
    if (!this.printer.job.isActive) return;
    this.ctx.panel.attention = reason;
    this.printer.jobs.pause();
  }

  /** The operator answers the question on the screen: the print goes on. */
  clearAttention(): void {
    if (!this.ctx.panel.attention) return;
    this.ctx.panel.attention = null;
    this.printer.jobs.resume();
  }

  /** Menu preheat, load/unload, self-test: BUSY while idle. */
  setBusy(reason: string | null): void {
    this.ctx.panel.busy = reason;
  }

  /** A red screen; the printer reads ERROR until it is cleared. A running print fails. */
  setError(reason: string | null): void {
    this.ctx.panel.error = reason;
    if (reason) this.printer.jobs.fail(reason);
  }

  /** The operator confirms the FINISHED/STOPPED screen: back to IDLE. */
  confirmOnScreen(): void {
    this.ctx.panel.isConfirmed = true;
  }

  /** Someone sets a new password under Settings → Network → PrusaLink. */
  setPassword(password: string): void {
    this.ctx.auth.password = password;
    this.ctx.auth.apiKey = password;
  }

  override clear(): void {
    super.clear();
    this.ctx.panel.attention = null;
    this.ctx.panel.busy = null;
    this.ctx.panel.error = null;
  }

  override commands(): Record<string, FaultCommand> {
    return {
      ...super.commands(),
      attention: this.messageCommand(
        'attention [reason]',
        (m) => this.raiseAttention(m),
        'attention',
      ),
      answer: { usage: 'answer', run: () => (this.clearAttention(), 'attention answered') },
      busy: {
        usage: 'busy on|off',
        run: ([on]) => (this.setBusy(on === 'off' ? null : 'Preheat'), `busy ${on !== 'off'}`),
      },
      error: this.messageCommand('error [message]', (m) => this.setError(m ?? 'Error'), 'error'),
      confirm: { usage: 'confirm', run: () => (this.confirmOnScreen(), 'confirmed on screen') },
    };
  }
}
