import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { PERMISSIONS, type Workspace } from '@printdeck/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { useState, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import {
  createMemoryRouter,
  MemoryRouter,
  RouterProvider,
  type LoaderFunction,
} from 'react-router';
import { ErrorModal } from '../src/app/error-modal/ErrorModal';
import { queryClient as appQueryClient } from '../src/app/query-client';
import { theme } from '../src/app/theme';
import { AddToQueueDialogProvider, PrinterPrintActions } from '../src/features/print-dialog';
import { QueueItemDialogLauncher } from '../src/features/print-queue';
import { PrinterPrintActionsProvider } from '../src/features/printer-list';
import { CurrentWorkspaceProvider } from '../src/shared/workspaces/hooks/current-workspace';
import { I18N_OPTIONS } from './i18n-test-options';

/** A workspace as GET /users/me/groups/ answers it; the caller's role decides `me`. */
export function buildWorkspace(overrides: Partial<Workspace> = {}): Workspace {
  return {
    id: 1,
    uniqueId: 'w1',
    name: 'Makerspace',
    public_description: '',
    public_website_url: null,
    is_public: false,
    avatar: null,
    created_on: '2026-01-01T00:00:00.000Z',
    users_count: 1,
    printers_count: 1,
    gcodes_count: 1,
    videos_count: 0,
    settings: {
      print_queue_enabled: false,
      queue_dispatch_enabled: false,
      stagger_max_heating: null,
      stagger_interval_s: null,
      energy_price_kwh: null,
      machine_hour_rate: null,
      currency: null,
    },
    me: {
      role: 'admin',
      permissions: [...PERMISSIONS],
    },
    ...overrides,
  };
}

function createI18n(language: 'en' | 'cs') {
  const i18n = i18next.createInstance();
  void i18n
    .use(initReactI18next)
    .init({ ...I18N_OPTIONS, lng: language, showSupportNotice: false });
  return i18n;
}

/** The providers the application shell gives a screen, around a router (`children`). */
function AppProviders(props: {
  queryClient: QueryClient;
  language: 'en' | 'cs';
  children: ReactNode;
}) {
  // one i18n instance for the render's lifetime, not one per re-render
  const [i18n] = useState(() => createI18n(props.language));
  return (
    <MantineProvider theme={theme}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={props.queryClient}>{props.children}</QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}

/** Inside the router: the current workspace, the printer card's print actions, the modal. */
function InWorkspace({ workspace, children }: { workspace: Workspace; children: ReactNode }) {
  return (
    <CurrentWorkspaceProvider value={workspace}>
      <PrinterPrintActionsProvider value={PrinterPrintActions}>
        <AddToQueueDialogProvider value={QueueItemDialogLauncher}>
          <Notifications />
          {children}
          <ErrorModal />
        </AddToQueueDialogProvider>
      </PrinterPrintActionsProvider>
    </CurrentWorkspaceProvider>
  );
}

/**
 * Renders a screen part inside the providers the application shell gives it: Mantine with the
 * app's theme, a fresh query client, the English texts, a router, the current workspace, the printer card's print actions and the error modal.
 */
export function renderInApp(
  ui: ReactNode,
  options: { workspace?: Workspace; language?: 'en' | 'cs' } = {},
) {
  // the notifications store outlives a render: start each screen without earlier toasts
  notifications.clean();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const workspace = options.workspace ?? buildWorkspace();
  const rendered = render(
    <AppProviders queryClient={queryClient} language={options.language ?? 'en'}>
      <MemoryRouter>
        <InWorkspace workspace={workspace}>{ui}</InWorkspace>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...rendered, queryClient };
}

/**
 * Opens `path` in a memory router of one route, as the app's router opens a page: the route's
 * loader runs first, with the app's own query client (the one loaders fill), then the page.
 */
export function renderRouteInApp(options: {
  route: { path: string; loader: LoaderFunction; Component: ComponentType };
  path: string;
  workspace: Workspace;
}) {
  notifications.clean();
  const { Component } = options.route;
  const router = createMemoryRouter(
    [
      {
        path: options.route.path,
        loader: options.route.loader,
        element: (
          <InWorkspace workspace={options.workspace}>
            <Component />
          </InWorkspace>
        ),
      },
    ],
    { initialEntries: [options.path] },
  );
  return render(
    <AppProviders queryClient={appQueryClient} language="en">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
