import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTROL_ACTIONS,
  DEVICE_RESULT_SCHEMAS,
  ControlBodySchemas,
  IdParamSchema,
  LedBodySchema,
  LocalFileSchema,
  LocalFileStartSchema,
  SpectodaColorSchema,
  SpectodaPercentageSchema,
  type ControlAction,
  type DeviceCommand,
} from '@printdeck/shared';
import { fieldError } from '../../http/app-error.js';
import { getAuth } from '../../http/authentication.js';
import { toFieldErrors } from '../../http/error-handler.js';
import { AppError } from '../../http/app-error.js';
import type { PrinterControlService } from './printer-control.service.js';

const idParams = z.strictObject({ id: IdParamSchema });
const empty = { 204: z.null() };

/** What a device answered, checked before it reaches a browser (device text is untrusted). */
function parseDeviceResult<N extends keyof typeof DEVICE_RESULT_SCHEMAS>(name: N, result: unknown) {
  const parsed = DEVICE_RESULT_SCHEMAS[name].safeParse(result);
  if (!parsed.success)
    throw new AppError('conflict', 'The printer sent an answer that could not be read.');
  return parsed.data as z.infer<(typeof DEVICE_RESULT_SCHEMAS)[N]>;
}

/** The API's control body → the device command (spec part 1 §5 "Controls"). */
function toCommand(action: ControlAction, body: Record<string, unknown>): DeviceCommand {
  switch (action) {
    case 'move_head': {
      const [axis, distance] = Object.entries(body).find(([key]) =>
        ['x', 'y', 'z'].includes(key),
      )! as ['x' | 'y' | 'z', number];
      return { name: 'move_head', axis, distance };
    }
    case 'home_head':
      return { name: 'home_head', axes: body.axes as Array<'x' | 'y' | 'z'> };
    case 'temperature':
      return {
        name: 'temperature',
        part: body.part as 'tool0' | 'bed',
        temperature: body.temperature as number,
      };
    case 'fan_state':
      return { name: 'fan_state', on: body.state === 'on' };
    case 'extrude':
      return { name: 'extrude', amount: body.amount as number };
    case 'send_command': {
      // Spec: commands split by line, empty lines dropped, nothing sent if none remain.
      const commands = (body.commands as string[])
        .flatMap((c) => c.split(/\r?\n/))
        .map((c) => c.trim())
        .filter(Boolean);
      if (commands.length === 0) throw fieldError('commands', 'No command to send.');
      return { name: 'send_command', commands };
    }
    default:
      return { name: action };
  }
}

export function registerPrinterControlRoutes(
  app: FastifyInstance,
  control: PrinterControlService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['printer control'];
  const run = (
    request: { params: { id: number } } & Parameters<typeof getAuth>[0],
    command: DeviceCommand,
  ) => control.run(getAuth(request).userId, request.params.id, command);

  r.post('/api/printers/:id/connection/', {
    schema: {
      tags,
      summary: 'Connect OctoPrint/Klipper to the printer',
      params: idParams,
      response: empty,
    },
    handler: async (request, reply) => (
      await run(request, { name: 'connect' }),
      reply.status(204).send(null)
    ),
  });
  r.delete('/api/printers/:id/connection/', {
    schema: { tags, summary: 'Disconnect the printer', params: idParams, response: empty },
    handler: async (request, reply) => (
      await run(request, { name: 'disconnect' }),
      reply.status(204).send(null)
    ),
  });
  r.post('/api/printers/:id/power/', {
    schema: { tags, summary: 'Power relay on', params: idParams, response: empty },
    handler: async (request, reply) => (
      await control.setPower(getAuth(request).userId, request.params.id, true),
      reply.status(204).send(null)
    ),
  });
  r.delete('/api/printers/:id/power/', {
    schema: { tags, summary: 'Power relay off', params: idParams, response: empty },
    handler: async (request, reply) => (
      await control.setPower(getAuth(request).userId, request.params.id, false),
      reply.status(204).send(null)
    ),
  });
  r.put('/api/printers/:id/led/', {
    schema: {
      tags,
      summary: 'The LED colour (255,255,255 on, 0,0,0 off)',
      params: idParams,
      body: LedBodySchema,
      response: empty,
    },
    handler: async (request, reply) => (
      await run(request, { name: 'led', color: request.body.color }),
      reply.status(204).send(null)
    ),
  });
  for (const setting of ['flashlight', 'brightness'] as const) {
    r.put(`/api/printers/:id/spectoda/${setting}/`, {
      schema: {
        tags,
        summary: `Spectoda ${setting}`,
        params: idParams,
        body: SpectodaPercentageSchema,
        response: empty,
      },
      handler: async (request, reply) => (
        await run(request, { name: 'spectoda', setting, value: request.body.percentage }),
        reply.status(204).send(null)
      ),
    });
  }
  r.put('/api/printers/:id/spectoda/color/', {
    schema: {
      tags,
      summary: 'Spectoda colour',
      params: idParams,
      body: SpectodaColorSchema,
      response: empty,
    },
    handler: async (request, reply) => (
      await run(request, { name: 'spectoda', setting: 'color', value: request.body.color }),
      reply.status(204).send(null)
    ),
  });

  r.get('/api/printers/:id/files/', {
    schema: {
      tags,
      summary: "The printer's own files",
      params: idParams,
      response: { 200: z.array(LocalFileSchema) },
    },
    handler: async (request) =>
      z.array(LocalFileSchema).parse(await run(request, { name: 'list_files' })),
  });
  r.post('/api/printers/:id/files/start', {
    schema: {
      tags,
      summary: 'Print a file stored on the printer',
      params: idParams,
      body: LocalFileStartSchema,
      response: empty,
    },
    handler: async (request, reply) => (
      await run(request, { name: 'start_local_file', path: request.body.path }),
      reply.status(204).send(null)
    ),
  });
  for (const [path, name] of [
    ['klipper-macros', 'klipper_macros'],
    ['klipper-gcode-store', 'klipper_gcode_store'],
    ['klipper-printer-info', 'klipper_printer_info'],
  ] as const) {
    r.get(`/api/printers/:id/${path}/`, {
      schema: {
        tags,
        summary: `Klipper: ${path.replace('klipper-', '')}`,
        params: idParams,
        response: { 200: DEVICE_RESULT_SCHEMAS[name] },
      },
      handler: async (request) => parseDeviceResult(name, await run(request, { name })),
    });
  }

  r.get('/api/printers/:id/snapshot/', {
    schema: { tags, summary: 'The newest camera frame (ETag, 304, 408)', params: idParams },
    handler: async (request, reply) => {
      const snapshot = await control.getSnapshot(getAuth(request).userId, request.params.id);
      reply.header('etag', snapshot.etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === snapshot.etag) return reply.status(304).send();
      return reply.type(snapshot.contentType).send(snapshot.data);
    },
  });

  r.post('/api/printers/:id/:action/', {
    schema: {
      tags,
      summary: 'A control action: ' + CONTROL_ACTIONS.join(', '),
      params: z.strictObject({ id: IdParamSchema, action: z.enum(CONTROL_ACTIONS) }),
      body: z.record(z.string(), z.unknown()).optional(),
    },
    handler: async (request, reply) => {
      const { action, id } = request.params;
      // The spec's clients also send printerId and action in the body; they must agree with the path.
      const { printerId, action: bodyAction, ...rest } = request.body ?? {};
      if (
        (printerId !== undefined && printerId !== id) ||
        (bodyAction !== undefined && bodyAction !== action)
      ) {
        throw new AppError(
          'validation_error',
          'Validation error: printerId - does not match the path.',
          { printerId: ['Does not match the path.'] },
        );
      }
      const parsed = ControlBodySchemas[action].safeParse(rest);
      if (!parsed.success) {
        const details = toFieldErrors(parsed.error.issues);
        throw new AppError(
          'validation_error',
          `Validation error: ${Object.keys(details)[0]} - ${Object.values(details)[0]?.[0]}`,
          details,
        );
      }
      await control.control(
        getAuth(request).userId,
        id,
        action,
        toCommand(action, parsed.data as Record<string, unknown>),
      );
      return reply.status(204).send(null);
    },
  });
}
