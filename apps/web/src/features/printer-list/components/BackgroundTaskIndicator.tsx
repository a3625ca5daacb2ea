import { ActionIcon, Group, Indicator, Loader, Popover, Stack, Text } from '@mantine/core';
import { TIMING } from '@printdeck/shared';
import { IconCheck, IconChecklist, IconX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clearBackgroundTasks,
  getBackgroundTasks,
  useBackgroundTasks,
} from '../../../shared/printers/hooks/background-task-store';
import {
  shouldAutoClose,
  type BackgroundTask,
} from '../../../shared/printers/model/background-tasks';

/**
 * Tracked printer commands, running then done; the list closes itself (spec part 1 §2). It
 * lives in the header, so it hides nothing of the page while a person watches a printer:
 * the icon tells running, done or failed, and the list opens on a click.
 */
export function BackgroundTaskIndicator() {
  const { t } = useTranslation();
  const { tasks } = useBackgroundTasks();
  const hasTasks = tasks.length > 0;

  useEffect(() => {
    if (!hasTasks) return undefined;
    const timer = setInterval(() => {
      if (shouldAutoClose(getBackgroundTasks(), Date.now())) clearBackgroundTasks();
    }, TIMING.backgroundTaskCheckMs);
    return () => clearInterval(timer);
  }, [hasTasks]);

  if (!hasTasks) return null;
  const isRunning = tasks.some((task) => task.status === 'running');
  const hasFailed = tasks.some((task) => task.status === 'failed');
  const status = hasFailed ? 'failed' : isRunning ? 'running' : 'done';
  const label = t('printers.tasks.titleCount', { count: tasks.length });
  return (
    <Popover position="bottom-end" shadow="md" width={300} trapFocus returnFocus>
      <Popover.Target>
        <Indicator
          label={tasks.length}
          size={16}
          offset={4}
          color={{ failed: 'red', running: 'blue', done: 'teal' }[status]}
        >
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={label}
            title={label}
            data-testid="background-tasks-button"
            data-status={status}
          >
            {isRunning ? <Loader size={16} /> : <IconChecklist size={18} stroke={1.6} />}
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="sm">
        <Stack
          gap={6}
          role="log"
          aria-label={t('printers.tasks.title')}
          data-testid="background-tasks"
        >
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600}>
              {t('printers.tasks.title')}
            </Text>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('printers.tasks.clear')}
              onClick={clearBackgroundTasks}
            >
              <IconX size={14} />
            </ActionIcon>
          </Group>
          {tasks.map((task) => (
            <TaskRow key={task.id} task={task} />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function TaskRow({ task }: { task: BackgroundTask }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" data-testid="background-task" data-status={task.status}>
      {task.status === 'running' && <Loader size={14} />}
      {task.status === 'done' && <IconCheck size={16} color="var(--mantine-color-teal-6)" />}
      {task.status === 'failed' && <IconX size={16} color="var(--mantine-color-red-6)" />}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" truncate>
          {t(`printers.tasks.${task.kind}`, { name: task.printerName })}
        </Text>
        <Text size="xs" c="dimmed" truncate title={task.error}>
          {task.status === 'failed' && task.error ? task.error : t(`printers.tasks.${task.status}`)}
        </Text>
      </Stack>
    </Group>
  );
}
