import { z } from 'zod';

/**
 * The Home Assistant (MQTT) bridge as one workspace's settings show it (issue 28):
 * - off: the server has no MQTT_URL
 * - not_included: the bridge runs, but MQTT_WORKSPACE_KEYS does not name this workspace
 * - connected / disconnected: this instance holds the broker connection, or is reconnecting
 * - standby: another instance (the cluster's leader) publishes; its figures are not here
 * - key_rejected: the workspace's API key was refused, so its printers are not published
 */
export const HOME_ASSISTANT_STATES = [
  'off',
  'not_included',
  'connected',
  'disconnected',
  'standby',
  'key_rejected',
] as const;

export const HomeAssistantStatusSchema = z.object({
  state: z.enum(HOME_ASSISTANT_STATES),
  /** the broker's address without user or password; null when off or not included */
  broker: z.string().nullable(),
  /** the last connection or publish error the bridge (on the leader) saw, with when (ISO); null: none */
  last_error: z.object({ message: z.string(), at: z.string() }).nullable(),
  /** messages the broker acknowledged for this workspace's printers since the server started */
  messages_published: z.number().int().nonnegative(),
  /** discovery configs (Home Assistant entities) published for this workspace's printers */
  discovery_topics: z.number().int().nonnegative(),
  /** the workspace's printers the bridge read through its API key */
  printers: z.number().int().nonnegative(),
});
export type HomeAssistantStatus = z.infer<typeof HomeAssistantStatusSchema>;
