import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { SCREEN_PATHS } from '../config/screens';
import {
  loadNotFound,
  loadWorkspaces,
  prefetchDashboard,
  requireAnonymous,
  requireFirstRunOpen,
  requireWorkspace,
} from './guards';
import { AnonymousLayout } from './layouts/AnonymousLayout';
import { RootLayout } from './layouts/RootLayout';
import { RouteErrorBoundary } from './routes/RouteErrorBoundary';

/** A route component loaded on first visit, so that the sign-in page stays small. */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
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
            loader: prefetchDashboard,
            lazy: lazyPage(() => import('./routes/DashboardPage'), 'DashboardPage'),
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
            lazy: lazyPage(() => import('../features/videos/components/VideosPage'), 'VideosPage'),
          },
          {
            path: SCREEN_PATHS.videoDetail,
            lazy: lazyPage(
              () => import('../features/videos/components/VideoDetailPage'),
              'VideoDetailPage',
            ),
          },
          {
            path: SCREEN_PATHS.printers,
            lazy: lazyPage(
              () => import('../features/printer-list/components/PrintersPage'),
              'PrintersPage',
            ),
          },
          {
            path: SCREEN_PATHS.printerDetail,
            lazy: lazyPage(
              () => import('../features/printer-detail/components/PrinterDetailPage'),
              'PrinterDetailPage',
            ),
          },
          {
            path: SCREEN_PATHS.gcodes,
            lazy: lazyPage(() => import('./routes/files/GcodesPage'), 'GcodesPage'),
          },
          {
            path: SCREEN_PATHS.gcodeDetail,
            lazy: lazyPage(() => import('./routes/files/GcodeDetailPage'), 'GcodeDetailPage'),
          },
          {
            path: SCREEN_PATHS.spools,
            lazy: lazyPage(() => import('../features/spools/components/SpoolsPage'), 'SpoolsPage'),
          },
          {
            path: SCREEN_PATHS.spoolDetail,
            lazy: lazyPage(
              () => import('../features/spools/components/SpoolDetailPage'),
              'SpoolDetailPage',
            ),
          },
          {
            path: SCREEN_PATHS.printQueue,
            lazy: lazyPage(
              () => import('../features/print-queue/components/PrintQueuePage'),
              'PrintQueuePage',
            ),
          },
          {
            path: SCREEN_PATHS.settingsPrinters,
            lazy: lazyPage(
              () => import('../features/printer-settings/components/SettingsPrintersPage'),
              'SettingsPrintersPage',
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
            lazy: lazyPage(
              () => import('./routes/settings/WorkspaceEditPage'),
              'WorkspaceEditPage',
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
            lazy: lazyPage(
              () => import('../features/stats/components/WorkspaceStatsPage'),
              'WorkspaceStatsPage',
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
            lazy: lazyPage(
              () => import('../features/printer-settings/components/PrinterEditPage'),
              'PrinterEditPage',
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
