import { z } from 'zod';
import { ENERGY_METER_KINDS, EnergyMeterUrlSchema } from '../schemas/energy-meter.schema.js';

const axis = z.enum(['x', 'y', 'z']);

/**
 * Every command the server may ask of an agent (spec part 1 §7 control actions and printer
 * calls). One discriminated union: the agent validates what it runs, the server what it sends.
 */
export const DeviceCommandSchema = z.discriminatedUnion('name', [
  z.object({ name: z.literal('connect') }),
  z.object({ name: z.literal('disconnect') }),
  z.object({ name: z.literal('power'), on: z.boolean() }),
  z.object({
    name: z.literal('led'),
    color: z.tuple([
      z.number().int().min(0).max(255),
      z.number().int().min(0).max(255),
      z.number().int().min(0).max(255),
    ]),
  }),
  z.object({
    name: z.literal('move_head'),
    axis,
    distance: z.number().finite().min(-1000).max(1000),
  }),
  z.object({ name: z.literal('home_head'), axes: z.array(axis).min(1).max(3) }),
  z.object({
    name: z.literal('temperature'),
    part: z.enum(['tool0', 'bed']),
    temperature: z.number().min(0).max(500),
  }),
  z.object({ name: z.literal('fan_state'), on: z.boolean() }),
  z.object({ name: z.literal('disable_motors') }),
  z.object({ name: z.literal('extrude'), amount: z.number().finite().min(-1000).max(1000) }),
  z.object({
    name: z.literal('send_command'),
    commands: z.array(z.string().min(1).max(1000)).min(1).max(100),
  }),
  z.object({ name: z.literal('pause') }),
  z.object({ name: z.literal('resume') }),
  z.object({ name: z.literal('cancel') }),
  z.object({ name: z.literal('emergency_stop') }),
  z.object({
    name: z.literal('print_file'),
    /**
     * short-lived signed URL the agent downloads the file from (never the control socket); a
     * path ("/api/files/…") is resolved against the server URL the agent dialled
     */
    url: z
      .string()
      .max(2048)
      .refine(
        (value) => /^\/api\//.test(value) || /^https?:\/\//.test(value),
        'An /api/ path or an http(s) URL',
      ),
    /**
     * a short-lived presigned link straight to the object store (S3 storage, issue 28): tried
     * first; `url` is the fallback when it fails. Agents that predate it ignore it.
     */
    direct_url: z
      .string()
      .max(8192)
      .refine((value) => /^https?:\/\//.test(value), 'An http(s) URL')
      .optional(),
    file_name: z.string().min(1).max(255),
    size: z.number().int().min(1),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    print: z.boolean(),
    job_id: z.number().int(),
    /** record a timelapse while it prints: frames go to the server over HTTP (issue 12) */
    make_video: z.boolean().optional(),
    /** the plate of a `.gcode.3mf` to start (Bambu Lab `project_file` param); 1 when left out */
    plate: z.number().int().min(1).max(9999).optional(),
  }),
  z.object({ name: z.literal('list_files') }),
  z.object({ name: z.literal('start_local_file'), path: z.string().min(1).max(1024) }),
  z.object({ name: z.literal('snapshot') }),
  z.object({ name: z.literal('klipper_macros') }),
  z.object({ name: z.literal('klipper_gcode_store') }),
  z.object({ name: z.literal('klipper_printer_info') }),
  z.object({ name: z.literal('firmware_restart') }),
  /** read the printer's smart plug on the agent's own network (issue 26) */
  z.object({
    name: z.literal('read_energy_meter'),
    kind: z.enum(ENERGY_METER_KINDS),
    url: EnergyMeterUrlSchema,
    channel: z.number().int().min(0).max(15),
  }),
  z.object({
    name: z.literal('spectoda'),
    setting: z.enum(['flashlight', 'color', 'brightness']),
    value: z.union([z.number().min(0).max(100), z.string().regex(/^#?[0-9a-fA-F]{6}$/)]),
  }),
]);
export type DeviceCommand = z.infer<typeof DeviceCommandSchema>;
export type DeviceCommandName = DeviceCommand['name'];

/** Errors an agent answers a command with; the API turns them into spec part 1 §8 messages. */
export const DEVICE_COMMAND_ERRORS = [
  'axis-homing-required',
  'out-of-range',
  'not-operational',
  'not-supported',
  'printer-unreachable',
  'download-failed',
  'checksum-mismatch',
  'invalid-command',
  'busy',
  /** OctoPrint refused the agent's API key (403) */
  'permission-denied',
  /** the printer is in a state that conflicts with the command (OctoPrint 409 while operational) */
  'wrong-state',
  /** the command did not finish before the request's timeout */
  'timeout',
  /** a Bambu X1/H2 serves its camera only with "LAN Only Liveview" on at its screen */
  'liveview-off',
  /** the smart plug could not be read: refused address, no answer in time, not a meter's answer */
  'meter-unreadable',
  'internal',
] as const;
export type DeviceCommandError = (typeof DEVICE_COMMAND_ERRORS)[number];
