import { browserStorage } from '../../lib/storage';

/**
 * Where the dashboard's "Get started" card stands in this browser. The welcome page leaves it
 * pending; the first dashboard after it ties it to its workspace (shown), until "Skip"
 * (dismissed) or every step is done.
 */
const PENDING_KEY = 'printdeck.gettingStarted';
const workspaceKey = (workspaceId: number) => `printdeck.gettingStarted.${workspaceId}`;

export type GettingStartedMark = 'shown' | 'dismissed';

export function markGettingStarted(): void {
  browserStorage.setItem(PENDING_KEY, '1');
}

export function readGettingStarted(workspaceId: number): GettingStartedMark | null {
  const mark = browserStorage.getItem(workspaceKey(workspaceId));
  return mark === 'shown' || mark === 'dismissed' ? mark : null;
}

/** Ties a pending start to this workspace: shown unless it has printers and files already. */
export function claimPendingGettingStarted(workspaceId: number, isEstablished: boolean): void {
  if (browserStorage.getItem(PENDING_KEY) !== '1') return;
  browserStorage.removeItem(PENDING_KEY);
  if (!isEstablished && readGettingStarted(workspaceId) === null)
    browserStorage.setItem(workspaceKey(workspaceId), 'shown');
}

export function isGettingStartedPending(): boolean {
  return browserStorage.getItem(PENDING_KEY) === '1';
}

export function finishGettingStarted(workspaceId: number): void {
  browserStorage.setItem(workspaceKey(workspaceId), 'dismissed');
}
