export interface GcodeStoreEntry {
  message: string;
  /** Unix seconds (simulated). */
  time: number;
  type: 'command' | 'response';
}

/** Moonraker's console history: oldest first, at most `capacity` entries (reference B.3.4). */
export class GcodeStore {
  #entries: GcodeStoreEntry[] = [];

  constructor(readonly capacity = 1000) {}

  add(entry: GcodeStoreEntry): void {
    this.#entries.push(entry);
    if (this.#entries.length > this.capacity) {
      this.#entries.splice(0, this.#entries.length - this.capacity);
    }
  }

  /** The newest `count` entries, oldest first. */
  latest(count: number): GcodeStoreEntry[] {
    return count <= 0 ? [] : this.#entries.slice(-count);
  }
}
