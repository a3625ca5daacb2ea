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
import type { RateLimitRule, RateLimiter } from '../../http/rate-limiter.js';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository.js';

/** The caller of a request made with an API key: never a system administrator, no session. */
export interface ApiKeyAuth {
  via: 'api_key';
  userId: number;
  sessionId: null;
  isAdmin: false;
  apiKeyId: number;
  scope: ApiKeyScope;
}

/** Wrong keys from one address; 256-bit keys cannot be guessed, this only stops noise (C03). */
const FAILED_KEYS_PER_ADDRESS: RateLimitRule = { limit: 30, windowSeconds: 60 };
/** last_used_on is written at most this often per key, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function isApiKeyFormat(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

function toApiKeyResponse(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    created_on: row.created_on,
    scope: row.scope,
    last_used_on: row.last_used_on,
  };
}

export function createApiKeysService(deps: {
  apiKeys: ApiKeysRepository;
  rateLimiter: RateLimiter;
  clock: Clock;
}) {
  const { apiKeys, rateLimiter, clock } = deps;

  return {
    async listApiKeys(userId: number): Promise<ApiKey[]> {
      return (await apiKeys.listApiKeys(userId)).map(toApiKeyResponse);
    },

    /** The key is returned once, here; the database keeps only the hash of its secret. */
    async createApiKey(
      userId: number,
      { name, scope }: { name: string; scope: ApiKeyScope },
    ): Promise<ApiKeyCreated> {
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
      });
      return { ...toApiKeyResponse(row), key: `${API_KEY_PREFIX}${publicId}_${secret}` };
    },

    async deleteApiKey(userId: number, id: number): Promise<void> {
      if (!(await apiKeys.deleteApiKey(userId, id))) throw notFound('API key not found.');
    },

    /**
     * The key's owner and scope, or null. The public id finds the row; the secret is compared
     * as a hash in constant time (checklist C14). Deleted keys are gone, so they fail here.
     */
    async authenticateApiKey(token: string, ip: string): Promise<ApiKeyAuth | null> {
      const failureKey = `api-key-fail:${ip}`;
      rateLimiter.throwIfLimited(failureKey, FAILED_KEYS_PER_ADDRESS);
      const match = API_KEY_PATTERN.exec(token);
      const row = match ? await apiKeys.findApiKeyByPublicId(match[1]!) : undefined;
      if (!match || !row || !safeEqual(row.secret_hash, sha256Hex(match[2]!))) {
        rateLimiter.hit(failureKey, FAILED_KEYS_PER_ADDRESS);
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
      };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
