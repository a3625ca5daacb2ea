import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { PERMISSIONS, type Workspace } from '@printdeck/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { ErrorModal } from '../src/app/error-modal/ErrorModal';
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

/**
 * Renders a screen part inside the providers the application shell gives it: Mantine with the
 * app's theme, a fresh query client, the English texts, a router, the current workspace, the printer card's print actions and the error modal.
 */
export function renderInApp(
  ui: ReactNode,
  options: { workspace?: Workspace; language?: 'en' | 'cs' } = {},
) {
  const i18n = i18next.createInstance();
  void i18n
    .use(initReactI18next)
    .init({ ...I18N_OPTIONS, lng: options.language ?? 'en', showSupportNotice: false });
  // the notifications store outlives a render: start each screen without earlier toasts
  notifications.clean();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rendered = render(
    <MantineProvider theme={theme}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>
            <CurrentWorkspaceProvider value={options.workspace ?? buildWorkspace()}>
              <PrinterPrintActionsProvider value={PrinterPrintActions}>
                <AddToQueueDialogProvider value={QueueItemDialogLauncher}>
                  <Notifications />
                  {ui}
                  <ErrorModal />
                </AddToQueueDialogProvider>
              </PrinterPrintActionsProvider>
            </CurrentWorkspaceProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
  return { ...rendered, queryClient };
}
