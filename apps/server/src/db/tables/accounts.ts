import type { Generated } from 'kysely';
import type { ApiKeyScope } from '@printdeck/shared';

/** Accounts: users, their sign-in (sessions, two-factor, mailed links), API keys, the first run and the stored answers to idempotent requests. */

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  is_admin: number;
  created_on: string;
  /** the TOTP secret, encrypted with a key derived from the server secret */
  totp_secret: string | null;
  totp_enabled_on: string | null;
  totp_last_step: number | null;
  /** notifications are written in it; null = English */
  language: string | null;
}

/** One-time recovery codes for two-factor sign-in; only their hashes are kept. */
export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_on: string;
  used_on: string | null;
}

/** One sign-in: the family of rotating refresh tokens. */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_on: string;
  expires_on: string;
  revoked_on: string | null;
  user_agent: string | null;
  ip_address: string | null;
  last_used_on: string | null;
  /** when this session last proved its password (and code), for sensitive changes */
  reauth_on: string | null;
  /** when this session proved a second factor; null: password only (issue 23) */
  second_factor_on: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_on: string;
  used_on: string | null;
}

export interface MailTokensTable {
  token_hash: string;
  purpose: 'registration' | 'password_reset';
  email: string;
  created_on: string;
  expires_on: string;
  used_on: string | null;
}

/** An API key: only the hash of its secret is stored (checklist C14). */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  public_id: string;
  secret_hash: string;
  name: string;
  scope: ApiKeyScope;
  created_on: string;
  last_used_on: string | null;
  /** the one workspace the key acts in; null: every workspace of its owner */
  workspace_id: number | null;
}

/** Issue 19: the one row (id 1) that closes the first-run welcome for good. */
export interface FirstRunClaimsTable {
  id: number;
  user_id: number | null;
  claimed_on: string;
}

/** The first answer to an Idempotency-Key (IETF httpapi-idempotency-key), per caller, for a day. */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  caller: string;
  idempotency_key: string;
  fingerprint: string;
  method: string;
  path: string;
  /** null while the first request runs */
  status: number | null;
  content_type: string | null;
  body: string | null;
  created_on: string;
  completed_on: string | null;
  expires_on: string;
}

/** The tables above, by their names in the database. */
export interface AccountTables {
  users: UsersTable;
  user_recovery_codes: UserRecoveryCodesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  mail_tokens: MailTokensTable;
  api_keys: ApiKeysTable;
  first_run_claims: FirstRunClaimsTable;
  idempotency_keys: IdempotencyKeysTable;
}
