import type { SecretBox } from '../../crypto/secret-box.js';
import type { NotificationKind } from '../../db/schema.js';
import { postToTarget, TargetRefused } from '../../outgoing/outgoing-post.js';
import type { NetworkPolicy } from '../lan-printers/lan-networks.js';
import type { ChannelSender } from './channel-senders.js';
import type { ChatChannelRow, ChatChannelsRepository } from './chat-channels.repository.js';
import { buildChatRequest } from './chat-requests.js';
import { DeliveryError } from './delivery-error.js';
import type { DeliveryTargetsRepository } from './delivery-targets.repository.js';
import {
  pickLanguage,
  renderNotification,
  type NotificationPayload,
} from './notification-messages.js';

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3); undefined when unreadable. */
export function parseRetryAfter(
  value: string | string[] | undefined,
  nowMs: number,
): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  const seconds = Number(text);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - nowMs) / 1000)) : undefined;
}

export interface ChatSender extends ChannelSender {
  /** one message to one channel now (the outbox row's delivery, or "send test") */
  sendTo(
    channel: ChatChannelRow,
    kind: NotificationKind,
    payload: NotificationPayload,
    language: string | null,
  ): Promise<void>;
}

/**
 * ntfy, Discord and Slack: a POST of the service's documented JSON to the member's channel,
 * through the same SSRF check as webhooks. 2xx: sent. 429 (with its Retry-After honoured),
 * 408, 5xx and network errors: retried by the outbox's job. Any other 4xx, a refused address,
 * or a channel that was removed: given up at once.
 */
export function createChatSender(deps: {
  channels: ChatChannelsRepository;
  targets: DeliveryTargetsRepository;
  secrets: SecretBox;
  allowed: NetworkPolicy;
  publicUrl: string;
  timeoutMs: number;
  now(): number;
}): ChatSender {
  async function sendTo(
    channel: ChatChannelRow,
    kind: NotificationKind,
    payload: NotificationPayload,
    language: string | null,
  ): Promise<void> {
    const message = renderNotification(kind, payload, pickLanguage(language), deps.publicUrl);
    const token = channel.token_sealed
      ? deps.secrets.open(channel.token_sealed).toString('utf8')
      : null;
    const request = buildChatRequest({ ...channel, token }, kind, message);
    let answer;
    try {
      answer = await postToTarget({
        url: request.url,
        body: request.body,
        headers: { ...request.headers, 'user-agent': 'Printdeck-Notify/1' },
        allowed: deps.allowed,
        timeoutMs: deps.timeoutMs,
      });
    } catch (error) {
      if (error instanceof TargetRefused) throw new DeliveryError(false, error.message);
      const code = (error as { code?: string }).code;
      const text = error instanceof Error ? error.message.slice(0, 200) : 'unknown error';
      throw new DeliveryError(true, code ? `${code}: ${text}` : text);
    }
    if (answer.status >= 200 && answer.status < 300) return;
    const said = answer.body.slice(0, 200).replace(/\s+/g, ' ').trim();
    const reason = `${channel.kind} answered ${answer.status}${said ? `: ${said}` : ''}`;
    if (answer.status === 429) {
      throw new DeliveryError(
        true,
        reason,
        parseRetryAfter(answer.headers['retry-after'], deps.now()) ?? 60,
      );
    }
    throw new DeliveryError(answer.status >= 500 || answer.status === 408, reason);
  }

  return {
    sendTo,
    async deliver(row) {
      const channel =
        row.notification_channel_id === null
          ? undefined
          : await deps.channels.findById(row.notification_channel_id);
      if (!channel) throw new DeliveryError(false, 'The channel was removed.');
      const member = await deps.targets.findMember(row.user_id);
      await sendTo(
        channel,
        row.kind,
        JSON.parse(row.payload) as NotificationPayload,
        member?.language ?? null,
      );
    },
  };
}
