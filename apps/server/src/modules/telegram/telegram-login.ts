import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { TelegramLoginData } from '@printdeck/shared';

/** Telegram says to refuse widget data older than this; a day, as its example does. */
export const LOGIN_MAX_AGE_SECONDS = 86_400;
/** A little clock difference between Telegram and us is tolerated, no more. */
const FUTURE_SKEW_SECONDS = 300;

export type LoginCheck = { ok: true } | { ok: false; reason: 'bad_hash' | 'expired' | 'future' };

/**
 * The data-check-string of https://core.telegram.org/widgets/login#checking-authorization:
 * every received field but `hash`, sorted by name, as `key=value`, joined by line feeds.
 */
export function buildDataCheckString(data: Record<string, unknown>): string {
  return Object.keys(data)
    .filter((key) => key !== 'hash' && data[key] !== undefined && data[key] !== null)
    .sort()
    .map((key) => `${key}=${String(data[key])}`)
    .join('\n');
}

/** HMAC-SHA-256 of the data-check-string, keyed with SHA-256 of the bot token, in hex. */
export function signLoginData(data: Record<string, unknown>, botToken: string): string {
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(buildDataCheckString(data)).digest('hex');
}

/** Checks the widget's signature (in constant time) and its age. */
export function checkLoginData(
  data: TelegramLoginData,
  botToken: string,
  nowSeconds: number,
): LoginCheck {
  const expected = Buffer.from(signLoginData(data, botToken), 'hex');
  const given = Buffer.from(data.hash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad_hash' };
  }
  if (data.auth_date > nowSeconds + FUTURE_SKEW_SECONDS) return { ok: false, reason: 'future' };
  if (nowSeconds - data.auth_date > LOGIN_MAX_AGE_SECONDS) return { ok: false, reason: 'expired' };
  return { ok: true };
}
