import { useEffect, useRef } from 'react';

/**
 * Calls `onVisible` when the returned element scrolls into view (with a margin, so the next
 * page is there before the reader is), while `isActive`.
 */
export function useScrollSentinel<T extends Element>(onVisible: () => void, isActive: boolean) {
  const ref = useRef<T>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || !isActive) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isActive]);
  return ref;
}
