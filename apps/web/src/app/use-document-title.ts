import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoutes, useLocation } from 'react-router';
import { SCREEN_PATHS, type AvailableScreenId } from '../config/screens';

const SCREEN_ROUTES = Object.entries(SCREEN_PATHS).map(([id, path]) => ({ id, path }));

/** The screen a path shows, ranked as the router ranks routes (static parts before parameters). */
export function findScreen(pathname: string): AvailableScreenId | null {
  const matches = matchRoutes(SCREEN_ROUTES, pathname);
  return (matches?.[0]?.route.id as AvailableScreenId | undefined) ?? null;
}

/** Every page names itself in the browser tab, in the person's language (spec part 1 §2). */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const screen = findScreen(pathname);
    const app = t('app.name');
    document.title = screen
      ? `${t(`pageTitles.${screen}`)} · ${app}`
      : `${t('notFound.title')} · ${app}`;
  }, [pathname, t, i18n.resolvedLanguage]);
}
