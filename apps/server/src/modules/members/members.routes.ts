import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MemberParamsSchema,
  MemberRoleUpdateSchema,
  MemberSchema,
  MembersListQuerySchema,
  MembersSchema,
  WorkspaceParamsSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import type { MembersService } from './members.service.js';

export function registerMembersRoutes(app: FastifyInstance, members: MembersService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['members'];

  r.get('/api/groups/:g/users/', {
    config: { permission: 'VIEW_GROUP_MEMBERS' },
    schema: {
      tags,
      summary: 'Members, and pending invitations for those who manage members (VIEW_GROUP_MEMBERS)',
      params: WorkspaceParamsSchema,
      querystring: MembersListQuerySchema,
      response: { 200: MembersSchema },
    },
    handler: (request) =>
      members.listMembers(getAuth(request).userId, request.params.g, request.query),
  });

  r.patch('/api/groups/:g/users/:userId/', {
    config: { permission: 'MANAGE_GROUP_MEMBERS' },
    schema: {
      tags,
      summary: "Change a member's role; the last admin stays admin (MANAGE_GROUP_MEMBERS)",
      params: MemberParamsSchema,
      body: MemberRoleUpdateSchema,
      response: { 200: MemberSchema },
    },
    handler: (request) =>
      members.changeRole(
        getAuth(request).userId,
        request.params.g,
        request.params.userId,
        request.body.role,
      ),
  });

  r.delete('/api/groups/:g/users/:userId/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: 'Remove a member (MANAGE_GROUP_MEMBERS), or leave (yourself); never the last admin',
      params: MemberParamsSchema,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await members.removeMember(getAuth(request).userId, request.params.g, request.params.userId);
      return reply.status(204).send(null);
    },
  });
}
