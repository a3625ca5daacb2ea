/** The controls' rules (spec part 1 §5 "Controls"). */
export const MOVE_STEP_MM = 10;
export const DEFAULT_MATERIAL_LENGTH = 5;
export const DEFAULT_TEMPERATURE = 0;

/**
 * Setting 0 °C on a heater that is on while a job runs stops the print in all but name: it asks
 * for a confirmation first.
 */
export function isHeaterOffMidPrint(
  view: { printerState: string },
  currentTarget: number,
  nextTarget: number,
): boolean {
  const isJobRunning = view.printerState === 'PRINTING' || view.printerState === 'PAUSED';
  return isJobRunning && currentTarget > 0 && nextTarget === 0;
}

export type Axis = 'x' | 'y' | 'z';
export type MaterialAction = 'extrude' | 'retract';

/** One press moves the head 10 mm, relative, along one axis. */
export function getMoveBody(axis: Axis, direction: 1 | -1) {
  return { absolute: false as const, [axis]: direction * MOVE_STEP_MM };
}

/** Extrude is sent as a positive amount, retract as a negative one. */
export function getExtrudeAmount(action: MaterialAction, length: number): number {
  if (!Number.isFinite(length) || length <= 0) {
    throw new RangeError(`Invalid material length: ${length}`);
  }
  if (action !== 'extrude' && action !== 'retract') {
    throw new Error(`Invalid material action: ${String(action)}`);
  }
  return action === 'extrude' ? length : -length;
}

/** Command text split on lines, trimmed, empty lines dropped. */
export function splitCommands(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A numeric field's value, or null when it holds no usable number. */
export function toNumber(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '') return null;
  const parsed = Number(value.replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : null;
}

/** After a console send, sending stays locked for this long (spec part 1 §4). */
export const CONSOLE_SEND_LOCK_MS = 1000;

/** The console's commands to send, or null: an empty text or a send in progress is ignored. */
export function getConsoleCommands(text: string, isSending: boolean): string[] | null {
  if (isSending) return null;
  const commands = splitCommands(text);
  return commands.length > 0 ? commands : null;
}

/**
 * Below this nozzle temperature printers refuse to extrude (Marlin's EXTRUDE_MINTEMP and
 * Klipper's min_extrude_temp both default to 170 °C). Klipper says so; OctoPrint's Marlin only
 * writes it to its terminal, so the controls warn before the press.
 */
export const MIN_EXTRUDE_TEMPERATURE = 170;

/** The nozzle's temperature when it is too cold to extrude; null when warm or unknown. */
export function getColdNozzleTemperature(toolActual: number | null | undefined): number | null {
  if (toolActual === null || toolActual === undefined) return null;
  return toolActual < MIN_EXTRUDE_TEMPERATURE ? Math.round(toolActual) : null;
}
