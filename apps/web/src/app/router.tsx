import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { SCREEN_PATHS } from '../config/screens';
import {
  loadNotFound,
  loadWorkspaces,
  requireAnonymous,
  requireFirstRunOpen,
  requireWorkspace,
} from './guards';
import { AnonymousLayout } from './layouts/AnonymousLayout';
import { RootLayout } from './layouts/RootLayout';
import { RouteErrorBoundary } from './routes/RouteErrorBoundary';
import { prefetchInWorkspace, type PageStart } from './route-loaders/prefetch-in-workspace';

/** A route component loaded on first visit, so that the sign-in page stays small. */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

/**
 * A data page: its code and its loader module (route-loaders/) load side by side on first
 * visit, and the loader starts the page's first queries while the page's code is still on its
 * way. Both stay out of the entry, so the sign-in page does not grow.
 */
function lazyDataPage<K extends string, S extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  loadStarts: () => Promise<Record<S, PageStart>>,
  startName: S,
) {
  return {
    Component: async () => (await load())[name],
    loader: async () => prefetchInWorkspace((await loadStarts())[startName]),
  };
}

export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: PageLoader,
    children: [
      {
        loader: requireAnonymous,
        Component: AnonymousLayout,
        children: [
          {
            path: SCREEN_PATHS.login,
            lazy: lazyPage(() => import('../features/auth/components/LoginPage'), 'LoginPage'),
          },
          {
            path: SCREEN_PATHS.registration,
            lazy: lazyPage(
              () => import('../features/auth/components/RegistrationPage'),
              'RegistrationPage',
            ),
          },
          {
            path: SCREEN_PATHS.registrationConfirm,
            lazy: lazyPage(
              () => import('../features/auth/components/RegistrationConfirmPage'),
              'RegistrationConfirmPage',
            ),
          },
          {
            path: SCREEN_PATHS.passwordReset,
            lazy: lazyPage(
              () => import('../features/auth/components/PasswordResetPage'),
              'PasswordResetPage',
            ),
          },
          {
            path: SCREEN_PATHS.passwordResetConfirm,
            lazy: lazyPage(
              () => import('../features/auth/components/PasswordResetConfirmPage'),
              'PasswordResetConfirmPage',
            ),
          },
        ],
      },
      {
        path: SCREEN_PATHS.welcome,
        loader: requireFirstRunOpen,
        Component: AnonymousLayout,
        children: [
          {
            index: true,
            lazy: lazyPage(
              () => import('../features/first-run/components/WelcomePage'),
              'WelcomePage',
            ),
          },
        ],
      },
      {
        path: SCREEN_PATHS.invitationAccept,
        lazy: lazyPage(
          () => import('../features/invitations/components/InvitationAcceptPage'),
          'InvitationAcceptPage',
        ),
      },
      {
        path: SCREEN_PATHS.publicProfile,
        lazy: lazyPage(
          () => import('../features/workspace-settings/components/PublicProfilePage'),
          'PublicProfilePage',
        ),
      },
      {
        path: SCREEN_PATHS.logout,
        lazy: lazyPage(() => import('../features/auth/components/LogoutPage'), 'LogoutPage'),
      },
      {
        path: SCREEN_PATHS.selectGroup,
        loader: loadWorkspaces,
        lazy: lazyPage(() => import('./routes/SelectGroupRoute'), 'SelectGroupRoute'),
      },
      {
        loader: requireWorkspace,
        lazy: lazyPage(() => import('./layouts/ShellLayout'), 'ShellLayout'),
        children: [
          {
            index: true,
            lazy: lazyDataPage(
              () => import('./routes/DashboardPage'),
              'DashboardPage',
              () => import('./route-loaders/printer-list.loader'),
              'startPrinterList',
            ),
          },
          {
            path: SCREEN_PATHS.settings,
            lazy: lazyPage(() => import('./routes/settings/SettingsPage'), 'SettingsPage'),
          },
          {
            path: SCREEN_PATHS.settingsAccount,
            lazy: lazyPage(
              () => import('./routes/settings/SettingsAccountPage'),
              'SettingsAccountPage',
            ),
          },
          {
            path: SCREEN_PATHS.settingsAppearance,
            lazy: lazyPage(
              () => import('./routes/settings/SettingsAppearancePage'),
              'SettingsAppearancePage',
            ),
          },
          {
            path: SCREEN_PATHS.videos,
            lazy: lazyDataPage(
              () => import('../features/videos/components/VideosPage'),
              'VideosPage',
              () => import('./route-loaders/videos.loaders'),
              'startVideosPage',
            ),
          },
          {
            path: SCREEN_PATHS.videoDetail,
            lazy: lazyDataPage(
              () => import('../features/videos/components/VideoDetailPage'),
              'VideoDetailPage',
              () => import('./route-loaders/videos.loaders'),
              'startVideoPage',
            ),
          },
          {
            path: SCREEN_PATHS.printers,
            lazy: lazyDataPage(
              () => import('../features/printer-list/components/PrintersPage'),
              'PrintersPage',
              () => import('./route-loaders/printer-list.loader'),
              'startPrintersPage',
            ),
          },
          {
            path: SCREEN_PATHS.printerDetail,
            lazy: lazyDataPage(
              () => import('../features/printer-detail/components/PrinterDetailPage'),
              'PrinterDetailPage',
              () => import('./route-loaders/printer.loader'),
              'startPrinterPage',
            ),
          },
          {
            path: SCREEN_PATHS.gcodes,
            lazy: lazyDataPage(
              () => import('./routes/files/GcodesPage'),
              'GcodesPage',
              () => import('./route-loaders/files.loaders'),
              'startGcodesPage',
            ),
          },
          {
            path: SCREEN_PATHS.gcodeDetail,
            lazy: lazyDataPage(
              () => import('./routes/files/GcodeDetailPage'),
              'GcodeDetailPage',
              () => import('./route-loaders/files.loaders'),
              'startGcodePage',
            ),
          },
          {
            path: SCREEN_PATHS.spools,
            lazy: lazyDataPage(
              () => import('../features/spools/components/SpoolsPage'),
              'SpoolsPage',
              () => import('./route-loaders/spools.loaders'),
              'startSpoolsPage',
            ),
          },
          {
            path: SCREEN_PATHS.spoolDetail,
            lazy: lazyDataPage(
              () => import('../features/spools/components/SpoolDetailPage'),
              'SpoolDetailPage',
              () => import('./route-loaders/spools.loaders'),
              'startSpoolPage',
            ),
          },
          {
            path: SCREEN_PATHS.printQueue,
            lazy: lazyDataPage(
              () => import('../features/print-queue/components/PrintQueuePage'),
              'PrintQueuePage',
              () => import('./route-loaders/print-queue.loader'),
              'startPrintQueuePage',
            ),
          },
          {
            path: SCREEN_PATHS.settingsPrinters,
            lazy: lazyDataPage(
              () => import('../features/printer-settings/components/SettingsPrintersPage'),
              'SettingsPrintersPage',
              () => import('./route-loaders/printer-list.loader'),
              'startPrinterList',
            ),
          },
          {
            path: SCREEN_PATHS.settingsPrinterAdd,
            lazy: lazyPage(
              () => import('../features/printer-settings/components/PrinterAddPage'),
              'PrinterAddPage',
            ),
          },
          {
            path: SCREEN_PATHS.settingsPrinterAddLan,
            lazy: lazyPage(
              () => import('../features/printer-settings/components/PrinterAddLanPage'),
              'PrinterAddLanPage',
            ),
          },
          {
            path: SCREEN_PATHS.settingsPrinterAddOctoprint,
            lazy: lazyPage(
              () => import('../features/printer-settings/components/PrinterAddOctoprintPage'),
              'PrinterAddOctoprintPage',
            ),
          },
          {
            path: SCREEN_PATHS.settingsWorkspaces,
            lazy: lazyPage(
              () => import('./routes/settings/WorkspacesSettingsPage'),
              'WorkspacesSettingsPage',
            ),
          },
          {
            path: SCREEN_PATHS.settingsWorkspaceAdd,
            lazy: lazyPage(
              () => import('../features/workspace-settings/components/WorkspaceCreatePage'),
              'WorkspaceCreatePage',
            ),
          },
          {
            path: SCREEN_PATHS.settingsWorkspaceEdit,
            lazy: lazyDataPage(
              () => import('./routes/settings/WorkspaceEditPage'),
              'WorkspaceEditPage',
              () => import('./route-loaders/workspace.loaders'),
              'startWorkspaceEditPage',
            ),
          },
          {
            path: SCREEN_PATHS.settingsWorkspaceInviteUsers,
            lazy: lazyPage(
              () => import('../features/members/components/BulkInvitePage'),
              'BulkInvitePage',
            ),
          },
          {
            path: SCREEN_PATHS.settingsNotifications,
            lazy: lazyPage(
              () => import('../features/notifications/components/NotificationsSettingsPage'),
              'NotificationsSettingsPage',
            ),
          },
          {
            path: SCREEN_PATHS.workspaceStats,
            lazy: lazyDataPage(
              () => import('../features/stats/components/WorkspaceStatsPage'),
              'WorkspaceStatsPage',
              () => import('./route-loaders/workspace.loaders'),
              'startWorkspaceStatsPage',
            ),
          },
          {
            path: SCREEN_PATHS.news,
            lazy: lazyPage(() => import('../features/news/components/NewsPage'), 'NewsPage'),
          },
          {
            path: SCREEN_PATHS.newsDetail,
            lazy: lazyPage(
              () => import('../features/news/components/NewsDetailPage'),
              'NewsDetailPage',
            ),
          },
          {
            path: SCREEN_PATHS.adminNews,
            lazy: lazyPage(
              () => import('../features/news/components/AdminNewsPage'),
              'AdminNewsPage',
            ),
          },
          {
            path: SCREEN_PATHS.settingsApiTokensAdd,
            lazy: lazyPage(
              () => import('../features/api-keys/components/ApiKeyCreatePage'),
              'ApiKeyCreatePage',
            ),
          },
          {
            path: SCREEN_PATHS.settingsApiTokens,
            lazy: lazyPage(
              () => import('../features/api-keys/components/ApiKeysPage'),
              'ApiKeysPage',
            ),
          },
          {
            path: SCREEN_PATHS.settingsPrinterEdit,
            lazy: lazyDataPage(
              () => import('../features/printer-settings/components/PrinterEditPage'),
              'PrinterEditPage',
              () => import('./route-loaders/printer.loader'),
              'startPrinterPage',
            ),
          },
        ],
      },
      {
        path: '*',
        loader: loadNotFound,
        lazy: lazyPage(() => import('./routes/NotFoundPage'), 'NotFoundPage'),
      },
    ],
  },
]);
