import type { HomeAssistantStatus } from '@printdeck/shared';

const OFF: HomeAssistantStatus = {
  state: 'off',
  broker: null,
  last_error: null,
  messages_published: 0,
  discovery_topics: 0,
  printers: 0,
};

/**
 * Each workspace's part of the Home Assistant bridge, for its settings screen: "off" until the
 * bridge exists (MQTT_URL set), which is made after the routes, so it is attached later.
 */
export function createHomeAssistantStatus() {
  let read: ((workspaceId: number) => Promise<HomeAssistantStatus>) | null = null;
  return {
    attach(source: (workspaceId: number) => Promise<HomeAssistantStatus>): void {
      read = source;
    },
    read(workspaceId: number): Promise<HomeAssistantStatus> {
      return read ? read(workspaceId) : Promise.resolve(OFF);
    },
  };
}

export type HomeAssistantStatusReader = ReturnType<typeof createHomeAssistantStatus>;
