import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { EmailSchema, WorkspaceNameSchema } from '@printdeck/shared';
import type { z } from 'zod';
import { systemClock } from '../clock.js';
import { createMaintenanceSwitch } from '../http/maintenance.js';
import { createUsersRepository } from '../modules/users/users.repository.js';
import type { CliContext } from './cli-context.js';

/** Wrong words on the command line (exit 2). */
export class CliUsageError extends Error {}

/** Understood, but cannot be done (exit 1). */
export class CliRefusedError extends Error {}

export type Flags = Record<string, string | boolean | undefined>;

function requireText(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value === '') throw new CliUsageError(`--${name} is required.`);
  return value;
}

function parseWith<T extends z.ZodType>(schema: T, value: string, name: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new CliUsageError(`--${name}: ${result.error.issues[0]?.message ?? 'invalid value'}`);
  return result.data;
}

export async function createUserCommand({ services }: CliContext, flags: Flags): Promise<string> {
  const email = parseWith(EmailSchema, requireText(flags, 'email'), 'email');
  const user = await services.users.createAccount({
    email,
    password: requireText(flags, 'password'),
    isAdmin: flags.admin === true,
  });
  return `Created user ${user.email} (id ${user.id}${user.is_admin ? ', system administrator' : ''}).`;
}

export async function resetPasswordCommand(
  { services, database }: CliContext,
  flags: Flags,
): Promise<string> {
  const email = parseWith(EmailSchema, requireText(flags, 'email'), 'email');
  const user = await createUsersRepository(database.db).findUserByEmail(email);
  if (!user) throw new CliRefusedError(`No user with e-mail ${email}.`);
  await services.users.setPassword(user.id, requireText(flags, 'password'));
  return `Password of ${email} changed; their sessions were signed out.`;
}

export async function createWorkspaceCommand(
  { services, database }: CliContext,
  flags: Flags,
): Promise<string> {
  const name = parseWith(WorkspaceNameSchema, requireText(flags, 'name'), 'name');
  const owner = parseWith(EmailSchema, requireText(flags, 'owner'), 'owner');
  const user = await createUsersRepository(database.db).findUserByEmail(owner);
  if (!user)
    throw new CliRefusedError(`No user with e-mail ${owner}. Create it first with "user create".`);
  const id = await services.workspaces.createWorkspace(user.id, { name });
  return `Created workspace "${name}" (id ${id}) with ${owner} as its admin.`;
}

export function setMaintenanceCommand(dataDir: string, mode: string | undefined): string {
  const { file } = createMaintenanceSwitch(dataDir);
  if (mode === 'on') {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, systemClock.now().toISOString());
    return 'Maintenance mode is on: the API answers 503 until "maintenance off".';
  }
  if (mode === 'off') {
    rmSync(file, { force: true });
    return 'Maintenance mode is off.';
  }
  throw new CliUsageError('Say "maintenance on" or "maintenance off".');
}
