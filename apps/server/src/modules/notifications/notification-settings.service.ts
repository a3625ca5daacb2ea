import type {
  Locale,
  NotificationSettings,
  NotificationSettingsUpdate,
  TestNotificationResult,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { AppError, notFound } from '../../http/app-error.js';
import { RATE_LIMITS, type RateLimiter } from '../../rate-limit/rate-limiter.js';
import { renderMail } from '../../mail/mail-templates.js';
import type { Mailer } from '../../mail/mailer.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type {
  NotificationSettingsRepository,
  NotificationSettingsRow,
} from './notification-settings.repository.js';

type Results = TestNotificationResult;
const EMAIL_RESULTS: Record<Results['email'], (to: string) => string> = {
  sent: (to) => `A test e-mail was sent to ${to}.`,
  failed: (to) => `The test e-mail to ${to} could not be sent.`,
  disabled: () => '',
};
const TELEGRAM_RESULTS: Record<Results['telegram'], string> = {
  sent: 'A test message was sent to your Telegram.',
  failed: 'Telegram did not accept the test message.',
  not_linked: 'Telegram is on, but no Telegram account is linked: link one in Settings → Account.',
  not_configured: 'Telegram is not configured on this server; nothing was sent there.',
  disabled: '',
};
const PUSH_RESULTS: Record<Results['push'], string> = {
  sent: 'A test push notification was sent to your browsers.',
  failed: 'The test push notification could not be delivered.',
  not_subscribed: '',
};

/** Sends one test message now on Telegram or push, with the channel's own result. */
export interface TestSender {
  sendTelegram(userId: number, row: { workspace_name: string }): Promise<Results['telegram']>;
  sendPush(userId: number, row: { workspace_name: string }): Promise<Results['push']>;
}

interface Deps {
  testSender: TestSender;
  settings: NotificationSettingsRepository;
  workspaces: WorkspacesService;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  clock: Clock;
  publicUrl: string;
}

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
const withoutUndefined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

function toSettingsResponse(row: NotificationSettingsRow): NotificationSettings {
  return {
    id: row.id,
    group_id: row.workspace_id,
    telegram: {
      enabled: row.telegram_enabled === 1,
      printjob_video_failure_alert: row.telegram_video_failure_alert === 1,
      printjob_event_done: row.telegram_print_done === 1,
    },
    email: {
      enabled: row.email_enabled === 1,
      printjob_video_failure_alert: row.email_video_failure_alert === 1,
    },
  };
}

/** Per user and workspace notification choices (spec part 2 §2.11, ARCHITECTURE §6). */
export function createNotificationSettingsService(deps: Deps) {
  const { settings, workspaces, mailer, rateLimiter, clock } = deps;

  async function sendTestMail(
    row: { email: string; workspace_name: string },
    locale: Locale,
  ): Promise<'sent' | 'failed'> {
    await rateLimiter.consume(`mail-to:${row.email}`, RATE_LIMITS.mailsPerRecipient);
    const link = `${deps.publicUrl}/settings/notifications`;
    try {
      await mailer.send(
        renderMail('testNotification', locale, row.email, link, {
          workspace: row.workspace_name,
        }),
      );
      return 'sent';
    } catch {
      return 'failed';
    }
  }

  async function getOwnOrThrow(userId: number, id: number) {
    const row = await settings.findMemberSettings(userId, id);
    if (!row) throw notFound('Notification settings not found.');
    return row;
  }

  return {
    async getSettings(userId: number, workspaceId: number): Promise<NotificationSettings> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      return toSettingsResponse(
        await settings.ensureSettings(userId, workspaceId, clock.now().toISOString()),
      );
    },

    async updateSettings(
      userId: number,
      id: number,
      input: NotificationSettingsUpdate,
    ): Promise<NotificationSettings> {
      const row = await getOwnOrThrow(userId, id);
      const changes = withoutUndefined({
        telegram_enabled: flag(input.telegram?.enabled),
        telegram_video_failure_alert: flag(input.telegram?.printjob_video_failure_alert),
        telegram_print_done: flag(input.telegram?.printjob_event_done),
        email_enabled: flag(input.email?.enabled),
        email_video_failure_alert: flag(input.email?.printjob_video_failure_alert),
      });
      await settings.updateSettings(id, changes);
      return toSettingsResponse({ ...row, ...changes });
    },

    /**
     * Really sends a test on every enabled channel now and says per channel whether it went:
     * e-mail through the mailer, Telegram through the bot, push to each opted-in browser.
     */
    async sendTestNotification(
      userId: number,
      id: number,
      locale: Locale,
    ): Promise<TestNotificationResult> {
      const row = await getOwnOrThrow(userId, id);
      const isEmail = row.email_enabled === 1;
      const isTelegram = row.telegram_enabled === 1;
      if (!isEmail && !isTelegram) {
        throw new AppError('conflict', 'Turn on e-mail or Telegram notifications first.');
      }
      const email = isEmail ? await sendTestMail(row, locale) : 'disabled';
      const telegram = isTelegram ? await deps.testSender.sendTelegram(userId, row) : 'disabled';
      const push = await deps.testSender.sendPush(userId, row);
      return {
        email,
        telegram,
        push,
        message: [EMAIL_RESULTS[email](row.email), TELEGRAM_RESULTS[telegram], PUSH_RESULTS[push]]
          .filter(Boolean)
          .join(' '),
      };
    },
  };
}

export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;
