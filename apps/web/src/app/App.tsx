import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ErrorModal } from './error-modal/ErrorModal';
import { queryClient } from './query-client';
import { router } from './router';
import { colorSchemeManager, theme } from './theme';
import notificationClasses from './notifications.module.css';

export function App() {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={queryClient}>
        <Notifications position="top-right" classNames={notificationClasses} />
        <RouterProvider router={router} />
        {/* outside the router, so that it shows even when a route fails */}
        <ErrorModal />
      </QueryClientProvider>
    </MantineProvider>
  );
}
