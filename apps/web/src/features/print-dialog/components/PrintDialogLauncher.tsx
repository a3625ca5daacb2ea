import { lazy, Suspense } from 'react';
import type { PrintDialogProps } from './PrintDialog';

/** The dialog loads with its first opening: it stays out of the sign-in bundle. */
const PrintDialog = lazy(() => import('./PrintDialog'));

export function PrintDialogLauncher(props: PrintDialogProps) {
  return (
    <Suspense fallback={null}>
      <PrintDialog {...props} />
    </Suspense>
  );
}
