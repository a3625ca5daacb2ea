/**
 * Deep equality of JSON values (a device's state as parsed from its message): plain objects,
 * arrays and primitives, compared as `isDeepStrictEqual` would compare them (the same keys,
 * `Object.is` for primitives) without its generic walk, which was the costliest part of a
 * state patch (~2 µs of each of 2,300 pushes a second at 5,000 devices, issue 31).
 */
export function isSameJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => isSameJson(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let keys = 0;
  for (const key in left) {
    if (!Object.hasOwn(right, key) || !isSameJson(left[key], right[key])) return false;
    keys += 1;
  }
  for (const key in right) if (Object.hasOwn(right, key)) keys -= 1;
  return keys === 0;
}
