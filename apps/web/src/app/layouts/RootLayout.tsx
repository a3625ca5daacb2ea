import { Outlet } from 'react-router';
import { usePageViews } from '../../features/observability';
import { NewVersionBar } from '../../features/system/components/NewVersionBar';
import { useAutoReload } from '../auto-reload/use-auto-reload';
import { useDocumentTitle } from '../use-document-title';
import { useScrollToTop } from '../use-scroll-to-top';

export function RootLayout() {
  useAutoReload();
  useScrollToTop();
  useDocumentTitle();
  usePageViews();
  return (
    <>
      <NewVersionBar />
      <Outlet />
    </>
  );
}
