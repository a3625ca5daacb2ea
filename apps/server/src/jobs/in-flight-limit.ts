/**
 * At most `max` deliveries on their way at once per target (a webhook, a chat channel) in one
 * process: a slow target holds a few of the runner's slots, never all of them. A delivery that
 * finds its target busy waits its turn (WaitUntil: no attempt spent).
 */
export class InFlightLimit<K> {
  private readonly counts = new Map<K, number>();

  constructor(private readonly max: number) {}

  /** Takes a place for `key`; false when all of its places are taken. */
  tryEnter(key: K): boolean {
    const busy = this.counts.get(key) ?? 0;
    if (busy >= this.max) return false;
    this.counts.set(key, busy + 1);
    return true;
  }

  leave(key: K): void {
    const left = (this.counts.get(key) ?? 1) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
  }
}
