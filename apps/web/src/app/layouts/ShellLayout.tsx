import { Box, Container, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense, type CSSProperties, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Footer } from '../../components/Footer';
import { AddToQueueDialogProvider, PrinterPrintActions } from '../../features/print-dialog';
import { QueueItemDialogLauncher } from '../../features/print-queue';
import { PrinterPrintActionsProvider } from '../../features/printer-list';
import { PageLoader } from '../../components/PageLoader';
import { SCREEN_PATHS } from '../../config/screens';
import { useNewsSummary } from '../../features/news/api/get-news';
import { useMyWorkspaces } from '../../shared/workspaces/api/get-my-workspaces';
import { findSelectedWorkspace } from '../../features/workspaces/find-selected-workspace';
import { CurrentWorkspaceProvider } from '../../shared/workspaces/hooks/current-workspace';
import { getSelectedWorkspaceId } from '../../session/selected-workspace';
import { getShellNavigation } from '../navigation/shell-navigation';
import { BottomBar } from './BottomBar';
import { DesktopHeader } from './DesktopHeader';
import { MobileTopBar } from './MobileTopBar';

/** Below Mantine's "sm" breakpoint the shell switches to the mobile bars. */
const MOBILE_QUERY = `(max-width: ${em(767.98)})`;
const BOTTOM_BAR_HEIGHT = 64;

/**
 * The signed-in application: header or mobile bars, the page, the footer. The page is the
 * matched child route, or `children` (the 404 page, which has no route of its own).
 */
export function ShellLayout({ children }: { children?: ReactNode }) {
  const workspaces = useMyWorkspaces();
  const news = useNewsSummary();
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const workspace = findSelectedWorkspace(workspaces, getSelectedWorkspaceId());
  // The member may have left the workspace since the route was entered.
  if (!workspace) return <Navigate to={SCREEN_PATHS.selectGroup} replace />;

  const navigation = getShellNavigation(workspace, workspaces.length, news);
  const style = { '--bottom-bar-height': `${BOTTOM_BAR_HEIGHT}px` } as CSSProperties;
  return (
    <CurrentWorkspaceProvider value={workspace}>
      <PrinterPrintActionsProvider value={PrinterPrintActions}>
        <AddToQueueDialogProvider value={QueueItemDialogLauncher}>
          <Box
            mih="100vh"
            pb={isMobile ? BOTTOM_BAR_HEIGHT : 0}
            style={{ ...style, display: 'flex', flexDirection: 'column' }}
          >
            {isMobile ? (
              <MobileTopBar navigation={navigation} workspace={workspace} />
            ) : (
              <DesktopHeader navigation={navigation} workspace={workspace} />
            )}
            <Container component="main" size="xl" w="100%" py="lg" style={{ flex: 1 }}>
              <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
            </Container>
            <Footer />
            {isMobile && <BottomBar navigation={navigation} />}
          </Box>
        </AddToQueueDialogProvider>
      </PrinterPrintActionsProvider>
    </CurrentWorkspaceProvider>
  );
}
