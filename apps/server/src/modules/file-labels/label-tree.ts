import type { LabelLink } from './file-labels.repository.js';

/** The given labels and everything below them; ids that are not in `links` are left out. */
export function collectDescendants(links: LabelLink[], rootIds: number[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const { id, parent_id } of links) {
    if (parent_id !== null) children.set(parent_id, [...(children.get(parent_id) ?? []), id]);
  }
  const known = new Set(links.map((link) => link.id));
  const found = new Set<number>();
  const pending = rootIds.filter((id) => known.has(id));
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(children.get(id) ?? []));
  }
  return found;
}

/** True when putting `labelId` under `parentId` would make it its own ancestor. */
export function wouldCreateLoop(links: LabelLink[], labelId: number, parentId: number): boolean {
  const parentOf = new Map(links.map((link) => [link.id, link.parent_id]));
  let current: number | null | undefined = parentId;
  // a tree of n labels has paths of at most n steps; more means an existing loop
  for (let steps = 0; current != null && steps <= links.length; steps += 1) {
    if (current === labelId) return true;
    current = parentOf.get(current);
  }
  return current != null;
}
