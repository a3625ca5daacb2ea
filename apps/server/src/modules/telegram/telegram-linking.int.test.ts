import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type BuiltUser } from '../../../test-support/factories.js';
import { eventually } from '../../../test-support/fake-agent.js';
import { startFakeTelegram, type FakeTelegram } from '../../../test-support/fake-telegram.js';
import {
  startServerWithUser,
  startTestServer,
  type TestServer,
} from '../../../test-support/test-server.js';
import { signLoginData } from './telegram-login.js';

const TOKEN = '777001:linking-test-token-secret';
let t: TestServer;
let bot: FakeTelegram;
let member: BuiltUser;

beforeAll(async () => {
  bot = await startFakeTelegram(TOKEN);
  ({ t, user: member } = await startServerWithUser({
    env: {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_BOT_NAME: 'PrintdeckTestBot',
      TELEGRAM_API_URL: bot.url,
    },
    notificationOptions: { botPollSeconds: 1, botRetryDelayMs: 100 },
  }));
});
afterAll(async () => {
  await t.close();
  await bot.close();
});

/** What the Login Widget hands the page after the person confirms in Telegram. */
function widgetData(fields: Record<string, unknown> = {}, token = TOKEN) {
  const data = {
    id: 5550001,
    first_name: 'Ada',
    username: 'ada_prints',
    auth_date: Math.floor(Date.now() / 1000) - 30,
    ...fields,
  };
  return { ...data, hash: signLoginData(data, token) };
}

const register = (telegram_data: unknown, token = member.access) =>
  t.api('/api/telegram/register/', { method: 'POST', token, body: { telegram_data } });
const statusOf = (token = member.access) => t.api('/api/telegram/', { token });
const linkRows = () => t.server.database.db.selectFrom('telegram_links').selectAll().execute();

describe('linking Telegram with the Login Widget', () => {
  it('names the bot and shows no link at first', async () => {
    const status = await statusOf();
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ bot_name: 'PrintdeckTestBot', link: null });
    expect((await t.api('/api/users/me/', { token: member.access })).body.is_telegram).toBe(false);
  });

  it('refuses a forged, re-signed, expired or malformed payload, and stores nothing', async () => {
    const genuine = widgetData();
    const forged = await register({ ...genuine, id: 5550002 });
    expect(forged.status).toBe(400);
    expect(forged.body.details).toEqual({
      telegram_data: ['The Telegram login data is not signed by our bot.'],
    });
    expect((await register(widgetData({}, '777001:some-other-bot'))).status).toBe(400);
    const expired = await register(
      widgetData({ auth_date: Math.floor(Date.now() / 1000) - 90_000 }),
    );
    expect(expired.status).toBe(400);
    expect(expired.body.details.telegram_data[0]).toContain('older than a day');
    const malformed = await register({ ...genuine, hash: 'nothex' });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.details)).toEqual(['telegram_data.hash']);
    expect(await linkRows()).toEqual([]);
  });

  it('links with correctly signed data; users/me says is_telegram; a replay is refused', async () => {
    const data = widgetData();
    const linked = await register(data);
    expect(linked.status).toBe(200);
    expect(linked.body.link).toMatchObject({ username: 'ada_prints' });
    expect((await t.api('/api/users/me/', { token: member.access })).body.is_telegram).toBe(true);
    expect(await linkRows()).toMatchObject([{ user_id: member.id, chat_id: '5550001' }]);

    const other = await buildUser(t);
    const replayed = await register(data, other.access);
    expect(replayed.status).toBe(400);
    expect(replayed.body.details.telegram_data[0]).toContain('already used');
    expect(await linkRows()).toMatchObject([{ user_id: member.id }]);
  });

  it('unlinks', async () => {
    expect(
      (await t.api('/api/telegram/register/', { method: 'DELETE', token: member.access })).status,
    ).toBe(204);
    expect((await statusOf()).body.link).toBeNull();
    expect((await t.api('/api/users/me/', { token: member.access })).body.is_telegram).toBe(false);
  });
});

describe('linking Telegram with the bot deep link', () => {
  it('a /start with the one-time code links the chat it came from, once', async () => {
    const created = await t.api('/api/telegram/link-code/', {
      method: 'POST',
      token: member.access,
    });
    expect(created.status).toBe(201);
    const { code, url } = created.body;
    expect(url).toBe(`https://t.me/PrintdeckTestBot?start=${code}`);

    bot.pushMessage(6660001, `/start ${code}`, { username: 'deep_linker', language_code: 'cs' });
    await eventually(
      async () => expect((await statusOf()).body.link).toMatchObject({ username: 'deep_linker' }),
      10_000,
    );
    expect(await linkRows()).toMatchObject([{ user_id: member.id, chat_id: '6660001' }]);
    await eventually(async () =>
      expect(bot.sent.find((m) => m.chat_id === '6660001')?.text).toBe(
        'Váš účet v Printdecku je propojen. Oznámení o tiscích budou chodit sem.',
      ),
    );

    // The same code again, from another chat: refused, the link stays.
    bot.pushMessage(6660002, `/start ${code}`);
    await eventually(async () =>
      expect(bot.sent.find((m) => m.chat_id === '6660002')?.text).toContain('not valid any more'),
    );
    expect(await linkRows()).toMatchObject([{ user_id: member.id, chat_id: '6660001' }]);
    // Every update was confirmed: a restart of the bot does not read them again.
    await eventually(async () => expect(bot.pendingUpdates()).toBe(0), 5000);
  });

  it('never writes the bot token into a log line', () => {
    expect(JSON.stringify(t.logs)).not.toContain(TOKEN.split(':')[1]);
  });
});

describe('without a bot', () => {
  it('says so, and linking is refused', async () => {
    const plain = await startTestServer();
    try {
      const user = await buildUser(plain);
      const status = await plain.api('/api/telegram/', { token: user.access });
      expect(status.body).toEqual({ bot_name: null, link: null });
      const refused = await plain.api('/api/telegram/register/', {
        method: 'POST',
        token: user.access,
        body: { telegram_data: widgetData() },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Telegram is not configured on this server.');
    } finally {
      await plain.close();
    }
  });
});
