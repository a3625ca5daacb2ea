import type { StoredFile } from './files.js';
import type { GcodeTimeline } from './gcode-timeline.js';

/** Klipper's `print_stats.state`; OctoPrint's texts are derived from it and the phase. */
export type JobStatus = 'standby' | 'printing' | 'paused' | 'complete' | 'cancelled' | 'error';

/** What a printing job is doing right now; transitions take time on OctoPrint only. */
export type JobPhase =
  'starting' | 'heating' | 'running' | 'pausing' | 'resuming' | 'cancelling' | 'finishing';

/** How long each OctoPrint transition state lasts, in simulated seconds (reference C.1). */
export interface TransitionSeconds {
  starting: number;
  pausing: number;
  resuming: number;
  cancelling: number;
  finishing: number;
}

export const INSTANT_TRANSITIONS: TransitionSeconds = {
  starting: 0,
  pausing: 0,
  resuming: 0,
  cancelling: 0,
  finishing: 0,
};

/** For files without a slicer estimate: nominal print speed in bytes per second. */
export const DEFAULT_BYTES_PER_SECOND = 1000;

export class PrintJob {
  /** The selected (OctoPrint) or loaded (Klipper) file; kept after the job ends. */
  file: StoredFile | null = null;
  status: JobStatus = 'standby';
  phase: JobPhase | null = null;
  /** Bytes of the file "sent" so far. */
  position = 0;
  /** Seconds spent printing: pauses and the heat-up wait left out. */
  printSeconds = 0;
  /** Wall seconds since the start, pauses included. */
  totalSeconds = 0;
  /** Simulated ms of the start, or null when no job ran. */
  startedAt: number | null = null;
  /** Why the job failed. */
  message = '';
  /** with timed moves: the file's own timing, instead of its estimate */
  timeline: GcodeTimeline | null = null;
  /** seconds of the file printed at 100 %, for the timeline */
  fileSeconds = 0;

  constructor(readonly bytesPerSecond = DEFAULT_BYTES_PER_SECOND) {}

  get isActive(): boolean {
    return this.status === 'printing' || this.status === 'paused';
  }

  /** 0..1, the share of the file sent. */
  get progress(): number {
    if (!this.file || this.file.size === 0) return this.status === 'complete' ? 1 : 0;
    return this.position / this.file.size;
  }

  /** How long the file takes at 100 % speed, in seconds. */
  get nominalSeconds(): number {
    if (!this.file) return 0;
    if (this.timeline) return this.timeline.totalSeconds;
    return this.file.metadata.estimatedSeconds ?? this.file.size / this.bytesPerSecond;
  }

  get filamentUsedMm(): number {
    return (this.file?.metadata.filamentMm ?? 0) * this.progress;
  }

  /** Loads a file and clears the previous job's numbers. */
  load(file: StoredFile): void {
    this.file = file;
    this.status = 'standby';
    this.phase = null;
    this.position = 0;
    this.printSeconds = 0;
    this.totalSeconds = 0;
    this.startedAt = null;
    this.message = '';
    this.timeline = null;
    this.fileSeconds = 0;
  }

  /**
   * Integrates `seconds` of simulated time. `rate` is the speed factor (1 = 100 %).
   * Returns true when the last byte has just been sent.
   */
  step(seconds: number, rate: number, heatersReady: boolean): boolean {
    if (!this.isActive) return false;
    this.totalSeconds += seconds;
    if (this.status !== 'printing') return false;
    if (this.phase === 'heating' && heatersReady) this.phase = 'running';
    if (this.phase !== 'running' || !this.file) return false;
    const size = this.file.size;
    this.printSeconds += seconds;
    if (this.timeline) {
      this.fileSeconds += seconds * rate;
      this.position = this.timeline.positionAt(this.fileSeconds, size);
      return this.position >= size;
    }
    const nominal = Math.max(this.nominalSeconds, 1e-3);
    this.position = Math.min(size, this.position + (size / nominal) * seconds * rate);
    return this.position >= size;
  }
}
