import type { DeviceCommand } from '@printdeck/shared';
import type { FakePrinter } from './fake-printer.js';

/** The fake printer's firmware and host: what each device command does to its model. */

const MACROS = [
  { name: 'PARK_HEAD', description: 'Move the head to the back corner' },
  { name: 'CLEAN_NOZZLE', description: 'Wipe the nozzle on the brush' },
];
/** below this the firmware refuses to extrude, as Marlin and Klipper do */
const MIN_EXTRUDE_TEMP = 170;
/** what the console knows: G- and M-codes, the macros, the restart */
const KNOWN_COMMAND = /^([GM]\d+\b.*|PARK_HEAD|CLEAN_NOZZLE|FIRMWARE_RESTART)$/;

/** A command the device refuses, with the code the agent reports. */
export class CommandError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function requireReady(printer: FakePrinter): void {
  if (!printer.isPaired || printer.isBusy || printer.hasKlipperError) {
    throw new CommandError('not-operational', 'The printer is not ready.');
  }
}

/** Runs one command of the device protocol on the fake printer's model. */
export async function runCommand(printer: FakePrinter, command: DeviceCommand): Promise<unknown> {
  switch (command.name) {
    case 'connect':
      if (!printer.isPoweredOn) throw new CommandError('printer-unreachable', 'No power.');
      printer.isPaired = true;
      return null;
    case 'disconnect':
      printer.isPaired = false;
      return null;
    case 'power':
      printer.isPoweredOn = command.on;
      printer.isPaired = command.on;
      printer.homed.clear();
      if (!command.on) printer.tool.target = printer.bed.target = 0;
      return null;
    case 'led':
      printer.isLedOn = command.color.some((channel) => channel > 0);
      return null;
    case 'move_head': {
      requireReady(printer);
      if (!printer.homed.has(command.axis)) {
        throw new CommandError('axis-homing-required', 'Must home axis first.');
      }
      const next = printer.position[command.axis] + command.distance;
      if (next < 0 || next > 200) throw new CommandError('out-of-range', 'Out of range.');
      printer.position[command.axis] = next;
      return null;
    }
    case 'home_head':
      requireReady(printer);
      for (const axis of command.axes) {
        printer.homed.add(axis);
        printer.position[axis] = 0;
      }
      return null;
    case 'disable_motors':
      requireReady(printer);
      printer.homed.clear();
      return null;
    case 'temperature':
      (command.part === 'bed' ? printer.bed : printer.tool).target = command.temperature;
      return null;
    case 'extrude':
      if (printer.tool.actual < MIN_EXTRUDE_TEMP) {
        throw new CommandError('invalid-command', 'Extrude below minimum temp');
      }
      return null;
    case 'fan_state':
    case 'spectoda':
      return null;
    case 'send_command':
      for (const line of command.commands) {
        printer.log('command', line);
        if (!KNOWN_COMMAND.test(line)) {
          const word = line.split(' ')[0];
          printer.log('response', `!! Unknown command:"${word}"`);
          throw new CommandError('invalid-command', `Unknown command:"${word}"`);
        }
        if (line === 'FIRMWARE_RESTART') printer.hasKlipperError = false;
        printer.log('response', 'ok');
      }
      return null;
    case 'pause':
      if (printer.job) printer.job.phase = 'paused';
      return null;
    case 'resume':
      if (printer.job) printer.job.phase = 'printing';
      return null;
    case 'cancel':
      printer.job = null;
      return null;
    case 'emergency_stop':
      printer.job = null;
      printer.tool.target = printer.bed.target = 0;
      printer.isPaired = false;
      return null;
    case 'list_files':
      return printer.files;
    case 'start_local_file':
      requireReady(printer);
      printer.startJob(command.path);
      return null;
    case 'print_file':
      requireReady(printer);
      // OctoPrint and Moonraker take only files named as their type
      if (!/\.b?gcode$/i.test(command.file_name)) {
        throw new CommandError('invalid-command', 'Could not upload file, unknown type');
      }
      printer.startJob(command.file_name);
      printer.printJobId = command.job_id;
      return { path: command.file_name, started: true };
    case 'snapshot': {
      if (!printer.options.hasCamera) throw new CommandError('not-supported', 'No camera.');
      if (printer.options.isCameraOnPrinter && !printer.isPaired) {
        throw new CommandError('printer-unreachable', 'The printer is not connected.');
      }
      const frame = printer.camera.snapshot();
      return { content_type: 'image/jpeg', data_base64: frame.toString('base64') };
    }
    case 'klipper_macros':
      return MACROS;
    case 'klipper_gcode_store':
      return printer.consoleHistory.slice(-200);
    case 'klipper_printer_info':
      return printer.state().klipper;
    default:
      throw new CommandError('not-supported', `${command.name} is not simulated`);
  }
}
