import { useMe } from '../../account';
import { useCurrentWorkspace } from '../../workspaces';
import type { FileActor } from '../model/gcode-permissions';

/** The member's permissions here and who they are, for the file permission rules. */
export function useFileActor(): FileActor {
  const workspace = useCurrentWorkspace();
  const me = useMe();
  return { permissions: workspace.me.permissions, user: me.data };
}
