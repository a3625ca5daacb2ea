import { describe, expect, it } from 'vitest';
import { findSelectedWorkspace, getAutomaticWorkspace } from './find-selected-workspace';

const one = { id: 1 };
const two = { id: 2 };

describe('findSelectedWorkspace', () => {
  it('finds the stored workspace among the memberships', () => {
    expect(findSelectedWorkspace([one, two], 2)).toBe(two);
  });

  it('finds nothing when the user left the stored workspace or chose none', () => {
    expect(findSelectedWorkspace([one], 2)).toBeUndefined();
    expect(findSelectedWorkspace([one], null)).toBeUndefined();
  });
});

describe('getAutomaticWorkspace', () => {
  it('chooses the only workspace when none is chosen', () => {
    expect(getAutomaticWorkspace([one], null)).toBe(one);
    expect(getAutomaticWorkspace([one], 9)).toBe(one);
  });

  it('does not choose among several or none', () => {
    expect(getAutomaticWorkspace([one, two], null)).toBeUndefined();
    expect(getAutomaticWorkspace([], null)).toBeUndefined();
  });

  it('lets a user who already works in the only workspace stay to create another', () => {
    expect(getAutomaticWorkspace([one], 1)).toBeUndefined();
  });
});
