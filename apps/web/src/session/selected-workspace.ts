import { browserStorage } from '../lib/storage';

export const SELECTED_WORKSPACE_KEY = 'printdeck.groupId';

export function getSelectedWorkspaceId(): number | null {
  const stored = Number(browserStorage.getItem(SELECTED_WORKSPACE_KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}

export function saveSelectedWorkspaceId(id: number): void {
  browserStorage.setItem(SELECTED_WORKSPACE_KEY, String(id));
}

export function clearSelectedWorkspaceId(): void {
  browserStorage.removeItem(SELECTED_WORKSPACE_KEY);
}
