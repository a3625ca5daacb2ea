import { SNAPSHOT_MAX_BYTES, type SnapshotResult } from '@printdeck/shared';
import { openFileAsBlob } from '../compat.js';
import { CommandFailed, type LocalPrintFile } from './driver.js';

/** A multipart form with the file streamed from disk (read whole only on Node 18). */
export async function uploadForm(
  file: LocalPrintFile,
  fields: Record<string, string>,
): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', await openFileAsBlob(file.diskPath), file.fileName);
  return form;
}

/** A camera frame as the `snapshot` command answers it; only JPEG or PNG, and only so big. */
export async function toSnapshotResult(response: Response): Promise<SnapshotResult> {
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (contentType !== 'image/jpeg' && contentType !== 'image/png') {
    await response.body?.cancel();
    throw new CommandFailed(
      'internal',
      `The camera sent ${contentType || 'no content type'}, not an image.`,
    );
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > SNAPSHOT_MAX_BYTES) {
    await response.body?.cancel();
    throw new CommandFailed('internal', 'The camera frame is too large.');
  }
  const data = Buffer.from(await response.arrayBuffer());
  if (data.length > SNAPSHOT_MAX_BYTES) {
    throw new CommandFailed('internal', 'The camera frame is too large.');
  }
  return { content_type: contentType, data_base64: data.toString('base64') };
}

/** A name safe to store on the printer: the last path segment, no control characters. */
export function printerFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((char) => char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return clean === '' || clean === '.' || clean === '..' ? 'print.gcode' : clean;
}
