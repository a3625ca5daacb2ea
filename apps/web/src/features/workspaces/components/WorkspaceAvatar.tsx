import { Avatar, type AvatarProps } from '@mantine/core';

interface WorkspaceAvatarProps extends Omit<AvatarProps, 'name' | 'src'> {
  name: string;
}

/** Initials on a colour chosen from the name, until workspace pictures are loaded. */
export function WorkspaceAvatar({ name, ...props }: WorkspaceAvatarProps) {
  return <Avatar name={name} color="initials" aria-hidden {...props} />;
}
