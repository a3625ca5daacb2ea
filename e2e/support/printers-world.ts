import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import type { AppUnderTest } from './app-under-test.js';
import { FakePrinter, type FakePrinterOptions } from './fake-printer.js';
import { timed } from './timing-log.js';

/**
 * Workspaces, members and simulated printers for the printers-area browser tests, made the
 * way a person would (CLI for the administrator, the API for the rest).
 */
export const PASSWORD = 'printers are fun 42';

export interface Member {
  email: string;
  access: string;
  refresh: string;
  workspaceId: number;
  /** the authenticator code, for an account with two-factor sign-in */
  otp?: string;
}

export async function callApi<T = unknown>(
  app: AppUnderTest,
  path: string,
  init: { token?: string; method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${app.url}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Signs in through the API. Every request of a browser file comes from 127.0.0.1, and a file
 * that opens many pages can sign in more often than the server's 30 a minute from one address
 * (`RATE_LIMITS.loginPerAddress`); the 429 names when that window ends (Retry-After), so the
 * sign-in waits for it and tries once more, as a client of the API should.
 */
async function signIn(app: AppUnderTest, email: string, otp?: string) {
  const body = JSON.stringify({ username: email, password: PASSWORD, ...(otp ? { otp } : {}) });
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${app.url}/api/tokens/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const text = await response.text();
    if (response.ok) return JSON.parse(text) as { access: string; refresh: string };
    const retryAfter = Number(response.headers.get('retry-after'));
    if (response.status !== 429 || attempt > 1 || !(retryAfter > 0 && retryAfter <= 60)) {
      throw new Error(`POST /tokens/: ${response.status} ${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
}

/** A user who is the admin of a new workspace of their own. */
export async function createAdmin(app: AppUnderTest, email: string): Promise<Member> {
  // the administrator's command line makes the account (nothing else can without a mail);
  // the workspace is made as its owner makes one, through the API: one CLI start (about 2 s of
  // CPU) fewer per member, the same service call as `workspace create`
  await app.runCli('user', 'create', '--email', email, '--password', PASSWORD);
  const tokens = await signIn(app, email);
  const workspace = await callApi<{ id: number }>(app, '/users/me/groups/', {
    token: tokens.access,
    body: { name: email.split('@')[0]!.slice(0, 30) },
  });
  return { email, ...tokens, workspaceId: workspace.id };
}

/**
 * Opens the app signed in as the member (a session of its own: refresh tokens rotate, so two
 * pages never share one), in their workspace.
 */
export async function openAs(page: Page, app: AppUnderTest, member: Member, path = '/') {
  const { refresh } = await signIn(app, member.email, member.otp);
  // the refresh token lives where the app keeps it: an HttpOnly cookie on the refresh path
  await page.context().addCookies([
    {
      name: 'printdeck_refresh',
      value: refresh,
      url: `${app.url}/api/tokens/refresh/`,
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
  await page.addInitScript(
    ({ workspaceId }) => {
      // once per page: a reload or a later sign-out keeps what the app made of it
      if (window.localStorage.getItem('e2e.seeded') === null) {
        window.localStorage.setItem('e2e.seeded', '1');
        window.localStorage.setItem('printdeck.session', '1');
        window.localStorage.setItem('printdeck.groupId', String(workspaceId));
      }
    },
    { workspaceId: member.workspaceId },
  );
  // The shell shows once the refresh token was renewed and stored; navigating away earlier
  // would lose the renewed token and end the session.
  await timed('openAs: page to its shell', async () => {
    await page.goto(`${app.url}${path}`);
    await page.locator('main').waitFor();
  });
}

export interface AddedPrinter {
  id: number;
  device: FakePrinter;
}

/** A device key, a printer with it in the member's workspace, and the device online. */
export async function addFakePrinter(
  app: AppUnderTest,
  member: Member,
  options: Omit<FakePrinterOptions, 'serverUrl' | 'deviceKey'> & { name: string },
): Promise<AddedPrinter> {
  const { token } = await callApi<{ token: string }>(app, '/device_keys/', {
    token: member.access,
    body: {},
  });
  const printer = await callApi<{ id: number }>(app, '/printers/', {
    token: member.access,
    body: { group: member.workspaceId, name: options.name, token },
  });
  const device = new FakePrinter({ ...options, serverUrl: app.url, deviceKey: token });
  await device.connect();
  return { id: printer.id, device };
}

/** A device key for a printer someone adds through the browser. */
export async function createDeviceKey(app: AppUnderTest, member: Member): Promise<string> {
  return (
    await callApi<{ token: string }>(app, '/device_keys/', { token: member.access, body: {} })
  ).token;
}

/**
 * A member with a role in another member's workspace. Nothing in the product adds members
 * yet (invitations come with the workspaces issue), so this writes the membership directly.
 */
export async function addMember(
  app: AppUnderTest,
  email: string,
  workspaceId: number,
  role: 'admin' | 'user' | 'junior' | 'observer',
): Promise<Member> {
  await app.runCli('user', 'create', '--email', email, '--password', PASSWORD);
  const db = new Database(path.join(app.dataDir, 'printdeck.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number };
    db.prepare(
      'INSERT INTO memberships (workspace_id, user_id, role, created_on) VALUES (?, ?, ?, ?)',
    ).run(workspaceId, user.id, role, new Date().toISOString());
  } finally {
    db.close();
  }
  return { email, ...(await signIn(app, email)), workspaceId };
}
