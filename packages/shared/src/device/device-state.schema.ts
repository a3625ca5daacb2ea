import { z } from 'zod';
import { DEVICE_JOB_OUTCOMES } from './device-job.js';

const text = (max: number) => z.string().max(max);
const temperatureReading = z.object({
  actual: z.number().finite().nullable(),
  target: z.number().finite().nullable(),
});

/** OctoPrint's state flags; the Moonraker driver fills the same ones (reference B.2 mapping). */
export const StateFlagsSchema = z.object({
  operational: z.boolean(),
  printing: z.boolean(),
  paused: z.boolean(),
  pausing: z.boolean(),
  cancelling: z.boolean(),
  resuming: z.boolean(),
  finishing: z.boolean(),
  ready: z.boolean(),
  error: z.boolean(),
  closedOrError: z.boolean(),
});
export type StateFlags = z.infer<typeof StateFlagsSchema>;

/** Every flag false: nothing is known about the printer (or nothing applies). */
export const NO_STATE_FLAGS: Readonly<StateFlags> = Object.freeze(
  Object.fromEntries(Object.keys(StateFlagsSchema.shape).map((key) => [key, false])) as StateFlags,
);

/** One filament slot: an AMS tray (global id = unit × 4 + slot) or the external spool (254). */
export const AmsTraySchema = z.object({
  id: z.number().int().min(0).max(255),
  /** the AMS unit (0–3, 128–135 for AMS HT); null for the external spool */
  unit: z.number().int().min(0).max(255).nullable(),
  slot: z.number().int().min(0).max(255).nullable(),
  /** e.g. "PLA"; null for an empty slot */
  material: text(40).nullable(),
  /** "#RRGGBB"; null when unknown or empty */
  color: z
    .string()
    .regex(/^#[0-9A-F]{6}$/)
    .nullable(),
  /** percent left (RFID spools); null when the printer does not know */
  remaining_percent: z.number().int().min(0).max(100).nullable(),
});
export type AmsTray = z.infer<typeof AmsTraySchema>;

export const AmsStateSchema = z.object({
  trays: z.array(AmsTraySchema).max(40),
  /** the tray feeding the nozzle now (254 = external spool); null when none is loaded */
  active_tray: z.number().int().min(0).max(254).nullable(),
});
export type AmsState = z.infer<typeof AmsStateSchema>;

/** One printer's state as the agent normalises it, whatever drives the printer. */
export const DeviceStateSchema = z.object({
  /** false while OctoPrint/Klipper is not connected to the printer (not paired) */
  is_paired: z.boolean(),
  state: z.object({ text: text(200), flags: StateFlagsSchema }),
  error: z.object({ code: text(64), detail: text(2000) }).nullable(),
  temperature: z.object({
    tool0: temperatureReading.nullable(),
    bed: temperatureReading.nullable(),
    /** a second nozzle, where the printer has one (Bambu Lab H2D: the left; tool0 the right) */
    tool1: temperatureReading.nullable().optional(),
  }),
  job: z
    .object({
      file_name: text(255).nullable(),
      /** percent 0–100 */
      completion: z.number().min(0).max(100).nullable(),
      print_time: z.number().min(0).nullable(),
      /** null while unknown (e.g. Klipper before it has counted extrusion), never a made-up 0 */
      print_time_left: z.number().min(0).nullable(),
      /** the file's path on the printer (the job identity, with `started_at`) */
      path: text(1024).nullable().optional(),
      /** when this print began on the printer, Unix seconds */
      started_at: z.number().finite().min(0).nullable().optional(),
      /** the printer's own word on this job: running, or how it ended */
      outcome: z.enum(DEVICE_JOB_OUTCOMES).nullable().optional(),
      /** the layer printing and how many the file has, where the printer says (Bambu Lab) */
      layer: z
        .object({
          current: z.number().int().min(0),
          total: z.number().int().min(0).nullable(),
        })
        .nullable()
        .optional(),
    })
    .nullable(),
  local_ip_address: text(64).nullable(),
  plugins: z.object({
    power_relay: z.boolean(),
    power_on: z.boolean().nullable(),
    led: z.boolean(),
    spectoda: z.boolean(),
    camera: z.boolean(),
  }),
  lights: z.object({ led_on: z.boolean().nullable() }),
  klipper: z.object({ state: text(40), state_message: text(4000) }).nullable(),
  /** the part-cooling fan, 0–1; null when the printer does not report it (OctoPrint) */
  fan: z.object({ speed: z.number().min(0).max(1).nullable() }).optional(),
  /** the axes homed since the motors were last enabled, e.g. "xyz"; null when unknown */
  homed_axes: z.string().max(8).nullable().optional(),
  /** Bambu Lab AMS units and the external spool, read-only (issue 25); absent elsewhere */
  ams: AmsStateSchema.nullable().optional(),
});
export type DeviceState = z.infer<typeof DeviceStateSchema>;

/** A change: the top-level parts that changed, each replaced whole. */
export const DeviceStatePatchSchema = DeviceStateSchema.partial();
export type DeviceStatePatch = z.infer<typeof DeviceStatePatchSchema>;

export const DEVICE_DRIVERS = ['octoprint', 'moonraker', 'pill', 'prusalink', 'bambu'] as const;
export type DeviceDriver = (typeof DEVICE_DRIVERS)[number];
