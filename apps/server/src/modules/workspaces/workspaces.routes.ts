import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  AvatarQuerySchema,
  IdParamSchema,
  WorkspaceCreateSchema,
  WorkspaceListSchema,
  WorkspaceParamsSchema,
  WorkspaceSchema,
  WorkspaceAvatarFormSchema,
  WorkspaceUpdateSchema,
} from '@printdeck/shared';
import { AppError, fieldError } from '../../http/app-error.js';
import { getAuth } from '../../http/authentication.js';
import { avatarTooLarge, type WorkspaceAvatarService } from './workspace-avatar.service.js';
import type { WorkspacesService } from './workspaces.service.js';

/** The `avatar` part of a multipart PATCH, whole, capped while it streams (checklist C28). */
async function readAvatarPart(request: FastifyRequest): Promise<Buffer> {
  const parts = request.parts({
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });
  let data: Buffer | undefined;
  try {
    for await (const part of parts) {
      if (part.type !== 'file' || part.fieldname !== 'avatar') {
        throw fieldError(part.fieldname, 'Unknown field.');
      }
      data = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw avatarTooLarge(AVATAR_MAX_BYTES);
    throw fieldError('avatar', 'Send exactly one image as the multipart field "avatar".');
  }
  if (!data) throw fieldError('avatar', 'Image not selected.');
  return data;
}

export async function registerWorkspacesRoutes(
  app: FastifyInstance,
  workspaces: WorkspacesService,
  avatars: WorkspaceAvatarService,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['workspaces'];

  r.get('/api/users/me/groups/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: "The signed-in user's workspaces",
      response: { 200: WorkspaceListSchema },
    },
    handler: (request) => workspaces.listWorkspaces(getAuth(request).userId),
  });

  r.get('/api/users/me/groups/:id/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: 'One of my workspaces; 404 "Workspace does not exists" for any other id',
      params: z.strictObject({ id: IdParamSchema }),
      response: { 200: WorkspaceSchema },
    },
    handler: (request) =>
      workspaces.getWorkspaceOrThrow(getAuth(request).userId, request.params.id),
  });

  r.post('/api/users/me/groups/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Create a workspace',
      body: WorkspaceCreateSchema,
      response: { 201: WorkspaceSchema },
    },
    handler: async (request, reply) => {
      const { userId } = getAuth(request);
      const id = await workspaces.createWorkspace(userId, request.body);
      return reply.status(201).send(await workspaces.getWorkspaceOrThrow(userId, id));
    },
  });

  // JSON changes the settings; multipart with an `avatar` file replaces the avatar.
  await app.register(async (scope) => {
    await scope.register(multipart);
    scope.withTypeProvider<ZodTypeProvider>().patch('/api/users/me/groups/:id/', {
      config: { permission: 'CHANGE_GROUP' },
      schema: {
        tags,
        summary:
          'Change a workspace (CHANGE_GROUP): JSON settings, or multipart `avatar` (PNG or JPEG, stored as PNG)',
        consumes: ['application/json', 'multipart/form-data'],
        params: z.strictObject({ id: IdParamSchema }),
        // a multipart request has no JSON body; its form is read in the handler
        body: WorkspaceUpdateSchema.nullish(),
        multipartBody: WorkspaceAvatarFormSchema,
        response: { 200: WorkspaceSchema },
      },
      handler: async (request, reply) => {
        const { userId } = getAuth(request);
        if (!request.isMultipart()) {
          return workspaces.updateWorkspace(userId, request.params.id, request.body ?? {});
        }
        try {
          return await avatars.replaceAvatar(userId, request.params.id, () =>
            readAvatarPart(request),
          );
        } catch (error) {
          void reply.header('connection', 'close');
          throw error;
        }
      },
    });
  });

  r.get('/api/groups/:g/avatar', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: "The workspace's avatar as PNG (VIEW_GROUP); ?filename= is only a cache key",
      params: WorkspaceParamsSchema,
      querystring: AvatarQuerySchema,
    },
    handler: async (request, reply) => {
      const avatar = await avatars.openAvatar(getAuth(request).userId, request.params.g);
      return reply
        .header('content-type', 'image/png')
        .header('content-length', avatar.size)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(avatar.stream);
    },
  });
}
