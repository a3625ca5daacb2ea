import {
  INVITATION_TTL_SECONDS,
  type InviteAnalysis,
  type Locale,
  type MemberInviteResult,
  type MyInvitation,
  type User,
  type Workspace,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { randomUUID } from 'node:crypto';
import { sha256Hex } from '../../crypto/random.js';
import type { Db } from '../../db/database.js';
import { AppError, notFound, tokenNotValid } from '../../http/app-error.js';
import {
  RATE_LIMITS,
  type RateLimitRule,
  type RateLimiter,
} from '../../rate-limit/rate-limiter.js';
import { toInvitationResponse, toMemberResponse } from '../members/members.service.js';
import type { MembersRepository } from '../members/members.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import { toUserResponse, type UsersService } from '../users/users.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { JobOutcome } from '../../jobs/job-runner.js';
import type { ClaimedJob } from '../../jobs/jobs.repository.js';
import type { InvitationMail } from './invitation-mail.js';
import type { InvitationRow, InvitationsRepository } from './invitations.repository.js';

interface Deps {
  db: Db;
  invitations: InvitationsRepository;
  members: MembersRepository;
  users: UsersRepository;
  usersService: UsersService;
  workspaces: WorkspacesService;
  mail: InvitationMail;
  /** runs a job this caller holds (the job runner's runHeld) */
  runJob: (job: ClaimedJob) => Promise<JobOutcome>;
  rateLimiter: RateLimiter;
  clock: Clock;
}

/**
 * Invitations send mails to addresses the inviter chooses, so they are rationed per inviter and
 * per workspace (a new workspace does not buy a new budget): a class or a makerspace fits.
 */
export const INVITATION_LIMITS = {
  invitesPerUser: { limit: 200, windowSeconds: 60 * 60 },
  invitesPerWorkspace: { limit: 200, windowSeconds: 60 * 60 },
  analysesPerUser: { limit: 20, windowSeconds: 60 * 60 },
  analysesPerWorkspace: { limit: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

const INVITATION_INVALID = 'The invitation is invalid or has expired.';
const alreadyInvited = () => new AppError('conflict', 'User already invited');
const invitationNotFound = () => notFound('Invitation not found.');

/** Counts one use against both rules; nothing is counted when either is exhausted. */
async function consumeBoth(
  rateLimiter: RateLimiter,
  rules: Array<[string, RateLimitRule]>,
): Promise<void> {
  for (const [key, rule] of rules) await rateLimiter.throwIfLimited(key, rule);
  for (const [key, rule] of rules) await rateLimiter.hit(key, rule);
}

/**
 * Invitations by e-mail (spec part 2 §2.10, checklist C06). Every address, with or without an
 * account, gets the same mailed link, bound to the workspace, the address and the observer
 * role, stored hashed, single use, valid for seven days. Membership exists only once the
 * recipient accepts: by the link (new account, or signed in with the address) or in the app.
 * Nothing here consults who has an account elsewhere.
 */
export function createInvitationsService(deps: Deps) {
  const { db, invitations, members, users, workspaces, mail, rateLimiter, clock } = deps;
  const nowIso = () => clock.now().toISOString();

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

  async function getUserEmail(userId: number): Promise<string> {
    const user = await users.findUserById(userId);
    if (!user) throw invitationNotFound();
    return user.email;
  }

  /**
   * Writes the invitation with its mail job in one transaction, then makes the first attempt
   * here. The mail server being away keeps the invitation in `pending` delivery for the job to
   * retry; a mail the server refuses for good removes the invitation again (nothing
   * half-written); a crash in between leaves a job whose lease runs out and is taken over.
   */
  async function mailInvitation(
    workspaceId: number,
    input: { email: string; invitedBy: number; locale: Locale },
  ) {
    await rateLimiter.consume(`mail-to:${input.email}`, RATE_LIMITS.mailsPerRecipient);
    const now = clock.now();
    const createdOn = now.toISOString();
    const expiresOn = new Date(now.getTime() + INVITATION_TTL_SECONDS * 1000).toISOString();
    await invitations.deleteInvitationOf(workspaceId, input.email, createdOn);
    const { row, job } = await db.transaction().execute(async (trx) => {
      const inserted = await invitations.insertInvitation(
        {
          workspace_id: workspaceId,
          email: input.email,
          role: 'observer',
          // no link works until the first attempt mints the mailed token
          token_hash: `unsent:${randomUUID()}`,
          invited_by: input.invitedBy,
          created_on: createdOn,
          expires_on: expiresOn,
          mail_state: 'sending',
          mail_attempts: 1,
          mail_locale: input.locale,
        },
        trx,
      );
      if (!inserted) throw alreadyInvited();
      return { row: inserted, job: await mail.enqueueHeld(trx, inserted.id) };
    });
    const outcome = await deps.runJob(job);
    if (outcome.state === 'failed') {
      await invitations.deleteInvitation(workspaceId, row.id);
      await mail.removeJob(row.id);
      const { error } = outcome;
      throw error instanceof Error && error.cause ? error.cause : error;
    }
    return toInvitationResponse({
      ...row,
      mail_state: outcome.state === 'done' ? 'sent' : 'pending',
    });
  }

  return {
    async inviteMember(
      userId: number,
      workspaceId: number,
      email: string,
      locale: Locale,
    ): Promise<MemberInviteResult> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'MANAGE_GROUP_MEMBERS');
      await consumeBoth(rateLimiter, [
        [`invites-by:${userId}`, INVITATION_LIMITS.invitesPerUser],
        [`invites:${workspaceId}`, INVITATION_LIMITS.invitesPerWorkspace],
      ]);
      const [, memberEmails, pending] = await Promise.all([
        workspaces.getWorkspaceOrThrow(userId, workspaceId),
        invitations.findMemberEmails(workspaceId, [email]),
        invitations.findPendingEmails(workspaceId, [email], nowIso()),
      ]);
      if (memberEmails.size > 0 || pending.size > 0) throw alreadyInvited();
      const invitation = await mailInvitation(workspaceId, { email, invitedBy: userId, locale });
      return { status: 'invited', invitation };
    },

    /**
     * The bulk-invite report (spec part 2 §2.10): this workspace's members and pending
     * invitations against the list; reads only, changes nothing, never looks at other accounts.
     */
    async analyzeInvitations(
      userId: number,
      workspaceId: number,
      emails: string[],
    ): Promise<InviteAnalysis> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'MANAGE_GROUP_MEMBERS');
      await consumeBoth(rateLimiter, [
        [`invite-analysis-by:${userId}`, INVITATION_LIMITS.analysesPerUser],
        [`invite-analysis:${workspaceId}`, INVITATION_LIMITS.analysesPerWorkspace],
      ]);
      const unique = [...new Set(emails)];
      const [memberEmails, pending, current] = await Promise.all([
        invitations.findMemberEmails(workspaceId, unique),
        invitations.findPendingEmails(workspaceId, unique, nowIso()),
        members.listMembers(workspaceId),
      ]);
      const listed = new Set(unique);
      return {
        results: unique.map((email) => {
          if (memberEmails.has(email)) return { email, status: 'member' };
          return { email, status: pending.has(email) ? 'invited' : 'new' };
        }),
        // the admin who asks is no news to themself (issue 24: never "Missing 1" for oneself)
        missing: current
          .filter((member) => member.user_id !== userId && !listed.has(member.email))
          .map(toMemberResponse),
      };
    },

    /** GET /users/me/invitations/: what waits for the signed-in user's yes or no. */
    async listMyInvitations(userId: number): Promise<MyInvitation[]> {
      const rows = await invitations.listInvitationsForEmail(await getUserEmail(userId), nowIso());
      return rows.map((row) => ({
        id: row.id,
        workspace_name: row.workspace_name,
        invited_by: row.inviter_email,
        role: row.role,
        createdOn: row.created_on,
        validUntil: row.expires_on,
      }));
    },

    /** The recipient says yes in the app: the membership is written now, not before. */
    async acceptMyInvitation(userId: number, id: number): Promise<Workspace> {
      const invitation = await invitations.findInvitationForEmail(
        id,
        await getUserEmail(userId),
        nowIso(),
      );
      if (!invitation) throw invitationNotFound();
      await claimIntoWorkspace(invitation, userId, invitationNotFound);
      return workspaces.getWorkspaceOrThrow(userId, invitation.workspace_id);
    },

    /** The recipient says no: the invitation is gone and the workspace's admin may ask again. */
    async declineMyInvitation(userId: number, id: number): Promise<void> {
      const invitation = await invitations.findInvitationForEmail(
        id,
        await getUserEmail(userId),
        nowIso(),
      );
      if (!invitation || !(await invitations.deleteInvitation(invitation.workspace_id, id))) {
        throw invitationNotFound();
      }
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
      await rateLimiter.consume(`token-use:${input.ip}`, RATE_LIMITS.tokenUsePerAddress);
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
