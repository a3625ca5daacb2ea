import { browserStorage } from '../../lib/storage';

/** Set by the welcome page; the Dashboard shows the short start until it is done or skipped. */
const GETTING_STARTED_KEY = 'printdeck.gettingStarted';

export function markGettingStarted(): void {
  browserStorage.setItem(GETTING_STARTED_KEY, '1');
}

export function isGettingStartedPending(): boolean {
  return browserStorage.getItem(GETTING_STARTED_KEY) === '1';
}

export function finishGettingStarted(): void {
  browserStorage.removeItem(GETTING_STARTED_KEY);
}
