import type { FirstRunCreate, FirstRunStatus, TokenPair } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { RATE_LIMITS, type RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { AuthService, ClientInfo } from '../auth/auth.service.js';
import type { UsersRepository } from '../users/users.repository.js';
import {
  assertPasswordAcceptable,
  defaultWorkspaceName,
  type UsersService,
} from '../users/users.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { FirstRunRepository } from './first-run.repository.js';

interface Deps {
  db: Db;
  firstRun: FirstRunRepository;
  users: UsersRepository;
  usersService: UsersService;
  workspaces: WorkspacesService;
  auth: AuthService;
  rateLimiter: RateLimiter;
  clock: Clock;
}

export const FIRST_RUN_CLOSED =
  'Printdeck is already set up: its first account exists. Sign in, or ask an administrator to invite you.';

const firstRunClosed = () => new AppError('forbidden', FIRST_RUN_CLOSED);

/**
 * The empty server's welcome (checklist C07): the first account, its first workspace, the
 * system administrator flag and a signed-in session, exactly once.
 */
export function createFirstRunService(deps: Deps) {
  const { db, firstRun, users, usersService, workspaces, auth, rateLimiter, clock } = deps;

  return {
    async getStatus(): Promise<FirstRunStatus> {
      return { is_open: await firstRun.isFirstRunOpen() };
    },

    async completeFirstRun(input: FirstRunCreate, client: ClientInfo): Promise<TokenPair> {
      await rateLimiter.consume(`token-use:${client.ip}`, RATE_LIMITS.tokenUsePerAddress);
      if (!(await firstRun.isFirstRunOpen())) throw firstRunClosed();
      assertPasswordAcceptable(input.password, input.email);
      await db.transaction().execute(async (trx) => {
        // the claim first: a second form sent at the same moment stops here
        if (!(await firstRun.claimFirstRun(clock.now().toISOString(), trx))) throw firstRunClosed();
        if (await firstRun.hasAnyUser(trx)) throw firstRunClosed();
        const user = await usersService.createAccount({
          email: input.email,
          password: input.password,
          isAdmin: true,
          trx,
        });
        await users.updateLanguage(user.id, input.language, trx);
        await workspaces.createWorkspace(
          user.id,
          { name: input.workspace_name ?? defaultWorkspaceName(user.email) },
          trx,
        );
        await firstRun.recordFirstAccount(user.id, trx);
      });
      // the same session and refresh cookie as signing in
      return auth.login({ username: input.email, password: input.password }, client);
    },
  };
}

export type FirstRunService = ReturnType<typeof createFirstRunService>;
