import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { EmailSchema, PasswordSchema } from './common.schema.js';
import { WorkspaceNameSchema } from './workspace.schema.js';

/**
 * First run (checklist C07): while no account exists the empty server greets its first user,
 * who becomes a system administrator. It works exactly once.
 */
export const FirstRunStatusSchema = z.object({ is_open: z.boolean() });
export type FirstRunStatus = z.infer<typeof FirstRunStatusSchema>;

/** The same fields and rules as registration, plus the language and the first workspace's name. */
export const FirstRunCreateSchema = z.strictObject({
  email: EmailSchema,
  password: PasswordSchema,
  language: z.enum(LOCALES),
  /** the first workspace; without it, named after the e-mail like a registered account's */
  workspace_name: WorkspaceNameSchema.optional(),
});
export type FirstRunCreate = z.infer<typeof FirstRunCreateSchema>;

/**
 * GET /groups/{g}/getting-started/: the first steps of a new workspace, as the server's data
 * tells them (the dashboard's "Get started" card ticks each one).
 */
export const GettingStartedSchema = z.object({
  /** a printer is in the workspace (connected or not) */
  printer_added: z.boolean(),
  /** a printer of the workspace has had its agent connect at least once */
  printer_connected: z.boolean(),
  file_uploaded: z.boolean(),
  /** someone besides the first member joined, or an invitation went out */
  member_invited: z.boolean(),
});
export type GettingStarted = z.infer<typeof GettingStartedSchema>;
