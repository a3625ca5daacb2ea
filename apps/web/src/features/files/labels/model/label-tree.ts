import type { FileLabel } from '@printdeck/shared';

/** A label at its place in the tree: depth 0 is a top-level label. */
export interface LabelTreeEntry {
  label: FileLabel;
  depth: number;
}

/** The sidebar indents three steps at most: level 3 stands for "3 or more" (spec §2.4). */
export const MAX_INDENT_LEVEL = 3;

export function getIndentLevel(depth: number): number {
  return Math.min(depth + 1, MAX_INDENT_LEVEL);
}

const byName = (a: FileLabel, b: FileLabel) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id;

function groupChildren(labels: readonly FileLabel[]): Map<number | null, FileLabel[]> {
  const known = new Set(labels.map((label) => label.id));
  const children = new Map<number | null, FileLabel[]>();
  for (const label of labels) {
    // a parent that is not in the list (deleted meanwhile) makes the label top-level
    const parent = label.parent_id !== null && known.has(label.parent_id) ? label.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), label]);
  }
  for (const siblings of children.values()) siblings.sort(byName);
  return children;
}

/**
 * The flat list of the API as the tree reads top to bottom: each label followed by its
 * children, siblings by name. Labels caught in a loop still appear, once, at the top level.
 */
export function flattenLabelTree(labels: readonly FileLabel[]): LabelTreeEntry[] {
  const children = groupChildren(labels);
  const entries: LabelTreeEntry[] = [];
  const placed = new Set<number>();
  const visit = (label: FileLabel, depth: number) => {
    if (placed.has(label.id)) return;
    placed.add(label.id);
    entries.push({ label, depth });
    for (const child of children.get(label.id) ?? []) visit(child, depth + 1);
  };
  for (const root of children.get(null) ?? []) visit(root, 0);
  for (const label of [...labels].sort(byName)) visit(label, 0);
  return entries;
}

/** The label and every label below it. */
export function collectSubtreeIds(labels: readonly FileLabel[], labelId: number): Set<number> {
  const children = groupChildren(labels);
  const found = new Set<number>();
  const pending = [labelId];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(children.get(id) ?? []).map((child) => child.id));
  }
  return found;
}

/** Parents a label may get: any label, except, when editing, itself and its descendants. */
export function getParentChoices(
  labels: readonly FileLabel[],
  editedId?: number,
): LabelTreeEntry[] {
  const excluded = editedId === undefined ? new Set<number>() : collectSubtreeIds(labels, editedId);
  return flattenLabelTree(labels).filter((entry) => !excluded.has(entry.label.id));
}

/** Names of the labels with these ids, in the given order; unknown ids are left out. */
export function findLabelNames(labels: readonly FileLabel[], ids: readonly number[]): string[] {
  const names = new Map(labels.map((label) => [label.id, label.name]));
  return ids.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [name];
  });
}
