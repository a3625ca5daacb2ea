import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getAuth } from '../../http/authentication.js';
import type { DeviceKeysService } from './device-keys.service.js';

export function registerDeviceKeysRoutes(
  app: FastifyInstance,
  deviceKeys: DeviceKeysService,
): void {
  app.withTypeProvider<ZodTypeProvider>().post('/api/device_keys/', {
    schema: {
      tags: ['printers'],
      summary: 'A new device key for an agent (shown once)',
      response: { 201: z.object({ token: z.string() }) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await deviceKeys.createDeviceKey(getAuth(request).userId)),
  });
}
