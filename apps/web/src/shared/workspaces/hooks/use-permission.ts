import type { Permission } from '@printdeck/shared';
import { useCurrentWorkspace } from './current-workspace';

/** Whether the member may do this in the current workspace (spec part 1 §6). */
export function useHasPermission(permission: Permission): boolean {
  return useCurrentWorkspace().me.permissions.includes(permission);
}
