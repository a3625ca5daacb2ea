import type { IncomingMessage } from 'node:http';
import { readBody } from '../http/body.js';
import { HttpError } from '../http/errors.js';
import { sendEmpty, sendJson } from '../http/respond.js';
import { route, type Route } from '../http/router.js';
import { FileStoreError } from '../printer-model/files.js';
import type { PrusaLinkContext } from './context.js';
import { checkAuth } from './digest.js';
import { filePayload, jobPayload, statusPayload } from './payloads.js';
import { canStartPrint, prusaLinkState } from './state.js';

/** Buddy prints these (Prusa-Firmware-Buddy `src/common/gcode_filename.cpp`). */
const PRINTABLE = /\.(gcode|gco|gc|g|bgcode|bgc)$/i;

/**
 * RFC 8941 booleans in `Print-After-Upload` and `Overwrite`: Buddy's header parser
 * (`lib/WUI/nhttp/req_parser.cpp`) also takes `1` and `true` (reference §3.6).
 */
function flag(req: IncomingMessage, name: string): boolean {
  const value = String(req.headers[name] ?? '').trim();
  return value === '?1' || value === '1' || value === 'true';
}

/** Every route answers only a right digest or key (Buddy: all of `/api/`). */
function authed(ctx: PrusaLinkContext, handler: Route['handler']): Route['handler'] {
  return (route) => {
    checkAuth(route.req, ctx.auth);
    return handler(route);
  };
}

function storagePath(ctx: PrusaLinkContext, storage: string | undefined): void {
  if (storage !== ctx.storage) throw new HttpError(404, 'Storage not found');
  if (!ctx.hasUsb) throw new HttpError(507, 'Missing USB drive');
}

/** Starts `path`: a new job id, and the finished/stopped screen of the last one dismissed. */
export function startPrint(ctx: PrusaLinkContext, path: string): void {
  const { printer, panel } = ctx;
  if (!canStartPrint(prusaLinkState(printer, panel))) {
    throw new HttpError(409, "Can't print right now");
  }
  if (!printer.jobs.select(path)) throw new HttpError(404, 'File not found');
  panel.jobId += 1;
  panel.isConfirmed = false;
  panel.attention = null;
  if (!printer.jobs.start()) throw new HttpError(409, "Can't print right now");
}

/**
 * Job control, `PUT /api/v1/job/{id}/{pause|resume|continue}` and `DELETE /api/v1/job/{id}`
 * (Prusa-Link-Web `spec/openapi.yaml`; Buddy `prusa_link_api_v1.cpp`): a stale id is 404,
 * a state that does not allow it 409; stop is also allowed in ATTENTION.
 */
function jobRoutes(ctx: PrusaLinkContext): Route[] {
  const checkId = (id: string | undefined) => {
    const state = prusaLinkState(ctx.printer, ctx.panel);
    const isJob = state === 'PRINTING' || state === 'PAUSED' || state === 'ATTENTION';
    if (!isJob || String(ctx.panel.jobId) !== id) throw new HttpError(404, 'Job not found');
    return state;
  };
  return [
    route(
      'PUT',
      '/api/v1/job/:id/:command',
      authed(ctx, ({ res, params }) => {
        const state = checkId(params.id);
        const { jobs } = ctx.printer;
        if (params.command === 'pause') {
          if (state !== 'PRINTING' || !jobs.pause()) throw new HttpError(409, 'Not printing');
        } else if (params.command === 'resume') {
          if (state !== 'PAUSED' || !jobs.resume()) throw new HttpError(409, 'Not paused');
        } else if (params.command === 'continue') {
          // Buddy has no timelapse capture to continue from (reference §3.3)
          throw new HttpError(400, 'Nothing to continue');
        } else {
          throw new HttpError(404, 'Not Found');
        }
        sendEmpty(res);
      }),
    ),
    route(
      'DELETE',
      '/api/v1/job/:id',
      authed(ctx, ({ res, params }) => {
        checkId(params.id);
        ctx.panel.attention = null;
        if (!ctx.printer.jobs.cancel()) throw new HttpError(409, 'Already stopping');
        sendEmpty(res);
      }),
    ),
  ];
}

async function upload(ctx: PrusaLinkContext, req: IncomingMessage, path: string) {
  // Buddy needs the length up front, no chunked upload (`gcode_upload.cpp`; reference §3.6)
  if (req.headers['content-length'] === undefined) throw new HttpError(411, 'Length Required');
  if (!PRINTABLE.test(path)) throw new HttpError(415, 'Unsupported file type');
  const hasControl = [...path].some((char) => char.charCodeAt(0) < 0x20);
  if (hasControl || /[\\<>:"|?*]/.test(path) || path.split('/').includes('..')) {
    throw new HttpError(422, 'Invalid characters in file name');
  }
  if (ctx.isTransferring) throw new HttpError(409, 'Another transfer in progress');
  const existing = ctx.printer.files.get(path);
  if (existing && !flag(req, 'overwrite')) throw new HttpError(409, 'File already exists');
  if (existing && ctx.printer.job.isActive && ctx.printer.job.file?.path === existing.path) {
    throw new HttpError(409, 'File is busy');
  }
  ctx.isTransferring = true;
  let body: Buffer;
  try {
    body = await readBody(req, ctx.maxUploadBytes);
  } finally {
    ctx.isTransferring = false;
  }
  if (body.length !== Number(req.headers['content-length'])) {
    throw new HttpError(400, 'Truncated body');
  }
  try {
    ctx.printer.files.put(path, body, ctx.printer.time);
  } catch (error) {
    if (error instanceof FileStoreError && error.reason === 'full') {
      throw new HttpError(507, 'USB drive full');
    }
    throw new HttpError(422, 'Invalid file name');
  }
  // Print-After-Upload on a printer not ready: 409, but the file stays (reference §3.6)
  if (flag(req, 'print-after-upload')) startPrint(ctx, path);
}

/** `/api/v1/files/{storage}/{path}`: GET, HEAD, PUT (upload), POST (print), DELETE. */
function fileRoutes(ctx: PrusaLinkContext): Route[] {
  const find = (storage: string | undefined, rest: string | undefined) => {
    storagePath(ctx, storage);
    const file = ctx.printer.files.get(rest ?? '');
    if (!file) throw new HttpError(404, 'File not found');
    return file;
  };
  return [
    route(
      'GET',
      '/api/v1/files/:storage',
      authed(ctx, ({ res, params }) => {
        storagePath(ctx, params.storage);
        const children = ctx.printer.files.list().map((file) => filePayload(ctx, file));
        sendJson(res, 200, { name: ctx.storage, type: 'FOLDER', ro: false, children });
      }),
    ),
    route(
      'GET',
      '/api/v1/files/:storage/*',
      authed(ctx, ({ res, params }) => {
        const file = find(params.storage, params.rest);
        sendJson(res, 200, filePayload(ctx, file), { etag: `"${file.modified}"` });
      }),
    ),
    route(
      'HEAD',
      '/api/v1/files/:storage/*',
      authed(ctx, ({ res, params }) => {
        const file = find(params.storage, params.rest);
        const job = ctx.printer.job;
        sendEmpty(res, 200, {
          'read-only': 'false',
          'currently-printed': String(job.isActive && job.file?.path === file.path),
        });
      }),
    ),
    route(
      'PUT',
      '/api/v1/files/:storage/*',
      authed(ctx, async ({ req, res, params }) => {
        storagePath(ctx, params.storage);
        await upload(ctx, req, params.rest ?? '');
        // Buddy closes the connection after every upload (reference §3.6)
        sendEmpty(res, 201, { connection: 'close' });
      }),
    ),
    route(
      'POST',
      '/api/v1/files/:storage/*',
      authed(ctx, ({ res, params }) => {
        const file = find(params.storage, params.rest);
        startPrint(ctx, file.path);
        sendEmpty(res);
      }),
    ),
    route(
      'DELETE',
      '/api/v1/files/:storage/*',
      authed(ctx, ({ res, params }) => {
        const file = find(params.storage, params.rest);
        const job = ctx.printer.job;
        if (job.isActive && job.file?.path === file.path) throw new HttpError(409, 'File is busy');
        ctx.printer.files.delete(file.path);
        sendEmpty(res);
      }),
    ),
  ];
}

/** Version, info, status, job and storage reads (Prusa-Link-Web `spec/openapi.yaml`). */
function readRoutes(ctx: PrusaLinkContext): Route[] {
  return [
    route(
      'GET',
      '/api/version',
      authed(ctx, ({ res }) =>
        // `capabilities.upload-by-put` says the v1 file API is there (Buddy `basic_gets.cpp`)
        sendJson(res, 200, {
          api: '2.0.0',
          server: '2.1.2',
          original: 'PrusaLink MK4',
          text: 'PrusaLink',
          firmware: '6.1.3+7898',
          sdk: '0.7.2',
          capabilities: { 'upload-by-put': true },
        }),
      ),
    ),
    route(
      'GET',
      '/api/v1/info',
      authed(ctx, ({ res }) =>
        sendJson(res, 200, {
          nozzle_diameter: 0.4,
          mmu: false,
          serial: ctx.serial,
          hostname: 'prusa-mk4',
          min_extrusion_temp: 170,
        }),
      ),
    ),
    route(
      'GET',
      '/api/v1/status',
      authed(ctx, ({ res }) => sendJson(res, 200, statusPayload(ctx))),
    ),
    route(
      'GET',
      '/api/v1/job',
      authed(ctx, ({ res }) => {
        const job = jobPayload(ctx);
        if (job) sendJson(res, 200, job);
        else sendEmpty(res);
      }),
    ),
    route(
      'GET',
      '/api/v1/storage',
      authed(ctx, ({ res }) => {
        const files = ctx.printer.files;
        sendJson(res, 200, {
          storage_list: [
            {
              name: ctx.storage,
              type: 'USB',
              path: `/${ctx.storage}`,
              available: ctx.hasUsb,
              read_only: false,
              free_space: files.maxBytes - files.usedBytes,
              total_space: files.maxBytes,
            },
          ],
        });
      }),
    ),
  ];
}

export function prusaLinkRoutes(ctx: PrusaLinkContext): Route[] {
  return [...readRoutes(ctx), ...jobRoutes(ctx), ...fileRoutes(ctx)];
}
