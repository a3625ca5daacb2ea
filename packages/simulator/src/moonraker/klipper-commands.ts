import { clamp01 } from '../printer-model/gcode-commands.js';
import { GcodeError, numberParam, type GcodeLine } from '../printer-model/gcode-parse.js';
import type { Heater } from '../printer-model/heater.js';
import type { VirtualPrinter } from '../printer-model/printer.js';
import type { Klippy } from './klippy.js';

/** A `[gcode_macro NAME]` section: a canned expansion run line by line. */
export interface MacroDefinition {
  name: string;
  description?: string;
  gcode: string;
  /** `variable_*` values, reported as the macro object's fields. */
  variables?: Record<string, unknown>;
}

export const DEFAULT_MACROS: MacroDefinition[] = [
  {
    name: 'START_PRINT',
    description: 'Heat up, home and prime',
    gcode: 'M140 S{params.BED|default(60)}\nM104 S{params.EXTRUDER|default(210)}\nG28',
  },
  { name: 'END_PRINT', description: 'Park and turn heaters off', gcode: 'M104 S0\nM140 S0\nM84' },
  { name: 'TURN_OFF_MOTORS', gcode: 'M84' },
  { name: '_CLIENT_VARIABLE', gcode: '', variables: { park_at_cancel: true } },
];

/**
 * Commands that still work while Klippy is not ready (reference B.3.4): those registered with
 * `when_not_ready=True` in klippy/gcode.py (M110, M112, M115, RESTART, FIRMWARE_RESTART,
 * ECHO, STATUS, HELP), plus M105 and M21.
 */
const ALLOWED_WHEN_NOT_READY = new Set([
  'FIRMWARE_RESTART',
  'RESTART',
  'M105',
  'M21',
  'M110',
  'M115',
  'STATUS',
  'HELP',
  'ECHO',
]);

/** Klipper's extended G-code, its macros, and the "not ready" rule. */
export function registerKlipperCommands(
  printer: VirtualPrinter,
  klippy: Klippy,
  macros: readonly MacroDefinition[],
  queue: { seconds: number } = { seconds: 0 },
): void {
  printer.commandGuard = (line) => {
    if (!klippy.isReady && !ALLOWED_WHEN_NOT_READY.has(line.command)) {
      throw new GcodeError(klippy.message);
    }
  };
  const define = (name: string, help: string, run: (line: GcodeLine) => void | Promise<void>) =>
    printer.defineCommand(name, run, { help });
  const host = (name: string, help: string, run: () => void) =>
    printer.defineCommand(name, run, { help, needsBoard: false });

  define('SET_HEATER_TEMPERATURE', 'Sets a heater temperature', (line) =>
    printer.setHeaterTarget(
      heaterNamed(printer, line.params.HEATER),
      numberParam(line, 'TARGET', 0),
    ),
  );
  define('TEMPERATURE_WAIT', 'Wait for a temperature on a sensor', (line) =>
    temperatureWait(printer, line),
  );
  define('SET_LED', 'Set the color of an LED', (line) => {
    const channel = (key: string) => clamp01(numberParam(line, key, 0));
    printer.lights = {
      red: channel('RED'),
      green: channel('GREEN'),
      blue: channel('BLUE'),
      white: channel('WHITE'),
    };
  });
  define(
    'SDCARD_PRINT_FILE',
    'Loads a SD file and starts the print.  May include files in subdirectories.',
    (line) => printFile(printer, line.params.FILENAME ?? ''),
  );
  define('SDCARD_RESET_FILE', 'Clears a loaded SD File. Stops the print if necessary', () => {
    if (!printer.jobs.reset()) throw new GcodeError('SD busy');
  });
  // the stream stops only after the queued moves (virtual_sdcard.py `do_pause` waits for it)
  const drainQueue = () =>
    printer.job.status === 'printing' ? printer.sleep(queue.seconds) : undefined;
  define('PAUSE', 'Pauses the current print', async () => {
    if (printer.job.status === 'paused') printer.respond('// Print already paused');
    else {
      await drainQueue();
      printer.jobs.pause();
    }
  });
  define('RESUME', 'Resumes the print from a pause', () => {
    if (!printer.jobs.resume()) printer.respond('// Print is not paused, resume aborted');
  });
  define('CANCEL_PRINT', 'Cancel the current print', async () => {
    await drainQueue();
    printer.jobs.cancel();
  });
  host('FIRMWARE_RESTART', 'Restart firmware, host, and reload config', () => klippy.restart());
  host('RESTART', 'Reload config file and restart host software', () => klippy.restart());
  host('STATUS', 'Report the printer status', () => printer.respond(`// ${klippy.message.trim()}`));
  host('HELP', 'Report the list of available extended G-Code commands', () => {
    const lines = Object.entries(printer.commandHelp()).map(
      ([name, text]) => `// ${name}: ${text}`,
    );
    printer.respond(['// Available extended commands:', ...lines].join('\n'));
  });
  for (const macro of macros) {
    define(macro.name, macro.description ?? 'G-Code macro', (line) =>
      printer.runLines(expandMacro(macro.gcode, line.params)),
    );
  }
}

function heaterNamed(printer: VirtualPrinter, name: string | undefined): Heater {
  if (name === 'extruder') return printer.extruder;
  if (name === 'heater_bed') return printer.bed;
  throw new GcodeError(`The value '${name ?? ''}' is not valid for HEATER`);
}

async function temperatureWait(printer: VirtualPrinter, line: GcodeLine): Promise<void> {
  const heater = heaterNamed(printer, line.params.SENSOR);
  const min = numberParam(line, 'MINIMUM', -Infinity);
  const max = numberParam(line, 'MAXIMUM', Infinity);
  if (min === -Infinity && max === Infinity) {
    throw new GcodeError("Error on 'TEMPERATURE_WAIT': missing MINIMUM or MAXIMUM.");
  }
  await printer.waitUntil(() => heater.temperature >= min && heater.temperature <= max);
}

function printFile(printer: VirtualPrinter, filename: string): void {
  const path = filename.replace(/^\/+/, '');
  if (printer.job.isActive) throw new GcodeError('SD busy');
  if (!printer.jobs.select(path)) throw new GcodeError('Unable to open file');
  printer.jobs.start();
}

/** `{params.NAME}` and `{params.NAME|default(V)}`: the Jinja a canned macro needs. */
export function expandMacro(gcode: string, params: Record<string, string>): string {
  return gcode.replace(
    /\{\s*params\.(\w+)\s*(?:\|\s*default\(([^)]*)\)\s*)?\}/g,
    (_, name: string, fallback?: string) =>
      Object.hasOwn(params, name.toUpperCase())
        ? (params[name.toUpperCase()] as string)
        : (fallback ?? '').replace(/^["']|["']$/g, ''),
  );
}
