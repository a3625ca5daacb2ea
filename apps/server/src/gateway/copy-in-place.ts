/**
 * A state value updated inside the object already held (issue 31): a device's temperatures
 * change on every push, and a new object per push lived until the next one (~2 s), long enough
 * to be promoted to the old generation and to die there, the garbage the server's memory swung
 * with. Copying the numbers into the held objects keeps them (and V8 stores a number into a
 * number field in place), and the pushed copy dies young.
 */

type JsonObject = Record<string, unknown>;

const isPlainObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The same keys at every level, objects where objects are and no arrays: leaves can be copied. */
function hasSameShape(held: JsonObject, next: JsonObject): boolean {
  let keys = 0;
  for (const key in next) {
    if (!Object.hasOwn(held, key)) return false;
    // two reads, not a destructured pair: an array per key per push (issue 31)
    const before = held[key];
    const after = next[key];
    if (isPlainObject(before) || isPlainObject(after)) {
      if (!isPlainObject(before) || !isPlainObject(after) || !hasSameShape(before, after))
        return false;
    } else if (Array.isArray(before) || Array.isArray(after)) return false;
    keys += 1;
  }
  for (const key in held) if (Object.hasOwn(held, key)) keys -= 1;
  return keys === 0;
}

function copyLeaves(held: JsonObject, next: JsonObject): void {
  for (const key in next) {
    const after = next[key];
    if (isPlainObject(after)) copyLeaves(held[key] as JsonObject, after);
    else if (!Object.is(held[key], after)) held[key] = after;
  }
}

/**
 * Copies `next`'s values into `held` when both have the same shape (the same keys, nested
 * alike, no arrays) and says so; otherwise leaves `held` untouched and answers false (the
 * caller replaces the value whole). Whoever keeps such a value beyond a call must copy it.
 */
export function copyIntoHeld(held: unknown, next: unknown): boolean {
  if (!isPlainObject(held) || !isPlainObject(next) || !hasSameShape(held, next)) return false;
  copyLeaves(held, next);
  return true;
}

/** A copy of a value `copyIntoHeld` may update later: its objects new, the rest shared. */
export function copyHeld<T>(value: T): T {
  if (!isPlainObject(value)) return value;
  const copy: JsonObject = {};
  for (const key in value) copy[key] = copyHeld(value[key]);
  return copy as T;
}
