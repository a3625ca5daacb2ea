import {
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEYS_PER_USER_MAX,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyScope,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { generatePublicId, generateSecret, safeEqual, sha256Hex } from '../../crypto/random.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { RateLimitRule, RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository.js';

/** The caller of a request made with an API key: never a system administrator, no session. */
export interface ApiKeyAuth {
  via: 'api_key';
  userId: number;
  sessionId: null;
  isAdmin: false;
  apiKeyId: number;
  scope: ApiKeyScope;
  /** the one workspace the key may act in; null: every workspace of its owner */
  workspaceId: number | null;
}

/**
 * Wrong keys from one address, and wrong secrets for one key id; 256-bit keys cannot be
 * guessed, this only stops noise (C03). The limits count failures only and are checked after
 * the key: a valid key always passes, so bad keys from one address (behind a proxy: everyone)
 * never lock out good ones (C42).
 */
export const FAILED_API_KEYS_PER_ADDRESS: RateLimitRule = { limit: 30, windowSeconds: 60 };
const FAILED_SECRETS_PER_KEY: RateLimitRule = { limit: 10, windowSeconds: 60 };
/** last_used_on is written at most this often per key, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function isApiKeyFormat(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

function toApiKeyResponse(
  row: ApiKeyRow & { workspace_name?: string | null; owner_role?: string | null },
): ApiKey {
  return {
    id: row.id,
    name: row.name,
    created_on: row.created_on,
    scope: row.scope,
    last_used_on: row.last_used_on,
    workspace:
      row.workspace_id === null
        ? null
        : {
            id: row.workspace_id,
            name: row.workspace_name ?? null,
            owner_is_member: row.owner_role !== null && row.owner_role !== undefined,
          },
  };
}

export function createApiKeysService(deps: {
  apiKeys: ApiKeysRepository;
  rateLimiter: RateLimiter;
  clock: Clock;
  /** throws 404 unless the user is a member of the workspace */
  requireMembership: (userId: number, workspaceId: number) => Promise<unknown>;
}) {
  const { apiKeys, rateLimiter, clock } = deps;

  return {
    async listApiKeys(userId: number): Promise<ApiKey[]> {
      return (await apiKeys.listApiKeys(userId)).map(toApiKeyResponse);
    },

    /** The key is returned once, here; the database keeps only the hash of its secret. */
    async createApiKey(
      userId: number,
      { name, scope, workspace }: { name: string; scope: ApiKeyScope; workspace: number | null },
    ): Promise<ApiKeyCreated> {
      if (workspace !== null) await deps.requireMembership(userId, workspace);
      if ((await apiKeys.countApiKeys(userId)) >= API_KEYS_PER_USER_MAX) {
        throw new AppError(
          'conflict',
          `You have ${API_KEYS_PER_USER_MAX} API keys; delete one to create another.`,
        );
      }
      const now = clock.now().toISOString();
      const publicId = generatePublicId(12);
      const secret = generateSecret(32);
      const row = await apiKeys.insertApiKey({
        user_id: userId,
        public_id: publicId,
        secret_hash: sha256Hex(secret),
        // spec: an empty name becomes the date and time (the web fills in local time)
        name: name || `${now.slice(0, 10)} ${now.slice(11, 19)} UTC`,
        scope,
        created_on: now,
        last_used_on: null,
        workspace_id: workspace,
      });
      const listed = (await apiKeys.listApiKeys(userId)).find((key) => key.id === row.id) ?? row;
      return { ...toApiKeyResponse(listed), key: `${API_KEY_PREFIX}${publicId}_${secret}` };
    },

    /**
     * For a key limited to one workspace: the workspace the request reaches, found from the
     * route (a workspace id, a printer or a file); null when it cannot be told — then refused.
     */
    async findRequestWorkspace(routeUrl: string, params: Record<string, string>) {
      const id = (name: string) => (params[name] ? Number(params[name]) : NaN);
      if (routeUrl.startsWith('/api/groups/:g/')) return id('g');
      if (routeUrl === '/api/users/me/groups/:id/') return id('id');
      if (routeUrl.startsWith('/api/printers/:id/'))
        return apiKeys.findObjectWorkspace('printers', id('id'));
      if (routeUrl.startsWith('/api/files/:id/'))
        return apiKeys.findObjectWorkspace('files', id('id'));
      return null;
    },

    async deleteApiKey(userId: number, id: number): Promise<void> {
      if (!(await apiKeys.deleteApiKey(userId, id))) throw notFound('API key not found.');
    },

    /**
     * The key's owner and scope, or null. The public id finds the row; the secret is compared
     * as a hash in constant time (checklist C14). Deleted keys are gone, so they fail here.
     */
    async authenticateApiKey(token: string, ip: string): Promise<ApiKeyAuth | null> {
      const match = API_KEY_PATTERN.exec(token);
      const row = match ? await apiKeys.findApiKeyByPublicId(match[1]!) : undefined;
      if (!match || !row || !safeEqual(row.secret_hash, sha256Hex(match[2]!))) {
        const failures: Array<[string, RateLimitRule]> = [
          [`api-key-fail:${ip}`, FAILED_API_KEYS_PER_ADDRESS],
          ...(row
            ? [[`api-key-fail-id:${row.id}`, FAILED_SECRETS_PER_KEY] as [string, RateLimitRule]]
            : []),
        ];
        for (const [key, rule] of failures) await rateLimiter.throwIfLimited(key, rule);
        for (const [key, rule] of failures) await rateLimiter.hit(key, rule);
        return null;
      }
      const now = clock.now();
      const lastUsed = row.last_used_on ? Date.parse(row.last_used_on) : 0;
      if (now.getTime() - lastUsed >= LAST_USED_RESOLUTION_MS) {
        await apiKeys.touchApiKey(row.id, now.toISOString());
      }
      return {
        via: 'api_key',
        userId: row.user_id,
        sessionId: null,
        isAdmin: false,
        apiKeyId: row.id,
        scope: row.scope,
        workspaceId: row.workspace_id,
      };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
