import { COLD_EXTRUDE_MESSAGE, MIN_EXTRUDE_TEMP } from './dialect.js';
import { GcodeError, wordValue, type GcodeLine } from './gcode-parse.js';
import type { Heater } from './heater.js';
import type { CommandHandler, VirtualPrinter } from './printer.js';
import { AXES, type MoveWords } from './toolhead.js';

/** The G-codes both firmwares understand, as the reference's C.1 and C.2 list them. */
export function registerCoreCommands(printer: VirtualPrinter): void {
  const commands: Record<string, CommandHandler> = {
    G0: move,
    G1: move,
    G4: dwell,
    G28: home,
    G90: (_, p) => void (p.toolhead.absolute = true),
    G91: (_, p) => void (p.toolhead.absolute = false),
    G92: (line, p) => p.toolhead.setPosition(moveWords(line)),
    M82: (_, p) => void (p.toolhead.absoluteExtrude = true),
    M83: (_, p) => void (p.toolhead.absoluteExtrude = false),
    M18: (_, p) => p.toolhead.motorsOff(),
    M84: (_, p) => p.toolhead.motorsOff(),
    M104: (line, p) => setTarget(line, p, p.extruder),
    M109: (line, p) => setTargetAndWait(line, p, p.extruder),
    M140: (line, p) => setTarget(line, p, p.bed),
    M190: (line, p) => setTargetAndWait(line, p, p.bed),
    M105: (_, p) => p.respond(p.dialect.temperatureReport(p.extruder, p.bed)),
    M106: (line, p) => void (p.fanSpeed = clamp01((wordValue(line, 'S') ?? 255) / 255)),
    M107: (_, p) => void (p.fanSpeed = 0),
    M112: (_, p) => p.emergencyStop('M112'),
    M114: (_, p) => p.respond(positionReport(p)),
    M115: (_, p) => p.respond(firmwareReport(p)),
    M117: (line, p) => void (p.displayMessage = line.rest),
    M73: (line, p) => setDisplayProgress(line, p),
    M150: setLights,
    M220: (line, p) => void (p.speedFactor = percent(line, p.speedFactor)),
    M221: (line, p) => void (p.flowFactor = percent(line, p.flowFactor)),
    M400: () => undefined,
    T0: () => undefined,
  };
  for (const [name, handler] of Object.entries(commands)) printer.defineCommand(name, handler);
}

function moveWords(line: GcodeLine): MoveWords {
  const words: MoveWords = {};
  for (const letter of ['X', 'Y', 'Z', 'E'] as const) {
    const value = wordValue(line, letter);
    if (value !== undefined) words[letter] = value;
  }
  return words;
}

/**
 * G0/G1. With `timedMoves` the move lasts its longest axis distance ÷ the feed rate
 * (OctoPrint's plugins/virtual_printer/virtual.py `_performMove`, without its ×0.1), scaled by
 * M220's speed factor; the simulated clock's speed makes that real time or faster.
 */
async function move(line: GcodeLine, printer: VirtualPrinter): Promise<void> {
  const toolhead = printer.toolhead;
  const start = { ...toolhead.position };
  const feed = wordValue(line, 'F');
  if (feed !== undefined && feed > 0) toolhead.feedRate = feed;
  const end = toolhead.checkMove(toolhead.target(moveWords(line)), printer.dialect.moves);
  if (end.e !== toolhead.position.e && printer.extruder.temperature < MIN_EXTRUDE_TEMP) {
    if (printer.dialect.coldExtrusion === 'error') throw new GcodeError(COLD_EXTRUDE_MESSAGE);
    printer.respond('echo: cold extrusion prevented');
    end.e = toolhead.position.e;
  }
  toolhead.position = end;
  if (!printer.timedMoves || toolhead.feedRate <= 0) return;
  const distance = Math.max(
    ...(['x', 'y', 'z', 'e'] as const).map((axis) => Math.abs(end[axis] - start[axis])),
  );
  await printer.sleep(((distance / toolhead.feedRate) * 60) / printer.speedFactor);
}

async function dwell(line: GcodeLine, printer: VirtualPrinter): Promise<void> {
  const ms = wordValue(line, 'P');
  const seconds = ms !== undefined ? ms / 1000 : (wordValue(line, 'S') ?? 0);
  await printer.sleep(seconds);
}

async function home(line: GcodeLine, printer: VirtualPrinter): Promise<void> {
  const axes = AXES.filter((axis) => axis.toUpperCase() in line.words);
  await printer.sleep(printer.homingSeconds);
  if (!printer.isReachable) throw new GcodeError('Printer is not reachable');
  printer.toolhead.home(axes);
}

function targetWord(line: GcodeLine): number {
  const value = wordValue(line, 'S');
  if (value === undefined) throw new GcodeError(`Error on '${line.raw.trim()}': missing S`);
  return value;
}

function setTarget(line: GcodeLine, printer: VirtualPrinter, heater: Heater): void {
  const tool = wordValue(line, 'T');
  if (tool !== undefined && tool !== 0) throw new GcodeError(`Invalid extruder T${tool}`);
  printer.setHeaterTarget(heater, targetWord(line));
}

/** M109 / M190: block until within 1 °C (reference C.2), like Klipper and the Virtual Printer. */
async function setTargetAndWait(
  line: GcodeLine,
  printer: VirtualPrinter,
  heater: Heater,
): Promise<void> {
  setTarget(line, printer, heater);
  await printer.waitUntil(() => heater.isNearTarget(1));
}

function setDisplayProgress(line: GcodeLine, printer: VirtualPrinter): void {
  const progress = wordValue(line, 'P');
  if (progress !== undefined) printer.m73 = { progress: clamp01(progress / 100), at: printer.time };
}

/** Marlin's M150: R, U (green), B and W from 0 to 255, P the brightness. */
function setLights(line: GcodeLine, printer: VirtualPrinter): void {
  const brightness = (wordValue(line, 'P') ?? 255) / 255;
  const channel = (letter: string) => clamp01(((wordValue(line, letter) ?? 0) / 255) * brightness);
  printer.lights = {
    red: channel('R'),
    green: channel('U'),
    blue: channel('B'),
    white: channel('W'),
  };
}

function percent(line: GcodeLine, current: number): number {
  const value = wordValue(line, 'S');
  if (value === undefined) return current;
  if (value <= 0) throw new GcodeError(`Error on '${line.raw.trim()}': S must be above 0`);
  return value / 100;
}

function positionReport(printer: VirtualPrinter): string {
  const { x, y, z, e } = printer.toolhead.position;
  return `X:${x.toFixed(2)} Y:${y.toFixed(2)} Z:${z.toFixed(2)} E:${e.toFixed(2)}`;
}

/**
 * Klipper answers M115 with `gcmd.ack(msg)`, which only a serial stream takes; through
 * Moonraker it falls back to `respond_info`, which prefixes "// " (klippy/gcode.py `cmd_M115`).
 */
function firmwareReport(printer: VirtualPrinter): string {
  return printer.dialect.firmware === 'klipper'
    ? '// FIRMWARE_NAME:Klipper FIRMWARE_VERSION:v0.12.0-simulated'
    : 'FIRMWARE_NAME:Virtual Marlin 1.0 PROTOCOL_VERSION:1.0 MACHINE_TYPE:Printdeck simulator';
}

export function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}
