import type { ObjectStore } from '../storage/object-store.js';
import { CHECK_TIMEOUT_MS } from '../storage/s3-object-store.js';
import { StartupError } from './startup-error.js';

interface StoreError {
  name?: string;
  code?: string;
  message?: string;
  cause?: { code?: string };
  $metadata?: { httpStatusCode?: number };
}

function explain(error: StoreError, store: ObjectStore): string {
  const prefix = `STORAGE_URL: ${store.description}`;
  const code = error.code ?? error.cause?.code;
  const status = error.$metadata?.httpStatusCode;
  if (code === 'ECONNREFUSED') {
    return `${prefix} refused the connection: check that the store runs and listens there, or fix S3_ENDPOINT`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `${prefix}: the host name does not resolve: fix S3_ENDPOINT (or S3_REGION)`;
  }
  if (error.name === 'TimeoutError' || error.name === 'AbortError') {
    return `${prefix} did not answer within ${CHECK_TIMEOUT_MS / 1000} s: check S3_ENDPOINT and the network`;
  }
  if (status === 404 || error.name === 'NotFound' || error.name === 'NoSuchBucket') {
    return `${prefix}: the bucket does not exist: create it, or fix the bucket in STORAGE_URL`;
  }
  if (status === 403 || status === 401) {
    return `${prefix} refused the keys: fix S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or the bucket's policy)`;
  }
  const message = (error.message || error.name || 'unknown error').split('\n')[0];
  return `${prefix} failed${status ? ` (HTTP ${status})` : ''}: ${message}`;
}

/**
 * The object store is reached once at start (issue 28): a store that is down, a missing bucket
 * or wrong keys stop the start with one line naming the setting, not a failed upload later.
 */
export async function checkObjectStore(store: ObjectStore): Promise<void> {
  try {
    await store.check();
  } catch (error) {
    throw new StartupError(explain(error as StoreError, store));
  }
}
