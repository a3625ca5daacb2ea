import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { NotificationChannel } from '../../db/schema.js';
import type { TelegramRateLimiter } from '../telegram/telegram-rate-limit.js';
import type { ChannelSender } from './channel-senders.js';
import { describeFailure } from './delivery-error.js';
import type { OutboxRepository, OutboxRow } from './notification-outbox.repository.js';

export interface WorkerOptions {
  /** attempts before a retryable failure gives up */
  maxAttempts: number;
  /** first retry after this many seconds, doubling, capped by maxBackoffSeconds */
  backoffSeconds: number;
  maxBackoffSeconds: number;
  /** a claimed row belongs to its worker this long; past it, it counts as interrupted */
  leaseSeconds: number;
  /** messages on their way at once */
  maxInFlight: number;
  /** rows read per look at the outbox */
  batchSize: number;
}

export const WORKER_DEFAULTS: WorkerOptions = {
  maxAttempts: 8,
  backoffSeconds: 5,
  maxBackoffSeconds: 600,
  leaseSeconds: 300,
  maxInFlight: 32,
  batchSize: 500,
};

/** The longest the worker sleeps without looking (a row written by another instance). */
const IDLE_POLL_MS = 1000;
const RECOVERY_EVERY_MS = 60_000;

/**
 * Drains the outbox: claims each due row atomically, delivers it on its channel, and records
 * sent, retry (backoff, or the other side's retry_after) or failed with the reason. Telegram
 * rows wait for a slot of Telegram's limits. Time comes from the clock; `wake()` makes it look
 * now (after an event commits, or when a test moved the clock).
 */
export function createNotificationWorker(deps: {
  outbox: OutboxRepository;
  senders: Partial<Record<NotificationChannel, ChannelSender>>;
  telegramLimiter: TelegramRateLimiter;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  options?: Partial<WorkerOptions>;
}) {
  const { outbox, senders, telegramLimiter, clock, logger } = deps;
  const options = { ...WORKER_DEFAULTS, ...deps.options };
  const inFlight = new Map<number, Promise<void>>();
  let running = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let isWakeRequested = false;
  let lastRecovery = -Infinity;
  const nowMs = () => clock.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();

  function wake(): void {
    isWakeRequested = true;
    wakeUp?.();
  }

  function backoffMs(attempt: number): number {
    return Math.min(options.backoffSeconds * 2 ** (attempt - 1), options.maxBackoffSeconds) * 1000;
  }

  async function deliver(row: OutboxRow): Promise<void> {
    const attempt = row.attempts + 1;
    const sender = senders[row.channel];
    try {
      if (!sender) {
        await outbox.markFailed(row.id, `The ${row.channel} channel is not configured.`);
        return;
      }
      await sender.deliver(row);
      await outbox.markSent(row.id, iso(nowMs()));
    } catch (error) {
      const failure = describeFailure(error);
      const now = nowMs();
      if (failure.retryAfterSeconds !== undefined && row.channel === 'telegram') {
        telegramLimiter.pause(now, failure.retryAfterSeconds);
      }
      const isGivingUp = !failure.retryable || attempt >= options.maxAttempts;
      const reason = failure.message;
      logger.warn(
        { outbox_id: row.id, channel: row.channel, attempt, reason, gave_up: isGivingUp },
        'notification not delivered',
      );
      if (isGivingUp) {
        await outbox.markFailed(
          row.id,
          failure.retryable ? `${reason} (gave up after ${attempt} attempts)` : reason,
        );
      } else {
        const delay =
          failure.retryAfterSeconds !== undefined
            ? failure.retryAfterSeconds * 1000
            : backoffMs(attempt);
        await outbox.markRetry(row.id, iso(now + delay), reason);
      }
    }
  }

  function start(row: OutboxRow): void {
    const task = deliver(row)
      .catch((error: unknown) =>
        logger.error({ err: error, outbox_id: row.id }, 'outbox update failed'),
      )
      .finally(() => {
        if (row.channel === 'telegram') telegramLimiter.release(row.rate_key, nowMs());
        inFlight.delete(row.id);
        wake();
      });
    inFlight.set(row.id, task);
  }

  /** One look at the outbox: starts what may go now; answers how long to sleep. */
  async function drainOnce(): Promise<number> {
    const now = nowMs();
    if (now - lastRecovery >= RECOVERY_EVERY_MS) {
      lastRecovery = now;
      await outbox.failInterrupted(iso(now));
    }
    if (inFlight.size >= options.maxInFlight) return IDLE_POLL_MS;
    const rows = await outbox.findDue(iso(now), options.batchSize);
    let sleep = IDLE_POLL_MS;
    for (const row of rows) {
      if (inFlight.size >= options.maxInFlight) break;
      if (inFlight.has(row.id)) continue;
      if (row.channel === 'telegram') {
        const wait = telegramLimiter.tryTake(row.rate_key, nowMs());
        if (wait > 0) {
          sleep = Math.min(sleep, wait);
          continue;
        }
      }
      if (await outbox.claim(row.id, iso(nowMs() + options.leaseSeconds * 1000))) start(row);
      else if (row.channel === 'telegram') telegramLimiter.release(row.rate_key, nowMs());
    }
    if (rows.length === 0) {
      const next = await outbox.findNextDueOn();
      if (next) sleep = Math.min(sleep, Math.max(Date.parse(next) - nowMs(), 0));
    }
    return Math.max(sleep, 1);
  }

  async function run(): Promise<void> {
    while (running) {
      let sleep = IDLE_POLL_MS;
      isWakeRequested = false;
      try {
        sleep = await drainOnce();
      } catch (error) {
        logger.error({ err: error }, 'notification worker failed; retrying');
      }
      if (!running) break;
      if (isWakeRequested) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, sleep);
        timer.unref();
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  }

  return {
    wake,
    drainOnce,
    start(): void {
      if (running) return;
      running = true;
      loop = run();
    },
    /** Stops looking and waits for the messages already on their way. */
    async stop(): Promise<void> {
      running = false;
      wake();
      await loop;
      await Promise.all(inFlight.values());
    },
  };
}
