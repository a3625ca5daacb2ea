import { HttpError } from '../http/errors.js';
import { sendPythonJson } from './python-json.js';
import { sendEmpty } from '../http/respond.js';
import { route, type Route } from '../http/router.js';
import { requireKey, requirePermission } from './auth.js';
import type { OctoPrintContext } from './context.js';
import { jobPayload } from './payloads.js';
import { readCommand, requireOperational } from './request.js';

/** `GET/POST /api/job` (A.3.8). */
export function jobRoutes(ctx: OctoPrintContext): Route[] {
  return [
    route('GET', '/api/job', ({ req, res, url }) => {
      requireKey(ctx, req, url);
      sendPythonJson(res, 200, jobPayload(ctx));
    }),
    route('POST', '/api/job', async (rc) => {
      requireKey(ctx, rc.req, rc.url);
      requirePermission(ctx, 'PRINT');
      requireOperational(ctx);
      const { command, data } = await readCommand(ctx, rc, {
        start: [],
        restart: [],
        pause: [],
        cancel: [],
      });
      controlJob(ctx, command, data.action);
      sendEmpty(rc.res);
    }),
  ];
}

function controlJob(ctx: OctoPrintContext, command: string, action: unknown): void {
  const { jobs } = ctx.printer;
  const flags = ctx.connection.flags();
  const active = flags.printing || flags.paused;
  if (command === 'start') {
    if (active) {
      throw new HttpError(409, "Printer already has an active print job, did you mean 'restart'?");
    }
    // without a selected file OctoPrint answers 204 and does nothing (A.3.8)
    jobs.start();
    return;
  }
  if (command === 'restart') {
    if (!flags.paused) {
      throw new HttpError(409, 'Printer does not have an active print job or is not paused');
    }
    jobs.restart();
    return;
  }
  if (!active) {
    throw new HttpError(
      409,
      `Printer is neither printing nor paused, '${command}' command cannot be performed`,
    );
  }
  if (command === 'cancel') {
    if (jobs.cancel() && ctx.printer.job.file) {
      ctx.bus.emit('event', 'PrintCancelling', { name: ctx.printer.job.file.name });
    }
    return;
  }
  const chosen = action ?? 'toggle';
  if (chosen !== 'pause' && chosen !== 'resume' && chosen !== 'toggle') {
    throw new HttpError(400, 'Unknown action');
  }
  const pause = chosen === 'pause' || (chosen === 'toggle' && !flags.paused);
  // pausing while Paused, or resuming while Printing, is a no-op
  if (pause) jobs.pause();
  else jobs.resume();
}
