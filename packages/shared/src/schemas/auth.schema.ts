import { z } from 'zod';
import { LIMITS, LOCALES } from '../constants.js';
import { EmailSchema, PasswordSchema } from './common.schema.js';

/** A code from the authenticator app (6 digits) or a recovery code ("xxxxx-xxxxx"). */
export const OtpSchema = z.string().trim().min(6).max(20);

/** Sign-in; `otp` is asked for (401 otp_required) when the account has two-factor sign-in. */
export const TokenCreateSchema = z.strictObject({
  username: z.string().trim().toLowerCase().min(1).max(LIMITS.emailMax),
  password: z.string().min(1).max(LIMITS.passwordMax),
  otp: OtpSchema.optional(),
});
export type TokenCreate = z.infer<typeof TokenCreateSchema>;

/**
 * Sign-in and refresh answer `refresh` and `access`. A browser that sends REFRESH_COOKIE_HEADER
 * gets the refresh token only as an HttpOnly cookie, out of reach of scripts, and `access` alone.
 */
export const TokenPairSchema = z.object({ refresh: z.string().optional(), access: z.string() });
export type TokenPair = z.infer<typeof TokenPairSchema>;

/** Sent by the web app: keep the refresh token in the cookie, not in the body. */
export const REFRESH_COOKIE_HEADER = 'x-refresh-cookie';
/** The HttpOnly, SameSite=Strict cookie, scoped to the refresh path. */
export const REFRESH_COOKIE_NAME = 'printdeck_refresh';
export const REFRESH_COOKIE_PATH = '/api/tokens/refresh/';

/** `refresh` in the body (API clients), or absent when the browser's cookie carries it. */
export const TokenRefreshSchema = z.strictObject({
  refresh: z.string().min(1).max(512).optional(),
});

/** One sign-in of the user, as Settings → Account lists it. */
export const SessionSchema = z.object({
  id: z.string(),
  user_agent: z.string().nullable(),
  ip_address: z.string().nullable(),
  created_on: z.string(),
  last_used_on: z.string().nullable(),
  is_current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionParamsSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, 'Malformed session id'),
});

/**
 * Changing the password asks for the current one, and the authenticator code when two-factor
 * sign-in is on (checklist C05).
 */
export const PasswordChangeSchema = z.strictObject({
  current_password: z.string().min(1).max(LIMITS.passwordMax),
  new_password: PasswordSchema,
  otp: OtpSchema.optional(),
});

/** Re-authentication before a sensitive change: the password, and the code when 2FA is on. */
export const ReauthSchema = z.strictObject({
  password: z.string().min(1).max(LIMITS.passwordMax),
  otp: OtpSchema.optional(),
});
export type Reauth = z.infer<typeof ReauthSchema>;

/** Two-factor setup: the secret to type in, or the otpauth URI to scan. */
export const TwoFactorSetupSchema = z.object({ secret: z.string(), otpauth_uri: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const TwoFactorEnableSchema = z.strictObject({ code: OtpSchema });

/** Shown once when two-factor sign-in is turned on; each works once in place of a code. */
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  is_telegram: z.boolean(),
  is_admin: z.boolean(),
  /** the language notifications are written in (null: not chosen, English) */
  language: z.enum(LOCALES).nullable(),
  two_factor_enabled: z.boolean().default(false),
  /** a system administrator without two-factor sign-in: administration waits for it */
  two_factor_required: z.boolean().default(false),
});
export type User = z.infer<typeof UserSchema>;

/** PATCH /users/me/: the account's own settings. */
export const UserUpdateSchema = z.strictObject({ language: z.enum(LOCALES) });
export type UserUpdate = z.infer<typeof UserUpdateSchema>;

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
