import type { Clock } from '../../clock.js';
import type { NotificationChannel } from '../../db/schema.js';
import { InFlightLimit } from '../../jobs/in-flight-limit.js';
import { GiveUp, RetryLater, WaitUntil, defineJobKind } from '../../jobs/job-kind.js';
import { TELEGRAM_LIMITS, type TelegramLimiter } from '../telegram/telegram-rate-limit.js';
import type { ChannelSender } from './channel-senders.js';
import { describeFailure } from './delivery-error.js';
import {
  NOTIFICATION_CHAT,
  NOTIFICATION_DELIVER,
  NOTIFICATION_TELEGRAM,
  deliverKeyOf,
  deliverPayload,
} from './notification-delivery-keys.js';
import type { OutboxRepository, OutboxRow } from './notification-outbox.repository.js';
import { isDigested, type DigestSetting } from './notification-digest.js';
import { quietUntil, type QuietHours } from './quiet-hours.js';

export interface DeliveryOptions {
  /** attempts before a retryable failure gives up */
  maxAttempts: number;
  /** first retry after this many seconds, doubling, capped by maxBackoffSeconds */
  backoffSeconds: number;
  maxBackoffSeconds: number;
  /** a claimed delivery belongs to its worker this long; past it, it counts as interrupted */
  leaseSeconds: number;
  /** e-mail and push messages on their way at once in one process (Telegram: its 30) */
  maxInFlight: number;
  /**
   * messages on their way at once to one ntfy, Discord or Slack channel in one process, as the
   * webhooks' per-webhook limit: a slow chat service holds at most this many slots
   */
  perChatChannel: number;
  /** how long a message to a busy chat channel waits before it looks again (no attempt spent) */
  chatTurnWaitMs: number;
}

export const DELIVERY_DEFAULTS: DeliveryOptions = {
  maxAttempts: 8,
  backoffSeconds: 5,
  maxBackoffSeconds: 600,
  leaseSeconds: 300,
  maxInFlight: 32,
  perChatChannel: 2,
  chatTurnWaitMs: 1000,
};

const INTERRUPTED =
  'Interrupted while sending (server stopped); not repeated to avoid a duplicate.';

/**
 * Delivers one outbox row on its channel (a handler of the job runner, which claims, retries
 * with backoff and gives up). The row keeps what its member's pages show: `sending` while a
 * message is on its way, then sent, pending again with the reason, or failed. A Telegram row
 * first takes a slot of Telegram's limits; without one it waits for the slot's time, which
 * costs no attempt. A message is sent at most once: a row found `sending` was cut off (its
 * worker died mid-send; it may or may not have left) and fails instead of going again.
 */
export function createNotificationDeliveryJobs(deps: {
  outbox: OutboxRepository;
  senders: Partial<Record<NotificationChannel, ChannelSender>>;
  telegramLimiter: TelegramLimiter;
  /** the member's quiet hours (quiet-hours.ts), read when the message is due */
  quietHours?: (userId: number) => Promise<QuietHours | null>;
  /** the member's daily digest: a message it takes is held for it instead of sent */
  digest?: {
    settingOf(userId: number): Promise<DigestSetting | null>;
    hold(row: OutboxRow, setting: DigestSetting): Promise<void>;
  };
  clock: Clock;
  options?: Partial<DeliveryOptions>;
}) {
  const { outbox, senders, telegramLimiter, clock } = deps;
  const options = { ...DELIVERY_DEFAULTS, ...deps.options };
  const nowMs = () => clock.now().getTime();
  const chatInFlight = new InFlightLimit<number>(options.perChatChannel);

  async function deliver(key: string): Promise<void> {
    const row = await outbox.findByKey(key);
    if (!row || row.state === 'sent' || row.state === 'failed') return;
    // held for the digest, or told in one: the digest job has it now
    if (row.state === 'held' || row.state === 'digested') return;
    if (row.state === 'sending') {
      await outbox.markFailed(row.id, INTERRUPTED);
      return;
    }
    const sender = senders[row.channel];
    if (!sender) throw new GiveUp(`The ${row.channel} channel is not configured.`);
    // quiet hours: the row waits, pending, until they end (no attempt spent)
    const quiet = deps.quietHours ? await deps.quietHours(row.user_id) : null;
    const until = quietUntil(quiet, row.kind, clock.now());
    if (until) throw new WaitUntil(until);
    const digest = deps.digest ? await deps.digest.settingOf(row.user_id) : null;
    if (digest && isDigested(digest, row.kind)) {
      await deps.digest!.hold(row, digest);
      return;
    }
    const chatChannelId = row.notification_channel_id;
    if (chatChannelId !== null && !chatInFlight.tryEnter(chatChannelId)) {
      throw new WaitUntil(new Date(nowMs() + options.chatTurnWaitMs));
    }
    try {
      await deliverNow(row, sender);
    } finally {
      if (chatChannelId !== null) chatInFlight.leave(chatChannelId);
    }
  }

  async function deliverNow(row: OutboxRow, sender: ChannelSender): Promise<void> {
    const isTelegram = row.channel === 'telegram';
    if (isTelegram) {
      const { wait, isGlobal } = await telegramLimiter.take(row.rate_key, nowMs());
      if (wait > 0) throw new WaitUntil(new Date(nowMs() + wait), isGlobal);
    }
    try {
      const leaseUntil = new Date(nowMs() + options.leaseSeconds * 1000).toISOString();
      if (!(await outbox.claim(row.id, leaseUntil))) return;
      await sender.deliver(row);
      await outbox.markSent(row.id, clock.now().toISOString());
    } catch (error) {
      const failure = describeFailure(error);
      if (!failure.retryable) throw new GiveUp(failure.message);
      if (failure.retryAfterSeconds === undefined) throw failure;
      if (isTelegram) await telegramLimiter.pause(nowMs(), failure.retryAfterSeconds);
      throw new RetryLater(failure.message, new Date(nowMs() + failure.retryAfterSeconds * 1000));
    } finally {
      if (isTelegram) await telegramLimiter.release(row.rate_key, nowMs());
    }
  }

  const kindNamed = (name: string, concurrency: number) =>
    defineJobKind({
      name,
      payload: deliverPayload,
      policy: {
        leaseMs: options.leaseSeconds * 1000,
        maxAttempts: options.maxAttempts,
        backoffMs: options.backoffSeconds * 1000,
        maxBackoffMs: options.maxBackoffSeconds * 1000,
        concurrency,
      },
      keyOf: ({ key }) => deliverKeyOf(key),
      handle: ({ key }) => deliver(key),
      async onRetry({ key }, reason, at) {
        const row = await outbox.findByKey(key);
        if (row) await outbox.markRetry(row.id, at.toISOString(), reason);
      },
      async onGiveUp({ key }, reason) {
        const row = await outbox.findByKey(key);
        if (row && row.state !== 'sent') await outbox.markFailed(row.id, reason);
      },
    });

  // one handler, three kinds: a Telegram wait holds Telegram's kind only, a slow chat service
  // holds only chat messages
  return [
    kindNamed(NOTIFICATION_DELIVER, options.maxInFlight),
    kindNamed(NOTIFICATION_TELEGRAM, TELEGRAM_LIMITS.perSecond),
    kindNamed(NOTIFICATION_CHAT, options.maxInFlight),
  ];
}
