import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { EmailSchema, PasswordSchema } from './common.schema.js';

export const TokenCreateSchema = z.strictObject({
  username: z.string().trim().toLowerCase().min(1).max(LIMITS.emailMax),
  password: z.string().min(1).max(LIMITS.passwordMax),
});
export type TokenCreate = z.infer<typeof TokenCreateSchema>;

export const TokenPairSchema = z.object({ refresh: z.string(), access: z.string() });
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const TokenRefreshSchema = z.strictObject({ refresh: z.string().min(1).max(512) });
export type TokenRefresh = z.infer<typeof TokenRefreshSchema>;

export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  is_telegram: z.boolean(),
  is_admin: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const InvitationCreateSchema = z.strictObject({ email: EmailSchema });
export type InvitationCreate = z.infer<typeof InvitationCreateSchema>;

/** A token from a mailed link: "<payload>.<secret>", both base64url. */
export const MailTokenSchema = z
  .string()
  .min(10)
  .max(1024)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'Malformed token');

export const UserCreateSchema = z.strictObject({
  password: PasswordSchema,
  token: MailTokenSchema,
});
export type UserCreate = z.infer<typeof UserCreateSchema>;

export const PasswordResetRequestSchema = z.strictObject({ email: EmailSchema });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

export const PasswordResetConfirmSchema = z.strictObject({
  token: MailTokenSchema,
  password: PasswordSchema,
});
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;
