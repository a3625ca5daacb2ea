import {
  INVITATION_TTL_SECONDS,
  type InviteAnalysis,
  type Locale,
  type MemberInviteResult,
  type User,
  type Workspace,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { sha256Hex } from '../../crypto/random.js';
import type { Db } from '../../db/database.js';
import { AppError, notFound, tokenNotValid } from '../../http/app-error.js';
import { RATE_LIMITS, type RateLimitRule, type RateLimiter } from '../../http/rate-limiter.js';
import { renderMail } from '../../mail/mail-templates.js';
import type { Mailer } from '../../mail/mailer.js';
import { toInvitationResponse, toMemberResponse } from '../members/members.service.js';
import type { MembersRepository } from '../members/members.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import { toUserResponse, type UsersService } from '../users/users.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { createInvitationToken } from './invitation-token.js';
import type { InvitationRow, InvitationsRepository } from './invitations.repository.js';

interface Deps {
  db: Db;
  invitations: InvitationsRepository;
  members: MembersRepository;
  users: UsersRepository;
  usersService: UsersService;
  workspaces: WorkspacesService;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  clock: Clock;
  publicUrl: string;
}

/** A bulk invite of a whole class fits; a runaway script does not. */
const INVITES_PER_WORKSPACE: RateLimitRule = { limit: 1000, windowSeconds: 60 * 60 };
/** Each analysis may name 1000 addresses: it reveals which have accounts, so it is rationed. */
const ANALYSES_PER_USER: RateLimitRule = { limit: 30, windowSeconds: 60 * 60 };

const INVITATION_INVALID = 'The invitation is invalid or has expired.';
const alreadyInvited = () => new AppError('conflict', 'User already invited');

/**
 * Invitations by e-mail (spec part 2 §2.10, checklist C06): an address with an account joins
 * at once as observer and is told by mail; a new address gets a link, bound to the workspace,
 * the address and the observer role, stored hashed, single use, valid for seven days.
 */
export function createInvitationsService(deps: Deps) {
  const { db, invitations, members, users, workspaces, mailer, rateLimiter, clock } = deps;
  const nowIso = () => clock.now().toISOString();

  /** The mail to someone added directly is a courtesy: its failure does not undo the membership. */
  async function tellAddedMember(
    email: string,
    vars: { workspace: string; inviter: string },
    locale: Locale,
  ) {
    const key = `mail-to:${email}`;
    if (rateLimiter.retryAfter(key, RATE_LIMITS.mailsPerRecipient) > 0) return false;
    rateLimiter.hit(key, RATE_LIMITS.mailsPerRecipient);
    try {
      await mailer.send(renderMail('addedToWorkspace', locale, email, `${deps.publicUrl}/`, vars));
      return true;
    } catch {
      return false;
    }
  }

  /** Uses the invitation up and writes the membership it promised, in one transaction. */
  async function claimIntoWorkspace(
    invitation: InvitationRow,
    userId: number,
    invalid: () => AppError,
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      if (!(await invitations.claimInvitation(invitation.id, trx))) throw invalid();
      await members.insertMembership(
        {
          workspace_id: invitation.workspace_id,
          user_id: userId,
          role: invitation.role,
          created_on: nowIso(),
        },
        trx,
      );
    });
  }

  async function mailInvitation(
    workspaceId: number,
    input: { email: string; invitedBy: number; workspace: string; inviter: string; locale: Locale },
  ) {
    rateLimiter.consume(`mail-to:${input.email}`, RATE_LIMITS.mailsPerRecipient);
    const now = clock.now();
    const createdOn = now.toISOString();
    const expiresOn = new Date(now.getTime() + INVITATION_TTL_SECONDS * 1000).toISOString();
    await invitations.deleteInvitationOf(workspaceId, input.email, createdOn);
    const token = createInvitationToken({
      email: input.email,
      purpose: 'invitation',
      workspace: input.workspace,
      exp: Math.floor(Date.parse(expiresOn) / 1000),
    });
    const row = await invitations.insertInvitation({
      workspace_id: workspaceId,
      email: input.email,
      role: 'observer',
      token_hash: sha256Hex(token),
      invited_by: input.invitedBy,
      created_on: createdOn,
      expires_on: expiresOn,
    });
    if (!row) throw alreadyInvited();
    const link = `${deps.publicUrl}/invitations/accept?token=${token}`;
    try {
      await mailer.send(renderMail('invitation', input.locale, input.email, link, input));
    } catch (error) {
      // an invitation nobody received would block the next attempt for a week
      await invitations.deleteInvitation(workspaceId, row.id);
      throw error;
    }
    return toInvitationResponse(row);
  }

  return {
    async inviteMember(
      userId: number,
      workspaceId: number,
      email: string,
      locale: Locale,
    ): Promise<MemberInviteResult> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'MANAGE_GROUP_MEMBERS');
      rateLimiter.consume(`invites:${workspaceId}`, INVITES_PER_WORKSPACE);
      const [workspace, inviter, account] = await Promise.all([
        workspaces.getWorkspaceOrThrow(userId, workspaceId),
        users.findUserById(userId),
        users.findUserByEmail(email),
      ]);
      const vars = { workspace: workspace.name, inviter: inviter?.email ?? '' };
      if (account) {
        const isAdded = await members.insertMembership({
          workspace_id: workspaceId,
          user_id: account.id,
          role: 'observer',
          created_on: nowIso(),
        });
        if (!isAdded) throw alreadyInvited();
        await invitations.deleteInvitationOf(workspaceId, email);
        const mailSent = await tellAddedMember(email, vars, locale);
        return {
          status: 'added',
          user: toMemberResponse({ user_id: account.id, email, role: 'observer' }),
          mail_sent: mailSent,
        };
      }
      if ((await invitations.findPendingEmails(workspaceId, [email], nowIso())).size > 0) {
        throw alreadyInvited();
      }
      const invitation = await mailInvitation(workspaceId, {
        email,
        invitedBy: userId,
        locale,
        ...vars,
      });
      return { status: 'invited', invitation };
    },

    /** The bulk-invite report (spec part 2 §2.10): reads only, changes nothing. */
    async analyzeInvitations(
      userId: number,
      workspaceId: number,
      emails: string[],
    ): Promise<InviteAnalysis> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'MANAGE_GROUP_MEMBERS');
      rateLimiter.consume(`invite-analysis:${userId}`, ANALYSES_PER_USER);
      const unique = [...new Set(emails)];
      const [accounts, pending, current] = await Promise.all([
        invitations.findAccounts(workspaceId, unique),
        invitations.findPendingEmails(workspaceId, unique, nowIso()),
        members.listMembers(workspaceId),
      ]);
      const accountRoles = new Map(accounts.map((account) => [account.email, account.role]));
      const listed = new Set(unique);
      return {
        results: unique.map((email) => {
          if (accountRoles.get(email)) return { email, status: 'member' };
          if (accountRoles.has(email)) return { email, status: 'existing' };
          return { email, status: pending.has(email) ? 'invited' : 'new' };
        }),
        missing: current.filter((member) => !listed.has(member.email)).map(toMemberResponse),
      };
    },

    async withdrawInvitation(userId: number, workspaceId: number, id: number): Promise<void> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'MANAGE_GROUP_MEMBERS');
      if (!(await invitations.deleteInvitation(workspaceId, id))) {
        throw notFound('Invitation not found.');
      }
    },

    /**
     * POST /invitations/accept/: the invitee without an account sets a password and lands in
     * the workspace with the invited role. The account is made first (its password is hashed
     * outside any transaction); then the invitation is used up and the membership written.
     */
    async acceptWithNewAccount(input: {
      token: string;
      password: string;
      ip: string;
    }): Promise<User> {
      rateLimiter.consume(`token-use:${input.ip}`, RATE_LIMITS.tokenUsePerAddress);
      const invitation = await invitations.findUsableInvitation(sha256Hex(input.token), nowIso());
      if (!invitation) throw tokenNotValid(INVITATION_INVALID);
      if (await users.findUserByEmail(invitation.email)) {
        throw new AppError(
          'conflict',
          'An account with this e-mail already exists. Sign in, then open the link again.',
        );
      }
      const user = await deps.usersService.createAccount({
        email: invitation.email,
        password: input.password,
      });
      await claimIntoWorkspace(invitation, user.id, () => tokenNotValid(INVITATION_INVALID));
      return toUserResponse(user);
    },

    /** POST /users/me/invitations/accept/: a signed-in invitee joins with the same address. */
    async joinAsSignedIn(userId: number, token: string): Promise<Workspace> {
      const invitation = await invitations.findUsableInvitation(sha256Hex(token), nowIso());
      if (!invitation) throw notFound(INVITATION_INVALID);
      const user = await users.findUserById(userId);
      if (user?.email !== invitation.email) {
        throw new AppError('conflict', 'This invitation was sent to another e-mail address.');
      }
      await claimIntoWorkspace(invitation, userId, () => notFound(INVITATION_INVALID));
      return workspaces.getWorkspaceOrThrow(userId, invitation.workspace_id);
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
