import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useNavigate } from 'react-router';
import { SCREEN_PATHS } from '../../../config/screens';
import { myWorkspacesQueryKey } from '../../../shared/workspaces/api/get-my-workspaces';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { gcodesQueryKey } from '../../../shared/gcodes';
import { LazyUploadDialog } from '../upload';

interface UploadGcodesDialogProps {
  initialFiles?: readonly File[];
  onClose: () => void;
}

/**
 * The upload dialog in this workspace: after each run the file lists and the workspaces (their
 * gcodes_count) reload; after a complete one the dialog closes and Gcodes opens (spec §7.7).
 */
export function UploadGcodesDialog({ initialFiles, onClose }: UploadGcodesDialogProps) {
  const workspace = useCurrentWorkspace();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onFinished = (isComplete: boolean) => {
    void queryClient.invalidateQueries({ queryKey: gcodesQueryKey(workspace.id) });
    void queryClient.invalidateQueries({ queryKey: myWorkspacesQueryKey });
    if (!isComplete) return;
    onClose();
    void navigate(SCREEN_PATHS.gcodes);
  };
  return (
    <Suspense fallback={null}>
      <LazyUploadDialog
        workspaceId={workspace.id}
        initialFiles={initialFiles}
        onFinished={onFinished}
        onClose={onClose}
      />
    </Suspense>
  );
}
