import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentWorkspace } from '../../workspaces/hooks/current-workspace';
import { useCancelWaitingStart, useWaitingStarts } from '../api/waiting-starts';

/**
 * A printer's start held by the staggered-start rule (issue 26): "Waiting to start (power)"
 * with its place and a way to cancel it, or why a waited start did not begin.
 */
export function WaitingStartNotice({ printerId }: { printerId: number }) {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const starts = useWaitingStarts(workspace.id).data ?? [];
  const cancel = useCancelWaitingStart(workspace.id);
  const start = starts.filter((row) => row.printer_id === printerId).at(-1);
  if (!start) return null;
  const canCancel =
    start.state === 'waiting' && workspace.me.permissions.includes('OPERATE_PRINTERS');
  if (start.state === 'failed')
    return (
      <Text size="xs" c="red" data-testid="printer-waiting-start" data-state="failed">
        {t('waitingStarts.failed', { file: start.file_name, reason: start.error ?? '' })}
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap" data-testid="printer-waiting-start" data-state={start.state}>
      <Badge color="grape" variant="light" title={start.file_name}>
        {start.state === 'waiting'
          ? t('waitingStarts.waiting', { place: start.place ?? 1 })
          : t('waitingStarts.starting')}
      </Badge>
      {canCancel && (
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          loading={cancel.isPending}
          onClick={() => cancel.mutate(start.id)}
          data-testid="printer-waiting-start-cancel"
        >
          {t('waitingStarts.cancel')}
        </Button>
      )}
    </Group>
  );
}
