import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { useVideos } from '../api/get-videos';
import { VideoGrid } from './VideoGrid';

/** The G-code detail's Videos tab (spec part 2 §2.6): the timelapses of this file. */
export function FileVideos({ fileId }: { fileId: number }) {
  const workspace = useCurrentWorkspace();
  return <VideoGrid query={useVideos(workspace.id, { fileId })} />;
}
