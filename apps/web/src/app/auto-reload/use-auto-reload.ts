import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { getLastApiResponseAt, pageLoadedAt } from '../../api/activity';
import { shouldReloadPage } from './auto-reload';

function reloadIfStale(): void {
  const age = { now: Date.now(), loadedAt: pageLoadedAt, lastResponseAt: getLastApiResponseAt() };
  if (shouldReloadPage(age)) window.location.reload();
}

/** Checks the page's age on every navigation and whenever the tab becomes visible. */
export function useAutoReload(): void {
  const { pathname } = useLocation();

  useEffect(reloadIfStale, [pathname]);

  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') reloadIfStale();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, []);
}
