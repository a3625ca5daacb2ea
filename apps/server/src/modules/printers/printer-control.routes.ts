import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTROL_ACTIONS,
  ControlBodySchemas,
  DEVICE_RESULT_SCHEMAS,
  IdParamSchema,
  LedBodySchema,
  LocalFileSchema,
  LocalFileStartSchema,
  SpectodaColorSchema,
  SpectodaPercentageSchema,
  type ControlAction,
  type DeviceCommand,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { PrinterControlService } from './printer-control.service.js';

const idParams = z.strictObject({ id: IdParamSchema });
const empty = { 204: z.null() };
/** every route here asks the device: it may not answer in time, or not be able to now */
const errors = [408, 409] as const;

const ACTION_SUMMARIES: Record<ControlAction, string> = {
  move_head: 'Move the head along one axis (relative)',
  home_head: 'Home the given axes',
  temperature: 'Set the target temperature of the tool or the bed',
  fan_state: 'Turn the fan on or off',
  disable_motors: 'Disable the motors',
  pause: 'Pause the print',
  resume: 'Resume the print',
  cancel: 'Cancel the print',
  extrude: 'Extrude (or retract) filament',
  send_command: 'Send G-code commands, one per line',
  emergency_stop: 'Emergency stop',
};

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
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary: 'Connect OctoPrint/Klipper to the printer',
      params: idParams,
      errors,
      response: empty,
    },
    handler: async (request, reply) => (
      await run(request, { name: 'connect' }),
      reply.status(204).send(null)
    ),
  });
  r.delete('/api/printers/:id/connection/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: { tags, summary: 'Disconnect the printer', params: idParams, response: empty, errors },
    handler: async (request, reply) => (
      await run(request, { name: 'disconnect' }),
      reply.status(204).send(null)
    ),
  });
  r.post('/api/printers/:id/power/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: { tags, summary: 'Power relay on', params: idParams, response: empty, errors },
    handler: async (request, reply) => (
      await control.setPower(getAuth(request).userId, request.params.id, true),
      reply.status(204).send(null)
    ),
  });
  r.delete('/api/printers/:id/power/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: { tags, summary: 'Power relay off', params: idParams, response: empty, errors },
    handler: async (request, reply) => (
      await control.setPower(getAuth(request).userId, request.params.id, false),
      reply.status(204).send(null)
    ),
  });
  r.put('/api/printers/:id/led/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary: 'The LED colour (255,255,255 on, 0,0,0 off)',
      params: idParams,
      errors,
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
      config: { permission: 'OPERATE_PRINTERS' },
      schema: {
        tags,
        summary: `Spectoda ${setting}`,
        params: idParams,
        errors,
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
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary: 'Spectoda colour',
      params: idParams,
      errors,
      body: SpectodaColorSchema,
      response: empty,
    },
    handler: async (request, reply) => (
      await run(request, { name: 'spectoda', setting: 'color', value: request.body.color }),
      reply.status(204).send(null)
    ),
  });

  r.get('/api/printers/:id/files/', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary: "The printer's own files",
      params: idParams,
      errors,
      response: { 200: z.array(LocalFileSchema) },
    },
    handler: (request) => control.listLocalFiles(getAuth(request).userId, request.params.id),
  });
  r.post('/api/printers/:id/files/start', {
    config: { permission: 'OPERATE_PRINTERS' },
    schema: {
      tags,
      summary: 'Print a file stored on the printer',
      params: idParams,
      errors,
      body: LocalFileStartSchema,
      response: empty,
    },
    handler: async (request, reply) => (
      await control.startLocalFile(getAuth(request).userId, request.params.id, request.body.path),
      reply.status(204).send(null)
    ),
  });
  for (const [path, name, summary] of [
    ['klipper-macros', 'klipper_macros', 'Klipper: macros'],
    // OctoPrint printers answer it too, from OctoPrint's terminal
    [
      'klipper-gcode-store',
      'klipper_gcode_store',
      "The console history: Klipper's G-code store, or OctoPrint's terminal",
    ],
    ['klipper-printer-info', 'klipper_printer_info', 'Klipper: printer-info'],
  ] as const) {
    r.get(`/api/printers/:id/${path}/`, {
      config: { permission: 'OPERATE_PRINTERS' },
      schema: {
        tags,
        summary,
        params: idParams,
        errors,
        response: { 200: DEVICE_RESULT_SCHEMAS[name] },
      },
      handler: (request) => control.readKlipper(getAuth(request).userId, request.params.id, name),
    });
  }

  r.get('/api/printers/:id/snapshot/', {
    config: { permission: 'VIEW_GROUP' },
    schema: { tags, summary: 'The newest camera frame (ETag, 304, 408)', params: idParams, errors },
    handler: async (request, reply) => {
      const snapshot = await control.getSnapshot(getAuth(request).userId, request.params.id);
      reply.header('etag', snapshot.etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === snapshot.etag) return reply.status(304).send();
      return reply.type(snapshot.contentType).send(snapshot.data);
    },
  });

  for (const action of CONTROL_ACTIONS) {
    r.post(`/api/printers/:id/${action}/`, {
      config: { permission: 'OPERATE_PRINTERS' },
      schema: {
        tags,
        summary: ACTION_SUMMARIES[action],
        params: idParams,
        errors,
        body: ControlBodySchemas[action],
        response: empty,
      },
      handler: async (request, reply) => (
        await control.control(getAuth(request).userId, request.params.id, action, request.body),
        reply.status(204).send(null)
      ),
    });
  }
}
