import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startChatReceiver,
  type ChatReceiver,
} from '../apps/server/test-support/chat-receivers.js';
import { useAppAndBrowser } from './support/fixture.js';
import { createAdmin, openAs } from './support/printers-world.js';
import { expectVisible } from './support/ui.js';

let ntfy: ChatReceiver;
beforeAll(async () => {
  ntfy = await startChatReceiver('ntfy');
});
afterAll(() => ntfy.close());

describe('ntfy, Discord and Slack channels in the browser', () => {
  const fixture = useAppAndBrowser({
    env: () => ({ OUTGOING_ALLOWED_NETWORKS: '127.0.0.1/32' }),
  });

  it('adds an ntfy channel on a phone-sized screen (390 px) and its test reaches ntfy', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'ntfy-user@example.com');
    const page = await fixture.openPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, app, admin, '/settings/notifications');
    const section = page.getByRole('region', { name: 'ntfy, Discord and Slack' });
    await expectVisible(section.getByText('No channels yet.'));
    await section.getByRole('textbox', { name: 'Name' }).fill('Farm phone');
    await section.getByRole('textbox', { name: /ntfy server/ }).fill(ntfy.url);
    await section.getByRole('textbox', { name: 'Topic' }).fill('printdeck-e2e');
    await section.getByRole('button', { name: 'Add channel' }).click();
    const card = section.getByRole('listitem').filter({ hasText: 'Farm phone' });
    await expectVisible(card);
    await card.getByRole('button', { name: 'Send test' }).click();
    await expectVisible(card.getByText('The service accepted the test message.'));
    expect(ntfy.seen).toHaveLength(1);
    expect(ntfy.seen[0]!.body).toMatchObject({ topic: 'printdeck-e2e', priority: 3 });
    expect(ntfy.problems).toEqual([]);
    // nothing on the page is wider than the phone
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);

    const quiet = page.getByRole('region', { name: 'Quiet hours and daily digest' });
    await quiet.getByRole('switch', { name: 'Quiet hours', exact: true }).check({ force: true });
    await quiet.getByRole('button', { name: 'Save' }).click();
    await expectVisible(quiet.getByText('Saved.'));
  });
});
