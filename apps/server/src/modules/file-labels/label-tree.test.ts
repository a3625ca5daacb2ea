import { describe, expect, it } from 'vitest';
import { collectDescendants, wouldCreateLoop } from './label-tree.js';

// 1 ─ 2 ─ 3
//   └ 4
// 5
const links = [
  { id: 1, parent_id: null },
  { id: 2, parent_id: 1 },
  { id: 3, parent_id: 2 },
  { id: 4, parent_id: 1 },
  { id: 5, parent_id: null },
];

describe('collectDescendants', () => {
  it('gives each label with everything below it, and drops unknown ids', () => {
    expect([...collectDescendants(links, [1])].sort()).toEqual([1, 2, 3, 4]);
    expect([...collectDescendants(links, [2, 5])].sort()).toEqual([2, 3, 5]);
    expect([...collectDescendants(links, [99])]).toEqual([]);
  });
});

describe('wouldCreateLoop', () => {
  it('refuses a label under itself or under one of its descendants', () => {
    expect(wouldCreateLoop(links, 1, 1)).toBe(true);
    expect(wouldCreateLoop(links, 1, 3)).toBe(true);
    expect(wouldCreateLoop(links, 2, 3)).toBe(true);
  });

  it('allows a move under a sibling, an ancestor or another tree', () => {
    expect(wouldCreateLoop(links, 3, 4)).toBe(false);
    expect(wouldCreateLoop(links, 3, 1)).toBe(false);
    expect(wouldCreateLoop(links, 1, 5)).toBe(false);
  });

  it('treats a tree that already loops as a loop instead of walking forever', () => {
    const broken = [
      { id: 1, parent_id: 2 },
      { id: 2, parent_id: 1 },
      { id: 3, parent_id: null },
    ];
    expect(wouldCreateLoop(broken, 3, 1)).toBe(true);
  });
});
