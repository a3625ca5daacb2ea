import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTelegram, type FakeTelegram } from '../apps/server/test-support/fake-telegram.js';
import { createHash, createHmac } from 'node:crypto';
import { useAppAndBrowser } from './support/fixture.js';
import { createAdmin, openAs } from './support/printers-world.js';
import { expectVisible } from './support/ui.js';

const TOKEN = '777005:browser-test-token-secret';
let bot: FakeTelegram;

/** What Telegram's Login Widget hands the page, signed as Telegram documents it. */
function signWidgetData(data: Record<string, string | number>) {
  const checkString = Object.keys(data)
    .sort()
    .map((key) => `${key}=${data[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(TOKEN).digest();
  return { ...data, hash: createHmac('sha256', secret).update(checkString).digest('hex') };
}

type WidgetWindow = Window & { onTelegramAuth?: (user: unknown) => void };

beforeAll(async () => {
  bot = await startFakeTelegram(TOKEN);
});
afterAll(() => bot.close());

describe('Telegram notifications in the browser', () => {
  const fixture = useAppAndBrowser({
    env: () => ({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_BOT_NAME: 'PrintdeckTestBot',
      TELEGRAM_API_URL: bot.url,
    }),
  });

  it('links Telegram with the widget, switches the settings on, and a test reaches Telegram', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'linker@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/settings/account');
    const section = page.getByRole('region', { name: 'Telegram' });
    // Telegram's widget script draws its button here (not reachable from this test machine).
    await expectVisible(section.getByRole('button', { name: 'Get a link to the bot' }));
    expect(await section.getByTestId('telegram-login-widget').count()).toBe(1);

    // Telegram's widget calls back with the signed data of the person who confirmed.
    const data = {
      id: 4242,
      first_name: 'Lin',
      username: 'linker',
      auth_date: Math.floor(Date.now() / 1000),
    };
    const signed = signWidgetData(data);
    await page.waitForFunction(() => typeof (window as WidgetWindow).onTelegramAuth === 'function');
    await page.evaluate((user) => (window as WidgetWindow).onTelegramAuth!(user), signed);
    await expectVisible(section.getByText('Linked to Telegram as @linker.'));

    // Settings → Notifications: Telegram on, saved; no hint since the account is linked.
    await page.goto(`${app.url}/settings/notifications`);
    const box = page.getByRole('region', { name: 'linker' });
    await box.getByLabel('Telegram').check({ force: true });
    expect(await box.getByText('Telegram is not linked').count()).toBe(0);
    await box.getByRole('button', { name: 'Save' }).click();
    await box.getByRole('button', { name: 'Send test notification' }).click();
    await expectVisible(box.getByText('Telegram: sent.'));
    await expect.poll(() => bot.sent.filter((m) => m.chat_id === '4242').length).toBe(1);
    expect(bot.sent.find((m) => m.chat_id === '4242')!.text).toContain(
      'Printdeck test notification',
    );

    // Unlinked again: the hint returns and the test says so.
    await page.goto(`${app.url}/settings/account`);
    await section.getByRole('button', { name: 'Unlink Telegram' }).click();
    await expectVisible(section.getByRole('button', { name: 'Get a link to the bot' }));
    await page.goto(`${app.url}/settings/notifications`);
    await expectVisible(box.getByText('Telegram is not linked'));
    await box.getByRole('button', { name: 'Send test notification' }).click();
    await expectVisible(box.getByText(/Telegram: no Telegram account is linked/));
  });

  it('offers the deep link, and a forged widget payload is refused on the screen', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'deeplink@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/settings/account');
    const section = page.getByRole('region', { name: 'Telegram' });
    await page.waitForFunction(() => typeof (window as WidgetWindow).onTelegramAuth === 'function');
    await page.evaluate(() =>
      (window as WidgetWindow).onTelegramAuth!({
        id: 1,
        first_name: 'Eve',
        auth_date: Math.floor(Date.now() / 1000),
        hash: '0'.repeat(64),
      }),
    );
    await expectVisible(section.getByText(/not signed by our bot/));

    await section.getByRole('button', { name: 'Get a link to the bot' }).click();
    const link = section.getByRole('link', { name: 'Open @PrintdeckTestBot in Telegram' });
    await expectVisible(link);
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^https:\/\/t\.me\/PrintdeckTestBot\?start=[A-Za-z0-9_-]{32}$/);

    // The person opens the link and presses Start: the bot links that chat.
    bot.pushMessage(5151, `/start ${new URL(href).searchParams.get('start')}`);
    await expect
      .poll(() => bot.sent.some((m) => m.chat_id === '5151'), { timeout: 15_000 })
      .toBe(true);
    await section.getByRole('button', { name: 'I pressed Start' }).click();
    await expectVisible(section.getByText('Your Telegram account is linked.'));
  });
});

describe('without a chat-bot name', () => {
  const fixture = useAppAndBrowser();

  it('the account screen warns that Telegram is not set up', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'nobot@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/settings/account');
    const section = page.getByRole('region', { name: 'Telegram' });
    await expectVisible(section.getByText('Chat-bot is not set up'));
    expect(await section.getByTestId('telegram-login-widget').count()).toBe(0);
  });
});
