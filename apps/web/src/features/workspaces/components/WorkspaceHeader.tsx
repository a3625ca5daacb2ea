import { Anchor, Badge, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { Workspace } from '@printdeck/shared';
import { IconCalendar, IconUsers, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { WorkspaceAvatar } from './WorkspaceAvatar';

interface WorkspaceHeaderProps {
  workspace: Workspace;
  /** where the picture leads: workspace edit, for members allowed to change the workspace */
  editPath?: string;
}

/** The group header of the dashboard (spec part 1 §1). */
export function WorkspaceHeader({ workspace, editPath }: WorkspaceHeaderProps) {
  const { t } = useTranslation();
  const avatar = <WorkspaceAvatar workspace={workspace} size={72} radius="md" />;
  return (
    <Group gap="lg" wrap="nowrap" align="flex-start">
      {editPath ? (
        <UnstyledButton
          component={Link}
          to={editPath}
          aria-label={t('workspace.avatar', { name: workspace.name })}
        >
          {avatar}
        </UnstyledButton>
      ) : (
        avatar
      )}
      <Stack gap={6} style={{ minWidth: 0 }}>
        <Group gap="sm">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {workspace.name}
          </Title>
          <Badge variant="light" color={workspace.is_public ? 'teal' : 'gray'}>
            {workspace.is_public ? t('workspace.public') : t('workspace.private')}
          </Badge>
        </Group>
        <Group gap="md" c="dimmed">
          <Group gap={4} wrap="nowrap">
            <IconUsers size={16} aria-hidden />
            <Text size="sm">{t('workspace.members', { count: workspace.users_count })}</Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <IconCalendar size={16} aria-hidden />
            <Text size="sm">
              {t('workspace.createdOn', { date: formatDate(workspace.created_on) })}
            </Text>
          </Group>
          {workspace.public_website_url && (
            <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
              <IconWorld size={16} aria-hidden />
              <Anchor
                href={workspace.public_website_url}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                truncate
              >
                {workspace.public_website_url}
              </Anchor>
            </Group>
          )}
        </Group>
      </Stack>
    </Group>
  );
}
