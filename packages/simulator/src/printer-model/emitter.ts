type Listener = (...args: never[]) => void;

/** A small typed event emitter; a listener that throws is reported and never stops the others. */
export class Emitter<Events extends { [name: string]: unknown[] }> {
  #listeners = new Map<keyof Events, Set<Listener>>();

  on<K extends keyof Events>(name: K, listener: (...args: Events[K]) => void): () => void {
    const stored = listener as unknown as Listener;
    let set = this.#listeners.get(name);
    if (!set) {
      set = new Set();
      this.#listeners.set(name, set);
    }
    set.add(stored);
    return () => set.delete(stored);
  }

  emit<K extends keyof Events>(name: K, ...args: Events[K]): void {
    for (const listener of [...(this.#listeners.get(name) ?? [])]) {
      try {
        (listener as unknown as (...args: Events[K]) => void)(...args);
      } catch (error) {
        console.error(`simulator: a "${String(name)}" listener failed`, error);
      }
    }
  }
}
