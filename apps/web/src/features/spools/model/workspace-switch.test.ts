import { describe, expect, it } from 'vitest';
import { findWorkspaceToSwitchTo } from './workspace-switch';

describe("a spool label's workspace", () => {
  it('switches only to another workspace of the same person', () => {
    expect(findWorkspaceToSwitchTo('?group=7', 3, [3, 7])).toBe(7);
    expect(findWorkspaceToSwitchTo('?group=3', 3, [3, 7])).toBeNull();
    expect(findWorkspaceToSwitchTo('?group=9', 3, [3, 7])).toBeNull();
    expect(findWorkspaceToSwitchTo('?group=x', 3, [3, 7])).toBeNull();
    expect(findWorkspaceToSwitchTo('', 3, [3, 7])).toBeNull();
  });
});
