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
 * The deadlines the web app waits out before it tells a person something went wrong, in ms
 * (the camera's as a count of 1 s ticks). A real server sends none and the web app keeps
 * WEB_DEADLINES; a test server started with WEB_DEADLINES=test sends TEST_WEB_DEADLINES, so
 * that browser tests do not wait out a person's patience.
 */
export const WebDeadlinesSchema = z.object({
  /** a device-states poll unanswered this long failed as a lost connection would */
  device_states_timeout_ms: z.number().int().positive(),
  /** a camera snapshot unanswered this long counts as a 408 */
  camera_request_timeout_ms: z.number().int().positive(),
  /** a camera frame not confirmed current for this long shows its age and "connecting" */
  camera_stale_frame_ms: z.number().int().positive(),
  /** ticks with the device offline before the camera says offline */
  camera_offline_ticks: z.number().int().positive(),
  /** the browser offline this long opens the no-internet modal (a shorter blip shows nothing) */
  offline_grace_ms: z.number().int().positive(),
});
export type WebDeadlines = z.infer<typeof WebDeadlinesSchema>;

/** A person's deadlines (spec part 1 §4, §8, §9): what the web app uses unless told otherwise. */
export const WEB_DEADLINES: WebDeadlines = {
  device_states_timeout_ms: 8000,
  camera_request_timeout_ms: 7000,
  camera_stale_frame_ms: 10_000,
  camera_offline_ticks: 10,
  offline_grace_ms: 3000,
};

/**
 * A test server's: shorter, so a test waits seconds less, yet with room for a test machine at
 * load 50, whose state polls and frames can take seconds (page loads there took up to 15 s).
 * The stale bound stays the slow camera interval (3 s) plus the request deadline, as in
 * a person's, so a frame answered in time never reads stale.
 */
export const TEST_WEB_DEADLINES: WebDeadlines = {
  device_states_timeout_ms: 5000,
  camera_request_timeout_ms: 4000,
  camera_stale_frame_ms: 7000,
  camera_offline_ticks: 3,
  offline_grace_ms: 500,
};

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
  /** null: the web app keeps a person's deadlines (WEB_DEADLINES); set on test servers only */
  test_deadlines: WebDeadlinesSchema.nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
