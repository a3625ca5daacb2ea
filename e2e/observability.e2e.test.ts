import path from 'node:path';
import { TEST_WEB_DEADLINES } from '@printdeck/shared';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeObservability,
  type FakeObservability,
} from '../apps/server/test-support/fake-observability.js';
import type { AppUnderTest } from './support/app-under-test.js';
import { useAppAndBrowser } from './support/fixture.js';
import { createAdmin, openAs, type Member } from './support/printers-world.js';
import { expectHeading, expectVisible } from './support/ui.js';

const SITE_ID = 'print.example.com';

/**
 * A real fault: the table behind the API keys list is gone, so the list answers 500 (a screen
 * whose one query has no other observer: its error handling is the page's own).
 */
function breakApiKeys(app: AppUnderTest): void {
  const db = new Database(path.join(app.dataDir, 'printdeck.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.exec('DROP TABLE api_keys');
  } finally {
    db.close();
  }
}

async function isInMaintenance(url: string): Promise<boolean> {
  const health = (await (await fetch(`${url}/api/health`)).json()) as { maintenance: boolean };
  return health.maintenance;
}

async function openDashboard(page: Page, app: AppUnderTest, member: Member): Promise<void> {
  await openAs(page, app, member, '/');
  await expectHeading(page, member.email.split('@')[0]!);
}

async function expectErrorModal(page: Page, variant: string): Promise<void> {
  const modal = page.getByTestId('error-modal');
  await expectVisible(modal);
  expect(await modal.getAttribute('data-variant')).toBe(variant);
}

describe('error reporting and page views, configured', () => {
  let collector: FakeObservability;
  beforeAll(async () => {
    collector = await startFakeObservability();
  });
  afterAll(() => collector?.close());
  const fixture = useAppAndBrowser({
    env: () => ({
      SENTRY_DSN: collector.dsn,
      ANALYTICS_URL: collector.url,
      ANALYTICS_SITE_ID: SITE_ID,
    }),
  });

  it('sends a page view per screen, and an unknown error once; offline and maintenance are not reported', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'observed.person@example.com');

    // page views: one per screen, named by its pattern on this origin
    const page = await fixture.openPage();
    await openDashboard(page, app, admin);
    await page.getByRole('link', { name: 'G-codes' }).first().click();
    await expectHeading(page, 'G-codes');
    await expect
      .poll(() => collector.pageViews.map((view) => view.url))
      .toEqual([`${app.url}/`, `${app.url}/gcodes`]);
    expect(collector.pageViews[0]).toEqual({
      name: 'pageview',
      url: `${app.url}/`,
      domain: SITE_ID,
      referrer: null,
    });
    await page.close();

    // no internet: the modal says so, nothing is reported
    const offline = await fixture.openPage();
    await openDashboard(offline, app, admin);
    await offline.context().setOffline(true);
    // the click as a person makes it within the offline grace: the test server's 0.5 s grace may
    // already have put the modal over the link, so the click goes to the link itself
    await offline.getByRole('link', { name: 'G-codes' }).first().dispatchEvent('click');
    await expectErrorModal(offline, 'noInternet');
    await offline.context().setOffline(false);
    await offline.close();

    // maintenance: the modal says so, nothing is reported (by the browser or the server)
    const during = await fixture.openPage();
    await openDashboard(during, app, admin);
    await app.runCli('maintenance', 'on');
    try {
      await expect.poll(() => isInMaintenance(app.url), { timeout: 10_000 }).toBe(true);
      await during.getByRole('link', { name: 'G-codes' }).first().click();
      await expectErrorModal(during, 'maintenance');
    } finally {
      await app.runCli('maintenance', 'off');
    }
    await expect.poll(() => isInMaintenance(app.url), { timeout: 10_000 }).toBe(false);
    await during.close();

    // an unknown error: the server's 500 is reported by the server and by the browser
    breakApiKeys(app);
    const broken = await fixture.openPage();
    await openAs(broken, app, admin, '/settings/api-tokens');
    await expectErrorModal(broken, 'unknown');
    await expect.poll(() => collector.errors.length, { timeout: 10_000 }).toBe(2);
    const byPlatform = [...collector.errors].sort((a, b) =>
      String(a.platform).localeCompare(String(b.platform)),
    );
    expect(byPlatform.map((event) => [event.platform, event.tags?.route])).toEqual([
      ['javascript', '/settings/api-tokens'],
      ['node', '/api/users/me/api_keys/'],
    ]);
    expect(byPlatform[0]?.tags).toMatchObject({ status: '500', code: 'internal_error' });
    expect(byPlatform.every((event) => event.user === undefined)).toBe(true);
    const sent = collector.requests.map((request) => request.body).join('\n');
    expect(sent).not.toContain('observed.person@example.com');
    expect(sent).not.toContain(admin.access);
    expect(sent).not.toContain(admin.refresh);
  });
});

describe('error reporting and page views, not configured', () => {
  const fixture = useAppAndBrowser();

  it('the browser calls nothing but its own server, even for an unknown error', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'unobserved@example.com');
    const page = await fixture.openPage();
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(app.url)) elsewhere.push(request.url());
    });
    const config = page.waitForResponse((response) => response.url().endsWith('/public-config/'));
    await openDashboard(page, app, admin);
    // nothing to report to; how mail leaves the server is not the browser's call to make
    expect(await (await config).json()).toEqual({
      error_reporting: null,
      analytics: null,
      mail_delivery: expect.stringMatching(/^(smtp|files)$/),
      // a browser-test server (WEB_DEADLINES=test)
      test_deadlines: TEST_WEB_DEADLINES,
    });
    await page.getByRole('link', { name: 'G-codes' }).first().click();
    await expectHeading(page, 'G-codes');
    breakApiKeys(app);
    await page.goto(`${app.url}/settings/api-tokens`);
    await expectErrorModal(page, 'unknown');
    expect(elsewhere).toEqual([]);
  });
});
