import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every navigation starts at the top of the page (spec part 1 §2). */
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    // braces: newer browsers return a promise from scrollTo, which an effect must not return
    window.scrollTo(0, 0);
  }, [pathname]);
}
