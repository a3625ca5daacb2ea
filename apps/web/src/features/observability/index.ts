import { setUnknownErrorListener } from '../../lib/error-modal-store';
import { readPublicConfigAtStart } from '../../shared/public-config/api/get-public-config';
import { configureErrorReporting, sendErrorReport } from './error-reporting';
import { configurePageViews } from './page-views';
export { usePageViews } from './page-views';
/** Reads the server's settings once; when they cannot be read, both stay off. */
export async function startObservability(): Promise<void> {
  // from now on, unknown errors wait for the answer, then go or are forgotten
  setUnknownErrorListener(sendErrorReport);
  const config = await readPublicConfigAtStart();
  configurePageViews(config?.analytics ?? null);
  // a chunk that cannot load (offline) leaves reporting off; it must not raise an error itself
  await configureErrorReporting(config?.error_reporting ?? null).catch(() => {});
}
