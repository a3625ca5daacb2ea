import { Avatar, type AvatarProps } from '@mantine/core';
import type { Workspace } from '@printdeck/shared';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useWorkspaceAvatar } from '../../../shared/workspaces/api/get-workspace-avatar';

interface WorkspaceAvatarProps extends Omit<AvatarProps, 'name' | 'src' | 'alt'> {
  workspace: Pick<Workspace, 'id' | 'name' | 'avatar'>;
}

/** The workspace's picture; initials on a colour chosen from the name while it has none. */
export function WorkspaceAvatar({ workspace, ...props }: WorkspaceAvatarProps) {
  const picture = useWorkspaceAvatar(workspace.id, workspace.avatar);
  const src = useObjectUrl(picture.data);
  return (
    <Avatar
      src={src}
      name={workspace.name}
      color="initials"
      alt=""
      aria-hidden
      data-testid="workspace-avatar"
      {...props}
    />
  );
}
