import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  ROLES,
  roleHasPermission,
  type Permission,
  type Role,
} from '@printdeck/shared';
import { buildTextGcode, uploadFile } from '../../test-support/files.js';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../test-support/factories.js';
import { startServerWithUser, type TestServer } from '../../test-support/test-server.js';

/**
 * The route inventory by role: each private route declares its permission (route-permission.ts),
 * and every role of a workspace gets exactly what the role table of ARCHITECTURE §4
 * (`ROLE_PERMISSIONS`) gives it there: 403 without the permission, something else with it.
 */

/**
 * Routes that name their workspace in the body or the query (or through an object the path
 * does not lead to): the permission hook cannot tell the workspace before the service reads it,
 * so the service checks the declared permission itself.
 */
const WORKSPACE_IN_BODY_OR_QUERY = [
  'POST /api/printers/',
  'POST /api/lan-printers/',
  'GET /api/notifications/settings/',
  'PATCH /api/printer-groups/:id/',
  'DELETE /api/printer-groups/:id/',
  'PUT /api/printer-groups/:id/printer/',
  'DELETE /api/printer-groups/:id/printer/',
];

/**
 * Routes whose service asks more of a particular object than the declared least: another
 * member's file or video needs CHANGE_FILES (one's own, CHANGE_UPLOADED_FILES); removing
 * another member needs MANAGE_GROUP_MEMBERS (leaving, only membership). The objects here are
 * the admin's, so a role with the declared permission may still get 403 from the service.
 */
const FINER_ON_THE_OBJECT = [
  'PATCH /api/groups/:g/files/:id/',
  'DELETE /api/groups/:g/files/:id/',
  'PUT /api/groups/:g/files/:id/public/',
  'DELETE /api/groups/:g/files/:id/public/',
  'PATCH /api/groups/:g/videos/:id/',
  'DELETE /api/groups/:g/videos/:id/',
  'DELETE /api/groups/:g/users/:userId/',
];

const isWorkspacePermission = (value: string | null): value is Permission =>
  (PERMISSIONS as readonly string[]).includes(value ?? '');

let t: TestServer;
let admin: BuiltUser;
const members = new Map<Role, BuiltUser>();
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ t, user: admin } = await startServerWithUser());
  ids.g = await buildWorkspace(t, admin);
  for (const role of ROLES.filter((r) => r !== 'admin')) {
    const user = await buildUser(t);
    await addMember(t, ids.g, user, role);
    members.set(role, user);
  }
  // a printer without an agent: commands answer at once that it is offline
  const key = (
    await t.api('/api/device_keys/', {
      method: 'POST',
      token: admin.access,
      body: { group: ids.g },
    })
  ).body.token as string;
  ids.printer = (
    await t.api('/api/printers/', {
      method: 'POST',
      token: admin.access,
      body: { group: ids.g, name: 'P', token: key },
    })
  ).body.id as number;
  ids.deviceKey = (await t.api(`/api/groups/${ids.g}/device_keys/`, { token: admin.access }))
    .body[0].id as number;
  ids.file = (await uploadFile(t, admin.access, ids.g, { bytes: buildTextGcode() })).body
    .id as number;
  ids.label = (
    await t.api(`/api/groups/${ids.g}/file-labels/`, {
      method: 'POST',
      token: admin.access,
      body: { name: 'L' },
    })
  ).body.id as number;
  ids.printerGroup = (
    await t.api(`/api/groups/${ids.g}/printer-groups/`, {
      method: 'POST',
      token: admin.access,
      body: { name: 'G' },
    })
  ).body.id as number;
  ids.spool = (
    await t.api(`/api/groups/${ids.g}/spools/`, {
      method: 'POST',
      token: admin.access,
      body: { material: 'PLA', color_hex: '#000000', initial_weight_g: 1000 },
    })
  ).body[0].id as number;
  expect(Object.values(ids).every((id) => Number.isInteger(id))).toBe(true);
});
afterAll(() => t?.close());

/** A route's path with the test's own objects in it (ids of nothing there are 404 or 409). */
function toPath(url: string): string {
  const objectId = url.startsWith('/api/printers/')
    ? ids.printer
    : url.startsWith('/api/printer-groups/')
      ? ids.printerGroup
      : url.includes('/file-labels/')
        ? ids.label
        : url.includes('/spools/')
          ? ids.spool
          : url.includes('/device_keys/')
            ? ids.deviceKey
            : url.includes('/files/')
              ? ids.file
              : 1;
  return url
    .replace(':g', String(ids.g))
    .replace(':userId', String(admin.id))
    .replace(':id', String(objectId))
    .replace(/:\w+/g, '1');
}

/**
 * An event stream answers its status with its headers and then stays open: the status is read
 * and the stream closed, so an allowed role's stream does not hold the test.
 */
async function openStream(path: string, token: string): Promise<{ status: number }> {
  const aborter = new AbortController();
  const response = await fetch(`${t.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: aborter.signal,
  });
  aborter.abort();
  return { status: response.status };
}

describe('route permissions', () => {
  const workspaceRoutes = () =>
    t.server.routes.filter((r) => r.method !== 'HEAD' && isWorkspacePermission(r.permission));

  it('every private API route declares a permission, and no public one does', () => {
    const api = t.server.routes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
    );
    expect(api.filter((r) => !r.isPublic && !r.permission).map((r) => r.url)).toEqual([]);
    expect(api.filter((r) => r.isPublic && r.permission).map((r) => r.url)).toEqual([]);
    const declared = new Set(api.map((r) => r.permission).filter(Boolean));
    for (const permission of declared) {
      expect(['account', 'system-admin', ...PERMISSIONS]).toContain(permission);
    }
  });

  it('the routes whose workspace only the service can tell are listed here', () => {
    const named = workspaceRoutes()
      .map((r) => `${r.method} ${r.url}`)
      .filter(
        (route) =>
          !/ \/api\/(groups\/:g|printers\/:id|files\/:id|users\/me\/groups\/:id)\//.test(route),
      );
    expect(named.sort()).toEqual([...WORKSPACE_IN_BODY_OR_QUERY].sort());
  });

  it("each role gets 403 exactly where the role table denies the route's permission", async () => {
    // reads first, then writes, deletes last: a write by a role that may do it changes nothing
    // another route's answer depends on for a role that may not
    const order = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 } as Record<string, number>;
    const routes = workspaceRoutes()
      .filter((r) => !WORKSPACE_IN_BODY_OR_QUERY.includes(`${r.method} ${r.url}`))
      .sort((a, b) => (order[a.method] ?? 1) - (order[b.method] ?? 1));
    expect(routes.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const role of ['observer', 'junior', 'user'] as const) {
      for (const route of routes) {
        const key = `${route.method} ${route.url}`;
        const permission = route.permission as Permission;
        const response = route.url.endsWith('/stream/')
          ? await openStream(toPath(route.url), members.get(role)!.access)
          : await t.api(toPath(route.url), {
              method: route.method,
              token: members.get(role)!.access,
              ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
            });
        const allowed = roleHasPermission(role, permission);
        if (!allowed && response.status !== 403) {
          wrong.push(`${role} ${key} (${permission}): ${response.status}, expected 403`);
        }
        if (allowed && response.status === 403 && !FINER_ON_THE_OBJECT.includes(key)) {
          wrong.push(`${role} ${key} (${permission}): 403, expected another answer`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a system administrator route is 403 for everyone else', async () => {
    const routes = t.server.routes.filter(
      (r) => r.permission === 'system-admin' && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const response = await t.api(toPath(route.url), {
        method: route.method,
        token: admin.access,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
      });
      expect(response.status, `${route.method} ${route.url}`).toBe(403);
    }
  });
});
