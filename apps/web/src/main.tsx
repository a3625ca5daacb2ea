import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setSessionExpiredHandler } from './api/client';
import { App } from './app/App';
import { reportError } from './lib/error-modal-store';
import { router } from './app/router';
import { SCREEN_PATHS } from './config/screens';
import { startObservability } from './features/observability';
import { initI18n } from './i18n/i18n';

setSessionExpiredHandler(() => {
  if (router.state.location.pathname !== SCREEN_PATHS.logout) {
    void router.navigate(SCREEN_PATHS.logout, { replace: true });
  }
});

// Errors nobody caught reach the same handler as failed requests.
window.addEventListener('unhandledrejection', (event) => reportError(event.reason));
window.addEventListener('error', (event) => {
  if (event.error) reportError(event.error);
});

// error reports and page views, when the server's environment turns them on
void startObservability();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// the person's language is its own chunk: render once it has arrived
void initI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
