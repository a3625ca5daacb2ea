import { useCurrentWorkspace } from '../../workspaces/hooks/current-workspace';

/** Add to queue and the queue page need the workspace setting and OPERATE_PRINTERS (spec §6). */
export function useIsQueueAvailable(): boolean {
  const workspace = useCurrentWorkspace();
  return (
    workspace.settings.print_queue_enabled && workspace.me.permissions.includes('OPERATE_PRINTERS')
  );
}
