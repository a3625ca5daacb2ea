import type { PublicVideo } from '@printdeck/shared';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { JobOutcome } from '../jobs/job-runner.js';
import type { ClaimedJob, JobsRepository } from '../jobs/jobs.repository.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { Mailer } from '../mail/mailer.js';
import { createApiKeysRepository } from '../modules/api-keys/api-keys.repository.js';
import { createApiKeysService } from '../modules/api-keys/api-keys.service.js';
import {
  createInvitationMail,
  INVITATION_MAIL_DEFAULTS,
  type InvitationMailOptions,
} from '../modules/invitations/invitation-mail.js';
import { createInvitationMailRepository } from '../modules/invitations/invitation-mail.repository.js';
import { createInvitationsRepository } from '../modules/invitations/invitations.repository.js';
import { createInvitationsService } from '../modules/invitations/invitations.service.js';
import { createMembersRepository } from '../modules/members/members.repository.js';
import { createMembersService } from '../modules/members/members.service.js';
import { createGettingStartedRepository } from '../modules/getting-started/getting-started.repository.js';
import { createGettingStartedService } from '../modules/getting-started/getting-started.service.js';
import { createNewsRepository } from '../modules/news/news.repository.js';
import { createNewsService } from '../modules/news/news.service.js';
import { createNotificationSettingsRepository } from '../modules/notifications/notification-settings.repository.js';
import {
  createNotificationSettingsService,
  type TestSender,
} from '../modules/notifications/notification-settings.service.js';
import { createPublicProfileRepository } from '../modules/public-profile/public-profile.repository.js';
import { createPublicProfileService } from '../modules/public-profile/public-profile.service.js';
import { createSlicerService } from '../modules/slicer/slicer.service.js';
import { createJobRollupsRepository } from '../modules/stats/job-rollups.js';
import { createStatsService } from '../modules/stats/stats.service.js';
import type { UsersRepository } from '../modules/users/users.repository.js';
import type { UsersService } from '../modules/users/users.service.js';
import { createWorkspaceAvatarService } from '../modules/workspaces/workspace-avatar.service.js';
import type { WorkspacesRepository } from '../modules/workspaces/workspaces.repository.js';
import type { WorkspacesService } from '../modules/workspaces/workspaces.service.js';
import type { FileStorage } from '../storage/file-storage.js';

/**
 * Running a workspace: avatar, members and invitations, API keys and the slicer upload,
 * notification settings, statistics, the first steps, news and the public profile — the part of the composition
 * root for workspace administration.
 */
export function createWorkspaceServices(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  publicUrl: string;
  storage: FileStorage;
  users: UsersRepository;
  usersService: UsersService;
  workspaces: WorkspacesService;
  workspacesRepository: WorkspacesRepository;
  /** a workspace's public timelapse videos, for its public profile */
  publicVideos: (workspaceId: number) => Promise<PublicVideo[]>;
  testSender: TestSender;
  invitationMailOptions?: Partial<InvitationMailOptions> | undefined;
  jobs: JobsRepository;
  runJob: (job: ClaimedJob) => Promise<JobOutcome>;
}) {
  const { db, clock, mailer, rateLimiter, publicUrl, workspaces } = deps;
  const members = createMembersRepository(db);
  const invitations = createInvitationsRepository(db);
  const invitationMailOptions = { ...INVITATION_MAIL_DEFAULTS, ...deps.invitationMailOptions };
  const invitationMail = createInvitationMail({
    db,
    repository: createInvitationMailRepository(db),
    jobs: deps.jobs,
    mailer,
    clock,
    publicUrl,
    options: invitationMailOptions,
  });
  const apiKeys = createApiKeysService({
    apiKeys: createApiKeysRepository(db),
    rateLimiter,
    clock,
    requireMembership: (userId, workspaceId) =>
      workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP'),
  });
  return {
    avatars: createWorkspaceAvatarService({
      workspaces: deps.workspacesRepository,
      workspacesService: workspaces,
      storage: deps.storage,
    }),
    members: createMembersService({ db, members, invitations, workspaces, clock }),
    invitations: createInvitationsService({
      db,
      invitations,
      members,
      users: deps.users,
      usersService: deps.usersService,
      workspaces,
      mail: invitationMail,
      runJob: deps.runJob,
      rateLimiter,
      clock,
    }),
    /** the invitation-mail job kind, for the job runner */
    invitationMailJob: invitationMail.kind,
    apiKeys,
    slicer: createSlicerService({ apiKeys, workspaces, publicUrl }),
    notifications: createNotificationSettingsService({
      settings: createNotificationSettingsRepository(db),
      workspaces,
      mailer,
      rateLimiter,
      clock,
      publicUrl,
      testSender: deps.testSender,
    }),
    stats: createStatsService({ rollups: createJobRollupsRepository(db), workspaces, clock }),
    gettingStarted: createGettingStartedService({
      steps: createGettingStartedRepository(db),
      workspaces,
    }),
    news: createNewsService({ news: createNewsRepository(db), clock }),
    publicProfile: createPublicProfileService({
      profiles: createPublicProfileRepository(db),
      publicVideos: deps.publicVideos,
    }),
  };
}
