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
