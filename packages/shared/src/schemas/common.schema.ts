import { z } from 'zod';
import { LIMITS } from '../constants.js';

/** A positive integer id taken from a path or query string ("12"), strictly parsed. */
export const IdParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/, 'Must be a positive whole number')
  .transform(Number);

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax)
  .pipe(z.email('Enter a valid email address.'));

export const PasswordSchema = z
  .string()
  .min(LIMITS.passwordMin, `Password must have at least ${LIMITS.passwordMin} characters.`)
  .max(LIMITS.passwordMax, `Password must have at most ${LIMITS.passwordMax} characters.`);

export const EmptyResponseSchema = z.object({});

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), count: z.number().int(), next: z.string().nullable() });
}

/**
 * Lists over a history that only grows (files, print jobs) count up to this many rows: every
 * page costs the same at any size (issue 31); more shows as "10,000+".
 */
export const LIST_COUNT_CAP = 10_000;

/**
 * A files search counts its matches up to this many: a broad word ("gear", one file in nine)
 * would otherwise read ten times the matches on a ten times bigger farm.
 */
export const SEARCH_COUNT_CAP = 1_000;

/** A page whose `count` stops at LIST_COUNT_CAP; `count_is_capped` says there are more. */
export function cappedPagedSchema<T extends z.ZodType>(item: T) {
  return pagedSchema(item).extend({ count_is_capped: z.boolean() });
}

/** An address the server calls out to (webhooks, chat channels, Spoolman): http(s) only. */
export const HttpUrlSchema = z
  .string()
  .trim()
  .max(2000, 'Must be at most 2000 characters.')
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'Must be an http:// or https:// URL.');

/** A subscription's events: at least one of `events`, each once. */
export function eventListSchema<const T extends readonly [string, ...string[]]>(events: T) {
  return z
    .array(z.enum(events))
    .min(1, 'Choose at least one event.')
    .max(events.length)
    .transform((chosen) => [...new Set(chosen)]);
}
