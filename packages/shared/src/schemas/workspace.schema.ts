import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { PERMISSIONS, ROLES } from '../permissions.js';

export const RoleSchema = z.enum(ROLES);
export const PermissionSchema = z.enum(PERMISSIONS);

export const WorkspaceNameSchema = z
  .string()
  .trim()
  .min(LIMITS.workspaceNameMin, 'Workspace name is not valid.')
  .max(LIMITS.workspaceNameMax, 'Workspace name is not valid.');

export const WebsiteUrlSchema = z
  .string()
  .trim()
  .min(LIMITS.websiteUrlMin, 'Public website URL is not valid.')
  .max(LIMITS.websiteUrlMax, 'Public website URL is not valid.')
  .pipe(z.url({ protocol: /^https?$/, error: 'Public website URL is not valid.' }));

/** A workspace as the signed-in member sees it (spec part 2 §3 "Workspace (group)"). */
export const WorkspaceSchema = z.object({
  id: z.number().int(),
  uniqueId: z.string(),
  name: z.string(),
  public_description: z.string(),
  public_website_url: z.string().nullable(),
  is_public: z.boolean(),
  avatar: z.string().nullable(),
  created_on: z.string(),
  users_count: z.number().int(),
  printers_count: z.number().int(),
  gcodes_count: z.number().int(),
  videos_count: z.number().int(),
  settings: z.object({
    print_queue_enabled: z.boolean(),
    /** queue items without a printer go to the next free compatible printer */
    queue_dispatch_enabled: z.boolean(),
  }),
  me: z.object({ role: RoleSchema, permissions: z.array(PermissionSchema) }),
});
export type Workspace = z.infer<typeof WorkspaceSchema>;

export const WorkspaceListSchema = z.array(WorkspaceSchema);

const WorkspaceDescriptionSchema = z.string().max(LIMITS.workspaceDescriptionMax);
const WorkspaceWebsiteSchema = z.union([
  WebsiteUrlSchema,
  z.literal('').transform(() => null),
  z.null(),
]);

/** The create form (spec part 2 §2.10): a name, and optionally the description and website. */
export const WorkspaceCreateSchema = z.strictObject({
  name: WorkspaceNameSchema,
  public_description: WorkspaceDescriptionSchema.optional(),
  public_website_url: WorkspaceWebsiteSchema.optional(),
});
export type WorkspaceCreate = z.infer<typeof WorkspaceCreateSchema>;

export const WorkspaceUpdateSchema = z
  .strictObject({
    name: WorkspaceNameSchema,
    is_public: z.boolean(),
    public_description: WorkspaceDescriptionSchema,
    public_website_url: WorkspaceWebsiteSchema,
    settings: z
      .strictObject({ print_queue_enabled: z.boolean(), queue_dispatch_enabled: z.boolean() })
      .partial(),
  })
  .partial();
export type WorkspaceUpdate = z.infer<typeof WorkspaceUpdateSchema>;
