import { parentPort } from 'node:worker_threads';
import { GcodeParseError } from '../gcode-parse-error.js';
import { read3mfMetadata, readGcodeMetadata } from '../read-gcode-metadata.js';
import type { WorkerAnswer, WorkerTask } from './worker-messages.js';

/**
 * The metadata pool's thread: reads one file at a time and answers with the metadata or the
 * parse error's code. Whatever it costs, it costs here, not on the server's event loop.
 */
const port = parentPort;
if (!port) throw new Error('metadata-worker runs only as a worker thread');

port.on('message', (task: WorkerTask) => {
  const reading =
    task.kind === 'gcode.3mf'
      ? read3mfMetadata(task.path, task.options)
      : readGcodeMetadata(task.path, task.options);
  void reading.then(
    (metadata) => port.postMessage({ id: task.id, ok: true, metadata } satisfies WorkerAnswer),
    (error: unknown) => {
      const parseError = error instanceof GcodeParseError ? error : null;
      port.postMessage({
        id: task.id,
        ok: false,
        code: parseError?.code ?? 'internal_error',
        message: parseError?.message ?? 'unexpected failure in the metadata worker',
      } satisfies WorkerAnswer);
    },
  );
});

port.postMessage({ ok: 'ready' } satisfies WorkerAnswer);
