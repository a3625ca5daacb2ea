import type { MoonrakerContext } from './context.js';
import { queryStatus, type ObjectStatus } from './objects.js';

export type ObjectRequest = Record<string, readonly string[] | null>;
type Sent = Record<string, Record<string, string>>;

/**
 * One connection's subscription. Klipper sends the full status in the reply, then only the
 * fields that changed; objects without a change are left out (reference B.3.2).
 */
export class Subscription {
  #sent: Sent = {};

  constructor(readonly request: ObjectRequest) {}

  initial(ctx: MoonrakerContext): Record<string, ObjectStatus> {
    const status = queryStatus(ctx, this.request);
    this.#sent = diffStatus({}, status).sent;
    return status;
  }

  /** The changes since the last call, or null when nothing changed. */
  changes(ctx: MoonrakerContext): Record<string, ObjectStatus> | null {
    const { changes, sent } = diffStatus(this.#sent, queryStatus(ctx, this.request));
    this.#sent = sent;
    return Object.keys(changes).length > 0 ? changes : null;
  }
}

/** Compares each field (by its JSON) with what was sent; returns the changed ones. */
export function diffStatus(
  previous: Sent,
  current: Record<string, ObjectStatus>,
): { changes: Record<string, ObjectStatus>; sent: Sent } {
  const changes: Record<string, ObjectStatus> = {};
  const sent: Sent = {};
  for (const [name, fields] of Object.entries(current)) {
    const before = previous[name] ?? {};
    const now: Record<string, string> = {};
    for (const [field, value] of Object.entries(fields)) {
      const json = JSON.stringify(value);
      now[field] = json;
      if (before[field] !== json) (changes[name] ??= {})[field] = value;
    }
    sent[name] = now;
  }
  return { changes, sent };
}
