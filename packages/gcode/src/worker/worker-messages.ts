import type { GcodeErrorCode } from '../gcode-parse-error.js';
import type { GcodeMetadata, ReadGcodeOptions } from '../gcode-metadata.types.js';
import type { ThreeMfMetadata } from '../zip/read-3mf-metadata.js';

/** What the thread reads: a `.gcode`/`.bgcode` or a sliced `.gcode.3mf`. */
export type WorkerTaskKind = 'gcode' | 'gcode.3mf';
export type WorkerMetadata = GcodeMetadata | ThreeMfMetadata;

/** What the pool sends its thread, and what comes back (structured clone: Buffers arrive as Uint8Array). */
export interface WorkerTask {
  id: number;
  kind: WorkerTaskKind;
  path: string;
  options: ReadGcodeOptions | undefined;
}

export type WorkerAnswer =
  | { ok: 'ready' }
  | { id: number; ok: true; metadata: WorkerMetadata }
  | { id: number; ok: false; code: GcodeErrorCode; message: string };
