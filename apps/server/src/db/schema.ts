import type { Generated } from 'kysely';
import type { ApiKeyScope, FilamentColor, FilamentType, Role } from '@printdeck/shared';

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

export interface DeviceKeysTable {
  id: Generated<number>;
  public_id: string;
  secret_hash: string;
  created_by: number | null;
  created_on: string;
  last_seen_on: string | null;
  revoked_on: string | null;
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
}

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
  printers: PrintersTable;
  printer_groups: PrinterGroupsTable;
  printer_group_members: PrinterGroupMembersTable;
  print_jobs: PrintJobsTable;
  api_keys: ApiKeysTable;
  workspace_invitations: WorkspaceInvitationsTable;
  notification_settings: NotificationSettingsTable;
  news: NewsTable;
  news_reads: NewsReadsTable;
}
