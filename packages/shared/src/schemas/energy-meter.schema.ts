import { z } from 'zod';

/**
 * Issue 26, energy from a power device: a smart plug that meters the printer. Tasmota answers
 * `cmnd=Status 8` with its energy counter (kWh); a Shelly (Gen2+) answers `Switch.GetStatus`
 * with `apower` (W) and `aenergy.total` (Wh).
 */
export const ENERGY_METER_KINDS = ['tasmota', 'shelly'] as const;
export type EnergyMeterKind = (typeof ENERGY_METER_KINDS)[number];

/**
 * Who reads the plug: `agent`, the printer's agent on its own network (the server asks it over
 * the device protocol; a LAN mode printer's agent is the server's built-in one, under
 * LAN_PRINTER_NETWORKS); `server`, the server itself, under LAN_PRINTER_NETWORKS.
 */
export const ENERGY_METER_READERS = ['agent', 'server'] as const;
export type EnergyMeterReader = (typeof ENERGY_METER_READERS)[number];

/** A plug's address: plain http, no credentials (the plug on the printers' network). */
export const EnergyMeterUrlSchema = z
  .string()
  .trim()
  .max(500, 'Must be at most 500 characters.')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'Must be an http:// address without credentials (the plug on the printers’ network).');

export const EnergyMeterSetSchema = z.strictObject({
  kind: z.enum(ENERGY_METER_KINDS, { error: 'The meter is a Tasmota or a Shelly plug.' }),
  /** the plug's address on the printers' network, e.g. http://192.168.1.40 */
  url: EnergyMeterUrlSchema,
  /** Shelly: the switch id of a plug with several outputs (0 for a single plug) */
  channel: z
    .number({ error: 'The channel is a whole number.' })
    .int('The channel is a whole number.')
    .min(0, 'The channel cannot be negative.')
    .max(15, 'At most 15.')
    .default(0),
  /** who reads it (default: the printer's agent) */
  read_by: z
    .enum(ENERGY_METER_READERS, { error: 'The plug is read by the printer’s agent or the server.' })
    .default('agent'),
});
export type EnergyMeterSet = z.infer<typeof EnergyMeterSetSchema>;

/** What a meter reads now: power and its own energy counter. */
export const EnergyMeterReadingSchema = z.object({
  power_w: z.number().nullable(),
  total_kwh: z.number(),
});
export type EnergyMeterReading = z.infer<typeof EnergyMeterReadingSchema>;

/** A printer's meter, or null; the reading is taken when asked (null: it did not answer). */
export const PrinterEnergyMeterSchema = z.object({
  meter: z
    .object({
      kind: z.enum(ENERGY_METER_KINDS),
      url: z.string(),
      channel: z.number().int(),
      read_by: z.enum(ENERGY_METER_READERS),
    })
    .nullable(),
  reading: EnergyMeterReadingSchema.nullable(),
  /** why the reading failed, when it did */
  reading_error: z.string().nullable(),
});
export type PrinterEnergyMeter = z.infer<typeof PrinterEnergyMeterSchema>;
