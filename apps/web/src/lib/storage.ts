export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function createMemoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/**
 * localStorage when the browser allows it; a blocked storage (private modes, disabled
 * cookies) or a test run falls back to memory so the app still works for this page view.
 */
function getBrowserStorage(): KeyValueStorage {
  try {
    const storage = globalThis.localStorage;
    const probe = 'printdeck.probe';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return createMemoryStorage();
  }
}

export const browserStorage = getBrowserStorage();
