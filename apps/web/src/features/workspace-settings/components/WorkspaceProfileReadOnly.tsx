import { Anchor, List, Stack, Text } from '@mantine/core';
import type { Workspace } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath } from '../../../config/screens';
import { DescriptionHtml } from './DescriptionHtml';

/**
 * The profile as a member who may not change it sees it (junior, observer, user): what the
 * workspace is, never an empty card, and who can change it.
 */
export function WorkspaceProfileReadOnly({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const publicPath = getScreenPath('publicProfile', { uniqueId: workspace.uniqueId }) ?? '/';
  return (
    <Stack gap="sm" data-testid="workspace-profile-read-only">
      <Text size="sm" c="dimmed">
        {t('workspaceSettings.readOnlyHint', {
          role: t(`members.roles.${workspace.me.role}`),
        })}
      </Text>
      {workspace.public_description ? (
        <DescriptionHtml html={workspace.public_description} />
      ) : (
        <Text size="sm">{t('workspaceSettings.noDescription')}</Text>
      )}
      <List size="sm" spacing={4}>
        {workspace.public_website_url && (
          <List.Item>
            <Anchor href={workspace.public_website_url} target="_blank" rel="noreferrer">
              {workspace.public_website_url}
            </Anchor>
          </List.Item>
        )}
        <List.Item>
          {workspace.is_public ? (
            <>
              {t('workspaceSettings.isPublicYes')}{' '}
              <Anchor component={Link} to={publicPath}>
                {t('workspaceSettings.openPublicProfile')}
              </Anchor>
            </>
          ) : (
            t('workspaceSettings.isPublicNo')
          )}
        </List.Item>
        <List.Item>
          {workspace.settings.print_queue_enabled
            ? t('workspaceSettings.printQueueOn')
            : t('workspaceSettings.printQueueOff')}
        </List.Item>
      </List>
    </Stack>
  );
}
