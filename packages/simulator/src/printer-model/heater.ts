/**
 * A heater moving toward its target. Two physics, one per firmware the reference describes:
 * - `linear`: OctoPrint's Virtual Printer, a fixed rate up and down, snapping within 0.5 °C;
 * - `lag`: a first-order lag like Klipper's PID plots (τ ≈ 25 s hotend, 60–90 s bed).
 */
export type HeaterPhysics =
  | { kind: 'linear'; heatPerSecond: number; coolPerSecond: number }
  | { kind: 'lag'; heatTau: number; coolTau: number };

export interface HeaterOptions {
  name: string;
  physics: HeaterPhysics;
  ambient: number;
  maxTemp: number;
  /** Temperature at start; the ambient temperature by default. */
  initial?: number;
}

/**
 * Within this of the goal the heater is there: the Virtual Printer snaps within 0.5 °C; a lag
 * never arrives, so it stops below what anyone displays.
 */
const SNAP: Record<HeaterPhysics['kind'], number> = { linear: 0.5, lag: 0.005 };

export class Heater {
  readonly name: string;
  readonly maxTemp: number;
  readonly physics: HeaterPhysics;
  ambient: number;
  temperature: number;
  target = 0;
  power = 0;
  /** OctoPrint's temperature offset (−50..50), only reported back. */
  offset = 0;

  constructor(options: HeaterOptions) {
    this.name = options.name;
    this.maxTemp = options.maxTemp;
    this.physics = options.physics;
    this.ambient = options.ambient;
    this.temperature = options.initial ?? options.ambient;
  }

  /** Sets the target. The caller has validated the range (the firmware decides how). */
  setTarget(target: number): void {
    this.target = Math.max(0, Math.min(target, this.maxTemp));
  }

  isNearTarget(tolerance = 1): boolean {
    return this.target <= 0 || Math.abs(this.temperature - this.target) <= tolerance;
  }

  step(seconds: number): void {
    if (seconds <= 0) return;
    const goal = this.target > 0 ? this.target : this.ambient;
    const next = approach(this.temperature, goal, seconds, this.physics);
    this.temperature = Math.abs(goal - next) < SNAP[this.physics.kind] ? goal : next;
    this.power = this.#power(goal);
  }

  #power(goal: number): number {
    if (this.target <= 0) return 0;
    const holding = 0.15 + (0.35 * (this.target - this.ambient)) / (this.maxTemp - this.ambient);
    const boost = Math.max(0, goal - this.temperature) / 20;
    return round(Math.min(1, Math.max(0, holding + boost)), 3);
  }
}

/** Where the temperature is after `seconds` on its way to `goal`. */
function approach(
  temperature: number,
  goal: number,
  seconds: number,
  physics: HeaterPhysics,
): number {
  const heating = goal > temperature;
  if (physics.kind === 'linear') {
    const change = (heating ? physics.heatPerSecond : physics.coolPerSecond) * seconds;
    return heating ? Math.min(goal, temperature + change) : Math.max(goal, temperature - change);
  }
  const tau = heating ? physics.heatTau : physics.coolTau;
  return goal + (temperature - goal) * Math.exp(-seconds / tau);
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
