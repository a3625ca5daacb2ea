import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParamSchema,
  InvitationAcceptSchema,
  InvitationJoinSchema,
  InvitationParamsSchema,
  InviteAnalysisSchema,
  InviteAnalyzeSchema,
  MemberInviteResultSchema,
  MemberInviteSchema,
  MyInvitationSchema,
  UserSchema,
  WorkspaceParamsSchema,
  WorkspaceSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import { getClientInfo, getRequestLocale } from '../../http/client-info.js';
import type { InvitationsService } from './invitations.service.js';

export function registerInvitationsRoutes(
  app: FastifyInstance,
  invitations: InvitationsService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['members'];

  r.post('/api/groups/:g/users/', {
    config: { permission: 'MANAGE_GROUP_MEMBERS' },
    schema: {
      tags,
      summary:
        'Invite by e-mail as observer: the address gets a link; membership exists once the recipient accepts (MANAGE_GROUP_MEMBERS)',
      params: WorkspaceParamsSchema,
      body: MemberInviteSchema,
      response: { 201: MemberInviteResultSchema },
      errors: [429],
    },
    handler: async (request, reply) => {
      const result = await invitations.inviteMember(
        getAuth(request).userId,
        request.params.g,
        request.body.username,
        getRequestLocale(request),
      );
      return reply.status(201).send(result);
    },
  });

  r.post('/api/groups/:g/users/analyze/', {
    config: { permission: 'MANAGE_GROUP_MEMBERS' },
    schema: {
      tags,
      summary: 'Bulk invite, phase 1: what inviting each address would do (MANAGE_GROUP_MEMBERS)',
      params: WorkspaceParamsSchema,
      body: InviteAnalyzeSchema,
      response: { 200: InviteAnalysisSchema },
    },
    handler: (request) =>
      invitations.analyzeInvitations(
        getAuth(request).userId,
        request.params.g,
        request.body.emails,
      ),
  });

  r.delete('/api/groups/:g/invitations/:id/', {
    config: { permission: 'MANAGE_GROUP_MEMBERS' },
    schema: {
      tags,
      summary: 'Withdraw a pending invitation: its link stops working (MANAGE_GROUP_MEMBERS)',
      params: InvitationParamsSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await invitations.withdrawInvitation(
        getAuth(request).userId,
        request.params.g,
        request.params.id,
      );
      return reply.status(204).send(null);
    },
  });

  r.post('/api/invitations/accept/', {
    config: { isPublic: true },
    schema: {
      tags,
      summary: 'Accept an invitation with a new account: sets its password, joins the workspace',
      body: InvitationAcceptSchema,
      response: { 201: UserSchema },
      errors: [401, 409, 429],
    },
    handler: async (request, reply) => {
      const user = await invitations.acceptWithNewAccount({
        ...request.body,
        ip: getClientInfo(request).ip,
      });
      return reply.status(201).send(user);
    },
  });

  r.post('/api/users/me/invitations/accept/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Accept an invitation sent to the signed-in address: joins the workspace',
      body: InvitationJoinSchema,
      response: { 201: WorkspaceSchema },
    },
    handler: async (request, reply) => {
      const workspace = await invitations.joinAsSignedIn(
        getAuth(request).userId,
        request.body.token,
      );
      return reply.status(201).send(workspace);
    },
  });

  r.get('/api/users/me/invitations/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Invitations addressed to the signed-in user, waiting for acceptance',
      response: { 200: z.array(MyInvitationSchema) },
    },
    handler: (request) => invitations.listMyInvitations(getAuth(request).userId),
  });

  r.post('/api/users/me/invitations/:id/accept/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Accept an invitation addressed to the signed-in user: joins the workspace',
      params: z.strictObject({ id: IdParamSchema }),
      response: { 201: WorkspaceSchema },
    },
    handler: async (request, reply) => {
      const workspace = await invitations.acceptMyInvitation(
        getAuth(request).userId,
        request.params.id,
      );
      return reply.status(201).send(workspace);
    },
  });

  r.delete('/api/users/me/invitations/:id/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Decline an invitation addressed to the signed-in user',
      params: z.strictObject({ id: IdParamSchema }),
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await invitations.declineMyInvitation(getAuth(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
