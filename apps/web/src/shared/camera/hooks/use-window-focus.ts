import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('focus', listener);
  window.addEventListener('blur', listener);
  document.addEventListener('visibilitychange', listener);
  return () => {
    window.removeEventListener('focus', listener);
    window.removeEventListener('blur', listener);
    document.removeEventListener('visibilitychange', listener);
  };
}

/** Whether the page has the focus; the camera image is blurred without it. */
export function useWindowFocus(): boolean {
  return useSyncExternalStore(subscribe, () => document.hasFocus());
}
