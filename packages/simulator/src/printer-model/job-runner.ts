import type { StoredFile } from './files.js';
import { GcodeTimeline } from './gcode-timeline.js';
import type { JobPhase } from './job.js';
import type { JobEventKind, VirtualPrinter } from './printer.js';

/** Height a print reaches when the slicer does not say, for the toolhead's Z while printing. */
const DEFAULT_OBJECT_HEIGHT = 20;

/** Starts, pauses, resumes, cancels and finishes the printer's job on simulated time. */
export class JobRunner {
  readonly #printer: VirtualPrinter;
  #cancelTransition: (() => void) | null = null;

  constructor(printer: VirtualPrinter) {
    this.#printer = printer;
  }

  /** Loads a file without starting it. False when a job is active or the file is missing. */
  select(path: string): StoredFile | null {
    const job = this.#printer.job;
    const file = this.#printer.files.get(path);
    if (!file || job.isActive) return null;
    job.load(file);
    return file;
  }

  /** Starts the loaded file. False when none is loaded or a job is active. */
  start(): boolean {
    const printer = this.#printer;
    const job = printer.job;
    if (!job.file || job.isActive || !printer.isReachable) return false;
    job.load(job.file);
    // with timed moves the file's own moves and dwells set its pace (issue 30)
    if (printer.timedMoves) job.timeline = GcodeTimeline.read(job.file.content);
    job.status = 'printing';
    job.startedAt = printer.time;
    printer.toolhead.home([]);
    // the state is STARTING when PrintStarted fires (OctoPrint's comm.py `startPrint`)
    job.phase = 'starting';
    this.#emit('started');
    this.#transition('starting', printer.transitions.starting, () => this.#heatUp());
    return true;
  }

  pause(): boolean {
    const job = this.#printer.job;
    if (job.status !== 'printing' || isEnding(job.phase) || job.phase === 'pausing') return false;
    this.#transition('pausing', this.#printer.transitions.pausing, () => {
      job.status = 'paused';
      job.phase = null;
      this.#emit('paused');
    });
    return true;
  }

  resume(): boolean {
    const printer = this.#printer;
    const job = printer.job;
    if (job.status !== 'paused' || job.phase === 'cancelling') return false;
    job.status = 'printing';
    this.#transition('resuming', printer.transitions.resuming, () => {
      job.phase = job.position > 0 || this.#heatersReady() ? 'running' : 'heating';
      this.#emit('resumed');
    });
    return true;
  }

  cancel(): boolean {
    const job = this.#printer.job;
    if (!job.isActive || isEnding(job.phase)) return false;
    this.#transition('cancelling', this.#printer.transitions.cancelling, () => {
      job.status = 'cancelled';
      job.phase = null;
      this.#endScript();
      this.#record(false);
      this.#emit('cancelled');
    });
    return true;
  }

  /** OctoPrint's "restart": from Paused, print the same file from the beginning. */
  restart(): boolean {
    const job = this.#printer.job;
    if (job.status !== 'paused' || !job.file) return false;
    this.#clearTransition();
    job.status = 'standby';
    return this.start();
  }

  /** The job ends in error (halt, lost printer). Nothing happens without an active job. */
  fail(reason: string): void {
    const job = this.#printer.job;
    if (!job.isActive) return;
    this.#clearTransition();
    job.status = 'error';
    job.phase = null;
    job.message = reason;
    this.#record(false);
    this.#emit('failed', reason);
  }

  /**
   * Klipper on shutdown: the virtual SD card's work timer is told to pause
   * (klippy/extras/virtual_sdcard.py `handle_shutdown` sets `must_pause_work`), its loop exits
   * with the file still loaded and `print_stats.note_pause()` makes the job `paused`. No pause
   * event: nothing paused it on purpose, and it never resumes (FIRMWARE_RESTART resets it).
   */
  freezePaused(): void {
    const job = this.#printer.job;
    if (!job.isActive) return;
    this.#clearTransition();
    job.status = 'paused';
    job.phase = null;
  }

  /** Klipper's SDCARD_RESET_FILE: forget the loaded file. */
  reset(): boolean {
    const job = this.#printer.job;
    if (job.isActive) return false;
    job.file = null;
    job.status = 'standby';
    job.position = 0;
    return true;
  }

  step(seconds: number): void {
    const printer = this.#printer;
    const job = printer.job;
    const reachedEnd = job.step(seconds, printer.speedFactor, this.#heatersReady());
    if (job.phase === 'running' && job.file) {
      const height = job.file.metadata.objectHeight ?? DEFAULT_OBJECT_HEIGHT;
      const z = 0.2 + height * job.progress;
      printer.toolhead.position.z = Math.min(printer.toolhead.limits.max.z, z);
    }
    if (reachedEnd) {
      this.#transition('finishing', printer.transitions.finishing, () => {
        job.status = 'complete';
        job.phase = null;
        this.#endScript();
        this.#record(true);
        this.#emit('done');
      });
    }
  }

  #heatUp(): void {
    const printer = this.#printer;
    const { metadata } = printer.job.file as StoredFile;
    if (metadata.firstLayerExtruderTemp)
      printer.extruder.setTarget(metadata.firstLayerExtruderTemp);
    if (metadata.firstLayerBedTemp) printer.bed.setTarget(metadata.firstLayerBedTemp);
    printer.job.phase = 'heating';
  }

  #heatersReady(): boolean {
    return this.#printer.extruder.isNearTarget(1) && this.#printer.bed.isNearTarget(1);
  }

  /** What slicer end G-code and OctoPrint's afterPrintCancelled do: heaters, fan, motors off. */
  #endScript(): void {
    const printer = this.#printer;
    printer.extruder.setTarget(0);
    printer.bed.setTarget(0);
    printer.fanSpeed = 0;
    printer.toolhead.motorsOff();
  }

  #record(success: boolean): void {
    const job = this.#printer.job;
    if (!job.file) return;
    const prints = job.file.prints;
    if (success) prints.success++;
    else prints.failure++;
    prints.last = { date: this.#printer.time, success, printSeconds: job.printSeconds };
  }

  /** Enters `phase`; `then` runs after `seconds` of simulated time, or now when 0. */
  #transition(phase: JobPhase, seconds: number, then: () => void): void {
    this.#clearTransition();
    this.#printer.job.phase = phase;
    if (seconds <= 0) {
      then();
      return;
    }
    this.#cancelTransition = this.#printer.schedule(seconds, () => {
      this.#cancelTransition = null;
      then();
    });
  }

  #clearTransition(): void {
    this.#cancelTransition?.();
    this.#cancelTransition = null;
  }

  #emit(kind: JobEventKind, reason?: string): void {
    const job = this.#printer.job;
    if (!job.file) return;
    const event = { kind, file: job.file, printSeconds: job.printSeconds };
    this.#printer.events.emit('job', reason === undefined ? event : { ...event, reason });
  }
}

function isEnding(phase: JobPhase | null): boolean {
  return phase === 'cancelling' || phase === 'finishing';
}
