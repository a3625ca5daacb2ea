import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { DeviceKeysSection } from '../device-keys';
import { getScreenPath, SCREEN_PATHS } from '../../../config/screens';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { useHasPermission } from '../../../shared/workspaces/hooks/use-permission';
import { usePrinters } from '../../../shared/printers/api/get-printers';
import { AddPrinterChooser } from '../../../shared/printers/components/AddPrinterChooser';

/** Settings → Printers: the workspace's printers, with add and edit for CHANGE_GROUP. */
export function SettingsPrintersPage() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const canChange = useHasPermission('CHANGE_GROUP');
  const printers = usePrinters(workspace.id);
  const [isChooserOpen, setChooserOpen] = useState(false);

  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to={SCREEN_PATHS.settings} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('common.backToSettings')}
        </Group>
      </Anchor>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('settings.pages.settingsPrinters')}
        </Title>
        {canChange && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setChooserOpen(true)}>
            {t('printers.list.add')}
          </Button>
        )}
      </Group>
      {printers.isPending ? (
        <PageLoader />
      ) : (
        <Paper withBorder>
          {printers.data?.length === 0 ? (
            <Text c="dimmed" ta="center" p="xl">
              {t('printers.list.empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('printers.form.name')}</Table.Th>
                    <Table.Th>{t('printers.status.deviceType')}</Table.Th>
                    <Table.Th>{t('printers.form.enabled')}</Table.Th>
                    {canChange && <Table.Th />}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {printers.data?.map((printer) => (
                    <Table.Tr key={printer.id} data-testid="settings-printer">
                      <Table.Td fw={500}>{printer.name}</Table.Td>
                      <Table.Td>{t(`printers.deviceTypes.${printer.device_type}`)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={printer.enabled ? 'teal' : 'gray'}>
                          {printer.enabled ? t('printers.common.yes') : t('printers.common.no')}
                        </Badge>
                      </Table.Td>
                      {canChange && (
                        <Table.Td ta="right">
                          <Button
                            component={Link}
                            to={
                              getScreenPath('settingsPrinterEdit', {
                                groupId: workspace.id,
                                id: printer.id,
                              }) ?? '#'
                            }
                            size="xs"
                            variant="light"
                            leftSection={<IconPencil size={14} />}
                            aria-label={t('printers.settings.editNamed', { name: printer.name })}
                          >
                            {t('printers.settings.edit')}
                          </Button>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}
      {isChooserOpen && (
        <AddPrinterChooser groupId={workspace.id} onClose={() => setChooserOpen(false)} />
      )}
      {canChange && <DeviceKeysSection workspaceId={workspace.id} />}
    </Stack>
  );
}
