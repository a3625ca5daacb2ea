import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EnergyMeterSetSchema, IdParamSchema, PrinterEnergyMeterSchema } from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { EnergyMetersService } from './energy-meters.service.js';

const PrinterParamsSchema = z.strictObject({ id: IdParamSchema });

export function registerEnergyMeterRoutes(app: FastifyInstance, meters: EnergyMetersService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['energy-meters'];

  r.get('/api/printers/:id/energy-meter/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: "A printer's energy meter (smart plug) and what it reads now (VIEW_GROUP)",
      params: PrinterParamsSchema,
      response: { 200: PrinterEnergyMeterSchema },
    },
    handler: (request) => meters.getMeter(getAuth(request).userId, request.params.id),
  });

  r.put('/api/printers/:id/energy-meter/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags,
      summary:
        'Name the Tasmota or Shelly plug that meters a printer; saved only when it answers (CHANGE_GROUP)',
      params: PrinterParamsSchema,
      body: EnergyMeterSetSchema,
      response: { 200: PrinterEnergyMeterSchema },
    },
    handler: (request) => meters.setMeter(getAuth(request).userId, request.params.id, request.body),
  });

  r.delete('/api/printers/:id/energy-meter/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags,
      summary:
        "Remove a printer's energy meter: its jobs cost by average power again (CHANGE_GROUP)",
      params: PrinterParamsSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await meters.deleteMeter(getAuth(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
