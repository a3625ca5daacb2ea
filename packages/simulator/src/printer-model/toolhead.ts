import { GcodeError } from './gcode-parse.js';

export type Axis = 'x' | 'y' | 'z';
export const AXES: readonly Axis[] = ['x', 'y', 'z'];

export interface Position {
  x: number;
  y: number;
  z: number;
  e: number;
}

export interface AxisLimits {
  min: Record<Axis, number>;
  max: Record<Axis, number>;
}

/** Klipper refuses unhomed and out-of-range moves; Marlin moves anyway and clamps. */
export interface MoveRules {
  requireHoming: boolean;
  rejectOutOfRange: boolean;
}

export type MoveWords = Partial<Record<'X' | 'Y' | 'Z' | 'E', number>>;

export const DEFAULT_LIMITS: AxisLimits = {
  min: { x: 0, y: 0, z: 0 },
  max: { x: 235, y: 235, z: 250 },
};

export class Toolhead {
  readonly limits: AxisLimits;
  position: Position = { x: 0, y: 0, z: 0, e: 0 };
  homed = new Set<Axis>();
  absolute = true;
  absoluteExtrude = true;
  /** Last commanded feed rate in mm/min. */
  feedRate = 1500;

  constructor(limits: AxisLimits = DEFAULT_LIMITS) {
    this.limits = limits;
  }

  /** The homed axes in Klipper's spelling, e.g. "xyz" or "". */
  get homedAxes(): string {
    return AXES.filter((axis) => this.homed.has(axis)).join('');
  }

  home(axes: readonly Axis[]): void {
    for (const axis of axes.length > 0 ? axes : AXES) {
      this.homed.add(axis);
      this.position[axis] = this.limits.min[axis];
    }
  }

  motorsOff(): void {
    this.homed.clear();
  }

  /** Where a G0/G1 with these words ends, before any check. */
  target(words: MoveWords): Position {
    const end = { ...this.position };
    for (const axis of AXES) {
      const value = words[axis.toUpperCase() as 'X' | 'Y' | 'Z'];
      if (value !== undefined) end[axis] = this.absolute ? value : end[axis] + value;
    }
    if (words.E !== undefined) {
      end.e = this.absolute && this.absoluteExtrude ? words.E : end.e + words.E;
    }
    return end;
  }

  /** Moves to `end` after `checkMove`. */
  moveTo(end: Position, rules: MoveRules): void {
    this.position = this.checkMove(end, rules);
  }

  /**
   * Checks each axis that moves the way Klipper's kinematics do; returns where the move really
   * ends (clamped to the limits when the rules allow it) or throws the firmware's error.
   */
  checkMove(end: Position, rules: MoveRules): Position {
    const checked = { ...end };
    for (const axis of AXES) {
      if (checked[axis] === this.position[axis]) continue;
      const inRange =
        checked[axis] >= this.limits.min[axis] && checked[axis] <= this.limits.max[axis];
      if (!this.homed.has(axis) && rules.requireHoming) {
        throw new GcodeError(moveError('Must home axis first', checked));
      }
      if (!inRange && rules.rejectOutOfRange) {
        throw new GcodeError(moveError('Move out of range', checked));
      }
      if (!inRange) {
        checked[axis] = Math.min(this.limits.max[axis], Math.max(this.limits.min[axis], end[axis]));
      }
    }
    return checked;
  }

  /** G92: declares the current position without moving. */
  setPosition(words: MoveWords): void {
    for (const axis of AXES) {
      const value = words[axis.toUpperCase() as 'X' | 'Y' | 'Z'];
      if (value !== undefined) this.position[axis] = value;
    }
    if (words.E !== undefined) this.position.e = words.E;
  }
}

function moveError(message: string, end: Position): string {
  const f = (n: number) => n.toFixed(3);
  return `${message}: ${f(end.x)} ${f(end.y)} ${f(end.z)} [${f(end.e)}]`;
}
