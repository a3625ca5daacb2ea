import type { Generated } from 'kysely';
import type { ApiKeyScope, FilamentColor, FilamentType, Locale, Role } from '@printdeck/shared';

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
  last_used_on: string | null;
  /** when this session last proved its password (and code), for sensitive changes */
  reauth_on: string | null;
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

/** LAN mode: what a printer's built-in agent drives (migration 0014). */
export interface LanPrintersTable {
  device_key_id: number;
  kind: 'octoprint' | 'moonraker';
  url: string;
  /** the OctoPrint API key, sealed with the server secret */
  api_key_sealed: string | null;
  created_on: string;
}

export interface DeviceKeysTable {
  id: Generated<number>;
  public_id: string;
  secret_hash: string;
  created_by: number | null;
  created_on: string;
  last_seen_on: string | null;
  revoked_on: string | null;
  /** the workspace the key was made in; it attaches elsewhere only when shared from there */
  workspace_id: number | null;
  /** the agent identity the key paired with at its first connection */
  identity_hash: string | null;
  paired_on: string | null;
}

export interface DeviceKeySharesTable {
  device_key_id: number;
  workspace_id: number;
  shared_by: number | null;
  created_on: string;
}

export interface PrintersTable {
  id: Generated<number>;
  workspace_id: number;
  device_key_id: number;
  name: string;
  note: string;
  enabled: number;
  device_type: string;
  filament_type: string | null;
  camera_enabled: number;
  camera_rotation: number;
  jobox_enabled: number;
  created_on: string;
  octoprint_api_key: string | null;
}

export interface PrinterGroupsTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  created_on: string;
}

export interface PrinterGroupMembersTable {
  printer_group_id: number;
  printer_id: number;
}

/** A G-code file: bytes in the file store under storage_key, metadata read at upload. */
export interface FilesTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  search_name: string;
  note: string;
  size: number;
  sha256: string;
  format: 'gcode' | 'bgcode';
  storage_key: string;
  is_public: number;
  filament_type: FilamentType | null;
  filament_color: FilamentColor | null;
  uploaded_by_id: number | null;
  uploaded_on: string;
  slicer: string | null;
  printing_time_sec: number | null;
  layer_height_mm: number | null;
  filament_used_mm: number | null;
  filament_used_g: number | null;
  nozzle_diameter_mm: number | null;
}

/** A thumbnail taken from a file; position 0 is the primary (largest) one. */
export interface FilePreviewsTable {
  id: Generated<number>;
  file_id: number;
  position: number;
  width: number;
  height: number;
  format: 'png' | 'jpg';
  storage_key: string;
}

export interface FileLabelsTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  parent_id: number | null;
  created_on: string;
}

export interface FileLabelAssignmentsTable {
  file_id: number;
  label_id: number;
}

export type PrintJobOutcome = 'printing' | 'done' | 'cancelled' | 'failed' | 'unknown';

export interface PrintJobsTable {
  id: Generated<number>;
  workspace_id: number;
  file_id: number | null;
  file_name: string;
  printer_id: number | null;
  printer_name: string;
  device_key_id: number;
  user_id: number | null;
  username: string;
  started_on: string;
  ended_on: string | null;
  outcome: PrintJobOutcome;
  make_video: number;
  video_state: string | null;
  filament_used_g: number | null;
  filament_used_mm: number | null;
  printing_time_sec: number | null;
  /** the file's path on the printer: with `device_started_at`, the printer's job identity */
  device_path: Generated<string | null>;
  /** when the print began on the printer, Unix seconds */
  device_started_at: Generated<number | null>;
  /** 1: started on the printer itself, not through Printdeck */
  started_on_printer: Generated<number>;
  /** why Printdeck concluded this outcome when the printer did not say (reconciled, device gone) */
  end_reason: Generated<string | null>;
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
  mail_next_attempt_on: string | null;
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

/** A timelapse video of one print job (its id is the job's id); bytes under the *_key columns. */
export interface VideosTable {
  print_job_id: number;
  workspace_id: number;
  is_public: Generated<number>;
  created_on: string;
  frames_received: Generated<number>;
  frames_corrupt: Generated<number>;
  frames_dropped: Generated<number>;
  camera_failures: Generated<number>;
  failure_reason: string | null;
  /** the failure check: null until it ran, then 0 or 1 with its reasons (a JSON array) */
  check_flagged: number | null;
  check_reasons: Generated<string>;
  duration_sec: number | null;
  video_size: number | null;
  video_key: string | null;
  photo_key: string | null;
  strip_key: string | null;
}

/** A frame the agent sent, kept until the video is made. */
export interface VideoFramesTable {
  video_id: number;
  seq: number;
  taken_on: string;
  storage_key: string;
  size: number;
  width: number;
  height: number;
}

export type VideoEncodeJobState = 'pending' | 'running' | 'done' | 'failed';

/** Durable encode work, claimed atomically by the worker (ARCHITECTURE §2 background work). */
export interface VideoEncodeJobsTable {
  id: Generated<number>;
  video_id: number;
  state: VideoEncodeJobState;
  attempts: Generated<number>;
  run_after: string;
  lease_until: string | null;
  last_error: string | null;
  created_on: string;
}

export type PrintQueueState = 'TO_BE_PRINTED' | 'PRINTED' | 'DONE';
export type PrintQueueStarter = 'manual' | 'jobox' | 'dispatch';

/** Spec part 2 §3 "Print queue item"; see migration 0008 for the claim columns. */
export interface PrintQueueItemsTable {
  id: Generated<number>;
  workspace_id: number;
  file_id: number;
  printer_id: number | null;
  state: PrintQueueState;
  position: number;
  jobox_autostart: number;
  make_video: number;
  print_job_id: number | null;
  added_by_id: number | null;
  added_by_username: string;
  added_on: string;
  printed_on: string | null;
  done_on: string | null;
  started_by: PrintQueueStarter | null;
  starting_on: string | null;
  is_held: number;
  start_error: string | null;
  start_error_on: string | null;
}

export type PlateState = 'clear' | 'in_use';

export interface PrinterPlatesTable {
  printer_id: number;
  state: PlateState;
  changed_on: string;
}

export interface TelegramLinksTable {
  user_id: number;
  chat_id: string;
  telegram_username: string | null;
  linked_on: string;
}

export interface TelegramLinkCodesTable {
  code_hash: string;
  user_id: number;
  created_on: string;
  expires_on: string;
  used_on: string | null;
}

export interface TelegramLoginUsesTable {
  payload_hash: string;
  used_on: string;
}

export interface TelegramBotStateTable {
  name: string;
  value: string;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_on: string;
}

export type NotificationChannel = 'telegram' | 'email' | 'push';
export type NotificationKind = 'print_done' | 'print_failed' | 'video_failed' | 'test';
export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed';

/** A message waiting to go out, or what became of it. */
export interface NotificationOutboxTable {
  id: Generated<number>;
  idempotency_key: string;
  channel: NotificationChannel;
  kind: NotificationKind;
  user_id: number;
  workspace_id: number | null;
  push_subscription_id: number | null;
  /** what Telegram's per-chat limit counts: the chat id; the user id on other channels */
  rate_key: string;
  /** JSON: what the message says (printer, file, outcome …), rendered at send time */
  payload: string;
  state: OutboxState;
  attempts: number;
  next_attempt_on: string;
  claimed_until: string | null;
  last_error: string | null;
  created_on: string;
  sent_on: string | null;
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

/** Issue 19: the one row (id 1) that closes the first-run welcome for good. */
export interface FirstRunClaimsTable {
  id: number;
  user_id: number | null;
  claimed_on: string;
}

export interface Database {
  users: UsersTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  mail_tokens: MailTokensTable;
  files: FilesTable;
  file_previews: FilePreviewsTable;
  file_labels: FileLabelsTable;
  file_label_assignments: FileLabelAssignmentsTable;
  device_keys: DeviceKeysTable;
  lan_printers: LanPrintersTable;
  device_key_shares: DeviceKeySharesTable;
  user_recovery_codes: UserRecoveryCodesTable;
  printers: PrintersTable;
  printer_groups: PrinterGroupsTable;
  printer_group_members: PrinterGroupMembersTable;
  print_jobs: PrintJobsTable;
  api_keys: ApiKeysTable;
  workspace_invitations: WorkspaceInvitationsTable;
  notification_settings: NotificationSettingsTable;
  news: NewsTable;
  news_reads: NewsReadsTable;
  videos: VideosTable;
  video_frames: VideoFramesTable;
  video_encode_jobs: VideoEncodeJobsTable;
  print_queue_items: PrintQueueItemsTable;
  printer_plates: PrinterPlatesTable;
  telegram_links: TelegramLinksTable;
  telegram_link_codes: TelegramLinkCodesTable;
  telegram_login_uses: TelegramLoginUsesTable;
  telegram_bot_state: TelegramBotStateTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_outbox: NotificationOutboxTable;
  idempotency_keys: IdempotencyKeysTable;
  first_run_claims: FirstRunClaimsTable;
}
