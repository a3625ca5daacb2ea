import { z } from 'zod';
import type { S3Settings } from '../storage/s3-object-store.js';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[A-Za-z0-9!_.*'()/-]*$/;

/** `s3://bucket/prefix` → the bucket and a prefix that is '' or ends in '/'; or why not. */
export function parseStorageUrl(value: string): { bucket: string; prefix: string } | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a URL such as s3://bucket/prefix';
  }
  if (url.protocol !== 's3:') return 'must start with s3:// (unset it to keep files on the disk)';
  if (url.username || url.password) {
    return 'must not hold keys: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY instead';
  }
  if (url.search || url.hash || url.port) return 'must be s3://bucket/prefix, nothing more';
  if (!BUCKET.test(url.hostname)) {
    return 'must name a bucket of 3–63 lowercase letters, digits, dots or hyphens';
  }
  const segments = decodeURIComponent(url.pathname).split('/').filter(Boolean);
  const prefix = segments.join('/');
  if (!PREFIX.test(prefix) || segments.some((segment) => /^\.+$/.test(segment))) {
    return "must have a prefix of letters, digits and / ! _ . * ' ( ) - only";
  }
  return { bucket: url.hostname, prefix: prefix ? `${prefix}/` : '' };
}

const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');

/** The object storage variables (issue 28), read with the others in config.schema.ts. */
export const STORAGE_ENV = {
  /** s3://bucket/prefix: objects in an S3-compatible store; unset: in DATA_DIR */
  STORAGE_URL: optionalString,
  /** the store's address (MinIO, Garage, Ceph, R2 …); unset: AWS for S3_REGION */
  S3_ENDPOINT: optionalString.pipe(
    z
      .string()
      .refine((value) => /^https?:\/\/[^/]/.test(value), 'must be a URL starting with http(s)://')
      .optional(),
  ),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** bucket in the path (http://host/bucket/key); default: true with S3_ENDPOINT */
  S3_FORCE_PATH_STYLE: optionalString.pipe(booleanText.optional()),
  /**
   * how agents fetch a print's file: `direct` (default), a short-lived presigned GET straight
   * from the store, the server's link kept as the fallback; `server`, through the server only
   * (for a store the printers' network cannot reach)
   */
  S3_AGENT_DOWNLOADS: optionalString.pipe(
    z.enum(['direct', 'server'], { message: 'must be direct or server' }).optional(),
  ),
};

type StorageEnv = z.output<z.ZodObject<typeof STORAGE_ENV>>;

/** The S3 settings, undefined for the disk, or the one problem that stops the start. */
export function readStorageSettings(env: StorageEnv): S3Settings | undefined | { problem: string } {
  const hasKeyId = env.S3_ACCESS_KEY_ID !== undefined;
  if (hasKeyId !== (env.S3_SECRET_ACCESS_KEY !== undefined)) {
    const missing = hasKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    return {
      problem: `${missing} is missing: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together`,
    };
  }
  if (!env.STORAGE_URL) {
    const stray = (
      ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_FORCE_PATH_STYLE', 'S3_AGENT_DOWNLOADS'] as const
    ).find((name) => env[name] !== undefined);
    return stray
      ? {
          problem: `STORAGE_URL is missing: it must be set when ${stray} is set (s3://bucket/prefix)`,
        }
      : undefined;
  }
  const target = parseStorageUrl(env.STORAGE_URL);
  if (typeof target === 'string') return { problem: `STORAGE_URL="${env.STORAGE_URL}": ${target}` };
  return {
    ...target,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    agentDownloads: env.S3_AGENT_DOWNLOADS ?? 'direct',
  };
}
