import { FileStoreError } from '../printer-model/files.js';
import { sendPythonJson } from './python-json.js';
import { HttpError } from '../http/errors.js';
import { fieldText, filePart, readMultipart } from '../http/multipart.js';
import type { RouteContext } from '../http/router.js';
import { requireKey, requirePermission } from './auth.js';
import { analyse, announceUpload } from './extra-events.js';
import type { OctoPrintContext } from './context.js';
import { fileRefs, isMachineCode } from './payloads.js';
import { trimLeadingSlashes, trimTrailingSlashes } from '@printdeck/shared';

/**
 * `POST /api/files/local`, multipart (A.3.9): 201 with `Location`. Select and print never make
 * the upload fail; `effectiveSelect` and `effectivePrint` say what really happened.
 */
export async function uploadFile(ctx: OctoPrintContext, rc: RouteContext): Promise<void> {
  requireKey(ctx, rc.req, rc.url);
  requirePermission(ctx, 'FILES_UPLOAD');
  const parts = await readMultipart(rc.req, ctx.settings.maxUploadBytes);
  const folder = fieldText(parts, 'path') ?? '';
  const upload = filePart(parts, 'file');
  const folderName = fieldText(parts, 'foldername');
  const userdata = fieldText(parts, 'userdata');
  if (userdata !== undefined && !isJson(userdata)) {
    throw new HttpError(400, 'userdata contains invalid JSON');
  }
  if (!upload) {
    if (!folderName) throw new HttpError(400, 'No file to upload and no folder to create');
    createFolder(ctx, rc, joinPath(folder, sanitizeName(folderName)));
    return;
  }
  const name = sanitizeName(upload.filename ?? '');
  // a model needs a slicer, and a stock OctoPrint 1.11 has none: not printable
  // (src/octoprint/server/api/files.py `uploadGcodeFile`)
  if (/\.stl$/i.test(name)) throw new HttpError(415, 'Could not upload file, invalid type');
  if (!/\.(gcode|gco|g)$/i.test(name)) {
    throw new HttpError(415, 'Could not upload file, unknown type');
  }
  const path = joinPath(folder, name);
  const { job, files, jobs } = ctx.printer;
  if (job.isActive && job.file?.path === path) {
    throw new HttpError(409, 'Trying to overwrite file that is currently being printed');
  }
  if (fieldText(parts, 'noOverwrite') === 'true' && files.get(path)) {
    throw new HttpError(409, `File ${path} already exists and noOverwrite was set`);
  }
  const stored = store(() =>
    files.put(path, upload.data, ctx.printer.time, upload.filename ?? name),
  );

  const select = fieldText(parts, 'select') === 'true';
  const print = fieldText(parts, 'print') === 'true';
  const flags = ctx.connection.flags();
  const canSelect =
    isMachineCode(stored.path) && flags.operational && !flags.printing && !flags.paused;
  // the file manager announces the file first (FileAdded, UpdatedFiles), then the API selects
  // and starts it (src/octoprint/server/api/files.py `uploadGcodeFile` → `selectAndOrPrint`)
  ctx.bus.emit('event', 'FileAdded', { storage: 'local', path: stored.path, name: stored.name });
  ctx.bus.emit('event', 'UpdatedFiles', { type: 'printables' });
  analyse(ctx, stored);
  let effectivePrint = false;
  if ((select || print) && canSelect) {
    jobs.select(stored.path);
    ctx.bus.emit('event', 'FileSelected', {
      name: stored.name,
      path: stored.path,
      origin: 'local',
    });
    if (print) effectivePrint = jobs.start();
  }
  const effectiveSelect = select && canSelect;
  announceUpload(ctx, stored, { select, print, effectiveSelect, effectivePrint });
  const refs = fileRefs(ctx, stored.path);
  sendPythonJson(
    rc.res,
    201,
    {
      files: { local: { name: stored.name, path: stored.path, origin: 'local', refs } },
      done: true,
      effectiveSelect,
      effectivePrint,
    },
    { location: refs.resource as string },
  );
}

function createFolder(ctx: OctoPrintContext, rc: RouteContext, path: string): void {
  const clean = store(() => ctx.printer.files.createFolder(path));
  const refs = fileRefs(ctx, clean, true);
  const name = clean.slice(clean.lastIndexOf('/') + 1);
  sendPythonJson(
    rc.res,
    201,
    { folder: { name, path: clean, origin: 'local', refs }, done: true },
    { location: refs.resource as string },
  );
}

function store<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (error instanceof FileStoreError) {
      throw new HttpError(error.reason === 'full' ? 507 : 400, error.message);
    }
    throw error;
  }
}

/**
 * OctoPrint 1.11 refuses path separators and keeps the name as given, spaces, brackets and
 * accents included (`Calibration Cube (v2) äö.gcode`): only characters no file system takes
 * and leading dots go (src/octoprint/filemanager/storage.py `sanitize_name` →
 * `octoprint.util.files.sanitize_filename` without `enforceReallyUniversalFilenames`).
 */
export function sanitizeName(name: string): string {
  if (/[/\\]/.test(name)) throw new HttpError(400, `Can't upload ${name}, invalid name`);
  const clean = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\x00-\x1f<>:"|?*]/g, '')
    .replace(/^\.+/, '');
  if (clean === '') throw new HttpError(400, `Can't upload ${name}, invalid name`);
  return clean;
}

function joinPath(folder: string, name: string): string {
  const trimmed = trimLeadingSlashes(trimTrailingSlashes(folder));
  return trimmed === '' ? name : `${trimmed}/${name}`;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
