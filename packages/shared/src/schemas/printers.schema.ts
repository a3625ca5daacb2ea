import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { DEVICE_DRIVERS, DeviceStateSchema } from '../device/device-state.schema.js';
import { PRINTER_STATES } from '../device/printer-state.js';
import { FilamentTypeSchema } from './files.schema.js';

export const CAMERA_ROTATIONS = [0, 90, 180, 270] as const;
export const PRINTER_NAME_MAX = 100;
export const ALL_PRINTERS_GROUP_ID = 'ALL-PRINTERS';

const cameraRotation = z.union(
  CAMERA_ROTATIONS.map((value) => z.literal(value)) as [
    z.ZodLiteral<0>,
    z.ZodLiteral<90>,
    z.ZodLiteral<180>,
    z.ZodLiteral<270>,
  ],
);

export const OUT_OF_SERVICE_REASON_MAX = 200;
/** cost per print (issue 26): no printer draws more on average; more is a typing mistake */
export const AVERAGE_POWER_W_MAX = 10_000;

export const PrinterSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  name: z.string(),
  note: z.string(),
  enabled: z.boolean(),
  device_type: z.enum([...DEVICE_DRIVERS, 'unknown']),
  filament_type: FilamentTypeSchema.nullable(),
  camera_enabled: z.boolean(),
  camera_rotation: cameraRotation,
  jobox_enabled: z.boolean(),
  /** every workspace's record of the same device (the multiple-instances warning) */
  instances: z.array(z.object({ id: z.number().int(), group_id: z.number().int() })),
  printer_group_ids: z.array(z.number().int()),
  /** whether the plate is known to be clear for the print queue (null: nobody said) */
  plate_state: z.enum(['clear', 'in_use']).nullable(),
  /** it has printed through Printdeck before: Re-print has a job to repeat */
  has_printed: z.boolean(),
  /** maintenance (issue 26): out of service, with the reason and since when; null: in service */
  out_of_service: z.object({ reason: z.string(), since: z.string() }).nullable(),
  /** cost per print (issue 26): the printer's average power while printing, W; null: not set */
  average_power_w: z.number().nullable(),
});
export type Printer = z.infer<typeof PrinterSchema>;

const printerName = z.string().trim().min(1, 'Printer name can`t be empty.').max(PRINTER_NAME_MAX);

/** Spec part 1 §3 "Printer create payload". */
export const PrinterCreateSchema = z.strictObject({
  group: z.number().int().positive({ error: 'Workspace not selected.' }),
  name: printerName,
  token: z.string().trim().min(1, 'Code can`t be empty.').max(200),
  api_key: z.string().trim().max(200).optional(),
  protocol: z.literal('http').default('http'),
  camera_enabled: z.boolean().default(true),
  camera_rotation: cameraRotation.default(0),
  jobox_enabled: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type PrinterCreate = z.infer<typeof PrinterCreateSchema>;

export const PrinterUpdateSchema = z
  .strictObject({
    name: printerName,
    note: z.string().max(LIMITS.printerNoteMax),
    enabled: z.boolean(),
    filament_type: z.union([FilamentTypeSchema, z.literal('').transform(() => null), z.null()]),
    camera_enabled: z.boolean(),
    camera_rotation: cameraRotation,
    jobox_enabled: z.boolean(),
    api_key: z.string().trim().max(200),
    /** takes the printer out of service with this reason; null puts it back */
    out_of_service_reason: z
      .string()
      .trim()
      .min(1, 'Say why the printer is out of service.')
      .max(OUT_OF_SERVICE_REASON_MAX)
      .nullable(),
    average_power_w: z
      .number({ error: 'The average power is a number of watts.' })
      .min(0, 'The average power cannot be negative.')
      .max(AVERAGE_POWER_W_MAX, `At most ${AVERAGE_POWER_W_MAX.toLocaleString('en')} W.`)
      .nullable(),
  })
  .partial();
export type PrinterUpdate = z.infer<typeof PrinterUpdateSchema>;

/** One row of GET /groups/{id}/devices-states/ (spec part 1 §7). */
export const PrinterDeviceStateSchema = z.object({
  printer_id: z.number().int(),
  is_connected: z.boolean(),
  /** ms since the epoch of the device's last report, or null */
  updated_at: z.number().nullable(),
  printer_state: z.enum(PRINTER_STATES),
  download_progress: z.number().nullable(),
  state: z.object({
    error: DeviceStateSchema.shape.error,
    state: DeviceStateSchema.shape.state.nullable(),
  }),
  is_paired: z.boolean(),
  temperature: DeviceStateSchema.shape.temperature.nullable(),
  job: DeviceStateSchema.shape.job,
  local_ip_address: z.string().nullable(),
  plugins: DeviceStateSchema.shape.plugins.nullable(),
  lights: DeviceStateSchema.shape.lights.nullable(),
  klipper: DeviceStateSchema.shape.klipper,
  /** Bambu Lab AMS trays and the external spool, read-only; absent or null without an AMS */
  ams: DeviceStateSchema.shape.ams,
  /**
   * Printdeck's record of the job the printer shows (running, or finished and still shown),
   * with who started it (spec part 1 §2 "job name and user"); null when it has none.
   */
  print_job: z
    .object({
      id: z.number().int(),
      /** the member who started it; empty when it was started on the printer itself */
      username: z.string(),
      started_on_printer: z.boolean(),
    })
    .nullable(),
});
export type PrinterDeviceState = z.infer<typeof PrinterDeviceStateSchema>;

export const PrinterGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  printers: z.array(z.object({ id: z.number().int() })),
});
export type PrinterGroup = z.infer<typeof PrinterGroupSchema>;

export const PrinterGroupNameSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required.').max(LIMITS.printerGroupNameMax),
});
export const PrinterGroupMemberSchema = z.strictObject({ printer_id: z.number().int().positive() });

/** Control actions of POST /printers/{id}/{action}/ (spec part 1 §7). */
export const CONTROL_ACTIONS = [
  'move_head',
  'home_head',
  'temperature',
  'fan_state',
  'disable_motors',
  'pause',
  'resume',
  'cancel',
  'extrude',
  'send_command',
  'emergency_stop',
] as const;
export type ControlAction = (typeof CONTROL_ACTIONS)[number];

/**
 * The spec's clients also send `printerId` and `action` in the body; when sent they must agree
 * with the path (the server checks the printer id against it).
 */
const controlBody = <A extends ControlAction, S extends z.ZodRawShape>(action: A, shape: S) =>
  z.strictObject({
    ...shape,
    printerId: z.number().int().optional(),
    action: z.literal(action).optional(),
  });

const AXES = ['x', 'y', 'z'] as const;

/** One body schema per control action (POST /printers/{id}/{action}/). */
export const ControlBodySchemas = {
  move_head: controlBody('move_head', {
    absolute: z.literal(false).default(false),
    x: z.number().finite().optional(),
    y: z.number().finite().optional(),
    z: z.number().finite().optional(),
  }).refine((value) => AXES.filter((axis) => value[axis] !== undefined).length === 1, {
    message: 'Exactly one axis.',
  }),
  home_head: controlBody('home_head', {
    axes: z.array(z.enum(AXES)).min(1).max(3),
  }),
  temperature: controlBody('temperature', {
    part: z.enum(['tool0', 'bed']),
    temperature: z.number().min(0).max(500),
  }),
  fan_state: controlBody('fan_state', { state: z.enum(['on', 'off']) }),
  disable_motors: controlBody('disable_motors', {}),
  pause: controlBody('pause', {}),
  resume: controlBody('resume', {}),
  cancel: controlBody('cancel', {}),
  extrude: controlBody('extrude', { amount: z.number().finite().min(-1000).max(1000) }),
  send_command: controlBody('send_command', {
    commands: z.array(z.string().max(1000)).max(100),
  }),
  emergency_stop: controlBody('emergency_stop', {}),
} satisfies Record<ControlAction, z.ZodType>;
export type ControlBody<A extends ControlAction> = z.output<(typeof ControlBodySchemas)[A]>;

export const LedBodySchema = z.strictObject({
  color: z.tuple([
    z.number().int().min(0).max(255),
    z.number().int().min(0).max(255),
    z.number().int().min(0).max(255),
  ]),
});
export const SpectodaPercentageSchema = z.strictObject({ percentage: z.number().min(0).max(100) });
export const SpectodaColorSchema = z.strictObject({
  color: z.string().regex(/^#?[0-9a-fA-F]{6}$/, 'A hex colour such as #ff8800.'),
});
export const LocalFileStartSchema = z.strictObject({ path: z.string().trim().min(1).max(1024) });
export const LocalFileSchema = z.object({ path: z.string(), size: z.number().nullable() });

/** A printer's own address for LAN mode: http(s), a host, no user or password in it. */
function isLanPrinterUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

/** A Bambu Lab printer's address: its IP address or host name, nothing else. */
const BAMBU_HOST =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** The kinds of printer the server drives itself in LAN mode. */
export const LAN_PRINTER_KINDS = ['octoprint', 'moonraker', 'bambu', 'prusalink'] as const;
export type LanPrinterKind = (typeof LAN_PRINTER_KINDS)[number];

/** How the server reaches a LAN printer: its address and the credentials its kind needs. */
const lanConnectionFields = {
  url: z.string().trim().max(500),
  api_key: z.string().trim().max(200).default(''),
  /** Bambu Lab: the serial number (Settings → Device on the printer's screen) */
  serial: z.string().trim().max(64).default(''),
  /** Bambu Lab: the LAN access code (Settings → WLAN, or LAN Only Mode) */
  access_code: z.string().trim().max(64).default(''),
  /** PrusaLink: the Digest user (Settings → Network → PrusaLink; `maker` by default) */
  user: z.string().trim().max(100).default(''),
  /** PrusaLink: the password shown beside the user */
  password: z.string().max(200).default(''),
};

type LanConnection = {
  kind: LanPrinterKind;
  url: string;
  api_key: string;
  serial: string;
  access_code: string;
  password: string;
};

/**
 * The fields a kind needs, each refusal naming its field. `isEdit`: a credential left empty
 * keeps the one stored, so only the address and a Bambu serial are always required.
 */
function checkLanConnection(value: LanConnection, ctx: z.RefinementCtx, isEdit: boolean): void {
  const need = (field: keyof LanConnection, message: string) => {
    if (value[field] === '') ctx.addIssue({ code: 'custom', path: [field], message });
  };
  if (value.kind === 'bambu') {
    if (!BAMBU_HOST.test(value.url)) {
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message:
          'Give the printer’s IP address, e.g. 192.168.1.40 (Settings → WLAN on its screen).',
      });
    }
    need('serial', 'Give the printer’s serial number (Settings → Device on its screen).');
    if (!isEdit)
      need('access_code', 'Give the access code (Settings → WLAN on the printer’s screen).');
    return;
  }
  if (!isLanPrinterUrl(value.url)) {
    ctx.addIssue({
      code: 'custom',
      path: ['url'],
      message: 'Give the printer’s address, e.g. http://192.168.1.20 or http://octopi.local:5000.',
    });
  }
  if (value.kind === 'octoprint' && !isEdit) need('api_key', 'API key can`t be empty.');
  if (value.kind === 'prusalink' && !isEdit && value.api_key === '') {
    need(
      'password',
      'Give the PrusaLink password (Settings → Network → PrusaLink), or an API key.',
    );
  }
}

/**
 * POST /lan-printers/ (issues 17, 25, LAN mode): a printer the server reaches on its own
 * network, with no agent to install: OctoPrint with its API key, Moonraker, a Bambu Lab
 * printer (serial number and access code) or PrusaLink (user and password, or an API key).
 */
export const LanPrinterCreateSchema = z
  .strictObject({
    group: z.number().int().positive({ error: 'Workspace not selected.' }),
    name: printerName,
    kind: z.enum(LAN_PRINTER_KINDS),
    ...lanConnectionFields,
    camera_enabled: z.boolean().default(true),
    camera_rotation: cameraRotation.default(0),
    jobox_enabled: z.boolean().default(false),
  })
  .superRefine((value, ctx) => checkLanConnection(value, ctx, false));
export type LanPrinterCreate = z.infer<typeof LanPrinterCreateSchema>;
export type LanPrinterCreateInput = z.input<typeof LanPrinterCreateSchema>;

/**
 * PUT /printers/{id}/lan-connection/ (issue 25): a LAN printer's new address or credentials, tried
 * before they are saved; an empty credential keeps the stored one. The kind stays as it is.
 */
export const LanPrinterConnectionUpdateSchema = z
  .strictObject({
    kind: z.enum(LAN_PRINTER_KINDS),
    ...lanConnectionFields,
    /** Bambu Lab: trust the certificate the printer shows now (after a firmware update) */
    forget_certificate: z.boolean().default(false),
  })
  .superRefine((value, ctx) => checkLanConnection(value, ctx, true));
export type LanPrinterConnectionUpdate = z.infer<typeof LanPrinterConnectionUpdateSchema>;

/** GET /printers/{id}/lan-connection/: how the server reaches a LAN printer, no secret in it. */
export const LanPrinterConnectionSchema = z.object({
  kind: z.enum(LAN_PRINTER_KINDS),
  url: z.string(),
  serial: z.string(),
  user: z.string(),
  has_api_key: z.boolean(),
  has_password: z.boolean(),
  /** Bambu Lab: the certificate pinned on first contact (SHA-256, hex), or null */
  certificate_sha256: z.string().nullable(),
});
export type LanPrinterConnection = z.infer<typeof LanPrinterConnectionSchema>;

/** A Bambu Lab printer heard announcing itself on the server's network (SSDP, UDP 2021). */
export const DiscoveredBambuSchema = z.object({
  serial: z.string(),
  /** the slicer's model code, e.g. `C12` */
  model_id: z.string().nullable(),
  /** e.g. `Bambu Lab P1S`; null for a code Printdeck does not know */
  model: z.string().nullable(),
  /** the name given on the printer */
  name: z.string().nullable(),
  /** its IP address */
  address: z.string(),
});
export type DiscoveredBambu = z.infer<typeof DiscoveredBambuSchema>;

/**
 * GET /groups/{g}/lan-printers/discovered/ (issue 25): the Bambu printers heard lately inside the
 * allowed networks. `is_listening` false: the operator has not turned discovery on
 * (LAN_BAMBU_DISCOVERY_PORT) or LAN mode is off.
 */
export const DiscoveredPrintersSchema = z.object({
  is_listening: z.boolean(),
  printers: z.array(DiscoveredBambuSchema),
});
export type DiscoveredPrinters = z.infer<typeof DiscoveredPrintersSchema>;
