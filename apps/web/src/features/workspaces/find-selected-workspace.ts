import type { Workspace } from '@printdeck/shared';

/** The stored choice if the user is still a member of that workspace. */
export function findSelectedWorkspace<T extends Pick<Workspace, 'id'>>(
  workspaces: readonly T[],
  selectedId: number | null,
): T | undefined {
  return workspaces.find((workspace) => workspace.id === selectedId);
}

/** SelectGroup chooses by itself when there is one workspace and no valid choice yet. */
export function getAutomaticWorkspace<T extends Pick<Workspace, 'id'>>(
  workspaces: readonly T[],
  selectedId: number | null,
): T | undefined {
  if (workspaces.length !== 1 || findSelectedWorkspace(workspaces, selectedId)) return undefined;
  return workspaces[0];
}
