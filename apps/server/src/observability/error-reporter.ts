import { RELEASE_VERSION } from '@printdeck/shared';

/** Where the request that failed was going: the route's pattern, never its ids or query. */
export interface ErrorContext {
  requestId: string;
  method: string;
  /** e.g. /api/groups/:groupId/files/ */
  route: string | undefined;
}

/** Sends unexpected server errors to Sentry or GlitchTip (spec part 1 §8); a no-op when off. */
export interface ErrorReporter {
  readonly isEnabled: boolean;
  report(error: unknown, context: ErrorContext): void;
  /** sends what is queued; called when the server stops */
  close(): Promise<void>;
}

export const disabledErrorReporter: ErrorReporter = {
  isEnabled: false,
  report: () => {},
  close: async () => {},
};

const FLUSH_TIMEOUT_MS = 2000;

/**
 * A Sentry client of its own (not the SDK's global one), with no default integrations: it
 * reports only what the error handler hands it, with no request data, user, breadcrumbs or
 * tracing — so no e-mails, tokens or bodies leave the server. The SDK is loaded only when a DSN
 * is configured.
 */
export async function createErrorReporter(options: {
  dsn: string | undefined;
  environment: string;
}): Promise<ErrorReporter> {
  if (!options.dsn) return disabledErrorReporter;
  const Sentry = await import('@sentry/node');
  const client = new Sentry.NodeClient({
    dsn: options.dsn,
    environment: options.environment,
    release: RELEASE_VERSION,
    integrations: [],
    stackParser: Sentry.defaultStackParser,
    transport: Sentry.makeNodeTransport,
    sendClientReports: false,
  });
  client.init();
  return {
    isEnabled: true,
    report(error, context) {
      const scope = new Sentry.Scope();
      scope.setTags({
        request_id: context.requestId,
        method: context.method,
        route: context.route ?? '(no route)',
      });
      client.captureException(error, undefined, scope);
    },
    async close() {
      await client.close(FLUSH_TIMEOUT_MS);
    },
  };
}
