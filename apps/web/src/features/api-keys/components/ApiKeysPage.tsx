import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiKey } from '@printdeck/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageLoader } from '../../../components/PageLoader';
import { SettingsSection } from '../../../components/SettingsSection';
import { SCREEN_PATHS } from '../../../config/screens';
import { formatDate } from '../../../lib/format-date';
import { useDeleteApiKey } from '../api/delete-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { getScopeInfo } from '../api-key-scopes';
import { SlicerHelp } from './SlicerHelp';

export function ScopeBadge({ scope }: { scope: ApiKey['scope'] }) {
  const { t } = useTranslation();
  const info = getScopeInfo(scope);
  return (
    <Badge color={info.color} variant="light" title={t(info.descriptionKey)}>
      {t(info.labelKey)}
    </Badge>
  );
}

/** Settings → API keys: the list, a new key shown once, and the slicer addresses. */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const remove = useDeleteApiKey();
  const [toDelete, setToDelete] = useState<ApiKey | null>(null);

  return (
    <SettingsSection title={t('settings.pages.settingsApiTokens')}>
      <Group>
        <Button component={Link} to={SCREEN_PATHS.settingsApiTokensAdd}>
          {t('apiKeys.createTitle')}
        </Button>
      </Group>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('apiKeys.listTitle')}
        </Title>
        {keys.isPending ? (
          <PageLoader />
        ) : !keys.data?.length ? (
          <Text c="dimmed">{t('apiKeys.empty')}</Text>
        ) : (
          <Table aria-label={t('apiKeys.listTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('apiKeys.name')}</Table.Th>
                <Table.Th>{t('apiKeys.created')}</Table.Th>
                <Table.Th>{t('apiKeys.scope')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>{key.name}</Table.Td>
                  <Table.Td>{formatDate(key.created_on)}</Table.Td>
                  <Table.Td>
                    <ScopeBadge scope={key.scope} />
                    {key.workspace && (
                      <Text size="xs" c={key.workspace.owner_is_member ? 'dimmed' : 'red'}>
                        {key.workspace.owner_is_member
                          ? t('security.apiKeys.onlyIn', { name: key.workspace.name ?? '—' })
                          : t('security.apiKeys.ownerLeft', { name: key.workspace.name ?? '—' })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('apiKeys.deleteNamed', { name: key.name })}
                        onClick={() => setToDelete(key)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <SlicerHelp />
      {toDelete && (
        <ConfirmDialog
          title={t('apiKeys.deleteTitle')}
          confirmLabel={t('apiKeys.delete')}
          isPending={remove.isPending}
          onClose={() => setToDelete(null)}
          onConfirm={() => remove.mutate(toDelete.id, { onSuccess: () => setToDelete(null) })}
        >
          {t('apiKeys.deleteQuestion', { name: toDelete.name })}
        </ConfirmDialog>
      )}
    </SettingsSection>
  );
}
