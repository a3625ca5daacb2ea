import type { PublicConfig } from '@printdeck/shared';
import { isApiError } from '../../api/api-error';
import { toReportPath } from './model/report-path';

type Reporter = (error: unknown) => void;

/** Errors that came before the server said whether to report; kept a short while only. */
const PENDING_LIMIT = 10;
let pending: unknown[] | null = [];
let reporter: Reporter | null = null;

/**
 * Reports an error the error modal calls unknown (spec §8: "developers are notified"). Never
 * an answer the server gave on purpose (4xx), a lost connection or maintenance: those do not
 * reach the unknown variant, and this checks the 4xx and the browser's offline state again.
 */
export function sendErrorReport(error: unknown): void {
  if (isApiError(error) && error.status !== null && error.status < 500) return;
  // offline, a route's chunk that could not load is no bug of ours either
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  if (reporter) reporter(error);
  else if (pending && pending.length < PENDING_LIMIT) pending.push(error);
}

/**
 * Starts reporting when the server names a DSN; otherwise forgets what was waiting. The SDK
 * (@sentry/react, which speaks to Sentry and GlitchTip) is its own chunk, loaded only then.
 * A client of its own with no integrations: no breadcrumbs, no request address, no user —
 * only the error and the screen's route pattern.
 */
export async function configureErrorReporting(
  settings: PublicConfig['error_reporting'],
): Promise<void> {
  if (!settings) {
    pending = null;
    return;
  }
  // errors keep waiting while the SDK's chunk loads
  // destructured, so that the bundler keeps only these of the SDK
  const { BrowserClient, Scope, defaultStackParser, makeFetchTransport } =
    await import('@sentry/react');
  const client = new BrowserClient({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    integrations: [],
    stackParser: defaultStackParser,
    transport: makeFetchTransport,
    sendClientReports: false,
  });
  client.init();
  reporter = (error) => {
    const scope = new Scope();
    scope.setTag('route', toReportPath(window.location.pathname));
    if (isApiError(error)) scope.setTags({ status: String(error.status), code: error.code });
    client.captureException(error, undefined, scope);
  };
  const waiting = pending ?? [];
  pending = null;
  waiting.forEach((error) => reporter?.(error));
}
