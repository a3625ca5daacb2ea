import { z } from 'zod';

/**
 * API keys (spec part 2 §3 "API key", ARCHITECTURE §4): a key acts for its owner in each of the
 * owner's workspaces, never beyond the owner's current role there, and only for the
 * operations its scope lists.
 */
export const API_KEY_SCOPES = ['PRINT_TO_GROUP', 'FULL_READ', 'LIMITED_WRITE'] as const;
export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof ApiKeyScopeSchema>;
export const DEFAULT_API_KEY_SCOPE: ApiKeyScope = 'PRINT_TO_GROUP';

/** What a route lets a key do; every API route declares one of these or none. */
export const API_KEY_OPERATIONS = [
  'read',
  /** reads of the owner's own account, members and settings: FULL_READ ("everything you can see") */
  'read_account',
  'upload_file',
  'print_start',
  'queue_add',
  'printer_control',
] as const;
export type ApiKeyOperation = (typeof API_KEY_OPERATIONS)[number];

export const API_KEY_SCOPE_OPERATIONS: Readonly<Record<ApiKeyScope, readonly ApiKeyOperation[]>> = {
  FULL_READ: ['read', 'read_account'],
  PRINT_TO_GROUP: ['read', 'upload_file', 'print_start', 'queue_add'],
  LIMITED_WRITE: ['read', 'print_start', 'queue_add', 'printer_control'],
};

export function scopeAllows(scope: ApiKeyScope, operation: ApiKeyOperation): boolean {
  return API_KEY_SCOPE_OPERATIONS[scope].includes(operation);
}

/** "pdk_" + 12-character public id + "_" + 43-character secret (256 bits). */
export const API_KEY_PREFIX = 'pdk_';
export const API_KEY_PATTERN = /^pdk_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;
export const API_KEY_NAME_MAX = 100;
export const API_KEYS_PER_USER_MAX = 100;

export const ApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_on: z.string(),
  scope: ApiKeyScopeSchema,
  last_used_on: z.string().nullable(),
  /**
   * The one workspace the key acts in, or null for every workspace of its owner. When the
   * owner has left it (`owner_is_member` false) the key does nothing there any more.
   */
  workspace: z
    .object({ id: z.number().int(), name: z.string().nullable(), owner_is_member: z.boolean() })
    .nullable()
    .default(null),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The creation answer is the only time the key itself is shown. */
export const ApiKeyCreatedSchema = ApiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;

/** An empty name is allowed: the server names the key after the moment it was made. */
export const ApiKeyCreateSchema = z.strictObject({
  name: z.string().trim().max(API_KEY_NAME_MAX).default(''),
  scope: ApiKeyScopeSchema.default(DEFAULT_API_KEY_SCOPE),
  /** limit the key to one of the owner's workspaces (default: every workspace) */
  workspace: z.number().int().positive().nullable().default(null),
});
export type ApiKeyCreate = z.input<typeof ApiKeyCreateSchema>;
