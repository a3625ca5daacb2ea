import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { JobsRepository } from '../jobs/jobs.repository.js';
import type { LiveDevices } from '../gateway/live-devices.js';
import type { Mailer } from '../mail/mailer.js';
import type { InvitationMailOptions } from '../modules/invitations/invitation-mail.js';
import {
  createEmailSender,
  createPushChannelSender,
  createTelegramSender,
} from '../modules/notifications/channel-senders.js';
import { createDeliveryTargetsRepository } from '../modules/notifications/delivery-targets.repository.js';
import { createLastFrameProvider } from '../modules/notifications/last-frame.js';
import { createNotificationEvents } from '../modules/notifications/notification-events.js';
import { createOutboxRepository } from '../modules/notifications/notification-outbox.repository.js';
import { createRecipientsRepository } from '../modules/notifications/notification-recipients.repository.js';
import {
  createNotificationDeliveryJobs,
  type DeliveryOptions,
} from '../modules/notifications/notification-delivery-job.js';
import { createPushSender, resolveVapidKeys } from '../modules/notifications/push-sender.js';
import { createPushSubscriptionsService } from '../modules/notifications/push-subscriptions.service.js';
import { createTestSender } from '../modules/notifications/test-sender.js';
import { createNotificationDigest } from '../modules/notifications/notification-digest.js';
import { createChatChannelsRepository } from '../modules/notifications/chat-channels.repository.js';
import { createChatChannelsService } from '../modules/notifications/chat-channels.service.js';
import { createChatSender } from '../modules/notifications/chat-sender.js';
import { createNotificationPreferencesRepository } from '../modules/notifications/notification-preferences.repository.js';
import { createSecretBox } from '../crypto/secret-box.js';
import { createNetworkPolicy, type LanNetwork } from '../modules/lan-printers/lan-networks.js';
import type { PrintJobLifecycleHooks } from '../modules/print-jobs/print-job-lifecycle.js';
import type { VideoEventHooks } from '../modules/videos/video-events.js';
import { createTelegramBotPoller } from '../modules/telegram/telegram-bot-poller.js';
import { createTelegramClient } from '../modules/telegram/telegram-client.js';
import { createTelegramLinksRepository } from '../modules/telegram/telegram-links.repository.js';
import { createTelegramLinksService } from '../modules/telegram/telegram-links.service.js';
import {
  TelegramRateLimiter,
  type TelegramLimiter,
} from '../modules/telegram/telegram-rate-limit.js';

export interface NotificationOptions {
  /** tests play the push service on 127.0.0.1; production takes only public https endpoints */
  allowLocalPushEndpoints?: boolean;
  /** the delivery job's retries, lease and messages on their way at once */
  delivery?: Partial<DeliveryOptions>;
  /** getUpdates long-poll seconds */
  botPollSeconds?: number;
  botRetryDelayMs?: number;
  /** the worker that sends invitation mails kept while the mail server was away */
  invitationMail?: Partial<InvitationMailOptions>;
  /** one ntfy, Discord or Slack request waits this long for its answer */
  chatTimeoutMs?: number;
}

/**
 * Notification delivery: the outbox written with each event, the job kind that delivers it (on
 * the job runner), Telegram linking and the bot, e-mail, and browser push — the part of the
 * composition root that sends messages.
 */
export function createNotificationServices(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  dataDir: string;
  mailFrom: string;
  telegram: { botToken: string | undefined; botName: string | undefined; apiUrl: string };
  live: LiveDevices;
  snapshotTimeoutMs: number;
  jobs: JobsRepository;
  /** the job runner looks now (after an event committed outbox rows) */
  wakeJobs: () => void;
  options?: NotificationOptions;
  /** with several instances the leader reads the bot's updates */
  isLeader?: () => boolean;
  /** Telegram's limits, shared by the instances when there are several */
  telegramLimiter?: TelegramLimiter;
  /** seals ntfy tokens */
  jwtSecret: string;
  /** OUTGOING_ALLOWED_NETWORKS: chat channels may reach these besides public addresses */
  allowedNetworks: LanNetwork[];
}) {
  const { db, clock, mailer, publicUrl, telegram } = deps;
  const options = deps.options ?? {};
  let logger: Pick<FastifyBaseLogger, 'warn' | 'error'> = { warn: () => {}, error: () => {} };
  const log = {
    warn: (...a: unknown[]) => logger.warn(...(a as [object, string])),
    error: (...a: unknown[]) => logger.error(...(a as [object, string])),
  };

  const outbox = createOutboxRepository(db, deps.jobs);
  const targets = createDeliveryTargetsRepository(db);
  const telegramLimiter = deps.telegramLimiter ?? new TelegramRateLimiter();
  const client = telegram.botToken
    ? createTelegramClient({ apiUrl: telegram.apiUrl, botToken: telegram.botToken })
    : undefined;
  const telegramSender = client
    ? createTelegramSender({
        client,
        targets,
        publicUrl,
        getLastFrame: createLastFrameProvider(deps.live, deps.snapshotTimeoutMs, clock),
      })
    : undefined;
  const vapidSubject = `mailto:${/<([^<>]+)>/.exec(deps.mailFrom)?.[1] ?? deps.mailFrom}`;
  const pushSender = createPushSender({
    keys: resolveVapidKeys(deps.dataDir),
    subject: vapidSubject,
    targets,
    allowLocal: options.allowLocalPushEndpoints === true,
  });
  const pushChannel = createPushChannelSender({ push: pushSender, targets, publicUrl });
  const chatChannels = createChatChannelsRepository(db);
  const preferences = createNotificationPreferencesRepository(db);
  const chatSecrets = createSecretBox(deps.jwtSecret, 'chat-channel-token');
  const allowed = createNetworkPolicy(deps.allowedNetworks);
  const chatSender = createChatSender({
    channels: chatChannels,
    targets,
    secrets: chatSecrets,
    allowed,
    publicUrl,
    timeoutMs: options.chatTimeoutMs ?? 10_000,
    now: () => clock.now().getTime(),
  });
  const digest = createNotificationDigest({ db, outbox, jobs: deps.jobs, clock });
  const deliveryJobs = createNotificationDeliveryJobs({
    outbox,
    senders: {
      ...(telegramSender ? { telegram: telegramSender } : {}),
      email: createEmailSender({ mailer, targets, publicUrl }),
      push: pushChannel,
      ntfy: chatSender,
      discord: chatSender,
      slack: chatSender,
    },
    quietHours: (userId) => preferences.findQuietHours(userId),
    digest: { settingOf: (userId) => preferences.findDigest(userId), hold: digest.hold },
    telegramLimiter,
    clock,
    ...(options.delivery ? { options: options.delivery } : {}),
  });
  const events = createNotificationEvents({
    outbox,
    recipients: createRecipientsRepository(),
    chatChannels,
    clock,
  });
  /** what notifications do when a print job ends and when a video is flagged (event-wiring.ts) */
  const hooks: { jobEnded: PrintJobLifecycleHooks; videoFlagged: VideoEventHooks } = {
    jobEnded: {
      inTransaction: (trx, job) => events.enqueuePrintJobEnd(trx, job),
      afterCommit: () => deps.wakeJobs(),
    },
    videoFlagged: {
      inTransaction: (trx, { video, job, reasons }) =>
        events.enqueueVideoFailure(trx, { job, video: { id: video.print_job_id }, reasons }),
      afterCommit: () => deps.wakeJobs(),
    },
  };

  const links = createTelegramLinksRepository(db);
  const telegramLinks = createTelegramLinksService({
    links,
    clock,
    telegram: { botToken: telegram.botToken, botName: telegram.botName },
  });
  const botPoller = client
    ? createTelegramBotPoller({
        client,
        links,
        linksService: telegramLinks,
        logger: log,
        ...(deps.isLeader ? { isLeader: deps.isLeader } : {}),
        ...(options.botPollSeconds !== undefined ? { pollSeconds: options.botPollSeconds } : {}),
        ...(options.botRetryDelayMs !== undefined ? { retryDelayMs: options.botRetryDelayMs } : {}),
      })
    : undefined;

  return {
    events,
    hooks,
    /** registered on the job runner by the composition root */
    deliveryJobs: [...deliveryJobs, digest.job],
    telegramLinks,
    chatChannels: createChatChannelsService({
      channels: chatChannels,
      preferences,
      targets,
      sender: chatSender,
      secrets: chatSecrets,
      allowed,
      clock,
    }),
    pushSubscriptions: createPushSubscriptionsService({
      db,
      clock,
      publicKey: pushSender.publicKey,
      allowLocalEndpoints: options.allowLocalPushEndpoints === true,
    }),
    testSender: createTestSender({
      telegram: telegramSender,
      push: pushChannel,
      targets,
      telegramLimiter,
      clock,
    }),
    /** Starts the bot (the outbox is delivered by the job runner). */
    startBackground(appLogger: Pick<FastifyBaseLogger, 'warn' | 'error'>): void {
      logger = appLogger;
      botPoller?.start();
    },
    async stopBackground(): Promise<void> {
      await botPoller?.stop();
    },
  };
}
