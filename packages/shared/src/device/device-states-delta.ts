/**
 * Field-level changes between two lists of printer states (the states stream, issue 31): what a
 * tab holding the old list must do to hold the new one. Printers are matched by `printer_id`;
 * a changed printer carries only its changed values, each named by an RFC 6901 JSON Pointer
 * (`/temperature/tool0/actual`). Objects are compared key by key; anything else (numbers,
 * strings, arrays, null) is replaced whole.
 */
export interface StatesDeltaBody<T> {
  /** printers new to the list, whole */
  added: T[];
  /** per printer, the values that changed (`set`) and the keys it no longer has (`unset`) */
  changed: Array<{ printer_id: number; set: Record<string, unknown>; unset?: string[] }>;
  removed: number[];
  /** the list's order as printer ids, only when it is not the old order (less the removed) then the added */
  order?: number[];
}

type Keyed = { printer_id: number };
type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const escapeKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeKey = (key: string) => key.replace(/~1/g, '/').replace(/~0/g, '~');

function isSameValue(before: unknown, after: unknown): boolean {
  if (before === after) return true;
  if (typeof before !== 'object' || typeof after !== 'object') return false;
  return JSON.stringify(before) === JSON.stringify(after);
}

function diffObjects(
  before: JsonObject,
  after: JsonObject,
  pointer: string,
  into: { set: JsonObject; unset: string[] },
): void {
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const path = `${pointer}/${escapeKey(key)}`;
    const old = before[key];
    if (isObject(old) && isObject(value)) diffObjects(old, value, path, into);
    else if (old === undefined || !isSameValue(old, value)) into.set[path] = value;
  }
  for (const [key, value] of Object.entries(before))
    if (value !== undefined && after[key] === undefined)
      into.unset.push(`${pointer}/${escapeKey(key)}`);
}

/** The changes from `before` to `after`; empty lists (and no `order`) when they are equal. */
export function computeStatesDelta<T extends Keyed>(before: T[], after: T[]): StatesDeltaBody<T> {
  const old = new Map(before.map((state) => [state.printer_id, state]));
  const ids = new Set(after.map((state) => state.printer_id));
  const delta: StatesDeltaBody<T> = {
    added: [],
    changed: [],
    removed: before.filter((state) => !ids.has(state.printer_id)).map((s) => s.printer_id),
  };
  for (const state of after) {
    const previous = old.get(state.printer_id);
    if (!previous) {
      delta.added.push(state);
      continue;
    }
    if (previous === state) continue;
    const into = { set: {}, unset: [] as string[] };
    diffObjects(previous as JsonObject, state as JsonObject, '', into);
    if (Object.keys(into.set).length === 0 && into.unset.length === 0) continue;
    delta.changed.push({
      printer_id: state.printer_id,
      set: into.set,
      ...(into.unset.length ? { unset: into.unset } : {}),
    });
  }
  const implied = [...before.filter((state) => ids.has(state.printer_id)), ...delta.added].map(
    (state) => state.printer_id,
  );
  if (implied.some((id, index) => after[index]!.printer_id !== id))
    delta.order = after.map((state) => state.printer_id);
  return delta;
}

export function isEmptyStatesDelta(delta: StatesDeltaBody<unknown>): boolean {
  return (
    delta.added.length === 0 &&
    delta.changed.length === 0 &&
    delta.removed.length === 0 &&
    delta.order === undefined
  );
}

/** A copy of `target` with the value at `keys` replaced (undefined: removed); the rest shared. */
function withValueAt(target: JsonObject, keys: string[], value: unknown): JsonObject {
  const [key, ...rest] = keys;
  const copy = { ...target };
  if (rest.length === 0 && value === undefined) {
    delete copy[key!];
    return copy;
  }
  const inner = copy[key!];
  // defined, not assigned: a key named `__proto__` stays a key
  Object.defineProperty(copy, key!, {
    value: rest.length === 0 ? value : withValueAt(isObject(inner) ? inner : {}, rest, value),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

function patchState<T>(state: T, change: StatesDeltaBody<T>['changed'][number]): T {
  let next = state as JsonObject;
  const keysOf = (pointer: string) => pointer.split('/').slice(1).map(unescapeKey);
  for (const [pointer, value] of Object.entries(change.set))
    next = withValueAt(next, keysOf(pointer), value);
  for (const pointer of change.unset ?? []) next = withValueAt(next, keysOf(pointer), undefined);
  return next as T;
}

/**
 * The list `delta` was computed towards, from the list it was computed from. Unchanged printers
 * keep their objects (a cache's structural sharing leaves their cards alone); `patched` names
 * the printers whose objects are new, for the caller to validate.
 */
export function applyStatesDelta<T extends Keyed>(
  before: T[],
  delta: StatesDeltaBody<T>,
): { states: T[]; patched: T[] } {
  const changes = new Map(delta.changed.map((change) => [change.printer_id, change]));
  // an added printer the list already has (it was read meanwhile) is replaced, not doubled
  const removed = new Set([...delta.removed, ...delta.added.map((state) => state.printer_id)]);
  const patched: T[] = [];
  const kept = before
    .filter((state) => !removed.has(state.printer_id))
    .map((state) => {
      const change = changes.get(state.printer_id);
      if (!change) return state;
      const next = patchState(state, change);
      patched.push(next);
      return next;
    });
  const states = [...kept, ...delta.added];
  patched.push(...delta.added);
  if (!delta.order) return { states, patched };
  const byId = new Map(states.map((state) => [state.printer_id, state]));
  return {
    states: delta.order.map((id) => byId.get(id)).filter((state) => state !== undefined),
    patched,
  };
}
