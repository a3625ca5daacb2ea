import { signLoginData } from '../src/modules/telegram/telegram-login.js';
import type { BuiltUser } from './factories.js';
import type { TestServer } from './test-server.js';

/** The environment that points an instance at a (fake) Telegram bot. */
export function telegramEnv(bot: { url: string }, token: string, name: string) {
  return { TELEGRAM_BOT_TOKEN: token, TELEGRAM_BOT_NAME: name, TELEGRAM_API_URL: bot.url };
}

/**
 * Turns Telegram notifications on for the workspace (`channels`: the settings' other channels,
 * e.g. email off) and links the admin's chat with a signed login, as the cluster tests need;
 * answers the notification settings' id.
 */
export async function linkTelegramChat(
  t: TestServer,
  admin: BuiltUser,
  workspaceId: number,
  link: { token: string; chat: number; channels?: Record<string, { enabled: boolean }> },
): Promise<number> {
  const settings = await t.api(`/api/notifications/settings/?group_id=${workspaceId}`, {
    token: admin.access,
  });
  const settingsId = settings.body.id as number;
  const patched = await t.api(`/api/notifications/settings/${settingsId}/`, {
    method: 'PATCH',
    token: admin.access,
    body: { telegram: { enabled: true }, ...link.channels },
  });
  if (patched.status !== 200) throw new Error(`settings: ${patched.status} ${patched.text}`);
  const login = { id: link.chat, first_name: 'T', auth_date: Math.floor(Date.now() / 1000) };
  const linked = await t.api('/api/telegram/register/', {
    method: 'POST',
    token: admin.access,
    body: { telegram_data: { ...login, hash: signLoginData(login, link.token) } },
  });
  if (linked.status !== 200) throw new Error(`telegram link: ${linked.status} ${linked.text}`);
  return settingsId;
}
