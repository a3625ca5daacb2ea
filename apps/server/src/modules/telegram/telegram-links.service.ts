import type { TelegramLinkCode, TelegramLoginData, TelegramStatus } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { generateSecret, sha256Hex } from '../../crypto/random.js';
import { AppError, fieldError } from '../../http/app-error.js';
import { checkLoginData, LOGIN_MAX_AGE_SECONDS } from './telegram-login.js';
import type { TelegramLinksRepository } from './telegram-links.repository.js';

/** A deep-link code is good for this long, once. */
const LINK_CODE_TTL_SECONDS = 15 * 60;

const LOGIN_REFUSALS = {
  bad_hash: 'The Telegram login data is not signed by our bot.',
  expired: 'The Telegram login data is older than a day; log in with Telegram again.',
  future: 'The Telegram login data is dated in the future.',
  replayed: 'This Telegram login data was already used; log in with Telegram again.',
} as const;

export interface TelegramSettings {
  botToken: string | undefined;
  botName: string | undefined;
}

/**
 * Linking a member's Telegram chat: the Login Widget (its signature checked with the bot token's
 * hash) or the bot's deep link with a one-time code that the bot reads through getUpdates.
 */
export function createTelegramLinksService(deps: {
  links: TelegramLinksRepository;
  clock: Clock;
  telegram: TelegramSettings;
}) {
  const { links, clock, telegram } = deps;
  const nowIso = () => clock.now().toISOString();

  function requireBot(): { token: string; name: string | undefined } {
    if (!telegram.botToken) {
      throw new AppError('conflict', 'Telegram is not configured on this server.');
    }
    return { token: telegram.botToken, name: telegram.botName };
  }

  return {
    async getStatus(userId: number): Promise<TelegramStatus> {
      const link = await links.findLink(userId);
      return {
        bot_name: telegram.botToken ? (telegram.botName ?? null) : null,
        link: link ? { username: link.telegram_username, linked_on: link.linked_on } : null,
      };
    },

    /** POST /telegram/register/: checks the widget's data exactly as Telegram documents it. */
    async registerWidgetLogin(userId: number, data: TelegramLoginData): Promise<TelegramStatus> {
      const { token } = requireBot();
      const now = clock.now();
      const check = checkLoginData(data, token, Math.floor(now.getTime() / 1000));
      if (!check.ok) throw fieldError('telegram_data', LOGIN_REFUSALS[check.reason]);
      await links.pruneLoginUses(
        new Date(now.getTime() - 2 * LOGIN_MAX_AGE_SECONDS * 1000).toISOString(),
      );
      const isLinked = await links.linkChat({
        userId,
        // A private chat with the bot has the user's own id (Bot API, Chat.id).
        chatId: String(data.id),
        username: data.username ?? null,
        nowIso: now.toISOString(),
        payloadHash: data.hash,
      });
      if (!isLinked) throw fieldError('telegram_data', LOGIN_REFUSALS.replayed);
      return this.getStatus(userId);
    },

    async unlink(userId: number): Promise<void> {
      await links.unlink(userId);
    },

    /** A one-time `t.me/<bot>?start=<code>` link for members who cannot use the widget. */
    async createLinkCode(userId: number): Promise<TelegramLinkCode> {
      const { name } = requireBot();
      if (!name) throw new AppError('conflict', 'The Telegram bot name is not configured.');
      const code = generateSecret(24);
      const now = clock.now();
      const expiresOn = new Date(now.getTime() + LINK_CODE_TTL_SECONDS * 1000).toISOString();
      await links.insertLinkCode({
        code_hash: sha256Hex(code),
        user_id: userId,
        created_on: now.toISOString(),
        expires_on: expiresOn,
      });
      return {
        code,
        url: `https://t.me/${encodeURIComponent(name)}?start=${code}`,
        expires_on: expiresOn,
      };
    },

    /** The bot received `/start <code>` in a private chat: link that chat, once. */
    async linkByCode(code: string, chatId: string, username: string | null): Promise<boolean> {
      const userId = await links.claimLinkCode(sha256Hex(code), nowIso());
      if (userId === undefined) return false;
      await links.linkChat({ userId, chatId, username, nowIso: nowIso() });
      return true;
    },
  };
}

export type TelegramLinksService = ReturnType<typeof createTelegramLinksService>;
