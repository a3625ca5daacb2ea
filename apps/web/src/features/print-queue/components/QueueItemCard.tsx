import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { PrintQueueItem } from '@printdeck/shared';
import {
  IconArchive,
  IconCopy,
  IconEdit,
  IconPrinter,
  IconRepeat,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GcodePreview } from '../../../shared/gcodes';
import { HumanDateText } from '../../../components/HumanDateText';
import { usePrinterViews } from '../../../shared/printers/hooks/use-printer-views';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { getAutostartWait } from '../model/autostart-wait';
import { BOX_ACTIONS, type QueueItemAction } from '../model/queue-boxes';
import { BreakableText } from '../../../components/BreakableText';

const ICONS = {
  print: IconPrinter,
  edit: IconEdit,
  duplicate: IconCopy,
  archive: IconArchive,
  printAgain: IconRepeat,
  remove: IconTrash,
} as const;

interface QueueItemCardProps {
  item: PrintQueueItem;
  busyAction: QueueItemAction | null;
  onAction: (item: PrintQueueItem, action: QueueItemAction) => void;
  /** the drag handle of the Queue box */
  handle?: ReactNode;
}

function ItemStatus({ item }: { item: PrintQueueItem }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      {item.jobox_autostart && item.state === 'TO_BE_PRINTED' && (
        <Badge variant="light" color="teal">
          {t('printQueue.item.autostart')}
        </Badge>
      )}
      {item.is_starting && (
        <Badge variant="light" color="blue">
          {t('printQueue.item.starting')}
        </Badge>
      )}
      {(item.started_by === 'jobox' || item.started_by === 'dispatch') && (
        <Badge variant="light" color="grape" data-testid="queue-item-auto-started">
          {t(`printQueue.item.startedBy.${item.started_by}`)}
        </Badge>
      )}
      {item.print_job && (
        <Badge variant="light" color="gray">
          {t(`printQueue.item.outcome.${item.print_job.outcome}`)}
        </Badge>
      )}
    </Group>
  );
}

const NAME_SLOT = '\u0000';

/** "Added by …" with a long e-mail that wraps between its parts, in either language. */
function AddedBy({ username }: { username: string }) {
  const { t } = useTranslation();
  const [before, after] = t('printQueue.item.addedBy', { username: NAME_SLOT }).split(NAME_SLOT);
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
      {before}
      <BreakableText>{username}</BreakableText>
      {after}
    </Text>
  );
}

/** One item: preview, name, printer, who added it and when, its state and its buttons. */
export function QueueItemCard({ item, busyAction, onAction, handle }: QueueItemCardProps) {
  const { t } = useTranslation();
  const waiting = item.waiting;
  const workspace = useCurrentWorkspace();
  const { views } = usePrinterViews(workspace.id);
  const autostartWait = getAutostartWait(
    item,
    item.printer ? views.get(item.printer.id) : undefined,
  );
  return (
    <Paper
      withBorder
      p="sm"
      data-testid="queue-item"
      data-item-id={item.id}
      aria-label={item.file.name}
      component="article"
    >
      <Stack gap="xs">
        <Group wrap="nowrap" align="flex-start" gap="sm">
          {handle}
          <GcodePreview gcode={item.file} size={56} />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={500} truncate data-testid="queue-item-name">
              {item.file.name}
            </Text>
            <Text size="sm" c="dimmed" data-testid="queue-item-printer-name">
              {item.printer ? item.printer.name : t('printQueue.item.anyPrinter')}
            </Text>
            <Group gap={4} style={{ minWidth: 0 }}>
              <AddedBy username={item.added_by.username} />
              <HumanDateText size="xs" c="dimmed" value={item.added_on} />
            </Group>
            <ItemStatus item={item} />
          </Stack>
        </Group>
        {item.start_problem && item.state === 'TO_BE_PRINTED' && (
          <Alert color="orange" p="xs" data-testid="queue-item-problem">
            <Text size="sm">{item.start_problem.message}</Text>
            {item.start_problem.is_held && (
              <Text size="xs" c="dimmed">
                {t('printQueue.item.held')}
              </Text>
            )}
          </Alert>
        )}
        {autostartWait && (
          <Text size="sm" c="teal" data-testid="queue-item-autostart-wait">
            {t(`printQueue.item.autostartWait.${autostartWait.code}`, autostartWait)}
          </Text>
        )}
        {item.copies && (
          <Text size="sm" c="dimmed" data-testid="queue-item-copies">
            {t('printQueue.item.copies', item.copies)}
          </Text>
        )}
        {waiting && (
          <Text size="sm" c="orange" data-testid="queue-item-waiting">
            {waiting.filament_type
              ? t(`printQueue.item.waiting.${waiting.code}`, { filament: waiting.filament_type })
              : t(`printQueue.item.waiting.${waiting.code}Any`)}
          </Text>
        )}
        <Group gap={6}>
          {BOX_ACTIONS[item.box].map((action) => {
            const Icon = ICONS[action];
            return (
              <Button
                key={action}
                size="compact-sm"
                variant={action === 'print' ? 'filled' : 'default'}
                color={action === 'remove' ? 'red' : undefined}
                leftSection={<Icon size={14} aria-hidden />}
                loading={busyAction === action}
                disabled={item.is_starting}
                onClick={() => onAction(item, action)}
              >
                {t(`printQueue.actions.${action}`)}
              </Button>
            );
          })}
        </Group>
      </Stack>
    </Paper>
  );
}
