import type {
  ChatChannel,
  ChatChannelCreate,
  ChatChannelEvent,
  ChatChannelTestResult,
  ChatChannelUpdate,
  NotificationPreferences,
  NotificationPreferencesUpdate,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { SecretBox } from '../../crypto/secret-box.js';
import { fieldError, notFound } from '../../http/app-error.js';
import { checkOutgoingTarget } from '../../outgoing/outgoing-target.js';
import type { NetworkPolicy } from '../lan-printers/lan-networks.js';
import type { ChatChannelRow, ChatChannelsRepository } from './chat-channels.repository.js';
import { maskChannelUrl } from './chat-requests.js';
import type { ChatSender } from './chat-sender.js';
import { describeFailure } from './delivery-error.js';
import type { DeliveryTargetsRepository } from './delivery-targets.repository.js';
import type { NotificationPreferencesRepository } from './notification-preferences.repository.js';

function toChannel(row: ChatChannelRow): ChatChannel {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    url: maskChannelUrl(row.kind, row.url),
    topic: row.topic,
    has_token: row.token_sealed !== null,
    events: JSON.parse(row.events) as ChatChannelEvent[],
    is_enabled: row.is_enabled === 1,
    created_on: row.created_on,
  };
}

/** A member's own ntfy, Discord and Slack channels, and their quiet hours and digest. */
export function createChatChannelsService(deps: {
  channels: ChatChannelsRepository;
  preferences: NotificationPreferencesRepository;
  targets: DeliveryTargetsRepository;
  sender: ChatSender;
  secrets: SecretBox;
  allowed: NetworkPolicy;
  clock: Clock;
}) {
  const { channels, clock } = deps;

  async function getOwnOrThrow(userId: number, id: number): Promise<ChatChannelRow> {
    const row = await channels.findOwn(userId, id);
    if (!row) throw notFound('Channel not found.');
    return row;
  }

  /** The webhooks' SSRF rule, refused now with a 400 on the field. */
  async function checkUrl(url: string): Promise<void> {
    const checked = await checkOutgoingTarget(url, deps.allowed);
    if ('refused' in checked)
      throw fieldError('url', `The address was refused: ${checked.refused}.`);
  }

  const seal = (token: string) => deps.secrets.seal(Buffer.from(token));

  return {
    async list(userId: number): Promise<ChatChannel[]> {
      return (await channels.listOwn(userId)).map(toChannel);
    },

    async create(userId: number, input: ChatChannelCreate): Promise<ChatChannel> {
      await checkUrl(input.url);
      const row = await channels.insert({
        user_id: userId,
        kind: input.kind,
        name: input.name,
        url: input.url,
        topic: input.kind === 'ntfy' ? (input.topic ?? null) : null,
        token_sealed: input.kind === 'ntfy' && input.token ? seal(input.token) : null,
        events: JSON.stringify(input.events),
        is_enabled: input.is_enabled === false ? 0 : 1,
        created_on: clock.now().toISOString(),
      });
      return toChannel(row);
    },

    async update(userId: number, id: number, input: ChatChannelUpdate): Promise<ChatChannel> {
      const row = await getOwnOrThrow(userId, id);
      if (input.url !== undefined) await checkUrl(input.url);
      const isNtfy = row.kind === 'ntfy';
      if (!isNtfy && (input.topic !== undefined || input.token !== undefined)) {
        throw fieldError('topic', 'Only ntfy has a topic and token.');
      }
      await channels.update(id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.url !== undefined && { url: input.url }),
        ...(input.topic !== undefined && { topic: input.topic }),
        ...(input.token !== undefined && {
          token_sealed: input.token === null ? null : seal(input.token),
        }),
        ...(input.events !== undefined && { events: JSON.stringify(input.events) }),
        ...(input.is_enabled !== undefined && { is_enabled: input.is_enabled ? 1 : 0 }),
      });
      return toChannel((await channels.findOwn(userId, id))!);
    },

    async remove(userId: number, id: number): Promise<void> {
      await getOwnOrThrow(userId, id);
      await channels.remove(id);
    },

    /** A test message now, straight to the channel, with the service's answer if it refused. */
    async sendTest(userId: number, id: number): Promise<ChatChannelTestResult> {
      const row = await getOwnOrThrow(userId, id);
      const member = await deps.targets.findMember(userId);
      try {
        await deps.sender.sendTo(
          row,
          'test',
          { workspace_name: row.name },
          member?.language ?? null,
        );
        return { result: 'sent', message: `A test message was sent to ${row.name}.` };
      } catch (error) {
        return { result: 'failed', message: describeFailure(error).message };
      }
    },

    async getPreferences(userId: number): Promise<NotificationPreferences> {
      const row = await deps.preferences.find(userId);
      return {
        time_zone: row?.time_zone ?? 'UTC',
        quiet_hours:
          row?.quiet_start && row.quiet_end ? { start: row.quiet_start, end: row.quiet_end } : null,
        errors_pierce: row ? row.errors_pierce === 1 : true,
        digest_hour: row?.digest_hour ?? null,
      };
    },

    async updatePreferences(
      userId: number,
      input: NotificationPreferencesUpdate,
    ): Promise<NotificationPreferences> {
      const current = await this.getPreferences(userId);
      const next = {
        time_zone: input.time_zone ?? current.time_zone,
        quiet_hours: input.quiet_hours !== undefined ? input.quiet_hours : current.quiet_hours,
        errors_pierce: input.errors_pierce ?? current.errors_pierce,
        digest_hour: input.digest_hour !== undefined ? input.digest_hour : current.digest_hour,
      };
      await deps.preferences.save({
        user_id: userId,
        time_zone: next.time_zone,
        quiet_start: next.quiet_hours?.start ?? null,
        quiet_end: next.quiet_hours?.end ?? null,
        errors_pierce: next.errors_pierce ? 1 : 0,
        digest_hour: next.digest_hour,
        updated_on: clock.now().toISOString(),
      });
      return next;
    },
  };
}

export type ChatChannelsService = ReturnType<typeof createChatChannelsService>;
