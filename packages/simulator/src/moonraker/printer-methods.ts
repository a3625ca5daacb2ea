import { isRecord } from '../http/body.js';
import { GcodeError } from '../printer-model/gcode-parse.js';
import type { MoonrakerContext } from './context.js';
import { WEBHOOKS_SHUTDOWN } from './klippy.js';
import { klippyEndpoint, type MethodDef } from './methods.js';
import { eventTime, objectNames, queryStatus } from './objects.js';
import { INVALID_PARAMS, klippyNotConnected, RpcError, requireString } from './rpc-error.js';
import { Subscription, type ObjectRequest } from './subscriptions.js';

/** Klipper's endpoints: info, objects, G-code, jobs, emergency stop, restarts (B.3.1–B.3.9). */
export function printerMethods(): MethodDef[] {
  return [
    klippyEndpoint('printer.info', (ctx) => ({
      state: ctx.klippy.state,
      state_message: ctx.klippy.message,
      hostname: ctx.settings.hostname,
      klipper_path: '/home/pi/klipper',
      python_path: '/home/pi/klippy-env/bin/python',
      process_id: 1234,
      user_id: 1000,
      group_id: 1000,
      log_file: '/home/pi/printer_data/logs/klippy.log',
      config_file: '/home/pi/printer_data/config/printer.cfg',
      software_version: 'v0.12.0-simulated',
      cpu_info: 'Printdeck simulator',
    })),
    klippyEndpoint('printer.objects.list', (ctx) => ({ objects: objectNames(ctx) })),
    klippyEndpoint('printer.objects.query', (ctx, { args }) => ({
      eventtime: eventTime(ctx),
      status: queryStatus(ctx, objectRequest(args)),
    })),
    klippyEndpoint('printer.objects.subscribe', async (ctx, { args, connection }) => {
      if (!connection)
        throw new RpcError(400, 'No connection associated with subscription request');
      const delayMs = ctx.settings.subscribeDelayMs;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const subscription = new Subscription(objectRequest(args));
      connection.subscription = Object.keys(subscription.request).length > 0 ? subscription : null;
      return { eventtime: eventTime(ctx), status: subscription.initial(ctx) };
    }),
    klippyEndpoint('printer.gcode.script', (ctx, { args }) =>
      runGcode(ctx, requireString(args, 'script')),
    ),
    klippyEndpoint('printer.gcode.help', (ctx) => ctx.printer.commandHelp()),
    klippyEndpoint('printer.emergency_stop', (ctx) => {
      ctx.klippy.shutdown(WEBHOOKS_SHUTDOWN);
      return 'ok';
    }),
    gcodeAlias('printer.firmware_restart', (ctx) => restart(ctx)),
    gcodeAlias('printer.restart', (ctx) => restart(ctx)),
    gcodeAlias('printer.print.start', (ctx, { args }) => {
      const filename = requireString(args, 'filename').replace(/^\/+/, '');
      return runGcode(ctx, `SDCARD_PRINT_FILE FILENAME="${filename.replaceAll('"', '')}"`);
    }),
    gcodeAlias('printer.print.pause', (ctx) => runGcode(ctx, 'PAUSE')),
    gcodeAlias('printer.print.resume', (ctx) => runGcode(ctx, 'RESUME')),
    gcodeAlias('printer.print.cancel', (ctx) => runGcode(ctx, 'CANCEL_PRINT')),
  ];
}

/**
 * Moonraker's own G-code aliases (moonraker/components/klippy_apis.py registers
 * `/printer/print/*`, `/printer/restart`, `/printer/firmware_restart` at start): always there,
 * so while Klippy is gone they answer 503 "Klippy Host not connected" on every transport,
 * never "Method not found" (`do_restart` forgives only "Klippy Disconnected").
 */
function gcodeAlias(name: string, handler: MethodDef['handler']): MethodDef {
  return {
    name,
    http: [['POST', `/${name.replaceAll('.', '/')}`]],
    handler: (ctx, call) => {
      if (!ctx.klippy.isConnected) throw klippyNotConnected();
      return handler(ctx, call);
    },
  };
}

function restart(ctx: MoonrakerContext): string {
  ctx.klippy.restart();
  return 'ok';
}

/**
 * Runs a script behind Klipper's G-code mutex. A refused line fails the request with 400 and
 * is broadcast as `!! <message>`; unknown commands are still "ok" (reference B.3.4).
 */
export async function runGcode(ctx: MoonrakerContext, script: string): Promise<string> {
  ctx.store.add({ message: script, time: ctx.printer.time / 1000, type: 'command' });
  try {
    await ctx.printer.execute(script);
  } catch (error) {
    if (!ctx.klippy.isConnected) throw new RpcError(503, 'Klippy Disconnected');
    if (!(error instanceof GcodeError)) throw error;
    ctx.printer.respond(`!! ${error.message}`);
    throw new RpcError(400, error.message);
  }
  return 'ok';
}

/** `{"objects": {"extruder": ["temperature"], "webhooks": null}}` to a request. */
function objectRequest(args: Record<string, unknown>): ObjectRequest {
  const objects = args.objects;
  if (!isRecord(objects)) throw new RpcError(INVALID_PARAMS, 'Invalid params: objects');
  const request: Record<string, readonly string[] | null> = {};
  for (const [name, fields] of Object.entries(objects)) {
    if (fields === null) request[name] = null;
    else if (Array.isArray(fields) && fields.every((f) => typeof f === 'string')) {
      request[name] = fields as string[];
    } else {
      throw new RpcError(400, `Invalid fields for object ${name}`);
    }
  }
  return request;
}
