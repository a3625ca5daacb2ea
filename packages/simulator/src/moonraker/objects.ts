import { round } from '../printer-model/heater.js';
import { MIN_EXTRUDE_TEMP } from '../printer-model/dialect.js';
import type { Heater } from '../printer-model/heater.js';
import type { MoonrakerContext } from './context.js';

export type ObjectStatus = Record<string, unknown>;

/** Klipper's monotonic clock: seconds since the simulated host booted, not Unix time. */
const BOOT_UPTIME = 1000;
/** How long an M73 overrides the file position in `display_status` (reference C.2). */
const M73_SECONDS = 5;

export function eventTime(ctx: MoonrakerContext): number {
  return round(BOOT_UPTIME + (ctx.printer.time - ctx.bootTime) / 1000, 3);
}

const BUILDERS: Record<string, (ctx: MoonrakerContext) => ObjectStatus> = {
  webhooks: (ctx) => ({ state: ctx.klippy.state, state_message: ctx.klippy.message }),
  // every Klipper has its main MCU (klippy/mcu.py `MCU.get_status`)
  mcu: (ctx) => ({
    mcu_version: 'v0.12.0-simulated',
    mcu_build_versions: 'gcc: (GCC) 12.2.0 binutils: (GNU Binutils) 2.40',
    mcu_constants: { CLOCK_FREQ: 16000000, MCU: 'atmega2560', STATS_SUMHSQ_BASE: 256 },
    last_stats: {
      mcu_awake: 0.003,
      mcu_task_avg: 0.00001,
      mcu_task_stddev: 0.00001,
      bytes_write: Math.round(ctx.printer.time / 10),
      bytes_read: Math.round(ctx.printer.time / 5),
      send_seq: Math.round(ctx.printer.time / 100),
      receive_seq: Math.round(ctx.printer.time / 100),
      freq: 16000000,
    },
  }),
  configfile: configFile,
  heaters: (ctx) => {
    const names = ['heater_bed', 'extruder'].filter((name) => isLoaded(ctx, name));
    return { available_heaters: names, available_sensors: names };
  },
  gcode_move: gcodeMove,
  print_stats: printStats,
  virtual_sdcard: virtualSdcard,
  pause_resume: (ctx) => ({ is_paused: ctx.printer.job.status === 'paused' }),
  display_status: displayStatus,
  idle_timeout: (ctx) => {
    const job = ctx.printer.job;
    const printing = job.status === 'printing';
    return {
      state: printing ? 'Printing' : 'Ready',
      printing_time: printing ? round(job.totalSeconds) : 0,
    };
  },
  toolhead: toolhead,
  extruder: (ctx) => ({
    ...heater(ctx, ctx.printer.extruder),
    can_extrude: ctx.printer.extruder.temperature >= MIN_EXTRUDE_TEMP,
    pressure_advance: 0.04,
    smooth_time: 0.04,
    motion_queue: null,
  }),
  heater_bed: (ctx) => heater(ctx, ctx.printer.bed),
  fan: (ctx) => ({ speed: round(ctx.printer.fanSpeed, 4), rpm: null }),
  'led chamber_light': (ctx) => {
    const { red, green, blue, white } = ctx.printer.lights;
    return { color_data: [[red, green, blue, white]] };
  },
};

/** `printer.objects.list`: the objects above plus one per macro, names as configured. */
/**
 * After a configuration error Klipper keeps the objects it loaded before the error
 * (klippy/klippy.py `_connect` stops at the `config_error`; `printer.lookup_objects` lists what
 * `_read_config` got to): before the [mcu] only `webhooks` and `configfile`; at a stepper every
 * config section but not the toolhead and its extruder (they come last, with the kinematics);
 * at an unused option everything. The MCU never connected, so a loaded heater reads 0.
 */
const LOADED_BEFORE_MCU = new Set(['webhooks', 'configfile']);
const LOADED_WITH_TOOLHEAD = new Set(['toolhead', 'extruder']);

function isLoaded(ctx: MoonrakerContext, name: string): boolean {
  switch (ctx.klippy.configErrorStage) {
    case null:
    case 'unused-option':
      return true;
    case 'mcu':
      return LOADED_BEFORE_MCU.has(name);
    case 'kinematics':
      return !LOADED_WITH_TOOLHEAD.has(name);
  }
}

export function objectNames(ctx: MoonrakerContext): string[] {
  return [
    ...Object.keys(BUILDERS),
    ...ctx.settings.macros.map((m) => `gcode_macro ${m.name}`),
  ].filter((name) => isLoaded(ctx, name));
}

/** One object's full status, or undefined for an unknown name. */
export function objectStatus(ctx: MoonrakerContext, name: string): ObjectStatus | undefined {
  if (!isLoaded(ctx, name)) return undefined;
  if (Object.hasOwn(BUILDERS, name))
    return (BUILDERS[name] as (c: MoonrakerContext) => ObjectStatus)(ctx);
  const macro = ctx.settings.macros.find((m) => `gcode_macro ${m.name}` === name);
  return macro ? { ...macro.variables } : undefined;
}

/** `printer.objects.query`: null asks for every field; unknown objects and fields are left out. */
export function queryStatus(
  ctx: MoonrakerContext,
  request: Record<string, readonly string[] | null>,
): Record<string, ObjectStatus> {
  const status: Record<string, ObjectStatus> = {};
  for (const [name, fields] of Object.entries(request)) {
    const full = objectStatus(ctx, name);
    if (!full) continue;
    status[name] =
      fields === null
        ? full
        : Object.fromEntries(Object.entries(full).filter(([field]) => fields.includes(field)));
  }
  return status;
}

function heater(ctx: MoonrakerContext, h: Heater): ObjectStatus {
  // after a configuration error no MCU reported a temperature (klippy/extras/heaters.py starts
  // `smoothed_temp` at 0.)
  if (ctx.klippy.configErrorStage !== null) return { temperature: 0, target: 0, power: 0 };
  return { temperature: round(h.temperature), target: h.target, power: h.power };
}

function printStats(ctx: MoonrakerContext): ObjectStatus {
  const job = ctx.printer.job;
  return {
    filename: job.file?.path ?? '',
    total_duration: round(job.totalSeconds, 3),
    print_duration: round(job.printSeconds, 3),
    filament_used: round(job.filamentUsedMm, 3),
    state: job.status,
    message: job.status === 'error' ? job.message : '',
    info: { total_layer: null, current_layer: null },
  };
}

/** After cancel the file is reset (progress 0); after complete progress stays 1 (B.3.3). */
function virtualSdcard(ctx: MoonrakerContext): ObjectStatus {
  const job = ctx.printer.job;
  const file = job.file;
  if (!file || job.status === 'standby' || job.status === 'cancelled') {
    return { file_path: null, progress: 0, is_active: false, file_position: 0, file_size: 0 };
  }
  const loaded = job.isActive || job.status === 'error';
  return {
    file_path: loaded ? `${ctx.settings.gcodesPath}/${file.path}` : null,
    progress: round(job.progress, 4),
    is_active: job.status === 'printing',
    file_position: Math.floor(job.position),
    file_size: file.size,
  };
}

function displayStatus(ctx: MoonrakerContext): ObjectStatus {
  const printer = ctx.printer;
  const m73 = printer.m73;
  const recent = m73 !== null && printer.time - m73.at <= M73_SECONDS * 1000;
  return {
    progress: recent ? m73.progress : (virtualSdcard(ctx).progress as number),
    message: printer.displayMessage || null,
  };
}

function position(ctx: MoonrakerContext): number[] {
  const { x, y, z, e } = ctx.printer.toolhead.position;
  return [round(x, 3), round(y, 3), round(z, 3), round(e, 3)];
}

function toolhead(ctx: MoonrakerContext): ObjectStatus {
  const { limits, homedAxes } = ctx.printer.toolhead;
  const uptime = eventTime(ctx);
  return {
    homed_axes: homedAxes,
    position: position(ctx),
    axis_minimum: [limits.min.x, limits.min.y, limits.min.z, 0],
    axis_maximum: [limits.max.x, limits.max.y, limits.max.z, 0],
    extruder: 'extruder',
    max_velocity: 300,
    max_accel: 3000,
    minimum_cruise_ratio: 0.5,
    square_corner_velocity: 5,
    print_time: uptime,
    estimated_print_time: uptime,
    stalls: 0,
  };
}

function gcodeMove(ctx: MoonrakerContext): ObjectStatus {
  const printer = ctx.printer;
  const { toolhead: head } = printer;
  return {
    speed_factor: printer.speedFactor,
    speed: round(head.feedRate / 60, 3),
    extrude_factor: printer.flowFactor,
    absolute_coordinates: head.absolute,
    absolute_extrude: head.absoluteExtrude,
    homing_origin: [0, 0, 0, 0],
    position: position(ctx),
    gcode_position: position(ctx),
  };
}

/**
 * Raw config keeps section case and every value a string; `settings` lower-cases section names
 * and holds the values as the modules parsed them: numbers, booleans (klippy/configfile.py: the
 * `settings` status is built from the parsed options, `config` from the file's text).
 */
function configFile(ctx: MoonrakerContext): ObjectStatus {
  const { limits } = ctx.printer.toolhead;
  const config: Record<string, Record<string, string>> = {
    mcu: { serial: '/dev/serial/by-id/usb-simulated-mcu', restart_method: 'command' },
    printer: { kinematics: 'cartesian', max_velocity: '300', max_accel: '3000' },
    extruder: {
      min_extrude_temp: String(MIN_EXTRUDE_TEMP),
      max_temp: String(ctx.printer.extruder.maxTemp),
    },
    heater_bed: { max_temp: String(ctx.printer.bed.maxTemp) },
    virtual_sdcard: { path: ctx.settings.gcodesPath },
    pause_resume: {},
    display_status: {},
    fan: {},
    'led chamber_light': { initial_red: '0', initial_green: '0', initial_blue: '0' },
  };
  for (const axis of ['x', 'y', 'z'] as const) {
    config[`stepper_${axis}`] = {
      position_min: String(limits.min[axis]),
      position_max: String(limits.max[axis]),
    };
  }
  for (const macro of ctx.settings.macros) {
    config[`gcode_macro ${macro.name}`] = {
      ...(macro.description ? { description: macro.description } : {}),
      gcode: macro.gcode,
    };
  }
  const settings = Object.fromEntries(
    Object.entries(config).map(([section, values]) => [
      section.toLowerCase(),
      section.startsWith('gcode_macro ')
        ? { description: 'G-Code macro', ...values }
        : Object.fromEntries(Object.entries(values).map(([key, raw]) => [key, parseSetting(raw)])),
    ]),
  );
  return { config, settings, save_config_pending: false, warnings: [] };
}

/** A config value as Klipper's getfloat/getint/getboolean return it. */
function parseSetting(raw: string): unknown {
  if (/^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (/^(true|false)$/i.test(raw)) return raw.toLowerCase() === 'true';
  return raw;
}
