import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AgentInstallInfoSchema, RELEASE_VERSION, trimTrailingSlashes } from '@printdeck/shared';
import { AppError } from '../../http/app-error.js';

/** The files `npm run build:agent` puts in apps/agent/dist, by the name they are served at. */
const AGENT_FILES: Record<string, string> = {
  'printdeck-agent.cjs': 'application/javascript; charset=utf-8',
  'install.sh': 'text/x-shellscript; charset=utf-8',
  'printdeck-agent.service': 'text/plain; charset=utf-8',
};
export const AGENT_BUNDLE_FILE = 'printdeck-agent.cjs';

/** a DNS name or IPv4 address, or an IPv6 address in brackets, with an optional port */
const HOST_AND_PORT = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The address the admin's browser used to reach this server, as `protocol://host[:port]`.
 * Fastify reads X-Forwarded-Host and X-Forwarded-Proto only from a trusted proxy
 * (TRUST_PROXY_HOPS), so a client cannot name another server here. A Host that is not a plain
 * host and port gives undefined.
 */
export function getRequestOrigin(request: FastifyRequest): string | undefined {
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  if (!HOST_AND_PORT.test(request.host)) return undefined;
  try {
    return new URL(`${protocol}://${request.host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * The agent handed out (issue 17): /agent/printdeck-agent.cjs, /agent/install.sh and
 * /agent/printdeck-agent.service, public like any download page (they hold no secret: the
 * device key travels on the installer's standard input), and GET /api/agent/install/ with
 * what the add-printer pages need to show the install command.
 */
export function registerAgentDownloadRoutes(
  app: FastifyInstance,
  deps: {
    agentDir: string | undefined;
    publicUrl: string;
    /** false: the install command is built from the address the admin's browser used */
    isPublicUrlSet: boolean;
    isLanModeOn: boolean;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const isAvailable = async () =>
    deps.agentDir !== undefined &&
    (await stat(path.join(deps.agentDir, AGENT_BUNDLE_FILE)).then(
      (s) => s.isFile(),
      () => false,
    ));

  for (const [name, contentType] of Object.entries(AGENT_FILES)) {
    r.get(`/agent/${name}`, {
      config: { isPublic: true },
      schema: { hide: true },
      handler: async (_request, reply) => {
        const data = deps.agentDir
          ? await readFile(path.join(deps.agentDir, name)).catch(() => null)
          : null;
        if (!data) {
          throw new AppError(
            'not_found',
            'This server has no built agent to hand out (run npm run build:agent).',
          );
        }
        return reply
          .type(contentType)
          .header('cache-control', 'no-cache')
          .header('x-printdeck-agent-version', RELEASE_VERSION)
          .send(data);
      },
    });
  }

  r.get('/api/agent/install/', {
    config: { permission: 'account' },
    schema: {
      tags: ['printers'],
      summary: 'What the add-printer pages need for the agent install command',
      response: { 200: AgentInstallInfoSchema },
    },
    handler: async (request) => {
      const requestOrigin = deps.isPublicUrlSet ? undefined : getRequestOrigin(request);
      return {
        server_url: requestOrigin ?? trimTrailingSlashes(deps.publicUrl),
        server_url_source: requestOrigin ? ('request' as const) : ('public_url' as const),
        is_available: await isAvailable(),
        agent_version: RELEASE_VERSION,
        lan_mode: deps.isLanModeOn,
      };
    },
  });
}
