import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmptyResponseSchema,
  InvitationCreateSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  UserCreateSchema,
  UserSchema,
  UserUpdateSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import { getClientInfo, getRequestLocale } from '../../http/client-info.js';
import type { RegistrationService } from '../registration/registration.service.js';
import type { UsersService } from './users.service.js';

export function registerUsersRoutes(
  app: FastifyInstance,
  users: UsersService,
  registration: RegistrationService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  r.get('/api/users/me/', {
    config: { permission: 'account' },
    schema: { tags, summary: 'The signed-in user', response: { 200: UserSchema } },
    handler: (request) => users.getUserOrThrow(getAuth(request).userId),
  });

  r.patch('/api/users/me/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Change my account settings: the language notifications are written in',
      body: UserUpdateSchema,
      response: { 200: UserSchema },
    },
    handler: (request) => users.updateUser(getAuth(request).userId, request.body),
  });

  r.post('/api/invitations/', {
    config: { isPublic: true },
    schema: {
      tags,
      summary: 'Mail a registration link',
      body: InvitationCreateSchema,
      response: { 202: EmptyResponseSchema },
      errors: [429],
    },
    handler: async (request, reply) => {
      await registration.requestRegistration({
        email: request.body.email,
        locale: getRequestLocale(request),
        ip: getClientInfo(request).ip,
      });
      return reply.status(202).send({});
    },
  });

  r.post('/api/users/', {
    config: { isPublic: true },
    schema: {
      tags,
      summary: 'Finish registration',
      body: UserCreateSchema,
      response: { 201: UserSchema },
      errors: [401, 409, 429],
    },
    handler: async (request, reply) => {
      const user = await registration.completeRegistration({
        ...request.body,
        ip: getClientInfo(request).ip,
      });
      return reply.status(201).send(user);
    },
  });

  r.post('/api/users/password-reset/request/', {
    config: { isPublic: true },
    schema: {
      tags,
      summary: 'Mail a password reset link',
      body: PasswordResetRequestSchema,
      response: { 202: EmptyResponseSchema },
      errors: [429],
    },
    handler: async (request, reply) => {
      await registration.requestPasswordReset({
        email: request.body.email,
        locale: getRequestLocale(request),
        ip: getClientInfo(request).ip,
      });
      return reply.status(202).send({});
    },
  });

  r.post('/api/users/password-reset/confirm/', {
    config: { isPublic: true },
    schema: {
      tags,
      summary: 'Set a new password',
      body: PasswordResetConfirmSchema,
      response: { 204: z.null() },
      errors: [401, 429],
    },
    handler: async (request, reply) => {
      await registration.confirmPasswordReset({ ...request.body, ip: getClientInfo(request).ip });
      return reply.status(204).send(null);
    },
  });
}
