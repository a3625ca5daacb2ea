import { useMe } from '../../../shared/account/api/get-me';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import type { FileActor } from '../model/gcode-permissions';

/** The member's permissions here and who they are, for the file permission rules. */
export function useFileActor(): FileActor {
  const workspace = useCurrentWorkspace();
  const me = useMe();
  return { permissions: workspace.me.permissions, user: me.data };
}
