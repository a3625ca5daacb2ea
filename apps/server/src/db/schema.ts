import type { Generated } from 'kysely';
import type { Role } from '@printdeck/shared';

/**
 * Tables as both dialects see them. Timestamps are ISO-8601 UTC strings and flags are 0/1
 * integers, so the same queries and migrations run unchanged on SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  is_admin: number;
  created_on: string;
}

export interface WorkspacesTable {
  id: Generated<number>;
  unique_id: string;
  name: string;
  public_description: string;
  public_website_url: string | null;
  is_public: number;
  avatar: string | null;
  print_queue_enabled: number;
  created_on: string;
}

export interface MembershipsTable {
  workspace_id: number;
  user_id: number;
  role: Role;
  created_on: string;
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

export interface Database {
  users: UsersTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  mail_tokens: MailTokensTable;
}
