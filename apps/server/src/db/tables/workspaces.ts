import type { Generated } from 'kysely';
import type { Locale, Role } from '@printdeck/shared';

/** Workspaces: members, invitations, notification settings and the news they read. */

export interface WorkspacesTable {
  id: Generated<number>;
  unique_id: string;
  name: string;
  public_description: string;
  public_website_url: string | null;
  is_public: number;
  avatar: string | null;
  print_queue_enabled: number;
  /** items without a printer go to the next free compatible printer */
  queue_dispatch_enabled: Generated<number>;
  /** staggered start (issue 26): at most this many printers heating at once, null for no limit */
  stagger_max_heating: number | null;
  /** staggered start: at least this many seconds between two automatic starts */
  stagger_interval_s: number | null;
  last_auto_start_on: string | null;
  /** cost per print (issue 26): price of a kWh, an optional machine-hour rate, the currency */
  energy_price_kwh: Generated<number | null>;
  machine_hour_rate: Generated<number | null>;
  currency: Generated<string | null>;
  created_on: string;
}

export interface MembershipsTable {
  workspace_id: number;
  user_id: number;
  role: Role;
  created_on: string;
}

/** A pending invitation of an address without an account; its mailed token is stored hashed. */
export interface WorkspaceInvitationsTable {
  id: Generated<number>;
  workspace_id: number;
  email: string;
  role: Role;
  token_hash: string;
  invited_by: number | null;
  created_on: string;
  expires_on: string;
  mail_state: Generated<InvitationMailState>;
  mail_attempts: Generated<number>;
  /** unused since migration 0019: the mail's job (background_jobs) holds when and who */
  mail_next_attempt_on: string | null;
  /** unused since migration 0019, as above */
  mail_claimed_until: string | null;
  mail_locale: Locale | null;
  mail_last_error: string | null;
}

/** Where an invitation's mail is: being sent, waiting for the mail server, sent, given up. */
export type InvitationMailState = 'sending' | 'pending' | 'sent' | 'failed';

export interface NotificationSettingsTable {
  id: Generated<number>;
  user_id: number;
  workspace_id: number;
  telegram_enabled: number;
  telegram_video_failure_alert: number;
  telegram_print_done: number;
  email_enabled: number;
  email_video_failure_alert: number;
  created_on: string;
}

/** News in English and Czech, markdown, shown to readers from publish_from on. */
export interface NewsTable {
  id: Generated<number>;
  title_en: string;
  perex_en: string;
  content_en: string;
  title_cs: string;
  perex_cs: string;
  content_cs: string;
  publish_from: string;
  created_by: number | null;
  created_on: string;
  updated_on: string;
}

export interface NewsReadsTable {
  news_id: number;
  user_id: number;
  read_on: string;
}

/** The tables above, by their names in the database. */
export interface WorkspaceTables {
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  workspace_invitations: WorkspaceInvitationsTable;
  notification_settings: NotificationSettingsTable;
  news: NewsTable;
  news_reads: NewsReadsTable;
}
