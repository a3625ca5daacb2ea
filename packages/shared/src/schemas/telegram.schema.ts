import { z } from 'zod';

/**
 * What Telegram's Login Widget hands the page (https://core.telegram.org/widgets/login,
 * "Receiving authorization data"); the server checks `hash` over the other fields.
 */
export const TelegramLoginDataSchema = z.strictObject({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: z.string().max(256),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  photo_url: z.string().max(2048).optional(),
  auth_date: z.number().int().positive(),
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'Must be 64 lower-case hexadecimal characters.'),
});
export type TelegramLoginData = z.infer<typeof TelegramLoginDataSchema>;

export const TelegramRegisterSchema = z.strictObject({ telegram_data: TelegramLoginDataSchema });

/** GET /telegram/: the bot to link with (null when the server has none) and my link. */
export const TelegramStatusSchema = z.object({
  bot_name: z.string().nullable(),
  link: z.object({ username: z.string().nullable(), linked_on: z.string() }).nullable(),
});
export type TelegramStatus = z.infer<typeof TelegramStatusSchema>;

/** POST /telegram/link-code/: a one-time deep link that the bot reads with getUpdates. */
export const TelegramLinkCodeSchema = z.object({
  code: z.string(),
  url: z.string(),
  expires_on: z.string(),
});
export type TelegramLinkCode = z.infer<typeof TelegramLinkCodeSchema>;
