import type { ChatChannelKind, NotificationKind } from '../../db/schema.js';
import type { RenderedMessage } from './notification-messages.js';

export interface ChatRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * ntfy's priorities (docs.ntfy.sh/publish/#message-priority: 1 min … 3 default … 5 max/urgent)
 * from how bad the news is: a failure is high, a digest low, the rest default.
 */
export const NTFY_PRIORITY: Record<NotificationKind, number> = {
  print_failed: 4,
  video_failed: 4,
  spool_low: 3,
  maintenance_due: 3,
  print_done: 3,
  test: 3,
  digest: 2,
};

/** ntfy tags that its apps show as emoji (docs.ntfy.sh/publish/#tags-emojis). */
const NTFY_TAGS: Record<NotificationKind, string[]> = {
  print_failed: ['x'],
  video_failed: ['warning'],
  spool_low: ['warning'],
  maintenance_due: ['wrench'],
  print_done: ['white_check_mark'],
  test: ['bell'],
  digest: ['memo'],
};

/** Discord embed colours (decimal RGB): red for failures, amber for warnings, green, grey. */
const DISCORD_COLOUR: Record<NotificationKind, number> = {
  print_failed: 0xd9480f,
  video_failed: 0xd9480f,
  spool_low: 0xf59f00,
  maintenance_due: 0xf59f00,
  print_done: 0x2f9e44,
  test: 0x868e96,
  digest: 0x868e96,
};

/** Slack mrkdwn: only &, < and > are escaped (api.slack.com/reference/surfaces/formatting#escaping). */
const slackEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * ntfy "publish as JSON" (docs.ntfy.sh/publish/#publish-as-json): a POST to the server's root
 * with topic, title, message, priority, tags and click; JSON rather than headers because a
 * Czech title is not ASCII. A protected topic takes `Authorization: Bearer <token>`
 * (docs.ntfy.sh/publish/#access-tokens).
 */
function ntfyRequest(
  channel: { url: string; topic: string | null; token: string | null },
  kind: NotificationKind,
  message: RenderedMessage,
): ChatRequest {
  let root = channel.url;
  while (root.endsWith('/')) root = root.slice(0, -1);
  return {
    url: `${root}/`,
    headers: {
      'content-type': 'application/json',
      ...(channel.token ? { authorization: `Bearer ${channel.token}` } : {}),
    },
    body: JSON.stringify({
      topic: channel.topic,
      title: message.title,
      message: message.lines.join('\n'),
      priority: NTFY_PRIORITY[kind],
      tags: NTFY_TAGS[kind],
      click: message.link,
    }),
  };
}

/**
 * Discord "Execute Webhook" (discord.com/developers/docs/resources/webhook#execute-webhook): a
 * JSON body with `content` and/or `embeds` (title ≤ 256, description ≤ 4096); `allowed_mentions`
 * with no `parse` so a file named "@everyone" pings nobody; `?wait=true` makes Discord answer
 * 200 with the message once it is stored (without it, 204).
 */
function discordRequest(
  channel: { url: string },
  kind: NotificationKind,
  message: RenderedMessage,
): ChatRequest {
  const url = new URL(channel.url);
  url.searchParams.set('wait', 'true');
  return {
    url: url.toString(),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'Printdeck',
      allowed_mentions: { parse: [] },
      embeds: [
        {
          title: message.title.slice(0, 256),
          description: message.lines.join('\n').slice(0, 4096),
          url: message.link,
          color: DISCORD_COLOUR[kind],
        },
      ],
    }),
  };
}

/**
 * Slack incoming webhook (api.slack.com/messaging/webhooks): JSON with `text` (the
 * notification's fallback) and `blocks`; Slack answers 200 "ok", or 4xx with a reason word
 * (invalid_payload, channel_is_archived …) and 429 when over its limit.
 */
function slackRequest(channel: { url: string }, message: RenderedMessage): ChatRequest {
  const title = slackEscape(message.title);
  const lines = message.lines.map(slackEscape).join('\n');
  return {
    url: channel.url,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      text: `${title}: ${lines.replace(/\n/g, ', ')}`,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: `*${title}*\n${lines}` } },
        {
          type: 'context',
          elements: [{ type: 'mrkdwn', text: `<${message.link}|Printdeck>` }],
        },
      ],
    }),
  };
}

export function buildChatRequest(
  channel: { kind: ChatChannelKind; url: string; topic: string | null; token: string | null },
  kind: NotificationKind,
  message: RenderedMessage,
): ChatRequest {
  if (channel.kind === 'ntfy') return ntfyRequest(channel, kind, message);
  if (channel.kind === 'discord') return discordRequest(channel, kind, message);
  return slackRequest(channel, message);
}

/** Discord and Slack URLs carry their secret in the path: the owner sees only its start. */
export function maskChannelUrl(kind: ChatChannelKind, url: string): string {
  if (kind === 'ntfy') return url;
  try {
    const parsed = new URL(url);
    const parts = parsed.pathname.split('/');
    const last = parts.pop() ?? '';
    return `${parsed.origin}${parts.join('/')}/${last.slice(0, 4)}…`;
  } catch {
    return '…';
  }
}
