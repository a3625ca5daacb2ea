import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reportError } from '../../lib/error-modal-store';

/** A route that failed to load or render: the error modal explains it. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    reportError(error);
  }, [error]);
  return null;
}
