import { useEffect } from 'react';
import { getDeadlines } from '../../config/deadlines';
import { showErrorModal } from '../../lib/error-modal-store';

/**
 * The browser lost its network while a page is open: the no-internet modal (spec part 1 §8).
 * Without this nothing fails: TanStack Query pauses every poll while the browser is offline,
 * and the page kept showing the last states as if they were live.
 */
export function useOfflineWatch(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onOffline = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!navigator.onLine) showErrorModal({ variant: 'noInternet' });
        // a blip shorter than the grace (a Wi-Fi hand-over) shows nothing
      }, getDeadlines().offline_grace_ms);
    };
    const onOnline = () => clearTimeout(timer);
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    if (!navigator.onLine) onOffline();
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, []);
}
