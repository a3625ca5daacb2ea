import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeviceKeyCreateSchema,
  DeviceKeyInfoSchema,
  DeviceKeyParamsSchema,
  DeviceKeyShareParamsSchema,
  DeviceKeyShareSchema,
  DeviceKeyTokenSchema,
  IdParamSchema,
} from '@printdeck/shared';
import { getAuth, getSessionAuth } from '../../http/authentication.js';
import type { TwoFactorService } from '../account/two-factor.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { DeviceKeyAdminService } from './device-key-admin.service.js';
import type { DeviceKeysService } from './device-keys.service.js';

export function registerDeviceKeysRoutes(
  app: FastifyInstance,
  deps: {
    deviceKeys: DeviceKeysService;
    admin: DeviceKeyAdminService;
    workspaces: WorkspacesService;
    reauth: Pick<TwoFactorService, 'requireRecentReauth'>;
  },
): void {
  const { deviceKeys, admin } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['printers'];

  r.post('/api/device_keys/', {
    config: { permission: 'account', answerHoldsSecret: true },
    schema: {
      tags,
      summary:
        'A new device key for an agent (shown once, after re-authentication), made in a workspace (CHANGE_GROUP)',
      body: DeviceKeyCreateSchema.nullish(),
      response: { 201: DeviceKeyTokenSchema },
    },
    handler: async (request, reply) => {
      const { userId, sessionId } = getSessionAuth(request);
      await deps.reauth.requireRecentReauth(sessionId);
      const group = request.body?.group ?? null;
      if (group !== null) {
        await deps.workspaces.requireWorkspacePermission(userId, group, 'CHANGE_GROUP');
      }
      return reply.status(201).send(await deviceKeys.createDeviceKey(userId, group));
    },
  });

  r.get('/api/groups/:g/device_keys/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags,
      summary: "The workspace's device keys: paired agent, printers, shares (CHANGE_GROUP)",
      params: z.strictObject({ g: IdParamSchema }),
      response: { 200: z.array(DeviceKeyInfoSchema) },
    },
    handler: (request) => admin.listKeys(getAuth(request).userId, request.params.g),
  });

  r.delete('/api/groups/:g/device_keys/:id/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags,
      summary: 'Revoke a device key: its agent is disconnected at once (CHANGE_GROUP)',
      params: DeviceKeyParamsSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await admin.revokeKey(getAuth(request).userId, request.params.g, request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.post('/api/groups/:g/device_keys/:id/rotate/', {
    config: { permission: 'CHANGE_GROUP', answerHoldsSecret: true },
    schema: {
      tags,
      summary: 'A new secret for the key (shown once); the old one stops at once (CHANGE_GROUP)',
      params: DeviceKeyParamsSchema,
      response: { 200: DeviceKeyTokenSchema },
    },
    handler: (request) =>
      admin.rotateKey(getAuth(request).userId, request.params.g, request.params.id),
  });

  r.post('/api/groups/:g/device_keys/:id/re-pair/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags,
      summary: 'Forget the paired agent: the next one to connect pairs (CHANGE_GROUP)',
      params: DeviceKeyParamsSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await admin.rePairKey(getAuth(request).userId, request.params.g, request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.post('/api/groups/:g/device_keys/:id/shares/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags,
      summary: 'Let another workspace add this device as a printer (CHANGE_GROUP)',
      params: DeviceKeyParamsSchema,
      body: DeviceKeyShareSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await admin.shareKey(
        getAuth(request).userId,
        request.params.g,
        request.params.id,
        request.body.group,
      );
      return reply.status(204).send(null);
    },
  });

  r.delete('/api/groups/:g/device_keys/:id/shares/:target/', {
    config: { permission: 'CHANGE_GROUP' },
    schema: {
      tags,
      summary: "Take a share back, with that workspace's printers on the key (CHANGE_GROUP)",
      params: DeviceKeyShareParamsSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      const { g, id, target } = request.params;
      await admin.unshareKey(getAuth(request).userId, g, id, target);
      return reply.status(204).send(null);
    },
  });
}
