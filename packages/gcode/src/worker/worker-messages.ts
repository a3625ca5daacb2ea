import type { GcodeErrorCode } from '../gcode-parse-error.js';
import type { GcodeMetadata, ReadGcodeOptions } from '../gcode-metadata.types.js';

/** What the pool sends its thread, and what comes back (structured clone: Buffers arrive as Uint8Array). */
export interface WorkerTask {
  id: number;
  path: string;
  options: ReadGcodeOptions | undefined;
}

export type WorkerAnswer =
  | { ok: 'ready' }
  | { id: number; ok: true; metadata: GcodeMetadata }
  | { id: number; ok: false; code: GcodeErrorCode; message: string };
