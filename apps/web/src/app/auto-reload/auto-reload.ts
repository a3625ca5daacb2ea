import { TIMING } from '@printdeck/shared';

export interface PageAge {
  now: number;
  loadedAt: number;
  lastResponseAt: number;
}

/** Spec part 1 §4: reload after more than 1 h since the last API response or 12 h since load. */
export function shouldReloadPage({ now, loadedAt, lastResponseAt }: PageAge): boolean {
  return (
    now - lastResponseAt > TIMING.reloadAfterLastResponseMs ||
    now - loadedAt > TIMING.reloadAfterLoadMs
  );
}
