import type { FileLabel } from '@printdeck/shared';
import { describe, expect, it } from 'vitest';
import {
  collectSubtreeIds,
  findLabelNames,
  flattenLabelTree,
  getIndentLevel,
  getParentChoices,
} from './label-tree';

const label = (id: number, name: string, parent_id: number | null = null): FileLabel => ({
  id,
  name,
  parent_id,
  parent: null,
  nestedCount: 0,
  children_count: 0,
});

// Parts ─ Gears ─ Spur ─ Tiny
//       └ axles
// Art
const LABELS = [
  label(4, 'Spur', 2),
  label(1, 'Parts'),
  label(2, 'Gears', 1),
  label(3, 'Art'),
  label(5, 'axles', 1),
  label(6, 'Tiny', 4),
];

const read = (labels: FileLabel[]) =>
  flattenLabelTree(labels).map(({ label, depth }) => `${'-'.repeat(depth)}${label.name}`);

describe('flattenLabelTree', () => {
  it('lists each label before its children, siblings by name regardless of case', () => {
    expect(read(LABELS)).toEqual(['Art', 'Parts', '-axles', '-Gears', '--Spur', '---Tiny']);
  });

  it('puts labels whose parent is missing at the top', () => {
    expect(read([label(7, 'Lost', 99), label(1, 'Parts')])).toEqual(['Lost', 'Parts']);
  });

  it('still lists labels caught in a loop, once each', () => {
    expect(read([label(1, 'A', 2), label(2, 'B', 1)])).toEqual(['A', '-B']);
  });
});

describe('getIndentLevel', () => {
  it('indents by level 1, 2, then 3 for three or more', () => {
    expect([0, 1, 2, 3, 7].map(getIndentLevel)).toEqual([1, 2, 3, 3, 3]);
  });
});

describe('collectSubtreeIds', () => {
  it('takes the label with everything below it', () => {
    expect([...collectSubtreeIds(LABELS, 2)].sort()).toEqual([2, 4, 6]);
    expect([...collectSubtreeIds(LABELS, 3)]).toEqual([3]);
  });
});

describe('getParentChoices', () => {
  it('offers every label for a new label', () => {
    expect(getParentChoices(LABELS)).toHaveLength(LABELS.length);
  });

  it('leaves out the edited label and its descendants', () => {
    const names = getParentChoices(LABELS, 2).map((entry) => entry.label.name);
    expect(names).toEqual(['Art', 'Parts', 'axles']);
  });
});

describe('findLabelNames', () => {
  it('names known ids in order', () => {
    expect(findLabelNames(LABELS, [3, 99, 1])).toEqual(['Art', 'Parts']);
  });
});
