import { z } from 'zod';
import { EmailSchema, IdParamSchema, PasswordSchema } from './common.schema.js';
import { MailTokenSchema } from './auth.schema.js';
import { readTokenPayload } from './mail-token.js';
import { RoleSchema } from './workspace.schema.js';

/** Pending invitations stay valid this long (spec part 2 §9 leaves the length open). */
export const INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Bulk invite: at most this many lines are analysed at once. */
export const BULK_INVITE_MAX_LINES = 1000;
/** Bulk invite: the client waits this long between two invitations (spec part 2 §9). */
export const BULK_INVITE_PAUSE_MS = 100;

export const MemberSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  role: RoleSchema,
});
export type Member = z.infer<typeof MemberSchema>;

/**
 * Where the invitation's mail is: `pending` while the mail server is away (it is sent as soon
 * as the server is back), `sent`, or `failed` (refused, or interrupted; invite again).
 */
export const InvitationDeliverySchema = z.enum(['pending', 'sent', 'failed']);
export type InvitationDelivery = z.infer<typeof InvitationDeliverySchema>;

export const PendingInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: RoleSchema,
  createdOn: z.string(),
  validUntil: z.string(),
  delivery: InvitationDeliverySchema,
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

/** GET /groups/{g}/users/: pendingInvitations is empty for members who cannot manage members. */
export const MembersSchema = z.object({
  /** one page of members by email (issue 31: keyset pages, stable while members join) */
  users: z.array(MemberSchema),
  /** every member of the workspace */
  count: z.number().int(),
  /** the next page's URL, null after the last */
  next: z.string().nullable(),
  /** on the first page only */
  pendingInvitations: z.array(PendingInvitationSchema),
});
export type Members = z.infer<typeof MembersSchema>;

export const MEMBERS_PAGE_DEFAULT = 100;
export const MEMBERS_PAGE_MAX = 500;

export const MembersListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MEMBERS_PAGE_MAX).default(MEMBERS_PAGE_DEFAULT),
  /** from `next`: where the page before ended */
  cursor: z.string().max(1500).optional(),
});
export type MembersListQuery = z.infer<typeof MembersListQuerySchema>;

export const MemberParamsSchema = z.strictObject({ g: IdParamSchema, userId: IdParamSchema });
export const InvitationParamsSchema = z.strictObject({ g: IdParamSchema, id: IdParamSchema });

export const MemberRoleUpdateSchema = z.strictObject({ role: RoleSchema });

/** POST /groups/{g}/users/: invitations go out as observer (spec part 2 §6). */
export const MemberInviteSchema = z.strictObject({
  username: EmailSchema,
  role: z.literal('observer').default('observer'),
});

/**
 * Every address, with or without an account, gets a mailed invitation: membership exists only
 * once its recipient accepts (the answer never tells whether the address has an account).
 */
export const MemberInviteResultSchema = z.object({
  status: z.literal('invited'),
  invitation: PendingInvitationSchema,
});
export type MemberInviteResult = z.infer<typeof MemberInviteResultSchema>;

export const InviteAnalyzeSchema = z.strictObject({
  emails: z.array(EmailSchema).min(1).max(BULK_INVITE_MAX_LINES),
});

/**
 * Bulk-invite analysis of one address against this workspace alone (spec part 2 §2.10,
 * ARCHITECTURE §6): `member` (the spec's "existing": already a member), `invited` (a pending
 * invitation) or `new` (neither: will get an invitation). Whether an address has an account
 * anywhere is never consulted.
 */
export const INVITE_ANALYSIS_STATUSES = ['new', 'invited', 'member'] as const;
export const InviteAnalysisSchema = z.object({
  /** one per unique address, in the order first given */
  results: z.array(z.object({ email: z.string(), status: z.enum(INVITE_ANALYSIS_STATUSES) })),
  /** members whose address is not in the list: only listed, nothing is removed */
  missing: z.array(MemberSchema),
});
export type InviteAnalysis = z.infer<typeof InviteAnalysisSchema>;

/** The invitee without an account: sets a password, gets the account and the membership. */
export const InvitationAcceptSchema = z.strictObject({
  token: MailTokenSchema,
  password: PasswordSchema,
});
export type InvitationAccept = z.infer<typeof InvitationAcceptSchema>;

/** The invitee who is signed in (with the invited e-mail) joins with the token alone. */
export const InvitationJoinSchema = z.strictObject({ token: MailTokenSchema });

/** The readable half of an invitation token, for the accept screen (like the mail tokens). */
export interface InvitationTokenPayload {
  email: string;
  purpose: 'invitation';
  /** the workspace's name when the invitation was sent */
  workspace: string;
  /** expiry, seconds since the epoch */
  exp: number;
  /** the address had an account when the mail was sent: the screen offers sign-in, not sign-up */
  has_account?: boolean;
}

export function decodeInvitationTokenPayload(token: string): InvitationTokenPayload | null {
  const value = readTokenPayload(token);
  if (!value) return null;
  const { email, purpose, workspace, exp } = value;
  if (purpose !== 'invitation' || typeof email !== 'string') return null;
  if (typeof workspace !== 'string' || typeof exp !== 'number') return null;
  return { email, purpose, workspace, exp, has_account: value.has_account === true };
}

/** An invitation addressed to the signed-in user, waiting for their yes or no. */
export const MyInvitationSchema = z.object({
  id: z.number().int(),
  workspace_name: z.string(),
  invited_by: z.string().nullable(),
  role: RoleSchema,
  createdOn: z.string(),
  validUntil: z.string(),
});
export type MyInvitation = z.infer<typeof MyInvitationSchema>;
