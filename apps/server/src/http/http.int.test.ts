import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_ROUTE_POLICY } from '../modules/api-keys/api-key-policy.js';
import { buildUser } from '../../test-support/factories.js';
import { TestClock } from '../../test-support/test-clock.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

let t: TestServer;
const clock = new TestClock();
const webDir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-web-'));
const PUBLIC_ROUTES = [
  'GET /api/health',
  // where the web app reports errors and page views (spec part 1 §2, §8): needed before sign-in
  'GET /api/public-config/',
  'POST /api/tokens/',
  'POST /api/tokens/refresh/',
  'POST /api/invitations/',
  'POST /api/users/',
  'POST /api/users/password-reset/request/',
  'POST /api/users/password-reset/confirm/',
  // the empty server's welcome: open until the first account exists, then 403
  'GET /api/first-run/',
  'POST /api/first-run/',
  // a public file, or a signed download link: the token is in the query
  'GET /api/files/:id/content/',
  // a public workspace's profile; an invitee without an account accepting with a password
  'GET /api/public/:uniqueId/',
  'POST /api/invitations/accept/',
  // a public video, or a signed link to one: the token is in the query
  'GET /api/print-job-videos/download/:id/:kind/',
];
/** Agents' routes: no user sign-in, the device key in the Authorization header instead. */
const DEVICE_ROUTES = [
  'POST /api/device/timelapse/frames/',
  'POST /api/device/timelapse/:jobId/done/',
];
/** Outside /api: OctoPrint-compatible, authenticated by the API key in X-Api-Key. */
const SLICER_ROUTES = ['GET /slicer/:groupId/api/version', 'POST /slicer/:groupId/api/files/local'];

beforeAll(async () => {
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Printdeck</title>');
  writeFileSync(path.join(webDir, 'build.json'), JSON.stringify({ build: 'build-42' }));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await startTestServer({ webDir, clock });
});
afterAll(() => t.close());

describe('route inventory', () => {
  it('every API route needs a signed-in user unless it is one of the public ones', async () => {
    const routes = t.server.routes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
    );
    expect(
      routes
        .filter((r) => r.isPublic)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([...PUBLIC_ROUTES, ...DEVICE_ROUTES].sort());
    const checked: string[] = [];
    for (const { method, url } of routes) {
      const key = `${method} ${url}`;
      const concrete = url.replace(/:(\w+)/g, '1');
      const response = await t.api(concrete, {
        method,
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
      });
      checked.push(key);
      if (PUBLIC_ROUTES.includes(key)) {
        expect(response.status, key).not.toBe(401);
      } else if (DEVICE_ROUTES.includes(key)) {
        // no device key: refused before the body is read
        expect(response.status, key).toBe(401);
      } else {
        expect(response.status, key).toBe(401);
        expect(response.body.code, key).toBe('not_authenticated');
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'GET /api/users/me/',
        'DELETE /api/tokens/mine/',
        'GET /api/users/me/groups/',
        'PATCH /api/users/me/',
        'POST /api/telegram/register/',
        'DELETE /api/telegram/register/',
        'POST /api/telegram/link-code/',
        'POST /api/push/subscriptions/',
      ]),
    );
  });
});

describe('routes of issue 14 (sessions, invitations, device keys, two-factor)', () => {
  /** Routes on the caller's own account: nothing of another user can be named in them. */
  const SELF_ROUTES = [
    'GET /api/users/me/sessions/',
    'DELETE /api/users/me/sessions/others/',
    'GET /api/users/me/invitations/',
    'POST /api/users/me/password/',
    'POST /api/users/me/reauth/',
    'POST /api/users/me/two-factor/setup/',
    'POST /api/users/me/two-factor/enable/',
    'DELETE /api/users/me/two-factor/',
    'POST /api/device_keys/',
  ];
  /** Routes naming an object: called by a stranger with a real object's ids, they answer 404. */
  const OBJECT_ROUTES = [
    'DELETE /api/users/me/sessions/:id/',
    'POST /api/users/me/invitations/:id/accept/',
    'DELETE /api/users/me/invitations/:id/',
    'GET /api/groups/:g/device_keys/',
    'DELETE /api/groups/:g/device_keys/:id/',
    'POST /api/groups/:g/device_keys/:id/rotate/',
    'POST /api/groups/:g/device_keys/:id/re-pair/',
    'POST /api/groups/:g/device_keys/:id/shares/',
    'DELETE /api/groups/:g/device_keys/:id/shares/:target/',
  ];

  it('every such route is listed here as acting on the caller alone or on a named object', () => {
    const issueRoutes = t.server.routes
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) =>
        /device_keys|\/users\/me\/(sessions|invitations\/|password|reauth|two-factor)/.test(r),
      )
      .filter((r) => !r.startsWith('HEAD ') && r !== 'POST /api/users/me/invitations/accept/');
    expect(issueRoutes.sort()).toEqual([...SELF_ROUTES, ...OBJECT_ROUTES].sort());
  });

  it("another user's or workspace's object is 404 on every object route, and nothing changes", async () => {
    const owner = await buildUser(t);
    const stranger = await buildUser(t);
    const workspace = await t.server.services.workspaces.createWorkspace(owner.id, { name: 'Own' });
    const theirs = await t.server.services.workspaces.createWorkspace(stranger.id, {
      name: 'Theirs',
    });
    const key = (
      await t.api('/api/device_keys/', {
        method: 'POST',
        token: owner.access,
        body: { group: workspace },
      })
    ).body.token as string;
    await t.api('/api/printers/', {
      method: 'POST',
      token: owner.access,
      body: { group: workspace, name: 'P', token: key },
    });
    const keyId = (await t.api(`/api/groups/${workspace}/device_keys/`, { token: owner.access }))
      .body[0].id as number;
    const invitation = (
      await t.api(`/api/groups/${workspace}/users/`, {
        method: 'POST',
        token: owner.access,
        body: { username: `invitee-${Date.now()}@example.com` },
      })
    ).body.invitation.id as number;
    const session = (await t.api('/api/users/me/sessions/', { token: owner.access })).body[0]
      .id as string;
    const concrete: Record<string, string> = {
      'DELETE /api/users/me/sessions/:id/': `/api/users/me/sessions/${session}/`,
      'POST /api/users/me/invitations/:id/accept/': `/api/users/me/invitations/${invitation}/accept/`,
      'DELETE /api/users/me/invitations/:id/': `/api/users/me/invitations/${invitation}/`,
      'GET /api/groups/:g/device_keys/': `/api/groups/${workspace}/device_keys/`,
      'DELETE /api/groups/:g/device_keys/:id/': `/api/groups/${workspace}/device_keys/${keyId}/`,
      'POST /api/groups/:g/device_keys/:id/rotate/': `/api/groups/${workspace}/device_keys/${keyId}/rotate/`,
      'POST /api/groups/:g/device_keys/:id/re-pair/': `/api/groups/${workspace}/device_keys/${keyId}/re-pair/`,
      'POST /api/groups/:g/device_keys/:id/shares/': `/api/groups/${workspace}/device_keys/${keyId}/shares/`,
      'DELETE /api/groups/:g/device_keys/:id/shares/:target/': `/api/groups/${workspace}/device_keys/${keyId}/shares/${theirs}/`,
    };
    expect(Object.keys(concrete).sort()).toEqual([...OBJECT_ROUTES].sort());
    for (const [route, path] of Object.entries(concrete)) {
      const method = route.split(' ')[0]!;
      const response = await t.api(path, {
        method,
        token: stranger.access,
        ...(route.endsWith('/shares/') ? { body: { group: theirs } } : {}),
      });
      expect(response.status, route).toBe(404);
    }
    // the owner's things are as they were
    expect((await t.api('/api/users/me/sessions/', { token: owner.access })).body[0].id).toBe(
      session,
    );
    const keys = (await t.api(`/api/groups/${workspace}/device_keys/`, { token: owner.access }))
      .body;
    expect(keys).toEqual([expect.objectContaining({ id: keyId, shared_with: [] })]);
    const pending = (await t.api(`/api/groups/${workspace}/users/`, { token: owner.access })).body
      .pendingInvitations as Array<{ id: number }>;
    expect(pending.map((i) => i.id)).toContain(invitation);
  });
});

describe('API key policy', () => {
  const privateApiRoutes = () =>
    t.server.routes
      .filter(
        (r) =>
          r.url.startsWith('/api/') &&
          !r.url.startsWith('/api/docs') &&
          r.method !== 'HEAD' &&
          !r.isPublic,
      )
      .map((r) => `${r.method} ${r.url}`)
      .sort();

  it('every private API route declares what an API key may do there, and nothing else is listed', () => {
    expect(Object.keys(API_KEY_ROUTE_POLICY).sort()).toEqual(privateApiRoutes());
  });

  it('only GET routes are reads, and keys never reach account, key, member or settings routes', () => {
    const closedToKeys = [
      /^DELETE \/api\/tokens\//,
      /^(GET|PATCH) \/api\/users\/me\/$/,
      /\/api\/telegram\//,
      /\/api\/push\//,
      /\/api\/users\/me\/api_keys\//,
      /\/invitations\//,
      /\/api\/notifications\//,
      /\/api\/admin\//,
      /\/api\/groups\/:g\/users\//,
      /^(POST|PATCH) \/api\/users\/me\/groups\//,
      /^POST \/api\/device_keys\//,
    ];
    for (const [route, policy] of Object.entries(API_KEY_ROUTE_POLICY)) {
      if (policy === 'read' || policy === 'read_account') expect(route, route).toMatch(/^GET /);
      // a key may read the owner's account (FULL_READ), never change it
      if (closedToKeys.some((pattern) => pattern.test(route)) && !route.startsWith('GET ')) {
        expect(policy, route).toBe('none');
      }
      if (closedToKeys.some((pattern) => pattern.test(route)) && route.startsWith('GET ')) {
        expect(['none', 'read_account'], route).toContain(policy);
      }
    }
  });

  it('outside /api, besides the web app files, there are only the slicer upload and /metrics', () => {
    const others = t.server.routes
      .filter((r) => !r.url.startsWith('/api/') && r.method !== 'HEAD')
      // files (the agent's downloads) and the web app's one route over its build (web-app.ts)
      .filter((r) => !/\.[a-z0-9]+$/.test(r.url) && r.url !== '/*')
      .map((r) => `${r.method} ${r.url}`);
    // /metrics takes its own bearer token (METRICS_TOKEN), never an API key: metrics.int.test.ts
    expect(others.sort()).toEqual([...SLICER_ROUTES, 'GET /metrics'].sort());
  });
});

describe('errors', () => {
  it('malformed JSON is 400 invalid_json, never a stack', async () => {
    const response = await t.api('/api/tokens/', {
      method: 'POST',
      rawBody: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'invalid_json',
      message: 'The request body is not valid JSON.',
    });
  });

  it('a body over the limit is 413', async () => {
    const response = await t.api('/api/tokens/', {
      method: 'POST',
      body: { username: 'a', password: 'x'.repeat(300_000) },
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('payload_too_large');
  });

  it('an over-long field is 400 naming the field', async () => {
    const response = await t.api('/api/tokens/', {
      method: 'POST',
      body: { username: 'a'.repeat(300), password: 'x' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.details)).toEqual(['username']);
  });

  it('a wrong content type is 415', async () => {
    const response = await t.api('/api/tokens/', {
      method: 'POST',
      rawBody: 'username=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
  });

  it('an unknown API path is a JSON 404', async () => {
    const response = await t.api('/api/nothing-here/');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('not_found');
  });

  it("a body field named like one of Object's own (valueOf, toString) is a 400 naming it, not a 500 (issue 23 fuzz)", async () => {
    const response = await t.api('/api/tokens/', {
      method: 'POST',
      body: { username: 'someone', password: 'something', valueOf: 1, toString: [] },
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual({
      valueOf: ['Unknown field.'],
      toString: ['Unknown field.'],
    });
  });

  it('every answer carries a request id', async () => {
    const response = await t.api('/api/health');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('grants no cross-origin reads: a foreign Origin, also in a preflight, gets no CORS header (C38)', async () => {
    const origin = 'https://attacker.test';
    const simple = await fetch(`${t.baseUrl}/api/health`, { headers: { origin } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    expect(simple.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(`${t.baseUrl}/api/tokens/`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    await preflight.arrayBuffer();
  });
});

describe('system', () => {
  it('/api/health reports version, environment, database and the web build', async () => {
    const response = await t.api('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ok',
      version: '1.1.0',
      environment: 'test',
      build: 'build-42',
      database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
      maintenance: false,
      rate_limits: 'local',
      object_store: 'local',
      mqtt: 'off',
    });
  });

  it('serves the OpenAPI document at /api/docs with the routes and their schemas', async () => {
    const response = await t.api('/api/docs/json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining(['/api/tokens/', '/api/users/me/groups/']),
    );
    expect(response.body.paths['/api/tokens/'].post.requestBody).toBeDefined();
    // the contract itself (names, errors, credentials, components) is openapi.int.test.ts's
    expect(response.body.paths['/api/tokens/'].post.security).toEqual([]);
    expect(response.body.components.schemas.ErrorBody).toBeDefined();
  });

  it('serves the web app: index.html for app routes, immutable hashed assets, CSP', async () => {
    const page = await t.api('/registration/confirm?activate=abc');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Printdeck</title>');
    expect(page.headers.get('content-security-policy')).toContain("object-src 'none'");
    const asset = await t.api('/assets/app-1234.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missingAsset = await t.api('/assets/missing.js');
    expect(missingAsset.status).toBe(404);
    expect(missingAsset.body.code).toBe('not_found');
    // a folder of the build is no file: a page of the app, as any path without an extension
    for (const folder of ['/assets', '/assets/', '/']) {
      const answer = await t.api(folder);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('<title>Printdeck</title>');
    }
    const head = await t.api('/assets/app-1234.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toContain('immutable');
    // the build's files only: nothing above the folder
    const above = await t.api('/assets/..%2f..%2fpackage.json');
    expect([403, 404]).toContain(above.status);
    expect(above.text).not.toContain('"name"');
  });

  it('answers 503 maintenance while the maintenance file exists, except /api/health', async () => {
    const user = await buildUser(t);
    expect((await t.api('/api/users/me/', { token: user.access })).status).toBe(200);
    writeFileSync(path.join(t.config.dataDir, 'maintenance'), 'on');
    // the switch is read at most once a second, by the server's clock: move it, do not sleep
    clock.advance(2);
    try {
      const response = await t.api('/api/users/me/', { token: user.access });
      expect(response.status).toBe(503);
      expect(response.body.code).toBe('maintenance');
      expect((await t.api('/api/health')).body.maintenance).toBe(true);
    } finally {
      const { rmSync } = await import('node:fs');
      rmSync(path.join(t.config.dataDir, 'maintenance'));
      clock.advance(2);
    }
    expect((await t.api('/api/users/me/', { token: user.access })).status).toBe(200);
  });
});
