/**
 * Where a printed file is after so many seconds at 100 % speed, from the file itself: each
 * G0/G1 lasts its longest axis distance ÷ its feed rate and each G4 its dwell, as the Virtual
 * Printer runs them (OctoPrint's plugins/virtual_printer/virtual.py `_performMove`, `_dwell`),
 * not the slicer's estimate. A 51 s file takes about 51 s at speed 1 (issue 30).
 */
/** A line of the file OctoPrint announces as it sends it (util/comm.py `gcodeToEvent`, `_process_command_phase`). */
export type TimelineMark =
  { kind: 'home' | 'dwell'; start: number } | { kind: 'z'; start: number; z: number; oldZ: number };

export class GcodeTimeline {
  /** G28, G4 and moves to a new Z, by the byte offset their line starts at, ascending */
  readonly marks: TimelineMark[] = [];

  private constructor(
    /** the byte offset each timed line ends at, ascending */
    private readonly ends: number[],
    /** the seconds from the start when that line is done, ascending */
    private readonly times: number[],
    readonly totalSeconds: number,
  ) {}

  static read(content: Buffer): GcodeTimeline {
    const ends: number[] = [];
    const times: number[] = [];
    const position = { X: 0, Y: 0, Z: 0, E: 0 };
    let isRelative = false;
    let isExtruderRelative = false;
    let feed = 0;
    let seconds = 0;
    let offset = 0;
    const marks: TimelineMark[] = [];
    for (const raw of content.toString('latin1').split('\n')) {
      const start = offset;
      offset += raw.length + 1;
      const line = (raw.split(';')[0] ?? '').trim().toUpperCase();
      const [command] = line.split(/\s+/, 1);
      const words = readWords(line);
      if (command === 'G90') isRelative = false;
      else if (command === 'G91') isRelative = true;
      else if (command === 'M82') isExtruderRelative = false;
      else if (command === 'M83') isExtruderRelative = true;
      else if (command === 'G92') Object.assign(position, pick(words));
      else if (command === 'G28') {
        Object.assign(position, { X: 0, Y: 0, Z: 0 });
        marks.push({ kind: 'home', start });
      } else if (command === 'G4') {
        seconds += words.P !== undefined ? words.P / 1000 : (words.S ?? 0);
        marks.push({ kind: 'dwell', start });
      } else if (command === 'G0' || command === 'G1') {
        const oldZ = position.Z;
        if (words.F !== undefined && words.F > 0) feed = words.F;
        let distance = 0;
        for (const axis of ['X', 'Y', 'Z', 'E'] as const) {
          const value = words[axis];
          if (value === undefined) continue;
          const relative = axis === 'E' ? isRelative || isExtruderRelative : isRelative;
          const target = relative ? position[axis] + value : value;
          distance = Math.max(distance, Math.abs(target - position[axis]));
          position[axis] = target;
        }
        if (feed > 0) seconds += (distance / feed) * 60;
        if (position.Z !== oldZ) marks.push({ kind: 'z', start, z: position.Z, oldZ });
      } else continue;
      ends.push(Math.min(offset, content.length));
      times.push(seconds);
    }
    const timeline = new GcodeTimeline(ends, times, seconds);
    timeline.marks.push(...marks);
    return timeline;
  }

  /** The marks of the lines sent from byte `from` (inclusive) up to byte `to` (inclusive). */
  marksBetween(from: number, to: number): TimelineMark[] {
    return this.marks.filter((mark) => mark.start >= from && mark.start <= to);
  }

  /** The byte position after `seconds` of printing at 100 %. */
  positionAt(seconds: number, size: number): number {
    if (seconds >= this.totalSeconds) return size;
    let low = 0;
    let high = this.times.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.times[middle] as number) < seconds) low = middle + 1;
      else high = middle;
    }
    // the line that is running: its bytes are sent as it starts
    return low === 0 ? 0 : (this.ends[low - 1] as number);
  }
}

type Words = Partial<Record<'X' | 'Y' | 'Z' | 'E' | 'F' | 'P' | 'S', number>>;

function readWords(line: string): Words {
  const words: Words = {};
  for (const match of line.matchAll(/([XYZEFPS])\s*(-?\d*\.?\d+)/g)) {
    const value = Number(match[2]);
    if (Number.isFinite(value)) words[match[1] as keyof Words] = value;
  }
  return words;
}

function pick(words: Words): Partial<Record<'X' | 'Y' | 'Z' | 'E', number>> {
  const picked: Partial<Record<'X' | 'Y' | 'Z' | 'E', number>> = {};
  for (const axis of ['X', 'Y', 'Z', 'E'] as const)
    if (words[axis] !== undefined) picked[axis] = words[axis];
  return picked;
}
