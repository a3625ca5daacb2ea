import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../clock.js';
import type { TelegramLimiter } from '../telegram/telegram-rate-limit.js';
import type { ChannelSender } from './channel-senders.js';
import { describeFailure } from './delivery-error.js';
import type { DeliveryTargetsRepository } from './delivery-targets.repository.js';
import type { TestSender } from './notification-settings.service.js';

/** The longest a test message waits for a Telegram slot before it counts as not sent. */
const MAX_SLOT_WAIT_MS = 3000;

/** "Send test notification": straight to the channel, not through the outbox, with its result. */
export function createTestSender(deps: {
  telegram: ChannelSender | undefined;
  push: ChannelSender;
  targets: DeliveryTargetsRepository;
  telegramLimiter: TelegramLimiter;
  clock: Clock;
}): TestSender {
  const { targets, telegramLimiter, clock } = deps;
  const testRow = (
    userId: number,
    workspaceName: string,
    subscriptionId: number | null = null,
  ) => ({
    kind: 'test' as const,
    user_id: userId,
    payload: JSON.stringify({ workspace_name: workspaceName }),
    push_subscription_id: subscriptionId,
    notification_channel_id: null,
  });

  return {
    async sendTelegram(userId, row) {
      if (!deps.telegram) return 'not_configured';
      const member = await targets.findMember(userId);
      if (!member?.chat_id) return 'not_linked';
      for (let waited = 0; ;) {
        const wait = await telegramLimiter.tryTake(
          `telegram:${member.chat_id}`,
          clock.now().getTime(),
        );
        if (wait === 0) break;
        if (waited + wait > MAX_SLOT_WAIT_MS) return 'failed';
        waited += wait;
        await sleep(wait);
      }
      try {
        await deps.telegram.deliver(testRow(userId, row.workspace_name));
        return 'sent';
      } catch (error) {
        const failure = describeFailure(error);
        if (failure.retryAfterSeconds !== undefined) {
          await telegramLimiter.pause(clock.now().getTime(), failure.retryAfterSeconds);
        }
        return 'failed';
      } finally {
        await telegramLimiter.release(`telegram:${member.chat_id}`, clock.now().getTime());
      }
    },

    async sendPush(userId, row) {
      const subscriptions = await targets.listPushSubscriptions(userId);
      if (subscriptions.length === 0) return 'not_subscribed';
      const results = await Promise.allSettled(
        subscriptions.map((s) => deps.push.deliver(testRow(userId, row.workspace_name, s.id))),
      );
      return results.some((r) => r.status === 'fulfilled') ? 'sent' : 'failed';
    },
  };
}
