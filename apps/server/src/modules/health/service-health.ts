import type { ObjectStore } from '../../storage/object-store.js';
import type { MqttHealth } from '../home-assistant/mqtt-bridge.js';

export type ObjectStoreHealth = 'local' | 'ok' | 'failing';

/** /api/health is public: a store is asked at most this often, however often health is read. */
const STORE_CHECK_EVERY_MS = 10_000;
/** …and a store slower than this to answer reads as failing (health never hangs on it). */
const STORE_CHECK_TIMEOUT_MS = 3_000;

/**
 * How the parts the server talks to are doing, for /api/health (issue 28): the object store
 * and the MQTT broker. Only a word per part: never an address, a key or an error text.
 */
export function createServiceHealth({
  objectStore,
  storeCheckEveryMs = STORE_CHECK_EVERY_MS,
}: {
  objectStore: ObjectStore | undefined;
  /** tests look sooner */
  storeCheckEveryMs?: number | undefined;
}) {
  let readMqtt: () => MqttHealth = () => 'off';
  let lastStore: { at: number; result: Promise<ObjectStoreHealth> } | null = null;

  async function checkStore(store: ObjectStore): Promise<ObjectStoreHealth> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<ObjectStoreHealth>((resolve) => {
      timer = setTimeout(() => resolve('failing'), STORE_CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([
        store.check().then(
          () => 'ok' as const,
          () => 'failing' as const,
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /** the MQTT bridge tells how it is doing once it exists */
    setMqtt(read: () => MqttHealth): void {
      readMqtt = read;
    },
    mqtt: (): MqttHealth => readMqtt(),
    objectStore(): Promise<ObjectStoreHealth> {
      if (!objectStore) return Promise.resolve('local');
      // a rate limit on calls out, not a business time: the monotonic clock, not the injected one
      const now = performance.now();
      if (!lastStore || now - lastStore.at >= storeCheckEveryMs) {
        lastStore = { at: now, result: checkStore(objectStore) };
      }
      return lastStore.result;
    },
  };
}

export type ServiceHealth = ReturnType<typeof createServiceHealth>;
