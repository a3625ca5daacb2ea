import { z } from 'zod';
import { PrinterDeviceStateSchema } from './printers.schema.js';

/**
 * The events of GET /groups/{g}/devices-states/stream/ (issue 31), each the JSON `data` of one
 * server-sent event named by `event`. Version 2: a delta names each changed value of a printer
 * (RFC 6901 JSON Pointer → new value) instead of sending the printer whole. `v` changes when
 * the shape does; a client that does not know it reads the list with GET devices-states/.
 */
export const STATES_STREAM_VERSION = 2;

export const StatesSnapshotSchema = z.object({
  v: z.literal(STATES_STREAM_VERSION),
  /** the list's ETag, as GET devices-states/ gives it: send it as If-None-Match to resume */
  etag: z.string(),
  states: z.array(PrinterDeviceStateSchema),
});

/** The client's ETag named the list it holds: nothing to send until it changes. */
export const StatesUnchangedSchema = z.object({
  v: z.literal(STATES_STREAM_VERSION),
  etag: z.string(),
});

export const PrinterStateChangeSchema = z.object({
  printer_id: z.number().int(),
  /** JSON Pointer (RFC 6901) into the printer's state → its new value; objects are entered, anything else replaced whole */
  set: z.record(z.string(), z.unknown()),
  /** JSON Pointers of keys the printer's state no longer has */
  unset: z.array(z.string()).optional(),
});

export const StatesDeltaSchema = z.object({
  v: z.literal(STATES_STREAM_VERSION),
  /** the ETag of the list this delta applies to: a client holding another reads a snapshot */
  base: z.string(),
  /** the ETag of the list once this delta is applied */
  etag: z.string(),
  /** printers new to the list, whole */
  added: z.array(PrinterDeviceStateSchema),
  changed: z.array(PrinterStateChangeSchema),
  /** ids of printers no longer in the list */
  removed: z.array(z.number().int()),
  /** the list's order as printer ids; only when it is not the old order (less the removed), then the added */
  order: z.array(z.number().int()).optional(),
});

/** For the API document: one event of the stream, its name and its data. */
export const StatesStreamEventSchema = z
  .discriminatedUnion('event', [
    z.object({ event: z.literal('snapshot'), data: StatesSnapshotSchema }),
    z.object({ event: z.literal('unchanged'), data: StatesUnchangedSchema }),
    z.object({ event: z.literal('delta'), data: StatesDeltaSchema }),
  ])
  .describe(
    'One server-sent event: `event: <name>` and `data: <JSON>`. First a `snapshot` (or ' +
      '`unchanged` when If-None-Match names the current list), then a `delta` per change; ' +
      '`: ping` comments every 5 s.',
  );
