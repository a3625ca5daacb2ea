import { z } from 'zod';
import { EnergyMeterReadingSchema } from '../schemas/energy-meter.schema.js';
import { LocalFileSchema } from '../schemas/printers.schema.js';
import type { DeviceCommandName } from './device-commands.schema.js';
import { DEVICE_MAX_MESSAGE_BYTES } from './device-messages.schema.js';

/**
 * What an agent answers each command with (`response.result`). Commands not listed here
 * answer `null`. The server validates the result before it reaches an API response.
 */

/** `list_files`: the printer's own G-code files. */
export const ListFilesResultSchema = z.array(LocalFileSchema);

/** The largest camera frame that still fits a device message once in base64. */
export const SNAPSHOT_MAX_BYTES = Math.floor((DEVICE_MAX_MESSAGE_BYTES - 1024) * 0.74);

/** `snapshot`: one camera frame. */
export const SnapshotResultSchema = z.object({
  content_type: z.enum(['image/jpeg', 'image/png']),
  data_base64: z.string().max(DEVICE_MAX_MESSAGE_BYTES),
});

/** `klipper_macros`: the configured macros; names starting with `_` are hidden (B.3.4). */
export const KlipperMacrosResultSchema = z.array(
  z.object({ name: z.string().max(200), description: z.string().max(2000) }),
);

/** `klipper_gcode_store`: the console history, oldest first; `time` in Unix seconds. */
export const KlipperGcodeStoreResultSchema = z.array(
  z.object({
    time: z.number(),
    type: z.enum(['command', 'response']),
    message: z.string().max(10_000),
  }),
);

/** `klipper_printer_info`: Klippy's state and the text to show for it (B.2). */
export const KlipperPrinterInfoResultSchema = z.object({
  state: z.string().max(40),
  state_message: z.string().max(4000),
});

/** `print_file`: where the file was stored on the printer, and whether its print began. */
export const PrintFileResultSchema = z.object({
  path: z.string().max(1024),
  started: z.boolean(),
  /** make_video asked: `recording`, or `no-camera` when the agent has none to record with */
  video: z.enum(['recording', 'no-camera']).optional(),
});

export const DEVICE_RESULT_SCHEMAS = {
  list_files: ListFilesResultSchema,
  snapshot: SnapshotResultSchema,
  klipper_macros: KlipperMacrosResultSchema,
  klipper_gcode_store: KlipperGcodeStoreResultSchema,
  klipper_printer_info: KlipperPrinterInfoResultSchema,
  print_file: PrintFileResultSchema,
  /** `read_energy_meter`: the plug's counter and power */
  read_energy_meter: EnergyMeterReadingSchema,
} satisfies Partial<Record<DeviceCommandName, z.ZodType>>;

export type ListFilesResult = z.infer<typeof ListFilesResultSchema>;
export type SnapshotResult = z.infer<typeof SnapshotResultSchema>;
export type KlipperMacrosResult = z.infer<typeof KlipperMacrosResultSchema>;
export type KlipperGcodeStoreResult = z.infer<typeof KlipperGcodeStoreResultSchema>;
export type KlipperPrinterInfoResult = z.infer<typeof KlipperPrinterInfoResultSchema>;
export type PrintFileResult = z.infer<typeof PrintFileResultSchema>;
