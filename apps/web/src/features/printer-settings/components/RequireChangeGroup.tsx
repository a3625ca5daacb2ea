import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { SCREEN_PATHS } from '../../../config/screens';
import { useHasPermission } from '../../../shared/workspaces/hooks/use-permission';

/** Printer settings need CHANGE_GROUP; a failed check logs the user out (spec part 1 §6). */
export function RequireChangeGroup({ children }: { children: ReactNode }) {
  const canChange = useHasPermission('CHANGE_GROUP');
  return canChange ? children : <Navigate to={SCREEN_PATHS.logout} replace />;
}
