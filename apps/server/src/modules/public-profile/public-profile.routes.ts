import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicIdParamsSchema, PublicProfileSchema } from '@printdeck/shared';
import type { PublicProfileService } from './public-profile.service.js';

export function registerPublicProfileRoutes(
  app: FastifyInstance,
  profiles: PublicProfileService,
): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/public/:uniqueId/', {
    config: { isPublic: true },
    schema: {
      tags: ['public'],
      summary: "A public workspace's profile and public files, for anyone",
      params: PublicIdParamsSchema,
      response: { 200: PublicProfileSchema },
    },
    handler: (request) => profiles.getPublicProfile(request.params.uniqueId),
  });
}
