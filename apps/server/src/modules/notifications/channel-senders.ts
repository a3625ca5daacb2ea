import type { Mailer } from '../../mail/mailer.js';
import {
  TelegramError,
  type TelegramClient,
  type TelegramPhoto,
} from '../telegram/telegram-client.js';
import { DeliveryError } from './delivery-error.js';
import type { DeliveryTargetsRepository } from './delivery-targets.repository.js';
import {
  pickLanguage,
  renderNotification,
  toMailText,
  toTelegramHtml,
  type NotificationPayload,
} from './notification-messages.js';
import type { OutboxRow } from './notification-outbox.repository.js';
import type { PushSender } from './push-sender.js';

export interface ChannelSender {
  deliver(
    row: Pick<
      OutboxRow,
      'kind' | 'user_id' | 'payload' | 'push_subscription_id' | 'notification_channel_id'
    >,
  ): Promise<void>;
}

/** Telegram's caption limit; a longer text goes as a message instead of a photo caption. */
const CAPTION_MAX = 1024;

export function toDeliveryError(error: unknown): unknown {
  if (error instanceof TelegramError) {
    return new DeliveryError(error.kind !== 'permanent', error.message, error.retryAfter);
  }
  return error;
}

export function createTelegramSender(deps: {
  client: TelegramClient;
  targets: DeliveryTargetsRepository;
  publicUrl: string;
  /** the printer's last camera frame, or null */
  getLastFrame(deviceKeyId: number): Promise<TelegramPhoto | null>;
}): ChannelSender {
  return {
    async deliver(row) {
      const member = await deps.targets.findMember(row.user_id);
      if (!member?.chat_id) throw new DeliveryError(false, 'The member has no Telegram link.');
      const payload = JSON.parse(row.payload) as NotificationPayload;
      const language = pickLanguage(member.language);
      const html = toTelegramHtml(
        renderNotification(row.kind, payload, language, deps.publicUrl),
        language,
      );
      const isPrint = row.kind === 'print_done' || row.kind === 'print_failed';
      const photo =
        isPrint && payload.device_key_id && html.length <= CAPTION_MAX
          ? await deps.getLastFrame(payload.device_key_id)
          : null;
      try {
        if (photo) await deps.client.sendPhoto(member.chat_id, photo, html);
        else await deps.client.sendMessage(member.chat_id, html);
      } catch (error) {
        throw toDeliveryError(error);
      }
    },
  };
}

export function createEmailSender(deps: {
  mailer: Mailer;
  targets: DeliveryTargetsRepository;
  publicUrl: string;
}): ChannelSender {
  return {
    async deliver(row) {
      const member = await deps.targets.findMember(row.user_id);
      if (!member) throw new DeliveryError(false, 'The member no longer exists.');
      const language = pickLanguage(member.language);
      const message = renderNotification(
        row.kind,
        JSON.parse(row.payload) as NotificationPayload,
        language,
        deps.publicUrl,
      );
      await deps.mailer.send({
        to: member.email,
        subject: `Printdeck: ${message.title}`,
        text: toMailText(message, language),
      });
    },
  };
}

export function createPushChannelSender(deps: {
  push: PushSender;
  targets: DeliveryTargetsRepository;
  publicUrl: string;
}): ChannelSender {
  return {
    async deliver(row) {
      const subscription =
        row.push_subscription_id === null
          ? undefined
          : await deps.targets.findPushSubscription(row.push_subscription_id);
      if (!subscription) throw new DeliveryError(false, 'The browser subscription was removed.');
      const member = await deps.targets.findMember(row.user_id);
      const language = pickLanguage(member?.language);
      const message = renderNotification(
        row.kind,
        JSON.parse(row.payload) as NotificationPayload,
        language,
        deps.publicUrl,
      );
      await deps.push.send(subscription, {
        title: message.title,
        body: message.lines.join('\n'),
        url: message.link,
      });
    },
  };
}
