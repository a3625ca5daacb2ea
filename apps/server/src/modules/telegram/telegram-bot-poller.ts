import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { TelegramError, type TelegramClient, type TelegramUpdate } from './telegram-client.js';
import type { TelegramLinksRepository } from './telegram-links.repository.js';
import type { TelegramLinksService } from './telegram-links.service.js';
import { escapeTelegramHtml } from '../notifications/notification-messages.js';

const REPLIES = {
  en: {
    linked: 'Your Printdeck account is linked. Print notifications will arrive here.',
    unknown: 'This link is not valid any more. Open Printdeck, Settings → Account, for a new one.',
  },
  cs: {
    linked: 'Váš účet v Printdecku je propojen. Oznámení o tiscích budou chodit sem.',
    unknown: 'Tento odkaz už neplatí. Nový získáte v Printdecku v Nastavení → Účet.',
  },
} as const;

/** `/start <code>` (a deep link opened in Telegram); codes are base64url (Bot API deep links). */
const START = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{16,64})\s*$/;

/**
 * Reads the bot's updates with long polling (getUpdates), so linking works without a public
 * webhook address. The offset is kept in the database: after a restart no update is read twice.
 */
export function createTelegramBotPoller(deps: {
  client: TelegramClient;
  links: TelegramLinksRepository;
  linksService: TelegramLinksService;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  /** long-poll seconds (Telegram holds the request open this long when idle) */
  pollSeconds?: number;
  retryDelayMs?: number;
  /** with several instances one reads the updates (Telegram allows one getUpdates at a time) */
  isLeader?: () => boolean;
}) {
  const { client, links, linksService, logger } = deps;
  const pollSeconds = deps.pollSeconds ?? 25;
  const retryDelayMs = deps.retryDelayMs ?? 5000;
  let abort: AbortController | null = null;
  let loop: Promise<void> | null = null;

  async function handle(update: TelegramUpdate): Promise<void> {
    const message = update.message;
    if (!message?.text || message.chat.type !== 'private') return;
    const match = START.exec(message.text);
    if (!match) return;
    const language = message.from?.language_code?.startsWith('cs') ? 'cs' : 'en';
    const isLinked = await linksService.linkByCode(
      match[1]!,
      String(message.chat.id),
      message.from?.username ?? null,
    );
    const reply = REPLIES[language][isLinked ? 'linked' : 'unknown'];
    await client
      .sendMessage(String(message.chat.id), escapeTelegramHtml(reply))
      .catch((error: unknown) =>
        logger.warn({ reason: (error as Error).message }, 'telegram reply not sent'),
      );
  }

  async function run(signal: AbortSignal): Promise<void> {
    let offset: number | null = null;
    while (!signal.aborted) {
      try {
        if (deps.isLeader && !deps.isLeader()) {
          offset = null; // the leader moves it meanwhile: read it again when leading
          await sleep(retryDelayMs, undefined, { signal }).catch(() => undefined);
          continue;
        }
        offset ??= await links.readOffset();
        const updates = await client.getUpdates(offset, pollSeconds, signal);
        for (const update of updates) {
          await handle(update);
          offset = update.update_id + 1;
          await links.saveOffset(offset);
        }
      } catch (error) {
        if (signal.aborted) break;
        const reason = error instanceof TelegramError ? error.message : 'update handling failed';
        logger.warn({ reason }, 'telegram getUpdates failed; retrying');
        await sleep(retryDelayMs, undefined, { signal }).catch(() => undefined);
      }
    }
  }

  return {
    start(): void {
      if (abort) return;
      abort = new AbortController();
      loop = run(abort.signal).catch(() => undefined);
    },
    async stop(): Promise<void> {
      abort?.abort();
      await loop;
      abort = null;
    },
  };
}
