import { z } from 'zod';

export const HealthSchema = z.object({
  /** degraded: the server serves, but a part it talks to is failing (object_store, mqtt) */
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  environment: z.string(),
  /** id of the web build the server serves; the web app compares it with its own */
  build: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  maintenance: z.boolean(),
  /**
   * Where rate limits are counted: "local" (one instance, no Redis), "shared" (in Redis, across
   * every instance), "per_instance" (Redis unreachable: each instance counts its own, so a limit
   * holds per instance only until Redis is back)
   */
  rate_limits: z.enum(['local', 'shared', 'per_instance']),
  /** local: files in the data directory; ok / failing: the S3 store (STORAGE_URL) answers or not */
  object_store: z.enum(['local', 'ok', 'failing']),
  /**
   * Home Assistant over MQTT: off (no MQTT_URL), connected, disconnected (the broker is down:
   * reconnecting), standby (another instance, the leader, publishes), key_rejected (a workspace's
   * API key in MQTT_WORKSPACE_KEYS was refused)
   */
  mqtt: z.enum(['off', 'connected', 'disconnected', 'standby', 'key_rejected']),
});
export type Health = z.infer<typeof HealthSchema>;

/**
 * What the web app needs to know before it reports anything (spec part 1 §2, §8): read from
 * the server at start, never baked into the build. null: that service is off.
 */
export const PublicConfigSchema = z.object({
  error_reporting: z
    .object({ dsn: z.string(), environment: z.string(), release: z.string() })
    .nullable(),
  /** Plausible: page views go to `${url}/api/event` for the site named `site_id` */
  analytics: z.object({ url: z.string(), site_id: z.string() }).nullable(),
  /** files: no SMTP_URL, every mail is written as a file under the server's DATA_DIR/mail/ */
  mail_delivery: z.enum(['smtp', 'files']),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
