import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PasswordChangeSchema,
  ReauthSchema,
  RecoveryCodesSchema,
  TwoFactorEnableSchema,
  TwoFactorSetupSchema,
} from '@printdeck/shared';
import { getSessionAuth } from '../../http/authentication.js';
import type { PasswordChangeService } from './password-change.service.js';
import type { TwoFactorService } from './two-factor.service.js';

export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { passwordChange: PasswordChangeService; twoFactor: TwoFactorService },
): void {
  const { passwordChange, twoFactor } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  r.post('/api/users/me/password/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary:
        'Change the password: the current one (and the 2FA code) is asked; every other session ends',
      body: PasswordChangeSchema,
      response: { 204: z.null() },
      errors: [429],
    },
    handler: async (request, reply) => {
      const { userId, sessionId } = getSessionAuth(request);
      await passwordChange.changePassword(userId, sessionId, request.body, (user) =>
        twoFactor.checkCodeForChange(user, request.body.otp, sessionId),
      );
      return reply.status(204).send(null);
    },
  });

  r.post('/api/users/me/reauth/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Re-authenticate this session (password, and code with 2FA) for sensitive changes',
      body: ReauthSchema,
      response: { 204: z.null() },
      errors: [429],
    },
    handler: async (request, reply) => {
      const { userId, sessionId } = getSessionAuth(request);
      await twoFactor.reauthenticate(userId, sessionId, request.body);
      return reply.status(204).send(null);
    },
  });

  r.post('/api/users/me/two-factor/setup/', {
    config: { permission: 'account', answerHoldsSecret: true },
    schema: {
      tags,
      summary:
        'Start two-factor sign-in (needs a recent re-authentication): a new authenticator secret, pending until enabled',
      response: { 200: TwoFactorSetupSchema },
    },
    handler: (request) => {
      const { userId, sessionId } = getSessionAuth(request);
      return twoFactor.startSetup(userId, sessionId);
    },
  });

  r.post('/api/users/me/two-factor/enable/', {
    config: { permission: 'account', answerHoldsSecret: true },
    schema: {
      tags,
      summary:
        'Turn two-factor sign-in on with a code from the app (needs a recent re-authentication); recovery codes shown once; every other session ends',
      body: TwoFactorEnableSchema,
      response: { 200: RecoveryCodesSchema },
    },
    handler: (request) => {
      const { userId, sessionId } = getSessionAuth(request);
      return twoFactor.enable(userId, sessionId, request.body.code);
    },
  });

  r.delete('/api/users/me/two-factor/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Turn two-factor sign-in off (needs a fresh re-authentication)',
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      const { userId, sessionId } = getSessionAuth(request);
      await twoFactor.disable(userId, sessionId);
      return reply.status(204).send(null);
    },
  });
}
