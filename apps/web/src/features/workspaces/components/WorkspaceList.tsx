import { NavLink, Paper } from '@mantine/core';
import type { Workspace } from '@printdeck/shared';
import { IconChevronRight } from '@tabler/icons-react';
import { WorkspaceAvatar } from './WorkspaceAvatar';

interface WorkspaceListProps {
  workspaces: readonly Workspace[];
  selectedId: number | null;
  label: string;
  onChoose: (workspace: Workspace) => void;
}

export function WorkspaceList({ workspaces, selectedId, label, onChoose }: WorkspaceListProps) {
  return (
    <Paper withBorder component="ul" aria-label={label} p={4} m={0} style={{ listStyle: 'none' }}>
      {workspaces.map((workspace) => (
        <li key={workspace.id}>
          <NavLink
            component="button"
            type="button"
            label={workspace.name}
            active={workspace.id === selectedId}
            leftSection={<WorkspaceAvatar workspace={workspace} size={36} radius="md" />}
            rightSection={<IconChevronRight size={16} aria-hidden />}
            onClick={() => onChoose(workspace)}
            styles={{ label: { fontWeight: 500 } }}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        </li>
      ))}
    </Paper>
  );
}
