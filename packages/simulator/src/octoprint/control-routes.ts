import { HttpError } from '../http/errors.js';
import { sendEmpty } from '../http/respond.js';
import { route, type Route, type RouteContext } from '../http/router.js';
import { requireKey } from './auth.js';
import { sendCommands } from './commands.js';
import type { OctoPrintContext } from './context.js';
import { isNumber, readCommand, requireOperational } from './request.js';

const AXES = ['x', 'y', 'z'] as const;
/** The default profile's slowest axis (Z, mm/min): OctoPrint's jog speed when none is given. */
const DEFAULT_JOG_SPEED = 200;

/** `POST /api/printer/{printhead,tool,bed}` (A.3.4–A.3.6): validate, then queue G-code. */
export function controlRoutes(ctx: OctoPrintContext): Route[] {
  const post = (path: string, handle: (rc: RouteContext) => Promise<string[]>) =>
    route('POST', path, async (rc) => {
      requireKey(ctx, rc.req, rc.url);
      sendCommands(ctx, await handle(rc));
      sendEmpty(rc.res);
    });
  return [
    post('/api/printer/printhead', (rc) => printhead(ctx, rc)),
    post('/api/printer/tool', (rc) => tool(ctx, rc)),
    post('/api/printer/bed', (rc) => bed(ctx, rc)),
  ];
}

async function printhead(ctx: OctoPrintContext, rc: RouteContext): Promise<string[]> {
  const { command, data } = await readCommand(ctx, rc, {
    jog: [],
    home: ['axes'],
    feedrate: ['factor'],
  });
  const printing = ctx.connection.flags().printing;
  if (!ctx.connection.isOperational || (printing && command !== 'feedrate')) {
    throw new HttpError(409, 'Printer is not operational or currently printing');
  }
  if (command === 'feedrate') return [`M220 S${factorPercent(data.factor, 50, 200)}`];
  if (command === 'home') {
    const axes = data.axes;
    const valid = (a: unknown) => typeof a === 'string' && (AXES as readonly string[]).includes(a);
    if (!Array.isArray(axes) || !axes.every(valid)) throw new HttpError(400, 'axis is invalid');
    return ['G91', `G28 ${axes.map((a: string) => `${a.toUpperCase()}0`).join(' ')}`, 'G90'];
  }
  const words: string[] = [];
  for (const axis of AXES) {
    const value = data[axis];
    if (value === undefined) continue;
    if (!isNumber(value))
      throw new HttpError(400, `Not a number for axis ${axis}: ${String(value)}`);
    words.push(`${axis.toUpperCase()}${value}`);
  }
  const speed = data.speed ?? DEFAULT_JOG_SPEED;
  if (speed !== false && !(Number.isInteger(speed) && (speed as number) > 0)) {
    throw new HttpError(400, 'speed is invalid');
  }
  const move = `G0 ${words.join(' ')}${speed === false ? '' : ` F${speed as number}`}`;
  return data.absolute === true ? ['G90', move] : ['G91', move, 'G90'];
}

async function tool(ctx: OctoPrintContext, rc: RouteContext): Promise<string[]> {
  requireOperational(ctx);
  const { command, data } = await readCommand(ctx, rc, {
    target: ['targets'],
    offset: ['offsets'],
    select: ['tool'],
    extrude: ['amount'],
    flowrate: ['factor'],
  });
  switch (command) {
    case 'target':
      return [`M104 S${heaterValue(toolValue(data.targets, 'targets'))}`];
    case 'offset':
      ctx.printer.extruder.offset = offsetValue(toolValue(data.offsets, 'offsets'), 'offsets');
      return [];
    case 'select':
      if (data.tool !== 'tool0') throw new HttpError(400, 'tool is invalid');
      return ['T0'];
    case 'extrude': {
      if (ctx.connection.flags().printing)
        throw new HttpError(409, 'Printer is currently printing');
      if (!isNumber(data.amount)) throw new HttpError(400, 'amount is invalid');
      const speed = isNumber(data.speed) ? data.speed : 300;
      return ['G91', 'M83', `G1 E${data.amount} F${speed}`, 'M82', 'G90'];
    }
    default:
      return [`M221 S${factorPercent(data.factor, 75, 125)}`];
  }
}

async function bed(ctx: OctoPrintContext, rc: RouteContext): Promise<string[]> {
  requireOperational(ctx);
  const { command, data } = await readCommand(ctx, rc, { target: ['target'], offset: ['offset'] });
  if (command === 'offset') {
    ctx.printer.bed.offset = offsetValue(data.offset, 'offset');
    return [];
  }
  if (!isNumber(data.target)) throw new HttpError(400, 'target is invalid');
  return [`M140 S${heaterValue(data.target)}`];
}

/** `{"tool0": 215}` (or the active tool as "tool") to its value. */
function toolValue(value: unknown, field: string): unknown {
  if (typeof value !== 'object' || value === null) throw new HttpError(400, `${field} is invalid`);
  const entries = Object.entries(value);
  if (entries.length !== 1 || !['tool0', 'tool'].includes((entries[0] as [string, unknown])[0])) {
    throw new HttpError(400, `${field} contains invalid tool`);
  }
  const target = (entries[0] as [string, unknown])[1];
  if (!isNumber(target)) throw new HttpError(400, `${field} contains invalid value`);
  return target;
}

/** A negative target makes OctoPrint's printer layer raise an uncaught ValueError: 500. */
function heaterValue(value: unknown): number {
  if ((value as number) < 0) throw new HttpError(500, 'The server encountered an internal error');
  return value as number;
}

function offsetValue(value: unknown, field: string): number {
  if (!isNumber(value) || value < -50 || value > 50) {
    throw new HttpError(400, `${field} contains invalid value`);
  }
  return value;
}

/** A factor as a percentage (50–200) or a fraction (0.5–2.0), returned as a percentage. */
function factorPercent(value: unknown, min: number, max: number): number {
  if (!isNumber(value)) throw new HttpError(400, 'factor is invalid');
  // JSON has no float type: 1.1 and 110 both mean 110 %
  const percent = value >= min ? value : value * 100;
  if (percent < min || percent > max) throw new HttpError(400, 'factor is invalid');
  return Math.round(percent);
}
