import {
  LIMITS,
  getRolePermissions,
  roleHasPermission,
  type Permission,
  type Role,
  type Workspace,
  type WorkspaceCreate,
  type WorkspaceUpdate,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { generatePublicId } from '../../crypto/random.js';
import type { Db } from '../../db/database.js';
import { fieldError, forbidden, notFound } from '../../http/app-error.js';
import { sanitizeDescription } from './description-sanitizer.js';
import type { MemberWorkspaceRow, WorkspacesRepository } from './workspaces.repository.js';

interface Deps {
  workspaces: WorkspacesRepository;
  clock: Clock;
}

export function toWorkspaceResponse(row: MemberWorkspaceRow): Workspace {
  return {
    id: row.id,
    uniqueId: row.unique_id,
    name: row.name,
    public_description: row.public_description,
    public_website_url: row.public_website_url,
    is_public: row.is_public === 1,
    avatar: row.avatar,
    created_on: row.created_on,
    users_count: row.users_count,
    printers_count: row.printers_count,
    gcodes_count: row.gcodes_count,
    videos_count: row.videos_count,
    settings: {
      print_queue_enabled: row.print_queue_enabled === 1,
      queue_dispatch_enabled: row.queue_dispatch_enabled === 1,
      stagger_max_heating: row.stagger_max_heating,
      stagger_interval_s: row.stagger_interval_s,
      energy_price_kwh: row.energy_price_kwh,
      machine_hour_rate: row.machine_hour_rate,
      currency: row.currency,
    },
    me: { role: row.role, permissions: getRolePermissions(row.role) },
  };
}

/** Spec part 2 §8: the same answer for a workspace that does not exist and one you are not in. */
export const workspaceNotFound = (id: number | string) =>
  notFound(`Workspace does not exists — Can't find requested workspace with ID: ${id}`);

/** The description as stored: sanitised HTML, still within the limit once re-escaped. */
function toStoredDescription(html: string): string {
  const sanitized = sanitizeDescription(html);
  if (sanitized.length > LIMITS.workspaceDescriptionMax) {
    throw fieldError(
      'public_description',
      `The description is longer than ${LIMITS.workspaceDescriptionMax} characters.`,
    );
  }
  return sanitized;
}

export function createWorkspacesService({ workspaces, clock }: Deps) {
  /**
   * The caller's role in a workspace, checked for a permission. Not a member → 404, so
   * another workspace's existence never leaks; a member without the permission → 403.
   */
  async function requireWorkspacePermission(
    userId: number,
    workspaceId: number,
    permission: Permission,
  ): Promise<Role> {
    const membership = await workspaces.findMembershipRole(userId, workspaceId);
    if (!membership) throw workspaceNotFound(workspaceId);
    if (!roleHasPermission(membership.role, permission)) throw forbidden();
    return membership.role;
  }

  async function getWorkspaceOrThrow(userId: number, workspaceId: number): Promise<Workspace> {
    const row = await workspaces.findMemberWorkspace(userId, workspaceId);
    if (!row) throw workspaceNotFound(workspaceId);
    return toWorkspaceResponse(row);
  }

  return {
    requireWorkspacePermission,

    /** The caller's role in a workspace, null when not a member. */
    async findRole(userId: number, workspaceId: number): Promise<Role | null> {
      return (await workspaces.findMembershipRole(userId, workspaceId))?.role ?? null;
    },
    getWorkspaceOrThrow,

    async listWorkspaces(userId: number): Promise<Workspace[]> {
      return (await workspaces.listMemberWorkspaces(userId)).map(toWorkspaceResponse);
    },

    /** The creator becomes the workspace's admin (ARCHITECTURE §4). */
    async createWorkspace(userId: number, input: WorkspaceCreate, trx?: Db): Promise<number> {
      return workspaces.insertWorkspaceWithAdmin(
        {
          name: input.name,
          unique_id: generatePublicId(),
          created_on: clock.now().toISOString(),
          public_description: toStoredDescription(input.public_description ?? ''),
          public_website_url: input.public_website_url ?? null,
        },
        userId,
        trx,
      );
    },

    async updateWorkspace(
      userId: number,
      workspaceId: number,
      input: WorkspaceUpdate,
    ): Promise<Workspace> {
      await requireWorkspacePermission(userId, workspaceId, 'CHANGE_GROUP');
      await workspaces.updateWorkspace(workspaceId, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.is_public !== undefined && { is_public: input.is_public ? 1 : 0 }),
        ...(input.public_description !== undefined && {
          public_description: toStoredDescription(input.public_description),
        }),
        ...(input.public_website_url !== undefined && {
          public_website_url: input.public_website_url,
        }),
        ...(input.settings?.print_queue_enabled !== undefined && {
          print_queue_enabled: input.settings.print_queue_enabled ? 1 : 0,
        }),
        ...(input.settings?.queue_dispatch_enabled !== undefined && {
          queue_dispatch_enabled: input.settings.queue_dispatch_enabled ? 1 : 0,
        }),
        ...(input.settings?.stagger_max_heating !== undefined && {
          stagger_max_heating: input.settings.stagger_max_heating,
        }),
        ...(input.settings?.stagger_interval_s !== undefined && {
          stagger_interval_s: input.settings.stagger_interval_s,
        }),
        ...(input.settings?.energy_price_kwh !== undefined && {
          energy_price_kwh: input.settings.energy_price_kwh,
        }),
        ...(input.settings?.machine_hour_rate !== undefined && {
          machine_hour_rate: input.settings.machine_hour_rate,
        }),
        ...(input.settings?.currency !== undefined && { currency: input.settings.currency }),
      });
      return getWorkspaceOrThrow(userId, workspaceId);
    },
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
