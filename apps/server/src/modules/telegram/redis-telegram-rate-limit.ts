import type { Redis } from 'ioredis';
import {
  TELEGRAM_LIMITS,
  TelegramRateLimiter,
  type RateLimits,
  type TelegramLimiter,
} from './telegram-rate-limit.js';

/**
 * KEYS: pause, chat, second's count, chat's reservation. ARGV: now, chat interval, per second,
 * reserve (1 for a queue: successive turns), in-flight hold.
 * The chat key is `f` while a send is on its way (it expires if its instance dies mid-send),
 * then the time it finished, kept one interval.
 */
const TAKE = `
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local pause = tonumber(redis.call('GET', KEYS[1]) or '0')
if now < pause then return {pause - now, 1} end
local chat = redis.call('GET', KEYS[2])
local chatWait = 0
if chat == 'f' then chatWait = interval
elseif chat then chatWait = tonumber(chat) + interval - now end
local count = tonumber(redis.call('GET', KEYS[3]) or '0')
if count >= tonumber(ARGV[3]) then
  return {math.max(1000 - now % 1000, chatWait), 1}
end
if chatWait > 0 then
  if ARGV[4] ~= '1' then return {chatWait, 0} end
  local turn = math.max(tonumber(redis.call('GET', KEYS[4]) or '0'), now + chatWait)
  redis.call('SET', KEYS[4], turn + interval, 'PX', turn + interval - now)
  return {turn - now, 0}
end
redis.call('INCR', KEYS[3])
redis.call('PEXPIRE', KEYS[3], 2000)
redis.call('SET', KEYS[2], 'f', 'PX', ARGV[5])
return {0, 0}`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == 'f' then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end`;

const PAUSE = `
local until = tonumber(ARGV[1])
if until > tonumber(redis.call('GET', KEYS[1]) or '0') then
  redis.call('SET', KEYS[1], until, 'PX', ARGV[2])
end`;

/** A send that takes longer than this (its instance died) no longer holds the chat. */
const IN_FLIGHT_HOLD_MS = 60_000;
/** Redis holds the link but does not answer: everyone waits this long, no attempt spent. */
const STALLED_WAIT_MS = 1000;

/**
 * Telegram's limits shared by every instance (REDIS_URL): one chat gets one message a second
 * whichever instance sends it, a 429's pause holds every instance, and the 30 a second count
 * per second for the cluster (started sends, by the second they started in). While the link
 * to Redis is down each instance limits in its own memory, as without Redis.
 */
export class RedisTelegramRateLimiter implements TelegramLimiter {
  private readonly local: TelegramRateLimiter;
  /** chats whose slot this instance took in Redis (the others were taken locally) */
  private readonly takenInRedis = new Set<string>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limits: RateLimits = TELEGRAM_LIMITS,
  ) {
    this.local = new TelegramRateLimiter(limits);
  }

  async tryTake(chat: string, now: number): Promise<number> {
    return (await this.takeOrWait(chat, now, false)).wait;
  }

  take(chat: string, now: number): Promise<{ wait: number; isGlobal: boolean }> {
    return this.takeOrWait(chat, now, true);
  }

  async release(chat: string, now: number): Promise<void> {
    if (!this.takenInRedis.delete(chat)) return this.local.release(chat, now);
    const interval = this.limits.perChatIntervalMs;
    await this.redis.eval(RELEASE, 1, this.key(`chat:${chat}`), now, interval).catch(() => {
      // not released: the hold expires by itself
    });
  }

  async pause(now: number, retryAfterSeconds: number): Promise<void> {
    this.local.pause(now, retryAfterSeconds);
    const ms = Math.ceil(retryAfterSeconds * 1000);
    await this.redis.eval(PAUSE, 1, this.key('pause'), now + ms, ms).catch(() => undefined);
  }

  private async takeOrWait(
    chat: string,
    now: number,
    reserve: boolean,
  ): Promise<{ wait: number; isGlobal: boolean }> {
    if (this.redis.status !== 'ready') return this.takeLocally(chat, now, reserve);
    const keys = [
      this.key('pause'),
      this.key(`chat:${chat}`),
      this.key(`second:${Math.floor(now / 1000)}`),
      this.key(`turn:${chat}`),
    ];
    const args = [now, this.limits.perChatIntervalMs, this.limits.perSecond, reserve ? 1 : 0];
    let answer: [number, number];
    try {
      answer = (await this.redis.eval(TAKE, keys.length, ...keys, ...args, IN_FLIGHT_HOLD_MS)) as [
        number,
        number,
      ];
    } catch {
      if (this.redis.status !== 'ready') return this.takeLocally(chat, now, reserve);
      return { wait: STALLED_WAIT_MS, isGlobal: true };
    }
    const [wait, isGlobal] = answer.map(Number) as [number, number];
    if (wait <= 0) this.takenInRedis.add(chat);
    return { wait: Math.max(0, wait), isGlobal: isGlobal === 1 };
  }

  private takeLocally(chat: string, now: number, reserve: boolean) {
    if (reserve) return this.local.take(chat, now);
    return { wait: this.local.tryTake(chat, now), isGlobal: false };
  }

  private key(name: string): string {
    return `${this.prefix}telegram:${name}`;
  }
}
