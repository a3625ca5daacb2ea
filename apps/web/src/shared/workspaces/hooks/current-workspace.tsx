import type { Workspace } from '@printdeck/shared';
import { createContext, useContext } from 'react';

const CurrentWorkspaceContext = createContext<Workspace | null>(null);

export const CurrentWorkspaceProvider = CurrentWorkspaceContext.Provider;

/** The workspace the user works in; the shell provides it to every screen inside it. */
export function useCurrentWorkspace(): Workspace {
  const workspace = useContext(CurrentWorkspaceContext);
  if (!workspace) throw new Error('useCurrentWorkspace needs the application shell');
  return workspace;
}
