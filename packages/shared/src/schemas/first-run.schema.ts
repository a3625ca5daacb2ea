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
