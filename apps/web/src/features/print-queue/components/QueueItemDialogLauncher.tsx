import { lazy, Suspense } from 'react';
import type { QueueItemDialogProps } from './QueueItemDialog';

/** The dialog loads with its first opening. */
const QueueItemDialog = lazy(() => import('./QueueItemDialog'));

export function QueueItemDialogLauncher(props: QueueItemDialogProps) {
  return (
    <Suspense fallback={null}>
      <QueueItemDialog {...props} />
    </Suspense>
  );
}
