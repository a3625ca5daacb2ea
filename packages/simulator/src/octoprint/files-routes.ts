import { HttpError } from '../http/errors.js';
import { sendPythonJson } from './python-json.js';
import { sendBytes, sendEmpty } from '../http/respond.js';
import { route, type Route, type RouteContext } from '../http/router.js';
import { requireKey } from './auth.js';
import type { OctoPrintContext } from './context.js';
import { fileEntry, folderEntry, isMachineCode, listing } from './payloads.js';
import { readCommand } from './request.js';
import { uploadFile } from './upload.js';

/** Files on the host: list, upload, select/print by path, delete, download (A.3.9). */
export function filesRoutes(ctx: OctoPrintContext): Route[] {
  const list = ({ req, res, url }: RouteContext) => {
    requireKey(ctx, req, url);
    const depth = url.searchParams.get('recursive') === 'true' ? Infinity : 1;
    const store = ctx.printer.files;
    sendPythonJson(res, 200, {
      files: listing(ctx, '', depth),
      free: store.maxBytes - store.usedBytes,
      total: store.maxBytes,
    });
  };
  return [
    route('GET', '/api/files', list),
    route('GET', '/api/files/local', list),
    route('GET', '/api/files/sdcard', ({ req, res, url }) => {
      requireKey(ctx, req, url);
      sendPythonJson(res, 200, { files: [] });
    }),
    route('POST', '/api/files/local', (rc) => uploadFile(ctx, rc)),
    route('GET', '/api/files/local/*', ({ req, res, url, params }) => {
      requireKey(ctx, req, url);
      const path = params.rest as string;
      const file = ctx.printer.files.get(path);
      if (file) sendPythonJson(res, 200, fileEntry(ctx, file));
      else if (ctx.printer.files.hasFolder(path))
        sendPythonJson(res, 200, folderEntry(ctx, path, 1));
      else throw notFound(path);
    }),
    route('POST', '/api/files/local/*', (rc) => selectFile(ctx, rc)),
    route('DELETE', '/api/files/local/*', ({ req, res, url, params }) => {
      requireKey(ctx, req, url);
      deletePath(ctx, params.rest as string);
      sendEmpty(res);
    }),
    route('GET', '/downloads/files/local/*', ({ req, res, url, params }) => {
      requireKey(ctx, req, url);
      const file = ctx.printer.files.get(params.rest as string);
      if (!file) throw notFound(params.rest as string);
      sendBytes(res, 200, 'application/octet-stream', file.content, {
        'content-disposition': `attachment; filename="${file.name.replace(/["\\]/g, '_')}"`,
      });
    }),
  ];
}

async function selectFile(ctx: OctoPrintContext, rc: RouteContext): Promise<void> {
  requireKey(ctx, rc.req, rc.url);
  const { data } = await readCommand(ctx, rc, { select: [] });
  const path = rc.params.rest as string;
  const file = ctx.printer.files.get(path);
  if (!file) throw notFound(path);
  if (!isMachineCode(file.path)) {
    throw new HttpError(415, 'Cannot select file for printing, not machinecode');
  }
  const flags = ctx.connection.flags();
  // OctoPrint says "already printing" also when the printer is merely not operational (A.3.9)
  if (!flags.operational || flags.printing || flags.paused) {
    throw new HttpError(409, 'Printer is already printing, cannot select a new file');
  }
  ctx.printer.jobs.select(file.path);
  ctx.bus.emit('event', 'FileSelected', { name: file.name, path: file.path, origin: 'local' });
  if (data.print === true) ctx.printer.jobs.start();
  sendEmpty(rc.res);
}

function deletePath(ctx: OctoPrintContext, path: string): void {
  const { files, job, jobs } = ctx.printer;
  const inUse = (candidate: string) =>
    job.isActive &&
    job.file !== null &&
    (job.file.path === candidate || job.file.path.startsWith(`${candidate}/`));
  if (inUse(path))
    throw new HttpError(409, `Trying to delete a file that is currently in use: ${path}`);
  const file = files.get(path);
  if (file) {
    if (job.file?.path === file.path) jobs.reset();
    files.delete(file.path);
  } else if (files.hasFolder(path)) {
    if (job.file?.path.startsWith(`${path}/`)) jobs.reset();
    files.deleteFolder(path);
  } else {
    throw notFound(path);
  }
  ctx.bus.emit('event', 'FileRemoved', { storage: 'local', path, name: path.split('/').pop() });
  ctx.bus.emit('event', 'UpdatedFiles', { type: 'printables' });
}

export function notFound(path: string): HttpError {
  return new HttpError(404, `File not found on 'local': ${path}`);
}
