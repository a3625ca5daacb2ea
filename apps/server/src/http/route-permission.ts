import type { FastifyInstance } from 'fastify';
import { roleHasPermission, type Permission, type Role } from '@printdeck/shared';
import { forbidden } from './app-error.js';

/**
 * What a private route asks of its caller, declared on the route itself
 * (`config: { permission }`) so a reader and the route inventory test see it:
 * - a workspace permission (ARCHITECTURE §4): the least any caller needs on this route; the
 *   service may ask more of a particular object (another member's file needs CHANGE_FILES where
 *   one's own needs CHANGE_UPLOADED_FILES; leaving a workspace needs no MANAGE_GROUP_MEMBERS)
 * - `account`: the caller's own account and what is addressed to it; no workspace is named
 * - `system-admin`: a system administrator (the flag set with the command-line tool)
 */
export type RoutePermission = Permission | 'account' | 'system-admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every private /api route; registering one without it fails at startup. */
    permission?: RoutePermission;
  }
}

export interface PermissionCheckDeps {
  /** the workspace a route's path names (a workspace, printer or file id), null when it names none */
  findRequestWorkspace(routeUrl: string, params: Record<string, string>): Promise<number | null>;
  findRole(userId: number, workspaceId: number): Promise<Role | null>;
}

/**
 * The one check of declared permissions: a member of the workspace the path names whose role
 * lacks the route's permission gets 403 before the body is validated or the handler runs. A
 * caller who is not a member goes on to the service, which answers 404 for the object it cannot
 * see (no existence leak), as it does for workspaces named in a body or query, which only the
 * service can read. The services keep their own checks: they know the object (own file or not).
 */
export function registerPermissionCheck(app: FastifyInstance, deps: PermissionCheckDeps): void {
  app.addHook('onRoute', (route) => {
    const isPrivateApi = route.url.startsWith('/api/') && route.config?.isPublic !== true;
    if (isPrivateApi && !route.config?.permission) {
      throw new Error(`${route.url}: a private route declares config.permission`);
    }
  });
  // before validation: a caller without the permission learns nothing about the body's fields
  app.addHook('preValidation', async (request) => {
    const permission = request.routeOptions.config.permission;
    const auth = request.auth;
    if (!permission || permission === 'account' || !auth) return;
    if (permission === 'system-admin') {
      if (!auth.isAdmin) throw forbidden();
      return;
    }
    const workspaceId = await deps.findRequestWorkspace(
      request.routeOptions.url ?? '',
      (request.params ?? {}) as Record<string, string>,
    );
    if (workspaceId === null || !Number.isSafeInteger(workspaceId)) return;
    const role = await deps.findRole(auth.userId, workspaceId);
    if (role && !roleHasPermission(role, permission)) throw forbidden();
  });
}
