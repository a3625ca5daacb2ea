import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TEST_WEB_DEADLINES } from '@printdeck/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test-support/factories.js';
import { eventually } from '../../test-support/fake-agent.js';
import {
  startFakeObservability,
  type FakeObservability,
} from '../../test-support/fake-observability.js';
import { TestClock } from '../../test-support/test-clock.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

const clock = new TestClock();

let collector: FakeObservability;
let configured: TestServer;
let unconfigured: TestServer;

beforeAll(async () => {
  collector = await startFakeObservability();
  [configured, unconfigured] = await Promise.all([
    startTestServer({
      clock,
      env: {
        SENTRY_DSN: collector.dsn,
        ENVIRONMENT: 'staging',
        ANALYTICS_URL: `${collector.url}/`,
        ANALYTICS_SITE_ID: 'print.example.com',
      },
    }),
    startTestServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([configured?.close(), unconfigured?.close()]);
  await collector?.close();
});

/** A real fault: the table behind the news list is gone, so the next list fails with a 500. */
async function breakNews(t: TestServer): Promise<void> {
  await sql`drop table news_reads`.execute(t.server.database.db);
}

describe('public config', () => {
  it('tells the web app where to report, from the environment', async () => {
    const response = await configured.api('/api/public-config/');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      error_reporting: { dsn: collector.dsn, environment: 'staging', release: '1.1.0' },
      analytics: { url: collector.url, site_id: 'print.example.com' },
      // no SMTP_URL in the tests' environment: mail goes to files
      mail_delivery: 'files',
      test_deadlines: null,
    });
  });

  it('lets the web app reach those services and no others (connect-src)', async () => {
    const page = await configured.api('/');
    expect(page.headers.get('content-security-policy')).toContain(
      `connect-src 'self' ${collector.url};`,
    );
    const plain = await unconfigured.api('/');
    expect(plain.headers.get('content-security-policy')).toContain("connect-src 'self';");
  });

  it('publishes only the public parts of the DSN and the analytics origin', async () => {
    const dirty = await startTestServer({
      env: {
        SENTRY_DSN: 'https://publickey:secretkey@sentry.example.com:8443/7?token=hidden#frag',
        ANALYTICS_URL: 'https://admin:hunter2@stats.example.com/sub?api_key=hidden',
        ANALYTICS_SITE_ID: 'print.example.com',
      },
    });
    try {
      const response = await dirty.api('/api/public-config/');
      expect(response.body.error_reporting.dsn).toBe('https://publickey@sentry.example.com:8443/7');
      expect(response.body.analytics.url).toBe('https://stats.example.com');
      const text = JSON.stringify(response.body);
      for (const secret of ['secretkey', 'hidden', 'frag', 'admin', 'hunter2'])
        expect(text).not.toContain(secret);
    } finally {
      await dirty.close();
    }
  });

  it('says both are off when nothing is configured', async () => {
    const response = await unconfigured.api('/api/public-config/');
    expect(response.body).toEqual({
      error_reporting: null,
      analytics: null,
      mail_delivery: 'files',
      test_deadlines: null,
    });
  });

  it('hands the web app shorter deadlines on a test server started with WEB_DEADLINES=test', async () => {
    const fast = await startTestServer({ env: { WEB_DEADLINES: 'test' } });
    try {
      const response = await fast.api('/api/public-config/');
      expect(response.body.test_deadlines).toEqual(TEST_WEB_DEADLINES);
    } finally {
      await fast.close();
    }
  });
});

describe('server error reporting', () => {
  it('reports an unexpected 500 once, without personal data; 4xx and maintenance are not reported', async () => {
    const user = await buildUser(configured, { email: 'private.person@example.com' });
    // answers the product gives on purpose
    expect((await configured.api('/api/users/me/news/')).status).toBe(401);
    expect((await configured.api('/api/groups/999999/', { token: user.access })).status).toBe(404);
    const invalid = await configured.api('/api/users/me/', {
      method: 'PATCH',
      token: user.access,
      body: { first_name: 'x'.repeat(5000) },
    });
    expect(invalid.status).toBe(400);
    const maintenanceFile = path.join(configured.config.dataDir, 'maintenance');
    writeFileSync(maintenanceFile, 'on');
    // the switch is read at most once a second, by the server's clock
    clock.advance(2);
    try {
      const during = await configured.api('/api/users/me/news/', { token: user.access });
      expect(during.status).toBe(503);
    } finally {
      rmSync(maintenanceFile);
      clock.advance(2);
    }

    await breakNews(configured);
    const failed = await configured.api('/api/users/me/news/', { token: user.access });
    expect(failed.status).toBe(500);
    const requestId = failed.headers.get('x-request-id');

    await eventually(async () => expect(collector.errors).toHaveLength(1));
    const [event] = collector.errors;
    expect(event).toMatchObject({
      environment: 'staging',
      release: '1.1.0',
      tags: { request_id: requestId, method: 'GET', route: '/api/users/me/news/' },
    });
    expect(event?.user).toBeUndefined();
    expect(event?.request).toBeUndefined();
    const sent = collector.requests.map((request) => request.body).join('\n');
    expect(sent).not.toContain('private.person@example.com');
    expect(sent).not.toContain(user.access);
    // nothing went to the analytics endpoint from the server
    expect(collector.pageViews).toEqual([]);
  });

  it('sends nothing when SENTRY_DSN is unset, even for a 500', async () => {
    const before = collector.requests.length;
    const user = await buildUser(unconfigured);
    await breakNews(unconfigured);
    const failed = await unconfigured.api('/api/users/me/news/', { token: user.access });
    expect(failed.status).toBe(500);
    // the configured server's reporter has sent what it had: nothing else can arrive
    expect(collector.requests.length).toBe(before);
  });
});
