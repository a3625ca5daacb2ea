import { createHash } from 'node:crypto';
import { HttpError } from '../http/errors.js';
import { fieldText, filePart, readMultipart } from '../http/multipart.js';
import { sendJson } from '../http/respond.js';
import type { RouteContext } from '../http/router.js';
import { FileStoreError, normalizePath } from '../printer-model/files.js';
import type { MoonrakerContext } from './context.js';
import { fileItem } from './files-methods.js';
import { runGcode } from './printer-methods.js';

const ACCEPTED = /\.(gcode|g|gco|ufp|nc)$/i;

/**
 * `POST /server/files/upload` (B.3.6): 201, `Location`, and an unwrapped body. A refused print
 * never fails the upload: `print_started` says whether it began.
 */
export async function uploadFile(ctx: MoonrakerContext, rc: RouteContext): Promise<void> {
  const parts = await readMultipart(rc.req, ctx.settings.maxUploadBytes);
  const upload = filePart(parts, 'file');
  if (!upload) throw new HttpError(400, 'No file name specifed in upload form');
  const root = fieldText(parts, 'root') ?? 'gcodes';
  if (root !== 'gcodes') throw new HttpError(400, `Invalid root request: ${root}`);
  if (!ACCEPTED.test(upload.filename ?? '')) {
    throw new HttpError(400, `Invalid file extension for root gcodes: ${upload.filename}`);
  }
  const path = storedPath(fieldText(parts, 'path') ?? '', upload.filename ?? '');
  const checksum = fieldText(parts, 'checksum');
  const { files, job } = ctx.printer;
  if (job.isActive && job.file?.path === path) {
    throw new HttpError(403, 'File is loaded, upload not permitted');
  }
  const sha256 = createHash('sha256').update(upload.data).digest('hex');
  if (checksum !== undefined && checksum.toLowerCase() !== sha256) {
    throw new HttpError(422, `File checksum mismatch: expecting ${checksum}, calculated ${sha256}`);
  }
  let stored;
  try {
    stored = files.put(path, upload.data, ctx.printer.time);
  } catch (error) {
    if (error instanceof FileStoreError) {
      throw new HttpError(error.reason === 'full' ? 507 : 400, error.message);
    }
    throw error;
  }
  const item = { ...fileItem(stored), root: 'gcodes' };
  ctx.notify('notify_filelist_changed', [{ action: 'create_file', item }]);
  let printStarted = false;
  if (fieldText(parts, 'print') === 'true' && ctx.klippy.isReady) {
    printStarted = await runGcode(ctx, `SDCARD_PRINT_FILE FILENAME="${stored.path}"`).then(
      () => true,
      () => false,
    );
  }
  const location = `${ctx.baseUrl()}/server/files/gcodes/${stored.path.split('/').map(encodeURIComponent).join('/')}`;
  sendJson(
    rc.res,
    201,
    { item, print_started: printStarted, print_queued: false, action: 'create_file' },
    { location },
  );
}

function storedPath(folder: string, filename: string): string {
  try {
    return normalizePath(folder === '' ? filename : `${folder}/${filename}`);
  } catch {
    throw new HttpError(400, `Invalid path: ${folder}/${filename}`);
  }
}
