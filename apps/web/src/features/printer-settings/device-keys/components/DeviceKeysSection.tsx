import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { DeviceKeyInfo } from '@printdeck/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { CopyableSecret } from '../../../../components/CopyableSecret';
import { FormMessage } from '../../../../components/FormMessage';
import {
  useDeviceKeyAction,
  useWorkspaceDeviceKeys,
  type DeviceKeyAction,
} from '../api/workspace-device-keys';
import { formatDateTime } from '../../../../lib/format-date';

/**
 * Settings → Printers → device keys (admins): which agent each key paired with, and pairing
 * again, rotating, revoking and sharing with another workspace (checklist C16).
 */
export function DeviceKeysSection({ workspaceId }: { workspaceId: number }) {
  const { t } = useTranslation();
  const keys = useWorkspaceDeviceKeys(workspaceId);
  const action = useDeviceKeyAction(workspaceId);
  const [confirming, setConfirming] = useState<DeviceKeyAction | null>(null);
  const [rotated, setRotated] = useState<string | null>(null);
  const [shareTargets, setShareTargets] = useState<Record<number, number | ''>>({});
  const run = (next: DeviceKeyAction) =>
    action.mutate(next, {
      onSuccess: (result) => {
        setConfirming(null);
        if (result) setRotated(result.token);
      },
    });
  const label = (key: DeviceKeyInfo) => key.printers.join(', ') || key.public_id;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="device-keys-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="device-keys-title">
          {t('security.deviceKeys.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('security.deviceKeys.description')}
        </Text>
        {action.isError && <FormMessage>{action.error.message}</FormMessage>}
        {rotated && (
          <Alert color="teal" title={t('security.deviceKeys.rotatedTitle')}>
            <CopyableSecret value={rotated} testId="rotated-device-key" />
          </Alert>
        )}
        <Table aria-label={t('security.deviceKeys.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('security.deviceKeys.printers')}</Table.Th>
              <Table.Th>{t('security.deviceKeys.agent')}</Table.Th>
              <Table.Th>{t('security.deviceKeys.sharedWith')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(keys.data ?? []).map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {label(key)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {key.public_id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {key.paired_on ? (
                    <Text size="sm">
                      {t('security.deviceKeys.pairedOn', { date: formatDateTime(key.paired_on) })}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('security.deviceKeys.waiting')}
                    </Text>
                  )}
                  {key.is_connected && (
                    <Badge size="sm" color="teal" variant="light">
                      {t('security.deviceKeys.connected')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {key.shared_with.map((share) => (
                      <Button
                        key={share.id}
                        size="compact-xs"
                        variant="light"
                        aria-label={t('security.deviceKeys.unshareNamed', { name: share.name })}
                        onClick={() =>
                          setConfirming({ kind: 'unshare', keyId: key.id, target: share.id })
                        }
                      >
                        {share.name} ×
                      </Button>
                    ))}
                  </Group>
                  <Group gap={4} mt={4} wrap="nowrap">
                    <NumberInput
                      size="xs"
                      w={110}
                      min={1}
                      allowDecimal={false}
                      placeholder={t('security.deviceKeys.workspaceId')}
                      aria-label={t('security.deviceKeys.workspaceIdFor', { name: label(key) })}
                      value={shareTargets[key.id] ?? ''}
                      onChange={(value) =>
                        setShareTargets((all) => ({
                          ...all,
                          [key.id]: typeof value === 'number' ? value : '',
                        }))
                      }
                    />
                    <Button
                      size="xs"
                      variant="default"
                      disabled={!shareTargets[key.id]}
                      onClick={() =>
                        run({ kind: 'share', keyId: key.id, target: Number(shareTargets[key.id]) })
                      }
                    >
                      {t('security.deviceKeys.share')}
                    </Button>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end">
                    {(['re-pair', 'rotate', 'revoke'] as const).map((kind) => (
                      <Button
                        key={kind}
                        size="xs"
                        variant={kind === 'revoke' ? 'light' : 'default'}
                        color={kind === 'revoke' ? 'red' : undefined}
                        aria-label={t(`security.deviceKeys.${kind}Named`, { name: label(key) })}
                        onClick={() => setConfirming({ kind, keyId: key.id })}
                      >
                        {t(`security.deviceKeys.${kind}`)}
                      </Button>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      {confirming && (
        <ConfirmDialog
          title={t(`security.deviceKeys.${confirming.kind}`)}
          confirmLabel={t(`security.deviceKeys.${confirming.kind}`)}
          isPending={action.isPending}
          onClose={() => setConfirming(null)}
          onConfirm={() => run(confirming)}
        >
          {t(`security.deviceKeys.${confirming.kind}Text`)}
        </ConfirmDialog>
      )}
    </Paper>
  );
}
