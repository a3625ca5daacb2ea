import {
  roleHasPermission,
  type InvitationDelivery,
  type Member,
  type Members,
  type MembersListQuery,
  type PendingInvitation,
  type Permission,
  type Role,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { InvitationMailState } from '../../db/schema.js';
import { AppError, forbidden, notFound } from '../../http/app-error.js';
import type {
  InvitationRow,
  InvitationsRepository,
} from '../invitations/invitations.repository.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { buildMembersNextUrl, decodeMemberCursor } from './members-cursor.js';
import type { MemberRow, MembersRepository } from './members.repository.js';

interface Deps {
  db: Db;
  members: MembersRepository;
  invitations: InvitationsRepository;
  workspaces: WorkspacesService;
  clock: Clock;
}

export const toMemberResponse = (row: MemberRow): Member => ({
  userId: row.user_id,
  email: row.email,
  role: row.role,
});

export const toInvitationResponse = (row: InvitationRow): PendingInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  createdOn: row.created_on,
  validUntil: row.expires_on,
  delivery: toInvitationDelivery(row.mail_state),
});

/** A mail being sent counts as pending for the inviter until it has left. */
const toInvitationDelivery = (state: InvitationMailState): InvitationDelivery =>
  state === 'sending' ? 'pending' : state;

const memberNotFound = () => notFound('User not found.');
const lastAdmin = (message: string) => new AppError('conflict', message);

/**
 * Members of a workspace and their roles (spec part 2 §2.10, ARCHITECTURE §4). A workspace
 * always keeps an admin; the check and the change run in one transaction that holds the
 * workspace's lock. Access is checked per request, so a change takes effect at once for the
 * member's tokens and API keys (checklist C21).
 */
export function createMembersService({ db, members, invitations, workspaces, clock }: Deps) {
  /**
   * Inside a transaction holding the workspace lock: the caller's permission once more (a
   * concurrent change may just have taken it), the target member, and whether it is the last
   * admin.
   */
  async function lockMember(
    caller: { userId: number; permission: Permission },
    workspaceId: number,
    targetId: number,
    trx: Db,
  ) {
    await members.lockWorkspace(workspaceId, trx);
    const self = await members.findMember(workspaceId, caller.userId, trx);
    if (!self || !roleHasPermission(self.role, caller.permission)) throw forbidden();
    const target = await members.findMember(workspaceId, targetId, trx);
    if (!target) throw memberNotFound();
    const isLastAdmin =
      target.role === 'admin' && (await members.countAdmins(workspaceId, trx)) < 2;
    return { target, isLastAdmin };
  }

  return {
    async listMembers(
      userId: number,
      workspaceId: number,
      query: MembersListQuery,
    ): Promise<Members> {
      const role = await workspaces.requireWorkspacePermission(
        userId,
        workspaceId,
        'VIEW_GROUP_MEMBERS',
      );
      const after = decodeMemberCursor(query.cursor);
      const isFirstPage = after === undefined;
      const canManage = roleHasPermission(role, 'MANAGE_GROUP_MEMBERS');
      const [rows, count, pending] = await Promise.all([
        members.listMembersPage(workspaceId, { after, limit: query.limit + 1 }),
        members.countMembers(workspaceId),
        canManage && isFirstPage
          ? invitations.listPendingInvitations(workspaceId, clock.now().toISOString())
          : [],
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        users: page.map(toMemberResponse),
        count,
        next:
          rows.length > query.limit && last
            ? buildMembersNextUrl(workspaceId, query, { email: last.email, userId: last.user_id })
            : null,
        pendingInvitations: pending.map(toInvitationResponse),
      };
    },

    async changeRole(
      userId: number,
      workspaceId: number,
      targetId: number,
      role: Role,
    ): Promise<Member> {
      const permission = 'MANAGE_GROUP_MEMBERS';
      await workspaces.requireWorkspacePermission(userId, workspaceId, permission);
      return db.transaction().execute(async (trx) => {
        const { target, isLastAdmin } = await lockMember(
          { userId, permission },
          workspaceId,
          targetId,
          trx,
        );
        if (isLastAdmin && role !== 'admin') {
          throw lastAdmin(
            "The last admin of a workspace can't be demoted. Make another member admin first.",
          );
        }
        await members.updateRole(workspaceId, targetId, role, trx);
        return toMemberResponse({ ...target, role });
      });
    },

    /** An admin removes anyone; any member may leave. The last admin can do neither. */
    async removeMember(userId: number, workspaceId: number, targetId: number): Promise<void> {
      const permission = targetId === userId ? 'VIEW_GROUP' : 'MANAGE_GROUP_MEMBERS';
      await workspaces.requireWorkspacePermission(userId, workspaceId, permission);
      await db.transaction().execute(async (trx) => {
        const { isLastAdmin } = await lockMember(
          { userId, permission },
          workspaceId,
          targetId,
          trx,
        );
        if (isLastAdmin) {
          throw lastAdmin(
            "The last admin of a workspace can't leave it or be removed. Make another member admin first.",
          );
        }
        await members.deleteMembership(workspaceId, targetId, trx);
      });
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
