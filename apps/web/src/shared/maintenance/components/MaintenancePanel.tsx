import { ActionIcon, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { MaintenanceTask } from '@printdeck/shared';
import { IconCheck, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HumanDateText } from '../../../components/HumanDateText';
import { formatDecimal } from '../../../lib/number-locale';
import { useCurrentWorkspace } from '../../workspaces/hooks/current-workspace';
import { useChangeMaintenanceTask } from '../api/change-maintenance-task';
import { useMaintenanceTasks } from '../api/get-maintenance-tasks';
import { MaintenanceStateBadge } from './MaintenanceStateBadge';
import { MaintenanceTaskDialog } from './MaintenanceTaskDialog';

/** How many past "done" records a task shows. */
const HISTORY_SHOWN = 3;

/** "12.5 / 200 h · 3 / 50 prints · 10 / 90 days": each interval the task has, with its count. */
function TaskCounters({ task }: { task: MaintenanceTask }) {
  const { t } = useTranslation();
  const parts: string[] = [];
  if (task.interval_hours !== null)
    parts.push(
      t('maintenance.counters.hours', {
        used: formatDecimal(task.hours_since_done, 1, true),
        limit: formatDecimal(task.interval_hours, 1, true),
      }),
    );
  if (task.interval_prints !== null)
    parts.push(
      t('maintenance.counters.prints', {
        used: task.prints_since_done,
        limit: task.interval_prints,
      }),
    );
  if (task.interval_days !== null)
    parts.push(
      t('maintenance.counters.days', {
        used: Math.floor(task.days_since_done),
        limit: task.interval_days,
      }),
    );
  return (
    <Text size="xs" c="dimmed" data-testid="maintenance-counters">
      {parts.join(' · ')}
    </Text>
  );
}

function TaskRow({
  task,
  canManage,
  onEdit,
}: {
  task: MaintenanceTask;
  canManage: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const change = useChangeMaintenanceTask(task.printer_id);
  return (
    <Stack
      gap={4}
      py="xs"
      data-testid="maintenance-task"
      data-task-name={task.name}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={500} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {task.name}
        </Text>
        <MaintenanceStateBadge state={task.state} />
      </Group>
      <TaskCounters task={task} />
      {task.history.slice(0, HISTORY_SHOWN).map((done) => (
        <Group key={done.done_on} gap={4} data-testid="maintenance-history">
          <Text size="xs" c="dimmed">
            {t('maintenance.doneBy', { name: done.username || '–' })}
          </Text>
          <HumanDateText value={done.done_on} size="xs" c="dimmed" />
        </Group>
      ))}
      {canManage && (
        <Group gap="xs" justify="flex-end">
          <Button
            size="compact-xs"
            variant={task.state === 'ok' ? 'default' : 'filled'}
            leftSection={<IconCheck size={14} />}
            loading={change.isPending && change.variables?.kind === 'done'}
            onClick={() => change.mutate({ kind: 'done', taskId: task.id })}
          >
            {t('maintenance.markDone')}
          </Button>
          <Tooltip label={t('maintenance.edit')}>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('maintenance.edit')}
              onClick={onEdit}
            >
              <IconPencil size={14} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('maintenance.delete')}>
            <ActionIcon
              variant="subtle"
              size="sm"
              color="red"
              aria-label={t('maintenance.delete')}
              loading={change.isPending && change.variables?.kind === 'delete'}
              onClick={() => {
                if (window.confirm(t('maintenance.deleteConfirm', { name: task.name })))
                  change.mutate({ kind: 'delete', taskId: task.id });
              }}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Stack>
  );
}

/** A printer's maintenance tasks on its detail (issue 26): due badges, add, edit, done. */
export function MaintenancePanel({ printerId }: { printerId: number }) {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const canManage = workspace.me.permissions.includes('OPERATE_PRINTERS');
  const tasks = useMaintenanceTasks(printerId).data ?? [];
  const [editing, setEditing] = useState<MaintenanceTask | 'new' | null>(null);
  return (
    <Paper withBorder p="md" data-testid="printer-maintenance">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h5">
            {t('maintenance.title')}
          </Title>
          {canManage && (
            <Button
              variant="subtle"
              size="compact-xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setEditing('new')}
            >
              {t('maintenance.add')}
            </Button>
          )}
        </Group>
        {tasks.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('maintenance.empty')}
          </Text>
        )}
        {tasks.map((task) => (
          <TaskRow
            key={task.id}
            task={task}
            canManage={canManage}
            onEdit={() => setEditing(task)}
          />
        ))}
      </Stack>
      {editing !== null && (
        <MaintenanceTaskDialog
          printerId={printerId}
          {...(editing !== 'new' && { task: editing })}
          onClose={() => setEditing(null)}
        />
      )}
    </Paper>
  );
}
